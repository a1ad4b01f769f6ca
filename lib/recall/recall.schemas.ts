// What the recall settings route reads: per service of the practice, the months after an appointment for it when the
// caller is due again, or none. Messages are keys of the "Validation" namespace.
import { z } from "zod";

/** The bounds the database keeps too (service_recalls_interval): a month to five years. */
export const RECALL_MONTHS_MIN = 1;
export const RECALL_MONTHS_MAX = 60;
/** More than any practice lists: its own 50 services and each of its practitioners' own. */
export const MAX_RECALL_SERVICES = 1000;

const months = z
  .number("recallMonthsInvalid")
  .int("recallMonthsInvalid")
  .min(RECALL_MONTHS_MIN, "recallMonthsInvalid")
  .max(RECALL_MONTHS_MAX, "recallMonthsInvalid");

export const recallSettingsSchema = z.strictObject({
  services: z
    .array(
      z.strictObject({
        // As long as the practice may name one (its services can be saved as one comma-separated text).
        service: z.string("required").trim().min(1, "required").max(5000, "tooLong"),
        // Null: no recall for this service.
        intervalMonths: months.nullable(),
      }),
      "invalid",
    )
    .max(MAX_RECALL_SERVICES, "tooMany")
    .refine((list) => new Set(list.map((s) => s.service.toLowerCase())).size === list.length, "servicesRepeated"),
});
export type RecallSettingsInput = z.output<typeof recallSettingsSchema>;
