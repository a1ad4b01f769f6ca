import type { DayHours, TimeRange, WorkingHours } from "@/db/schema";
import { WEEKDAYS } from "./options";

/** The default: Monday to Friday 09:00-17:00; the weekend closed with 09:00-17:00 kept as the prefilled times. */
export function defaultWorkingHours(): WorkingHours {
  const open: DayHours = { isOpen: true, openTime: "09:00", closeTime: "17:00" };
  const closed: DayHours = { isOpen: false, openTime: "09:00", closeTime: "17:00" };
  return Object.fromEntries(WEEKDAYS.map((d) => [d, d === "saturday" || d === "sunday" ? { ...closed } : { ...open }])) as WorkingHours;
}

/** Applies a partial update day by day: days not sent keep their current hours. */
export function mergeWorkingHours(current: WorkingHours, update: Partial<WorkingHours>): WorkingHours {
  const next = { ...current };
  for (const day of WEEKDAYS) if (update[day]) next[day] = update[day];
  return next;
}

/**
 * The stretches a day is open, in order: its `ranges` when it has a break, else its one opening. Empty when closed.
 * Every reader of hours (free times, the receptionist's words, the booking page, insights) goes through this, so a lunch
 * break is closed everywhere at once.
 */
export function dayRanges(day: DayHours | null | undefined): TimeRange[] {
  if (!day || !day.isOpen) return [];
  if (day.ranges && day.ranges.length > 0) return day.ranges.map((r) => ({ openTime: r.openTime, closeTime: r.closeTime }));
  return [{ openTime: day.openTime, closeTime: day.closeTime }];
}

/** The closed stretches between a day's ranges ("14:00–16:00" for a lunch break); empty for a day without a break. */
export function dayBreaks(day: DayHours | null | undefined): TimeRange[] {
  const ranges = dayRanges(day);
  return ranges.slice(1).map((r, i) => ({ openTime: ranges[i]!.closeTime, closeTime: r.openTime }));
}
