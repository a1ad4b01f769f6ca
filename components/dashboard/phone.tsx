"use client";
// Phone numbers as the signed-in viewer reads them: numbers of their business's country (the profile's `country`) in
// national form, the others in international form. Stored numbers are E.164; links dial the E.164 number.
//
// The formatter carries libphonenumber's metadata (about 28 kB gzipped), so it is not part of any page's first load:
// it is fetched when the first number is about to be shown, alongside the request that brings the numbers, and every
// number on the page is re-rendered in its reader's form once it arrives. Until then a number shows as stored (E.164).
import { useSyncExternalStore } from "react";
import { useProfile } from "./session";

type Formatter = typeof import("@/lib/platform/phone/format");

let formatter: Formatter | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

function subscribe(onLoaded: () => void): () => void {
  waiting.add(onLoaded);
  loading ??= import("@/lib/platform/phone/format").then(
    (module) => {
      formatter = module;
      for (const notify of waiting) notify();
    },
    // A chunk that failed to load (a deploy between two pages, a dropped connection) is tried again by the next number.
    () => {
      loading = null;
    },
  );
  return () => waiting.delete(onLoaded);
}

/** The formatter once loaded; on the server and before it arrives, null. */
function useFormatter(): Formatter | null {
  return useSyncExternalStore(
    subscribe,
    () => formatter,
    () => null,
  );
}

/**
 * formatPhone in international form whoever reads it: `(value) => "+33 6 98 76 54 32"`. For lists that hold numbers of
 * many countries (the admin's pool and accounts) and pages with no business behind them, where a number written two
 * ways side by side reads as two kinds of number.
 */
export function useInternationalPhone(): (value: string | null | undefined) => string {
  const loaded = useFormatter();
  return (value) => (loaded ? loaded.formatPhone(value) : (value ?? ""));
}

/** formatPhone for the viewer: `(value) => "06 98 76 54 32"`. */
export function usePhoneFormat(): (value: string | null | undefined) => string {
  const { profile } = useProfile();
  const country = profile?.country ?? null;
  const loaded = useFormatter();
  return (value) => (loaded ? loaded.formatPhone(value, country) : (value ?? ""));
}

/** A number the viewer can tap to call (a tel: link), or plain text for a value that is no number we can read. */
export function PhoneLink({
  value,
  className,
  testId,
  international = false,
}: {
  value: string;
  className?: string;
  testId?: string;
  /** In international form whoever reads it (useInternationalPhone). */
  international?: boolean;
}) {
  const viewer = usePhoneFormat();
  const everywhere = useInternationalPhone();
  const format = international ? everywhere : viewer;
  const loaded = useFormatter();
  // Stored numbers are E.164, so before the formatter arrives the stored value is already the link's target.
  const href = loaded ? loaded.phoneHref(value) : /^\+\d+$/.test(value) ? `tel:${value}` : null;
  const text = format(value);
  return href ? (
    <a href={href} className={className ?? "text-indigo-800 underline"} data-testid={testId}>
      {text}
    </a>
  ) : (
    <span className={className} data-testid={testId}>
      {text}
    </span>
  );
}
