"use client";
import { useRef, useState } from "react";

/** The demo call: play/pause, a "now playing" indicator while it plays, and back to the start when it ends. */
export function DemoPlayer({ src, labels }: { src: string; labels: { play: string; pause: string; nowPlaying: string } }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    // A refused play (autoplay policy, a missing file) leaves it paused.
    if (el.paused) el.play().catch(() => setPlaying(false));
    else el.pause();
  };

  return (
    <div className="flex items-center gap-4">
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(e) => {
          e.currentTarget.currentTime = 0;
          setPlaying(false);
        }}
      />
      <button
        type="button"
        onClick={toggle}
        data-testid="demo-toggle"
        className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-indigo-700 text-white shadow hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
          <path d={playing ? "M7 5h4v14H7zM13 5h4v14h-4z" : "M8 5v14l11-7z"} />
        </svg>
        <span className="sr-only">{playing ? labels.pause : labels.play}</span>
      </button>
      <p aria-live="polite" className="flex min-h-6 items-center gap-2 text-sm font-medium text-indigo-800">
        {playing && (
          <>
            <span aria-hidden="true" className="equalizer flex h-4 items-end gap-0.5">
              <span />
              <span />
              <span />
              <span />
            </span>
            <span data-testid="now-playing">{labels.nowPlaying}</span>
          </>
        )}
      </p>
    </div>
  );
}
