// What the reminder-call routes read: the practice's settings, and the sandbox's run. Messages are keys of the
// "Validation" namespace.
import { z } from "zod";

/** The bounds the database keeps too (reminder_call_settings_hours): two hours to three days before. */
export const HOURS_BEFORE_MIN = 2;
export const HOURS_BEFORE_MAX = 72;

export const reminderCallSettingsSchema = z.strictObject({
  enabled: z.boolean("mustBeBoolean"),
  hoursBefore: z
    .number("reminderHoursInvalid")
    .int("reminderHoursInvalid")
    .min(HOURS_BEFORE_MIN, "reminderHoursInvalid")
    .max(HOURS_BEFORE_MAX, "reminderHoursInvalid"),
});
export type ReminderCallSettingsInput = z.output<typeof reminderCallSettingsSchema>;

/** The sandbox's run: the calls due at `at` (now when left out). */
export const sandboxReminderRunSchema = z.strictObject({
  at: z.iso.datetime({ offset: true, error: "dateInvalid" }).optional(),
});
