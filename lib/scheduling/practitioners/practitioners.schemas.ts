// What the practitioners routes read: who appointments are with, the services they offer and their hours. Messages are
// keys of the "Validation" namespace.
import { z } from "zod";
import type { WorkingHours } from "@/db/schema";
import { workingHoursSchema } from "@/lib/accounts/account/accounts.schemas";
import { WEEKDAYS } from "@/lib/accounts/account/options";

/** A practice of two to ten is the common case; past this a list is no longer something a caller can choose from. */
export const MAX_PRACTITIONERS = 20;
export const MAX_SERVICES = 30;

const service = z.strictObject({
  name: z.string("required").trim().min(1, "required").max(100, "tooLong"),
  durationMinutes: z.number("durationInvalid").int("durationInvalid").min(5, "durationInvalid").max(480, "durationInvalid"),
});

const CLOSED = { isOpen: false, openTime: "09:00", closeTime: "17:00" } as const;

export const practitionerSchema = z.strictObject({
  name: z.string("required").trim().max(100, "tooLong").min(1, "required"),
  /** Empty (the default): every service of the practice, at its appointment length. */
  services: z
    .array(service)
    .max(MAX_SERVICES, "tooMany")
    .default([])
    .refine((list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length, "servicesRepeated"),
  /** Null (the default): the practice's hours. A day left out is a day off. */
  workingHours: workingHoursSchema
    .nullable()
    .default(null)
    .transform((w): WorkingHours | null => (w ? (Object.fromEntries(WEEKDAYS.map((d) => [d, w[d] ?? CLOSED])) as WorkingHours) : null)),
});
export type PractitionerInput = z.output<typeof practitionerSchema>;
