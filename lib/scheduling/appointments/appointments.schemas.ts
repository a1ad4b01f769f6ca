// zod schema shared by POST /api/appointments and the dashboard's booking form. Messages are keys of the "Validation"
// namespace; the checks that need the business's time zone or the clock (DST gap, start in the past) are the service's.
import { z } from "zod";
import { emailSchema, phoneSchema } from "@/lib/accounts/account/accounts.schemas";
import { instantInRange } from "@/lib/platform/time/date-schemas";
import { isCalendarDate } from "@/lib/platform/time/zoned-time";

export const MIN_DURATION_MINUTES = 5;
export const MAX_DURATION_MINUTES = 480;

/** "", null and absent all mean "none"; anything else must be a valid email. */
const optionalEmailSchema = z
  .union([z.string().trim().max(254), z.null()])
  .optional()
  .transform((v) => v || null)
  .pipe(z.union([z.null(), emailSchema]));

const optionalTextSchema = (max: number) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((v) => v || null);

/** Whole minutes, as a JSON number or the string a form input gives ("30"). */
const durationSchema = z
  // No transform inside the union: zod reports a failed branch's own message ("durationInvalid") only if that branch
  // did not abort, and a pipe that fails aborts.
  .union([z.number(), z.string().trim().min(1, "required").regex(/^\d+$/, "durationInvalid")])
  .transform(Number)
  .pipe(z.number().int("durationInvalid").min(MIN_DURATION_MINUTES, "durationInvalid").max(MAX_DURATION_MINUTES, "durationInvalid"));

export const createAppointmentSchema = z.object({
  patientName: z.string().trim().min(1, "required").max(120),
  /** Who booked it, when not the patient (a parent for a child): the texts and the caller's page name both. */
  callerName: optionalTextSchema(120),
  patientEmail: optionalEmailSchema,
  patientPhone: phoneSchema.transform((v) => v ?? null),
  reason: optionalTextSchema(500),
  /**
   * Wall-clock date and time in the business's time zone (users.time_zone). Any year: the booking's own checks ("in the
   * future", at most two years ahead) refuse a far day in clearer words than the request-wide year range.
   */
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "dateInvalid")
    .refine(isCalendarDate, "dateInvalid"),
  time: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "timeInvalid"),
  duration: durationSchema,
  /** Who with (GET /api/practitioners); left out: the first of the practice's practitioners free then. */
  practitionerId: z.uuid("practitionerInvalid").optional(),
  /** The patient agreed to a reminder call about it (asked by the owner; never assumed). Needs their phone. */
  callConsent: z.boolean("mustBeBoolean").optional(),
});
export type CreateAppointmentInput = z.output<typeof createAppointmentSchema>;

/** An instant or a calendar date, ISO 8601 ("2026-03-10", "2026-03-10T09:00:00Z", "…+01:00"). */
const instantParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/, "dateInvalid")
  .transform((raw) => new Date(raw))
  .refine((d) => !Number.isNaN(d.getTime()), "dateInvalid")
  .refine(instantInRange, "dateOutOfRange")
  .describe("ISO 8601 date or instant.");

/** The appointment list's query string: `?from=` and `?to=` narrow it to starts in [from, to), `?practitionerId=` to one practitioner. */
export const appointmentRangeQuerySchema = z.object({
  from: instantParam.optional(),
  to: instantParam.optional(),
  practitionerId: z.uuid("practitionerInvalid").optional().describe("Only the appointments with this practitioner."),
});

/**
 * Who an appointment goes to: another practitioner of the practice, at the same time. notifyCaller: the patient is
 * texted that it is now with them, the time unchanged; off unless the owner asks, so nothing goes out unseen.
 */
/** Whether the patient came: marked once the appointment has begun; null unmarks it. */
export const attendanceSchema = z.strictObject({ attendance: z.enum(["attended", "no_show"], "attendanceInvalid").nullable() });

export const reassignAppointmentSchema = z.object({ practitionerId: z.uuid(), notifyCaller: z.boolean().default(false) });
