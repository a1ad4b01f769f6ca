// What the blocklist routes read. Messages are keys of the "Validation" namespace.
import { z } from "zod";

/** Numbers a practice may block: far more than the spam it meets, few enough to list on one page. */
export const MAX_BLOCKED = 1000;

export const blockNumberSchema = z.object({
  // Read in the business's country and kept in E.164 (lib/platform/phone/phone.ts), as caller IDs arrive.
  phone: z.string("required").trim().min(1, "required").max(40, "tooLong"),
  reason: z.string().trim().max(200, "tooLong").optional(),
});
export type BlockNumberInput = z.output<typeof blockNumberSchema>;
