import type { DayHours, WorkingHours } from "@/db/schema";
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
