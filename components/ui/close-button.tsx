"use client";

/** The ✕ that closes a dialog or dismisses a notice: a 44 px target, named for screen readers by `label`. */
export function CloseButton({ label, onClick, tone = "slate" }: { label: string; onClick: () => void; tone?: "slate" | "red" }) {
  const colours = tone === "red" ? "hover:bg-red-100 focus-visible:outline-red-700" : "hover:bg-slate-100 focus-visible:outline-indigo-700";
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md focus-visible:outline-2 ${colours}`}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
      <span className="sr-only">{label}</span>
    </button>
  );
}
