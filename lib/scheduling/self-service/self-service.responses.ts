// What the self-service routes answer, written from lib/scheduling/self-service/self-service.service.ts.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const selfServiceViewResponse = z
  .strictObject({
    businessName: z.string(),
    businessPhone: z.string().nullable(),
    businessAddress: z.string().nullable(),
    country: z
      .string()
      .nullable()
      .describe("The caller's country (their number's), to write the business's number as they dial it; null: international form."),
    timeZone: z.string(),
    startsAt: instant,
    endsAt: instant,
    durationMinutes: z.number().int(),
    status: z.enum(["booked", "cancelled"]),
    patientFirstName: z.string(),
    bookedByFirstName: z
      .string()
      .nullable()
      .describe("The first name of who booked it when that is not the patient (a parent for a child); null: the patient did."),
    purpose: z
      .string()
      .nullable()
      .describe("What it is for: the service booked; null when none was (the reason given is health data and is not shown here)."),
    practitioner: z.string().nullable().describe("Who it is with, in a practice of several practitioners; null in a practice of one."),
    language: z.enum(["en", "fr", "es"]),
    changeable: z.boolean(),
    closedReason: z.enum(["cancelled", "started", "cutoff"]).nullable(),
    changeUntil: instant.nullable(),
    cutoffHours: z.number().int(),
  })
  .meta({ title: "SelfServiceAppointment" });

export const selfServiceSlotsResponse = z.strictObject({
  date: z.string(),
  day: z
    .strictObject({
      kind: z.enum(["open", "special", "closure", "weekly"]),
      reason: z.string().nullable(),
      open: z.string().nullable(),
      close: z.string().nullable(),
    })
    .describe(
      "Whether the business is open that day: its usual hours, special hours, a closure (with the owner's reason), or closed that weekday every week; open and close are HH:mm.",
    ),
  slots: z.array(z.strictObject({ start: instant, end: instant })),
});
