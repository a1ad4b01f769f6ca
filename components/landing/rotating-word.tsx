"use client";
import { useEffect, useState } from "react";

export const ROTATE_MS = 3000;
export const FADE_MS = 500;

/**
 * The hero's profession word: a new one every 3000 ms with a 500 ms fade. Still when the user prefers
 * reduced motion. Screen readers get the whole list once (the parent renders it), not a word changing under them.
 */
export function RotatingWord({ words }: { words: string[] }) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (words.length < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let swap: ReturnType<typeof setTimeout> | undefined;
    const tick = setInterval(() => {
      setVisible(false);
      swap = setTimeout(() => {
        setIndex((i) => (i + 1) % words.length);
        setVisible(true);
      }, FADE_MS);
    }, ROTATE_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(swap);
    };
  }, [words.length]);

  return (
    <span
      aria-hidden="true"
      data-testid="hero-word"
      className="inline-block text-indigo-700 transition-opacity ease-in-out"
      style={{ opacity: visible ? 1 : 0, transitionDuration: `${FADE_MS}ms` }}
    >
      {words[index]}
    </span>
  );
}
