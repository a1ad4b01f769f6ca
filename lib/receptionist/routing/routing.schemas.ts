// What the call routing routes read. Messages are keys of the "Validation" namespace.
import { z } from "zod";
import { MAX_DESTINATIONS, MAX_SERVED_COUNTRIES } from "./limits";

export { MAX_DESTINATIONS };

/** Whether callers are put through only during opening hours ("open") or at any hour ("always"). */
export const TRANSFER_HOURS = ["open", "always"] as const;
export type TransferHours = (typeof TRANSFER_HOURS)[number];

const destination = z.strictObject({
  name: z.string("required").trim().max(80, "tooLong").min(1, "required"),
  // Read in the business's country and kept in E.164: the voice platform dials nothing else.
  phone: z.string("required").trim().min(1, "required").max(40, "tooLong"),
  // What the receptionist chooses this one for, in the owner's words ("billing questions", "asks for Dr Martin"); none:
  // for anything no other one is for.
  when: z
    .string()
    .trim()
    .max(200, "tooLong")
    .nullish()
    .transform((w) => w || null),
  // Whom to try when this one does not answer a warm transfer: the index of another destination of this list (checked
  // in the service, which names the destination); none: a message is taken.
  backup: z
    .int("invalid")
    .nullish()
    .transform((b) => b ?? null),
});

export const callRoutingSchema = z.strictObject({
  warmTransfer: z.boolean("mustBeBoolean"),
  hours: z.enum(TRANSFER_HOURS, "invalid"),
  destinations: z.array(destination, "invalid").max(MAX_DESTINATIONS, "tooMany"),
  // Countries besides the practice's own whose numbers are called and texted (ISO 3166 alpha-2, "DE"); checked in the
  // service, which names an unknown one. Left out: those saved stay.
  servedCountries: z.array(z.string().trim().max(8, "tooLong"), "invalid").max(MAX_SERVED_COUNTRIES, "tooMany").optional(),
});
export type CallRoutingInput = z.output<typeof callRoutingSchema>;
