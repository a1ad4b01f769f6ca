// What the appointment routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/scheduling/appointments/appointments.service.ts.
import { z } from "zod";
import { CONFIRMATION_CHANNELS } from "@/db/schema";

const instant = z.iso.datetime({ offset: true });

export const appointmentResponse = z
  .strictObject({
    id: z.string(),
    practitionerId: z.string().describe("Who the appointment is with: one of the business's practitioners."),
    patientName: z.string(),
    patientEmail: z.string().nullable(),
    patientPhone: z.string().nullable().describe("The number the confirmations and reminders go to (E.164)."),
    callerPhone: z
      .string()
      .nullable()
      .describe("The number the caller rang from, when it is not patientPhone (E.164); null when it is the same or unknown."),
    callerName: z.string().nullable().describe("Who booked it, when not the patient (a parent for a child)."),
    notifyChannel: z
      .enum(CONFIRMATION_CHANNELS)
      .nullable()
      .describe("The phone channel the caller asked their texts by; null: the business's default (the profile's confirmationChannel)."),
    service: z.string().nullable().describe("The service booked, as the practice names it."),
    reason: z.string().nullable(),
    startsAt: instant,
    endsAt: instant,
    durationMinutes: z.number().int(),
    status: z.enum(["booked", "cancelled"]),
    source: z.enum(["phone", "dashboard", "page", "waitlist", "recall"]),
    calendarSyncStatus: z.string(),
    reminderAt: instant.nullable(),
    confirmedAt: instant.nullable().describe("When the caller confirmed (null: not confirmed, or moved since)."),
    confirmedBy: z.enum(["text", "phone"]).nullable().describe("How: by a text, or on a reminder call."),
    callConsent: z.boolean().describe("The caller agreed to a reminder call about it."),
    attendance: z
      .enum(["attended", "no_show"])
      .nullable()
      .describe("Whether the patient came, as the practice marked it once the appointment began; null: not marked."),
    changedBy: z
      .string()
      .nullable()
      .describe("Who last booked or cancelled it, when a member of the practice or an API key (by its name) did; null otherwise."),
    createdAt: instant,
  })
  .meta({ title: "Appointment" });

export const appointmentListResponse = z.strictObject({
  upcoming: z.array(appointmentResponse),
  past: z.array(appointmentResponse),
  timeZone: z.string().describe("The business's IANA zone, which the times are shown in."),
});
