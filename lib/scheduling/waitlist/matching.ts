// Whether a freed slot suits someone on the waitlist: on one of their days and, when they gave times of day, inside one
// of those windows from start to end (local times of the business). Pure.
import { zoneOffsetMs } from "@/lib/platform/time/zoned-time";
import type { WaitlistTimes } from "@/db/schema";

/** What matching reads of an entry. */
export type Wish = { fromDate: string; toDate: string; times: WaitlistTimes | null };

/** The business's wall clock at an instant: "YYYY-MM-DD" and "HH:MM". */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const local = new Date(at.getTime() + zoneOffsetMs(at.getTime(), timeZone)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * A slot [start, end) suits the wish: its day between their first and last days, and (with windows) wholly inside one
 * window. "09:00–12:00" takes 11:30–12:00, not 11:45–12:15: they said they can be there until noon.
 */
export function suits(wish: Wish, start: Date, end: Date, timeZone: string): boolean {
  const from = wallClock(start, timeZone);
  if (from.date < wish.fromDate || from.date > wish.toDate) return false;
  if (!wish.times?.length) return true;
  const to = wallClock(end, timeZone);
  // An end on the next day (a slot up to midnight) reads "00:00": past every window of the day.
  const endTime = to.date === from.date ? to.time : "24:00";
  return wish.times.some((w) => from.time >= w.from && endTime <= w.to);
}
