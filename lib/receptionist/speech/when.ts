// Dates and times as a language model really sends them to the tools, read as wall-clock time in the business's zone,
// and the calendar the model is given at call start so it never has to guess what "tomorrow" or "Tuesday" is.
import { addDays, daysBetween, isCalendarDate, localDate } from "@/lib/platform/time/zoned-time";
import { intlLocale } from "@/lib/platform/format/intl";
import type { CallLanguage } from "@/lib/accounts/business/business";
import { sayer, slotReference, speakDate } from "./speech";

type Args = Record<string, unknown>;

const arg = (v: unknown): string | null => {
  if (typeof v !== "string" && typeof v !== "number") return null;
  const s = String(v).trim();
  return s ? s.slice(0, 60) : null;
};

// "2026-11-24", "2026-11-24T09:30", "2026-11-24 09:30:00", "2026/11/24T09:30:00.000Z": the date and, when present, the
// time. A trailing "Z" or offset is ignored on purpose: the model is told every time is the business's local time, and
// a model that adds "Z" out of habit still means the time it read from the tool results.
const ISO = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s]+(\d{1,2})[:h.](\d{2})(?::\d{2}(?:\.\d+)?)?\s*(?:z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * "2026-11-24" when the parts name a real calendar day; `{ impossible }` for a well-formed day no calendar has (a month
 * 1–12, a day 1–31: "le 31 février" sent as 2027-02-31); null otherwise.
 */
function isoDate(y: string, m: string, d: string): string | Impossible | null {
  const date = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  if (isCalendarDate(date)) return date;
  const [month, day] = [Number(m), Number(d)];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { impossible: date } : null;
}

/**
 * A clock time → "HH:mm": "9", "9:00", "09:00:00", "09h00", "9h", "9 h 30", "9.30", "9:30 AM", "2pm", "12 p.m.".
 * Null when it is not a time of day.
 */
export function readTime(raw: unknown): string | null {
  const s = arg(raw)?.toLowerCase().replace(/\s+/g, " ");
  if (!s) return null;
  const m = /^(\d{1,2})(?:\s?[:h.]\s?(\d{2})?(?::\d{2})?)?\s?(a\.?m\.?|p\.?m\.?)?$/.exec(s);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const meridiem = m[3]?.[0];
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    if (meridiem === "p" && hour < 12) hour += 12;
    if (meridiem === "a" && hour === 12) hour = 0;
  }
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** A date well formed but not in the calendar, "YYYY-MM-DD" as given ("2027-02-31"). */
export type Impossible = { impossible: string };

export type When = {
  /** "YYYY-MM-DD", or null when none was given. */
  date: string | null;
  /** "HH:mm", or null when none was given. */
  time: string | null;
  /**
   * What was given but cannot be read: the date (or a combined date-time), the time, or a date that does not exist
   * (`impossible`); null when all is readable.
   */
  unreadable: "date" | "time" | Impossible | null;
};

/**
 * The date and time of a tool call: `date` + `time`, or one combined local date-time (`start`, `dateTime`,
 * `datetime`, or an ISO date-time in `date`). Wall-clock in the business's zone.
 */
export function readWhen(args: Args): When {
  const combined = arg(args.start ?? args.dateTime ?? args.datetime ?? args.date_time);
  const rawDate = arg(args.date);
  const rawTime = arg(args.time);
  let date: string | null = null;
  let time: string | null = null;
  let badDate: "date" | Impossible | null = null;
  for (const raw of [combined, rawDate]) {
    if (!raw || date) continue;
    const m = ISO.exec(raw);
    const read = m ? isoDate(m[1]!, m[2]!, m[3]!) : null;
    if (typeof read === "string") date = read;
    else badDate = read ?? badDate ?? "date";
    if (date && m![4] !== undefined) time = readTime(`${m![4]}:${m![5]}`);
  }
  let badTime = false;
  if (rawTime) {
    const t = readTime(rawTime);
    if (t) time = t;
    else badTime = true;
  }
  return { date, time, unreadable: badDate && !date ? badDate : badTime ? "time" : null };
}

/**
 * What the caller hears when the date or time cannot be used: "I did not understand that date…", "…that time…", or for
 * a day that does not exist, that it does not ("There is no February 31."), the last day of that month when it has
 * not passed (`today`, in the business's zone), and which day they would like.
 */
export function unreadableWords(unreadable: NonNullable<When["unreadable"]>, language: CallLanguage, today?: string): string {
  const say = sayer(language);
  if (unreadable === "time") return say("timeUnreadable");
  if (unreadable === "date") return say("invalidDateTime");
  const [y, m, d] = unreadable.impossible.split("-").map(Number) as [number, number, number];
  const last = `${unreadable.impossible.slice(0, 8)}${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
  // A February 29 exists in other years: its year is said.
  const date = speakMonthDay(y, m, d, language, m === 2 && d === 29);
  if (today && last < today) return say("impossibleDateOnly", { date });
  return say("impossibleDate", { date, last: speakDate(last, language) });
}

/** "February 31" / "31 février" / "31 de febrero" (with the year: "February 29, 2027"), for a day no calendar has. */
function speakMonthDay(year: number, month: number, day: number, language: CallLanguage, withYear: boolean): string {
  const name = new Intl.DateTimeFormat(intlLocale(language), { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
  if (language === "fr") return `${day} ${name}${withYear ? ` ${year}` : ""}`;
  if (language === "es") return `${day} de ${name}${withYear ? ` de ${year}` : ""}`;
  return `${name} ${day}${withYear ? `, ${year}` : ""}`;
}

export { addDays, daysBetween };

/** Today in the business's zone, "YYYY-MM-DD". */
export function localToday(now: Date, timeZone: string): string {
  return localDate(now, timeZone);
}

/** "Sunday, November 22, 2026" / "dimanche 22 novembre 2026" / "domingo 22 de noviembre de 2026" for a calendar day. */
export function speakCalendarDay(date: string, language: CallLanguage): string {
  return speakDate(date, language, { year: true });
}

export type CallCalendar = {
  today: string;
  time: string;
  /** Today, then the next `days` days: the ISO date the tools take, and how the day is said in the call's language. */
  days: { date: string; spoken: string }[];
};

/** The days the model works from: today (with the local time) and the next `days` days, in the business's zone. */
export function callCalendar(now: Date, timeZone: string, language: CallLanguage, days = 14): CallCalendar {
  const ref = slotReference(now, timeZone);
  const today = ref.slice(0, 10);
  return {
    today,
    time: ref.slice(11),
    days: Array.from({ length: days + 1 }, (_, i) => {
      const date = addDays(today, i);
      return { date, spoken: speakCalendarDay(date, language) };
    }),
  };
}
