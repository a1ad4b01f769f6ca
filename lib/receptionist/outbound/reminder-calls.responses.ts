// What the reminder-call routes answer, as zod schemas for the route declarations' `response`, written from
// reminder-calls.service.ts.
import { z } from "zod";
import { REMINDER_CALL_STATUSES, REMINDER_SKIP_REASONS } from "@/db/schema";

const instant = z.iso.datetime({ offset: true });

export const reminderCallSettingsResponse = z
  .strictObject({
    enabled: z.boolean().describe("Reminder calls are placed (off until the owner turns them on)."),
    hoursBefore: z.number().int().describe("How many hours before an appointment its reminder call is placed (2 to 72)."),
  })
  .meta({ title: "ReminderCallSettings" });

export const reminderCallsResponse = z
  .strictObject({
    calls: z
      .array(
        z.strictObject({
          id: z.uuid(),
          appointmentId: z.uuid(),
          phone: z.string().describe("E.164: the number called."),
          status: z.enum(REMINDER_CALL_STATUSES).describe('What the call came to, or "scheduled" / "calling" before.'),
          skipReason: z.enum(REMINDER_SKIP_REASONS).nullable().describe("Why it was not placed, for a skipped one."),
          attempts: z.number().int().describe("Tries placed (two at most, three hours apart)."),
          nextAttemptAt: instant.nullable().describe("When the next try is due; null: none waits."),
          placedAt: instant.nullable(),
          endedAt: instant.nullable(),
          durationSeconds: z.number().int().nullable(),
          appointmentStartsAt: instant.nullable().describe("When the appointment is (null once it is erased)."),
          patientName: z.string().nullable(),
        }),
      )
      .describe("The practice's reminder calls, the latest first (at most 200)."),
  })
  .meta({ title: "ReminderCalls" });

export const sandboxReminderRunResponse = z
  .strictObject({ placed: z.number().int().describe("Calls placed by this run.") })
  .meta({ title: "SandboxReminderRun" });
