// When the practice is next open, from its week and closures: what a caller who wants a person, or who leaves a message
// at night, hears ("The team can call you back from Monday, December 7 at 9:00 AM").
import type { Business } from "@/lib/accounts/business/business";
import { openIntervals } from "@/lib/scheduling/availability/availability";
import { exceptionsFrom } from "@/lib/scheduling/booking/core";
import type { CallLanguage } from "@/lib/accounts/business/business";
import { slotReference, speakAt, speakDate } from "../speech/speech";

/** How far ahead an opening is looked for: past a month of closure, "when we reopen" is for the owner to say. */
const LOOK_AHEAD_DAYS = 31;

type Hours = Pick<Business, "timeZone" | "workingHours" | "closures">;

/** The business's open hours from `now` for `ms`: its week's hours, or a closure's special hours those days. */
function openFrom(b: Hours, now: Date, ms: number) {
  return openIntervals({
    timeZone: b.timeZone,
    workingHours: b.workingHours,
    exceptions: exceptionsFrom(b.closures),
    from: now,
    to: new Date(now.getTime() + ms),
  });
}

/** Whether the business is open at `now`. */
export function openAt(b: Hours, now: Date): boolean {
  return openFrom(b, now, 1).length > 0;
}

/** Open at `now`, or closed and when it next opens (null when not within a month). */
export function nextOpening(b: Hours, now: Date): { openNow: boolean; at: Date | null } {
  if (openAt(b, now)) return { openNow: true, at: null };
  return { openNow: false, at: openFrom(b, now, LOOK_AHEAD_DAYS * 86_400_000)[0]?.start ?? null };
}

/**
 * An opening as a sentence puts it after its own preposition: the day without an article and the time ("lunes 7 de
 * diciembre" and "a las 9:00"), so "a partir del {day} {at}" reads "a partir del lunes 7 de diciembre a las 9:00".
 */
export function openingWords(at: Date, language: CallLanguage, timeZone: string): { day: string; at: string } {
  const ref = slotReference(at, timeZone);
  return { day: speakDate(ref.slice(0, 10), language), at: speakAt([ref.slice(11)], language) };
}
