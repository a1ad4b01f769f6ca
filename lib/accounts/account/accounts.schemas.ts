// zod schemas shared by the API routes and the forms (accounts.forms.ts). Messages are keys of the "Validation" namespace.
import { z } from "zod";
import type { DayHours } from "@/db/schema";
import {
  APPOINTMENT_DURATIONS,
  BUSINESS_SIZES,
  BUSINESS_TYPES,
  CLOCK_FORMAT_OPTIONS,
  CONFIRMATION_CHANNEL_OPTIONS,
  MAX_DAY_RANGES,
  MAX_SELF_SERVICE_CUTOFF_HOURS,
  SPECIALTIES,
  WEEKDAYS,
} from "./options";

const text = (max: number) => z.string().trim().max(max);
/** Optional free text: "" and null clear the field. */
const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

export const emailSchema = z.string().trim().toLowerCase().min(1, "required").max(254).pipe(z.email("emailInvalid"));
export const newPasswordSchema = z.string().min(1, "passwordRequired").min(8, "passwordMin").max(200);
export const fullNameSchema = z.string().trim().min(1, "fullNameRequired").max(120);
// A shape check only (digits and the usual separators, "(212) 555-0142" included), shared with the browser's forms: the
// server reads the number for real in the business's country and stores it in E.164 (lib/platform/phone).
export const phoneSchema = z
  .union([
    z
      .string()
      .trim()
      .max(32)
      .regex(/^$|^\+?[0-9(][0-9 ().\/-]{2,30}$/, "phoneInvalid"),
    z.null(),
  ])
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeInvalid");
export { MAX_DAY_RANGES };
const rangeSchema = z.object({ openTime: hhmm, closeTime: hhmm });
const openDay = z.object({
  isOpen: z.boolean().optional(),
  openTime: hhmm,
  closeTime: hhmm,
  ranges: z.array(rangeSchema).max(MAX_DAY_RANGES, "tooManyRanges").optional(),
});
// A day is {isOpen, openTime, closeTime, ranges?}; the setup wizard sends null for a closed day and {openTime, closeTime}
// for an open one. With ranges, openTime/closeTime are rewritten from them (the first opening, the last closing), so a
// reader of the two fields alone never sees the practice open earlier or later than it is.
const daySchema = z
  .union([openDay, z.null()])
  .transform((d): DayHours => {
    if (d === null) return { isOpen: false, openTime: "09:00", closeTime: "17:00" };
    const isOpen = d.isOpen ?? true;
    if (!d.ranges || d.ranges.length <= 1) {
      const only = d.ranges?.[0] ?? d;
      return { isOpen, openTime: only.openTime, closeTime: only.closeTime };
    }
    const ranges = [...d.ranges]
      .sort((a, b) => a.openTime.localeCompare(b.openTime))
      .map((r) => ({ openTime: r.openTime, closeTime: r.closeTime }));
    return { isOpen, openTime: ranges[0]!.openTime, closeTime: ranges[ranges.length - 1]!.closeTime, ranges };
  })
  .refine((d) => !d.isOpen || d.openTime < d.closeTime, { message: "closeAfterOpen" })
  .refine((d) => !d.isOpen || (d.ranges ?? []).every((r) => r.openTime < r.closeTime), { message: "closeAfterOpen" })
  .refine((d) => !d.isOpen || (d.ranges ?? []).every((r, i, all) => i === 0 || all[i - 1]!.closeTime < r.openTime), {
    message: "rangesOverlap",
  });

export const workingHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, daySchema.optional()])) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<typeof daySchema>>,
);

export const servicesSchema = z
  .union([z.array(z.string().max(100)).max(50), z.string().max(5000)])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string()).max(50));

const timeZoneSchema = z.string().refine(isTimeZone, "timeZoneInvalid");

/** The business fields shared by registration and the profile update. */

/** Whole hours, as a JSON number or the string a form input gives ("24"). */
const selfServiceCutoffSchema = z
  .union([z.number(), z.string().trim().min(1, "required").regex(/^\d+$/, "cutoffInvalid")])
  .transform(Number)
  .pipe(z.number().int("cutoffInvalid").min(0, "cutoffInvalid").max(MAX_SELF_SERVICE_CUTOFF_HOURS, "cutoffInvalid"));

const businessFields = {
  phone: phoneSchema,
  businessName: optionalText(160),
  businessType: z.enum(BUSINESS_TYPES).nullable().optional(),
  specialty: z.enum(SPECIALTIES).nullable().optional(),
  businessSize: z.enum(BUSINESS_SIZES).nullable().optional(),
  businessAddress: optionalText(300),
  serviceFrequency: optionalText(100),
  services: servicesSchema.optional(),
  workingHours: workingHoursSchema.optional(),
  appointmentDuration: z.enum(APPOINTMENT_DURATIONS).optional(),
  selfServiceCutoffHours: selfServiceCutoffSchema.optional(),
  aiInstructions: optionalText(4000),
  timeZone: timeZoneSchema.optional(),
  locale: z.enum(["en", "fr", "es"]).optional(),
};

export const registerSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  fullName: fullNameSchema,
  ...businessFields,
});
export type RegisterInput = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "required").max(254),
  password: z.string().min(1, "passwordRequired").max(200),
});

export const updateProfileSchema = z.object({
  fullName: fullNameSchema.optional(),
  email: emailSchema.optional(),
  ...businessFields,
  /** How callers' confirmations and reminders go to their phone unless a caller asks for one channel. */
  confirmationChannel: z.enum(CONFIRMATION_CHANNEL_OPTIONS, "confirmationChannelInvalid").optional(),
  /** How times are said in English: on a 12-hour clock ("2:30 PM") or a 24-hour one ("14:30"). */
  clockFormat: z.enum(CLOCK_FORMAT_OPTIONS, "clockFormatInvalid").optional(),
});
export type ProfileUpdate = z.output<typeof updateProfileSchema>;

/** The account's language alone: the header's language switch. Missing is "required", anything else "invalid". */
export const accountLocaleSchema = z.object({
  locale: z.enum(["en", "fr", "es"], { error: (issue) => (issue.input === undefined ? "required" : "invalid") }),
});

export const updatePasswordSchema = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: newPasswordSchema,
});

export const updateWorkingHoursSchema = z.object({ workingHours: workingHoursSchema });

export const completeSetupSchema = z.object({
  token: z.string().trim().min(1).max(200),
  // The name validate-setup-token gave back: blank for an account a checkout created without one (the wizard's next
  // step, Your Information, asks for it and requires it).
  name: z.string().trim().max(120).default(""),
  password: newPasswordSchema,
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

/**
 * The password under registration's rules. `confirmPassword` is optional (an API client may send the password once);
 * when sent, it must match, as in every form that asks for it twice.
 */
export const resetPasswordSchema = z
  .object({
    token: z.string().trim().min(1).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "passwordsMismatch" });
  });

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz.length <= 64;
  } catch {
    return false;
  }
}

/** A setup step the owner went through (POST /api/account/setup). */
export const setupStepSchema = z.object({ step: z.enum(["information", "workingHours"], "invalid") });
