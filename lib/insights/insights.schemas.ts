// What the insights read: a period of the owner's calendar days, both ends included. Messages are keys of the
// "Validation" namespace.
import { z } from "zod";
import { daysBetween, isCalendarDate } from "@/lib/platform/time/zoned-time";

/** The longest period: a year and a day (a leap year's 1 January to 1 January). */
export const MAX_PERIOD_DAYS = 367;
/** The period when none is asked: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
/** The periods offered beside a custom one. */
export const PRESET_PERIODS = [7, 30, 90] as const;
/** The figures offered as CSV files, one per chart. */
export const INSIGHT_TABLES = ["days", "outcomes", "bookings", "practitioners", "hours", "reasons", "receptionist"] as const;
export type InsightTable = (typeof INSIGHT_TABLES)[number];

/** Years the figures can be asked for: a calendar day the database and the zone arithmetic both handle, either side. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;
const day = z
  .string()
  .trim()
  .refine((d) => isCalendarDate(d) && Number(d.slice(0, 4)) >= FIRST_YEAR && Number(d.slice(0, 4)) <= LAST_YEAR, "periodDateInvalid");

export const insightsQuerySchema = z
  .object({
    /** Default: 29 days before `to`. */
    from: day.optional(),
    /** Default: today in the business's zone. */
    to: day.optional(),
    /** csv: one table of the figures (`table`), headers in the owner's language. */
    format: z.enum(["json", "csv"], "insightsFormatUnknown").default("json"),
    table: z.enum(INSIGHT_TABLES, "insightsTableUnknown").default("days"),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, { message: "periodEndsBeforeStart", path: ["to"] })
  .refine((v) => !v.from || !v.to || daysBetween(v.from, v.to) + 1 <= MAX_PERIOD_DAYS, { message: "periodTooLong", path: ["to"] });
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

/** The owner's own limit of minutes per billing period, emailed at 80% and 100%; null: no emails. */
export const USAGE_ALERT_MAX_MINUTES = 100_000;
export const usageAlertSchema = z.object({
  alertMinutes: z
    .number("alertMinutesInvalid")
    .int("alertMinutesInvalid")
    .min(1, "alertMinutesInvalid")
    .max(USAGE_ALERT_MAX_MINUTES, "alertMinutesInvalid")
    .nullable(),
});
export type UsageAlert = z.output<typeof usageAlertSchema>;

/**
 * The Subscription page's form: the limit as typed, a whole number or empty (no emails). What is no number at all gets
 * the route's own message, as a number out of bounds does.
 */
export const usageAlertFormSchema = z.object({
  alertMinutes: z
    .string()
    .trim()
    .transform((v) => (v === "" ? null : Number(v)))
    .pipe(usageAlertSchema.shape.alertMinutes),
});
