"use client";
// Phone numbers as the signed-in viewer reads them: numbers of their business's country (the profile's `country`) in
// national form, the others in international form. Stored numbers are E.164; links dial the E.164 number.
import { formatPhone, phoneHref } from "@/lib/platform/phone/format";
import { useProfile } from "./session";

/** formatPhone for the viewer: `(value) => "06 98 76 54 32"`. */
export function usePhoneFormat(): (value: string | null | undefined) => string {
  const { profile } = useProfile();
  const country = profile?.country ?? null;
  return (value) => formatPhone(value, country);
}

/** A number the viewer can tap to call (a tel: link), or plain text for a value that is no number we can read. */
export function PhoneLink({ value, className, testId }: { value: string; className?: string; testId?: string }) {
  const format = usePhoneFormat();
  const href = phoneHref(value);
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
