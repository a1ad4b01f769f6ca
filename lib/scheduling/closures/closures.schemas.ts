// What the closures routes read: a closure (a day or a run of days closed, or open on other hours), a year of public
// holidays to fill, and a public holiday opened or closed again. Messages are keys of the "Validation" namespace.
import { z } from "zod";
import { AppError } from "@/lib/platform/errors";
import { calendarDaySchema, dayInRange } from "@/lib/platform/time/date-schemas";
import { daysBetween, isCalendarDate } from "@/lib/platform/time/zoned-time";

/** The longest closure: a year (a longer one is a business that has stopped, not a closure). */
export const MAX_CLOSURE_DAYS = 366;
/** What the receptionist may say about it ("closed for the holidays"): a short phrase. */
export const REASON_MAX = 120;

const day = calendarDaySchema();
const clock = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeInvalid");

export const closureSchema = z
  .object({
    from: day,
    /** Default: the same day. */
    to: day.optional(),
    /** Both or neither: open on these hours only that day (or those days); neither: closed. */
    openTime: clock.optional(),
    closeTime: clock.optional(),
    reason: z.string().trim().max(REASON_MAX, "tooLong").optional(),
    /** One practitioner's days away or other hours (GET /api/practitioners); left out: the whole practice's. */
    practitionerId: z.uuid("practitionerInvalid").optional(),
  })
  .transform((v) => ({ ...v, to: v.to ?? v.from, reason: v.reason || null }))
  .refine((v) => v.to >= v.from, { message: "closureEndsBeforeStart", path: ["to"] })
  .refine((v) => daysBetween(v.from, v.to) + 1 <= MAX_CLOSURE_DAYS, { message: "closureTooLong", path: ["to"] })
  .refine((v) => (v.openTime === undefined) === (v.closeTime === undefined), { message: "closureHoursBoth", path: ["closeTime"] })
  .refine((v) => !v.openTime || !v.closeTime || v.closeTime > v.openTime, { message: "closeAfterOpen", path: ["closeTime"] });
export type ClosureInput = z.output<typeof closureSchema>;

export const holidayImportSchema = z.object({
  /** Default: this year in the business's zone. */
  year: z.number("yearInvalid").int("yearInvalid").min(2000, "yearInvalid").max(2100, "yearInvalid").optional(),
});

/** A public holiday opened ("we are open that day") or closed again. */
export const holidayOpenSchema = z.object({ open: z.boolean("mustBeBoolean") });

/** The holiday's day in the path: a calendar date, else a translated 400. */
export function holidayDayParam(value: string): string {
  if (!isCalendarDate(value)) throw new AppError("bad_request", "Validation.dateInvalid");
  if (!dayInRange(value)) throw new AppError("bad_request", "Validation.dateOutOfRange");
  return value;
}
