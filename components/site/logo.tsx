/** The wordmark: a handset in a speech bubble, and the product name. */
export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <path
          d="M11.5 8.5c.6 0 1.1.3 1.3.9l1.2 3a1.4 1.4 0 0 1-.4 1.6l-1.3 1.1a10.5 10.5 0 0 0 4.6 4.6l1.1-1.3a1.4 1.4 0 0 1 1.6-.4l3 1.2c.6.2.9.7.9 1.3v2.6c0 .8-.7 1.5-1.5 1.4C14.9 23.9 8.1 17.1 7.5 9.9c0-.8.6-1.4 1.4-1.4h2.6Z"
          fill="#fff"
        />
      </svg>
      Recepta
    </span>
  );
}
