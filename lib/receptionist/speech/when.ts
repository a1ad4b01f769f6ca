// Dates and times as a language model really sends them to the tools, read as wall-clock time in the business's zone,
// and the calendar the model is given at call start so it never has to guess what "tomorrow" or "Tuesday" is.
import { addDays, daysBetween, isCalendarDate, localDate } from "@/lib/platform/time/zoned-time";
import type { CallLanguage } from "@/lib/accounts/business/business";
import { slotReference, speakDate } from "./speech";

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

/** "2026-11-24" when `raw` names a real calendar day in one of the ISO-like shapes above; null otherwise. */
function isoDate(y: string, m: string, d: string): string | null {
  const date = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return isCalendarDate(date) ? date : null;
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

export type When = {
  /** "YYYY-MM-DD", or null when none was given. */
  date: string | null;
  /** "HH:mm", or null when none was given. */
  time: string | null;
  /** What was given but cannot be read: the date (or a combined date-time), or the time; null when all is readable. */
  unreadable: "date" | "time" | null;
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
  let badDate = false;
  for (const raw of [combined, rawDate]) {
    if (!raw || date) continue;
    const m = ISO.exec(raw);
    date = m ? isoDate(m[1]!, m[2]!, m[3]!) : null;
    if (!date) badDate = true;
    else if (m![4] !== undefined) time = readTime(`${m![4]}:${m![5]}`);
  }
  let badTime = false;
  if (rawTime) {
    const t = readTime(rawTime);
    if (t) time = t;
    else badTime = true;
  }
  return { date, time, unreadable: badDate && !date ? "date" : badTime ? "time" : null };
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
