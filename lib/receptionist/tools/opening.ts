// When the practice is next open, from its week and closures: what a caller who wants a person, or who leaves a message
// at night, hears ("The team can call you back from Monday, December 7 at 9:00 AM").
import type { Business } from "@/lib/accounts/business/business";
import { openIntervals } from "@/lib/scheduling/availability/availability";
import { exceptionsFrom } from "@/lib/scheduling/booking/core";

/** How far ahead an opening is looked for: past a month of closure, "when we reopen" is for the owner to say. */
const LOOK_AHEAD_DAYS = 31;

/** Null while the business is open at `now`; else the start of its next opening hours (null when none within a month). */
export function nextOpening(b: Pick<Business, "timeZone" | "workingHours" | "closures">, now: Date): { openNow: boolean; at: Date | null } {
  const open = openIntervals({
    timeZone: b.timeZone,
    workingHours: b.workingHours,
    exceptions: exceptionsFrom(b.closures),
    from: now,
    to: new Date(now.getTime() + LOOK_AHEAD_DAYS * 86_400_000),
  });
  const first = open[0];
  if (first && first.start.getTime() <= now.getTime()) return { openNow: true, at: null };
  return { openNow: false, at: first?.start ?? null };
}
