// Locale-aware formatting shared by server and client: one place decides what "long" and "short" dates look like and
// how a working-hours time reads in each language (12-hour AM/PM in English, the locale's own clock otherwise).
const INTL_LOCALE: Record<string, string> = { en: "en-US", fr: "fr-FR", es: "es-ES" };

export function intlLocale(locale: string): string {
  return INTL_LOCALE[locale] ?? "en-US";
}

/** Countries whose English says the day before the month ("Monday 7 December"). */
export const DAY_FIRST_ENGLISH: readonly string[] = ["GB", "IE", "AU", "NZ", "ZA", "IN", "SG", "MT", "GI", "IM", "JE", "GG"];

/**
 * The Intl locale a business's dates are written in: English as its country writes it ("Wednesday 9 June 2027" from a
 * practice in the UK, "Wednesday, June 9, 2027" from one in the US, France or Spain), the language's own otherwise.
 */
export function dateLocale(locale: string, country: string | null | undefined): string {
  return locale === "en" && country && DAY_FIRST_ENGLISH.includes(country) ? "en-GB" : intlLocale(locale);
}

type DateInput = string | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "November 21, 2026" / "21 novembre 2026" / "21 de noviembre de 2026"; "" for a missing or invalid date. */
export function formatLongDate(value: DateInput, locale: string, timeZone?: string): string {
  const d = toDate(value);
  return d ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone }).format(d) : "";
}

/** "Saturday, November 21, 2026" / "samedi 21 novembre 2026" / "sábado, 21 de noviembre de 2026". */
export function formatFullDate(value: DateInput, locale: string, timeZone?: string): string {
  const d = toDate(value);
  return d ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "full", timeZone }).format(d) : "";
}

/** "11/21/26" / "21/11/2026" / "21/11/26": the admin tables. */
export function formatShortDate(value: DateInput, locale: string, timeZone?: string): string {
  const d = toDate(value);
  return d ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "short", timeZone }).format(d) : "";
}

/** "Saturday, November 21, 2026 at 2:30 PM" in the business's time zone. */
export function formatDateTime(value: DateInput, locale: string, timeZone?: string): string {
  const d = toDate(value);
  return d ? new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "full", timeStyle: "short", timeZone }).format(d) : "";
}

/** "2:30 PM" / "14:30" in the given time zone. */
export function formatTime(value: DateInput, locale: string, timeZone?: string): string {
  const d = toDate(value);
  return d ? new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: "short", timeZone }).format(d) : "";
}

/** A working-hours "HH:MM" as the locale writes it: "9:00 AM" in English, "09:00" in French, "9:00" in Spanish. */
export function formatClock(hhmm: string, locale: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const d = new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])));
  return new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: "short", timeZone: "UTC" }).format(d);
}

/** A country's name in the locale's language ("FR" → "France", "Francia"), flag-free; the code when Intl has no name. */
export function formatCountry(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
