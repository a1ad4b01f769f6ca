// What the receptionist says, in the call's language: short, single-line, speakable. Texts live in messages/*.json
// ("Receptionist"); dates are read in the business's time zone.
import { intlLocale } from "@/lib/format/intl";
import { translate } from "@/lib/i18n/translate";
import { formatterFor } from "@/lib/time/zoned-time";
import type { CallLanguage } from "@/lib/business/business";

export type Say = (key: string, params?: Record<string, string | number>) => string;

export function sayer(language: CallLanguage): Say {
  return (key, params = {}) => oneLine(translate(language, `Receptionist.${key}`, params));
}

export function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ").trim();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: CallLanguage, timeZone: string, kind: "day" | "slot" | "time"): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "day"
        ? { weekday: "long", month: "long", day: "numeric", timeZone }
        : kind === "time"
          ? { hour: "numeric", minute: "2-digit", timeZone }
          : { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone };
    f = new Intl.DateTimeFormat(intlLocale(language), options);
    formatters.set(key, f);
  }
  return f;
}

/** "Tuesday, December 1" / "mardi 1 décembre". */
export const speakDay = (d: Date, language: CallLanguage, timeZone: string) => formatter(language, timeZone, "day").format(d);
/** "9:30 AM" / "09:30". */
export const speakTime = (d: Date, language: CallLanguage, timeZone: string) => formatter(language, timeZone, "time").format(d);
/** "Tuesday, December 1 at 9:30 AM" / "mardi 1 décembre à 09:30". */
export const speakSlot = (d: Date, language: CallLanguage, timeZone: string) => formatter(language, timeZone, "slot").format(d);

/** "a, b, or c" / "a, b ou c" / "a, b o c". */
export function speakList(items: string[], language: CallLanguage, type: "disjunction" | "conjunction" = "disjunction"): string {
  const key = `${language}|${type}`;
  let f = listFormatters.get(key);
  if (!f) listFormatters.set(key, (f = new Intl.ListFormat(intlLocale(language), { style: "long", type })));
  return f.format(items);
}
const listFormatters = new Map<string, Intl.ListFormat>();

/** The wall-clock reference the model passes back to book: "2026-12-01 09:30" in the business's zone. */
export function slotReference(d: Date, timeZone: string): string {
  // The availability engine's cached formatter per zone: building one costs far more than using it, and an offer reads
  // a reference per slot.
  const parts = formatterFor(timeZone).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes, width: number) => (parts.find((p) => p.type === type)?.value ?? "").padStart(width, "0");
  return `${get("year", 4)}-${get("month", 2)}-${get("day", 2)} ${get("hour", 2)}:${get("minute", 2)}`;
}
