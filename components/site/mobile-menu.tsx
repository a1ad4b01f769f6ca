"use client";
import { useRef, type ReactNode } from "react";
import { CloseButton } from "@/components/ui/close-button";

/**
 * The small-screen menu: a modal <dialog> sliding in from the right. The browser gives it the focus trap, Escape to
 * close and the inert page behind; a click on a link or the backdrop closes it too.
 */
export function MobileMenu({
  openLabel,
  closeLabel,
  title,
  children,
  hiddenFrom = "md:hidden",
  side = "right",
}: {
  openLabel: string;
  closeLabel: string;
  title: string;
  children: ReactNode;
  hiddenFrom?: string;
  side?: "left" | "right";
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700 ${hiddenFrom}`}
      >
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">{openLabel}</span>
      </button>
      <dialog
        ref={dialog}
        aria-label={title}
        className={`${side === "left" ? "slide-in-left mr-auto" : "slide-in-panel ml-auto"} m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-slate-900/50`}
        onClick={(e) => {
          // The backdrop is the dialog element itself; links inside close the menu as they navigate.
          const target = e.target as HTMLElement;
          if (target === dialog.current || target.closest("a")) dialog.current?.close();
        }}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <p className="font-semibold">{title}</p>
          <CloseButton label={closeLabel} onClick={() => dialog.current?.close()} />
        </div>
        <div className="flex flex-col gap-4 p-4">{children}</div>
      </dialog>
    </>
  );
}
