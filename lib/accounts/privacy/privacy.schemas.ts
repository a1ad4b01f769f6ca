// What the privacy routes read: the business's retention and recording settings, and the password that confirms an
// account's erasure. Messages are keys of the "Validation" namespace. No server code here: the privacy page's forms
// load these schemas in the browser.
import { z } from "zod";

/** The bounds the privacy page states; the database enforces the same (users_retention_days_range). */
export const RETENTION_DAYS = { min: 7, max: 365, default: 90 } as const;

export const privacySettingsSchema = z
  .object({
    retentionDays: z
      .number("retentionRange")
      .int("retentionRange")
      .min(RETENTION_DAYS.min, "retentionRange")
      .max(RETENTION_DAYS.max, "retentionRange"),
    recordingEnabled: z.boolean("mustBeBoolean"),
    birthDateCheck: z.boolean("mustBeBoolean"),
  })
  .partial();

// The password is optional: a sign-in in the last ten minutes is proof enough (lib/accounts/privacy/erase.ts).
export const eraseAccountSchema = z.object({ password: z.string().max(200).optional() });
