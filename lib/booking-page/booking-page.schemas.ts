// What the booking page's routes read: the owner's settings, and a caller's day, code and booking.
import { z } from "zod";
import { calendarDaySchema, instantSchema } from "@/lib/platform/time/date-schemas";

/** Lower-case letters, digits and inner hyphens, 3 to 40 long: an address that reads well in a text. */
export const SLUG_PATTERN = /^[a-z0-9]([a-z0-9-]{1,38}[a-z0-9])$/;

export const bookingPageSettingsSchema = z.object({
  enabled: z.boolean({ error: "required" }),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(SLUG_PATTERN, "slugInvalid")
    .optional()
    .describe("The page's address after /b/; a new page without one takes the business's name."),
  textAfterHangUp: z
    .boolean({ error: "mustBeBoolean" })
    .optional()
    .describe("Text the page's link, unasked, to a caller who looked for a time and hung up before booking (off by default)."),
});

const date = calendarDaySchema();

export const bookingSlotsQuerySchema = z.object({
  date,
  service: z.string().trim().max(120).optional(),
  practitioner: z.uuid({ error: "invalid" }).optional(),
});

/** The page's language: the code's text, the confirmations and the reminder are in it (the request's, without one). */
const language = z.enum(["en", "fr", "es"]).optional();

export const bookingCodeSchema = z.object({
  phone: z.string().trim().min(1, "required").max(32),
  language,
});

export const bookingConfirmSchema = z.object({
  verificationId: z.uuid({ error: "invalid" }),
  smsCode: z.string().trim().min(1, "required").max(12),
  name: z.string().trim().min(1, "required").max(120),
  phone: z.string().trim().min(1, "required").max(32),
  // Optional: left empty, the confirmations go by text only.
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === "" || z.email().safeParse(v).success, "emailInvalid")
    .optional(),
  start: instantSchema(),
  service: z.string().trim().max(120).optional(),
  practitionerId: z.uuid({ error: "invalid" }).optional(),
  via: z.enum(["recall"]).optional(),
  // The caller ticked "you may call me the day before to confirm" (unticked unless they do).
  callConsent: z.boolean("mustBeBoolean").optional(),
  language,
});
