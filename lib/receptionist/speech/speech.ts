// What the receptionist says, in the call's language: short, single-line, speakable, written the way a native speaker
// says it on the phone. Texts live in messages/*.json ("Receptionist"); dates are read in the business's time zone.
//   en  "Tuesday, December 1 at 9:30 AM"        "at 9:00 AM, 9:30 AM or 10:00 AM"
//   fr  "mardi 1er décembre à 9 h 30"            "à 9 h, 9 h 30 ou 10 h"
//   es  "martes 1 de diciembre a las 9:30"       "a las 9:00, 9:30 o 10:00" ("a la 1:00")
// Every day is said with its weekday and date: a time said without its day is a time a caller books on the wrong day.
import { AsyncLocalStorage } from "node:async_hooks";
import { DAY_FIRST_ENGLISH, intlLocale } from "@/lib/platform/format/intl";
import { countryOfBusiness } from "@/lib/platform/phone/phone";
import { translate } from "@/lib/platform/i18n/translate";
import { formatterFor } from "@/lib/platform/time/zoned-time";
import type { CallLanguage } from "@/lib/accounts/business/business";

export type Say = (key: string, params?: Record<string, string | number>) => string;

/**
 * How English is said where the business is: the day before the month where English is spoken that way ("Monday 7
 * December" in the UK, "Monday, December 7" in the US, and at a practice in France or Spain, whose English callers
 * are as often American as British), and the clock the owner chose (12-hour "2:30 PM", or 24-hour "14:30"). French and
 * Spanish always say the day first and the 24-hour clock.
 */
export type SpeechStyle = { dayFirst: boolean; clock: "12h" | "24h" };

/** The style of a business's calls: its country's way, and the owner's clock (the 12-hour clock unless set). */
export function speechStyleOf(b: {
  timeZone?: string | null;
  line?: string | null;
  locale?: string | null;
  clockFormat?: "12h" | "24h" | null;
}): SpeechStyle {
  return { dayFirst: DAY_FIRST_ENGLISH.includes(countryOfBusiness(b)), clock: b.clockFormat ?? "12h" };
}

const DEFAULT_STYLE: SpeechStyle = { dayFirst: false, clock: "12h" };
const styles = new AsyncLocalStorage<SpeechStyle>();

/**
 * Runs `fn` (a call's message, from start to answer) with the business's way of saying dates and times: every sentence
 * said inside it follows it without each caller of these functions passing it on.
 */
export function withSpeechStyle<T>(style: SpeechStyle, fn: () => T): T {
  return styles.run(style, fn);
}

const style = (): SpeechStyle => styles.getStore() ?? DEFAULT_STYLE;

export function sayer(language: CallLanguage): Say {
  if (language === "es") return (key, params = {}) => contractSpanish(oneLine(translate(language, `Receptionist.${key}`, params)));
  return (key, params = {}) => oneLine(translate(language, `Receptionist.${key}`, params));
}

/**
 * Spanish contracts "a el" and "de el" wherever a name brings its article into a sentence ("Tenemos al Dr. Patel",
 * "la agenda del Dr. Patel"). Only the article: "él" (he) has its accent, and a name that is "El …" keeps its capital.
 */
function contractSpanish(s: string): string {
  // A capital "A" only where a sentence starts: mid-sentence it is a letter ("tipo A el martes").
  return s.replace(/(^|[¿¡]|[\s(])(a|de|De|A)(?= el\s) el/g, (whole, lead: string, prep: string) =>
    /^[AD]/.test(prep) && !(lead === "" || /[¿¡]/.test(lead)) ? whole : `${lead}${prep}l`,
  );
}

export function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ").trim();
}

const dayParts = new Map<CallLanguage, Intl.DateTimeFormat>();
function dayFormatter(language: CallLanguage): Intl.DateTimeFormat {
  let f = dayParts.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language), { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dayParts.set(language, f);
  }
  return f;
}

/**
 * A calendar day ("2026-12-01") as said aloud: "Tuesday, December 1" / "mardi 1er décembre" / "martes 1 de diciembre",
 * with its year when asked. Written from the parts rather than a locale's long format, whose punctuation changes between
 * ICU versions ("martes, 1 de diciembre") and which never says "1er".
 */
export function speakDate(date: string, language: CallLanguage, opts: { year?: boolean } = {}): string {
  // Noon UTC of that day: the same calendar day whatever zone the formatter applies.
  const parts = dayFormatter(language).formatToParts(new Date(`${date}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const [weekday, day, month, year] = [part("weekday"), part("day"), part("month"), part("year")];
  if (language === "fr") return `${weekday} ${day === "1" ? "1er" : day} ${month}${opts.year ? ` ${year}` : ""}`;
  if (language === "es") return `${weekday} ${day} de ${month}${opts.year ? ` de ${year}` : ""}`;
  if (style().dayFirst) return `${weekday} ${day} ${month}${opts.year ? ` ${year}` : ""}`;
  return `${weekday}, ${month} ${day}${opts.year ? `, ${year}` : ""}`;
}

/** A wall-clock "HH:mm" as said: "9:30 AM" (or "14:30" on a 24-hour clock) / "9 h 30" ("9 h" on the hour) / "9:30". */
export function speakClock(hhmm: string, language: CallLanguage): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const hour = Number(m[1]);
  const minute = m[2]!;
  if (language === "fr") return minute === "00" ? `${hour} h` : `${hour} h ${minute}`;
  if (language === "es" || style().clock === "24h") return `${hour}:${minute}`;
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${minute} ${hour < 12 ? "AM" : "PM"}`;
}

/** "at 9:00 AM, 9:30 AM or 10:00 AM" / "à 9 h ou 9 h 30" / "a las 9:00 o 9:30" ("a la 1:00"). */
export function speakAt(times: string[], language: CallLanguage): string {
  // Spanish says "a la 1:00" but "a las 2:00": the article agrees with the first hour said.
  const one = Number(/^(\d{1,2})/.exec(times[0] ?? "")?.[1]) === 1;
  return sayer(language)(one ? "speech.atOne" : "speech.at", {
    times: speakList(
      times.map((t) => speakClock(t, language)),
      language,
    ),
  });
}

/**
 * A day's open stretches: "from 9:00 AM to 2:00 PM and from 4:00 PM to 8:00 PM" / "de 9 h à 14 h et de 16 h à 20 h" /
 * "de 9:00 a 14:00 y de 16:00 a 20:00"; one stretch alone for a day without a break.
 */
export function speakSpans(ranges: { open: string; close: string }[], language: CallLanguage): string {
  const say = sayer(language);
  return speakList(
    ranges.map((r) => say("speech.span", { open: speakClock(r.open, language), close: speakClock(r.close, language) })),
    language,
    "conjunction",
  );
}

/** "Tuesday, December 1 at 9:30 AM" / "mardi 1er décembre à 9 h 30" / "martes 1 de diciembre a las 9:30". */
export function speakSlot(d: Date, language: CallLanguage, timeZone: string): string {
  const ref = slotReference(d, timeZone);
  return speakDateTimes(ref.slice(0, 10), [ref.slice(11)], language);
}

/** A day and times on it: "Tuesday, December 1 at 9:00 AM or 9:30 AM" / "el martes 1 de diciembre a las 9:00 o 9:30". */
export function speakDateTimes(date: string, times: string[], language: CallLanguage): string {
  return `${speakOnDay(date, language)} ${speakAt(times, language)}`;
}

/** A day with the article the language puts before it in a sentence: "el martes 8 de junio"; as it is in en and fr. */
export function speakOnDay(date: string, language: CallLanguage): string {
  return sayer(language)("speech.onDay", { day: speakDate(date, language) });
}

/** "a, b, or c" / "a, b ou c" / "a, b o c". */
export function speakList(items: string[], language: CallLanguage, type: "disjunction" | "conjunction" = "disjunction"): string {
  const key = `${language}|${type}`;
  let f = listFormatters.get(key);
  if (!f) listFormatters.set(key, (f = new Intl.ListFormat(intlLocale(language), { style: "long", type })));
  return f.format(items);
}
const listFormatters = new Map<string, Intl.ListFormat>();

/** The wall-clock reference of an instant in the business's zone: "2026-12-01 09:30". */
export function slotReference(d: Date, timeZone: string): string {
  // The availability engine's cached formatter per zone: building one costs far more than using it, and an offer reads
  // a reference per slot.
  const parts = formatterFor(timeZone).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes, width: number) => (parts.find((p) => p.type === type)?.value ?? "").padStart(width, "0");
  return `${get("year", 4)}-${get("month", 2)}-${get("day", 2)} ${get("hour", 2)}:${get("minute", 2)}`;
}
