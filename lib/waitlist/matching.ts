// Whether a freed slot suits someone on the waitlist: on one of their days and, when they gave times of day, inside one
// of those windows from start to end (local times of the business); and when an offer may be texted. Pure.
import { addDays, zoneOffsetMs, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
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

/**
 * The local hours offers are texted in, [from, to): an offer asks for an answer within two hours, which nobody asleep
 * gives, and a text at 02:00 wakes people for a slot the next three in line would then lose to the clock as well.
 */
export const OFFER_HOURS = { from: "08:00", to: "20:00" } as const;

/**
 * When an offer made at `now` may be texted: `now` in the business's daytime, else its next 08:00 (a slot freed at 21:00
 * waits for 08:00 the next day, one freed at 02:00 for 08:00 the same day).
 */
export function offerSendTime(now: Date, timeZone: string): Date {
  const { date, time } = wallClock(now, timeZone);
  if (time >= OFFER_HOURS.from && time < OFFER_HOURS.to) return now;
  const day = time < OFFER_HOURS.from ? date : addDays(date, 1);
  // A clock change skipping 08:00 (no zone does so today) would leave no such time: asked again an hour later.
  return zonedWallTimeToUtc(day, OFFER_HOURS.from, timeZone) ?? new Date(now.getTime() + 60 * 60_000);
}
