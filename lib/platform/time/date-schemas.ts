// The dates a request can carry, read once for every route: a calendar day ("2026-03-10") and an instant
// ("2026-03-10T09:00:00Z"). Both must fall between FIRST_YEAR and LAST_YEAR: further out no appointment, closure or
// period makes sense, the zone arithmetic has no rules to apply, and the database refuses some of them outright (year 0
// does not exist in PostgreSQL, years past 294276 overflow a timestamp). Outside it is a 400 naming the limit
// (Validation.dateOutOfRange, which writes these two years out), not the database's failure.
import { z } from "zod";
import { isCalendarDate } from "./zoned-time";

export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a calendar day ("YYYY-MM-DD") falls within the years a request may name. */
export function dayInRange(day: string): boolean {
  const year = Number(day.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** Whether an instant falls within those years (in UTC: a day's edge is never a year away). */
export function instantInRange(at: Date): boolean {
  const year = at.getUTCFullYear();
  return !Number.isNaN(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** A calendar day, "YYYY-MM-DD", trimmed; `required` is the message for a value that is no string. */
export function calendarDaySchema(required?: string) {
  return z.string(required).trim().regex(DAY, "dateInvalid").refine(isCalendarDate, "dateInvalid").refine(dayInRange, "dateOutOfRange");
}

/** An ISO 8601 instant with its offset ("…Z", "…+01:00"), as a Date. */
export function instantSchema() {
  return z.iso
    .datetime({ offset: true, error: "dateInvalid" })
    .transform((v) => new Date(v))
    .refine(instantInRange, "dateOutOfRange");
}
