"use client";
import { useEffect, useRef } from "react";

/**
 * The page's reading progress. Browsers with scroll-driven animations draw it in CSS alone (app/globals.css); the
 * others get this small scroll listener.
 */
export function ScrollProgress() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (CSS.supports("animation-timeline: scroll()")) return;
    const update = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      bar.current?.style.setProperty("transform", `scaleX(${max > 0 ? Math.min(1, window.scrollY / max) : 0})`);
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  // The inline scaleX(0) is the start; where supported, the CSS animation overrides it (animations beat inline styles).
  return (
    <div
      ref={bar}
      aria-hidden="true"
      data-testid="scroll-progress"
      className="scroll-progress fixed inset-x-0 top-0 z-50 h-1 origin-left bg-indigo-600"
      style={{ transform: "scaleX(0)" }}
    />
  );
}
