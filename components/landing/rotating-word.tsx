"use client";
import { useEffect, useState } from "react";

/** How long each word stays; its fade in and out is the CSS animation's (app/globals.css, .rotating-word). */
const ROTATE_MS = 3000;

/**
 * The hero's profession word: a new one every 3 seconds, fading in and out. Still when the user prefers reduced motion.
 * Screen readers get the whole list once (the parent renders it), not a word changing under them.
 */
export function RotatingWord({ words }: { words: string[] }) {
  // How many words have been shown: each one is a new element, so its fade starts afresh; the first one is not faded in.
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (words.length < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const tick = setInterval(() => setShown((n) => n + 1), ROTATE_MS);
    return () => clearInterval(tick);
  }, [words.length]);

  return (
    <span key={shown} aria-hidden="true" data-testid="hero-word" className={`inline-block text-indigo-700 ${shown ? "rotating-word" : ""}`}>
      {words[shown % words.length]}
    </span>
  );
}
