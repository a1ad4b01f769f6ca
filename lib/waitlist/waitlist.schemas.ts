// What the waitlist routes read: someone waiting for an earlier appointment, the days they can come and, optionally,
// the times of day and the service. Messages are keys of the "Validation" namespace; the checks that need the business
// (its time zone for "not in the past", its services, its country for the number) are the service's.
import { z } from "zod";
import { calendarDaySchema } from "@/lib/platform/time/date-schemas";
import { daysBetween } from "@/lib/platform/time/zoned-time";

/** People waiting at once in one practice: far more than a practice can call back, few enough for one page. */
export const MAX_WAITING = 500;
/** The longest run of days: a year (the booking horizon is shorter; the later days are offered once they come into it). */
export const MAX_WAITLIST_DAYS = 366;
/** Windows of the day one person can give ("mornings", "after 5 pm"): a handful. */
export const MAX_TIME_WINDOWS = 4;

const day = calendarDaySchema("required");
const clock = z
  .string("required")
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeInvalid");

/** A window of the day, local "HH:MM", its end after its start. */
export const timeWindowSchema = z
  .object({ from: clock, to: clock })
  // Reported on the window (the "times" field), not its end: "To" alone would read as the last day.
  .refine((w) => w.to > w.from, { message: "timeWindowOrder" });

export const addWaitlistSchema = z
  .object({
    name: z.string("required").trim().min(1, "required").max(120, "tooLong"),
    // Read in the business's country and kept in E.164 (lib/platform/phone/phone.ts): offers are texted to it, and a
    // YES from it takes one.
    phone: z.string("required").trim().min(1, "required").max(40, "tooLong"),
    /** The first and last days they can come (YYYY-MM-DD, the business's local dates, both included). */
    from: day,
    to: day,
    /** One of the practice's services; left out, any. */
    service: z
      .string()
      .trim()
      .max(120, "tooLong")
      .optional()
      .transform((s) => s || null),
    /** The times of day they can come; left out or empty, any time the practice is open. */
    times: z
      .array(timeWindowSchema)
      .max(MAX_TIME_WINDOWS, "tooMany")
      .optional()
      .transform((t) => (t?.length ? t : null)),
    /** The language of their texts; left out, the practice's. */
    language: z.enum(["en", "fr", "es"], "invalid").optional(),
    /** Where the offers go; left out, a text message. */
    channel: z.enum(["sms", "whatsapp"], "invalid").optional(),
  })
  .refine((v) => v.to >= v.from, { message: "periodEndsBeforeStart", path: ["to"] })
  .refine((v) => daysBetween(v.from, v.to) + 1 <= MAX_WAITLIST_DAYS, { message: "periodTooLong", path: ["to"] });
export type AddWaitlistInput = z.output<typeof addWaitlistSchema>;
export type AddWaitlistForm = z.input<typeof addWaitlistSchema>;
