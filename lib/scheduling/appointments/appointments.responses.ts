// What the appointment routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/scheduling/appointments/appointments.service.ts.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const appointmentResponse = z
  .strictObject({
    id: z.string(),
    practitionerId: z.string().describe("Who the appointment is with: one of the business's practitioners."),
    patientName: z.string(),
    patientEmail: z.string().nullable(),
    patientPhone: z.string().nullable(),
    reason: z.string().nullable(),
    startsAt: instant,
    endsAt: instant,
    durationMinutes: z.number().int(),
    status: z.enum(["booked", "cancelled"]),
    source: z.enum(["phone", "dashboard", "page", "waitlist", "recall"]),
    calendarSyncStatus: z.string(),
    reminderAt: instant.nullable(),
    confirmedAt: instant.nullable().describe("When the caller confirmed by text (null: not confirmed, or moved since)."),
    createdAt: instant,
  })
  .meta({ title: "Appointment" });

export const appointmentListResponse = z.strictObject({
  upcoming: z.array(appointmentResponse),
  past: z.array(appointmentResponse),
  timeZone: z.string().describe("The business's IANA zone, which the times are shown in."),
});
