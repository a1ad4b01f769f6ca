// The owner's side of reminder calls: the settings (off by default) and the list of calls with their outcomes.
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, reminderCalls, reminderCallSettings } from "@/db/schema";
import type { ReminderCallSettingsInput } from "./reminder-calls.schemas";

export const DEFAULT_REMINDER_SETTINGS = { enabled: false, hoursBefore: 24 };

export async function reminderCallSettingsOf(db: Db, userId: string): Promise<ReminderCallSettingsInput> {
  const [row] = await db
    .select({ enabled: reminderCallSettings.enabled, hoursBefore: reminderCallSettings.hoursBefore })
    .from(reminderCallSettings)
    .where(eq(reminderCallSettings.userId, userId))
    .limit(1);
  return row ?? DEFAULT_REMINDER_SETTINGS;
}

export async function saveReminderCallSettings(
  db: Db,
  userId: string,
  input: ReminderCallSettingsInput,
): Promise<ReminderCallSettingsInput> {
  const [row] = await db
    .insert(reminderCallSettings)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: reminderCallSettings.userId, set: { ...input, updatedAt: new Date() } })
    .returning({ enabled: reminderCallSettings.enabled, hoursBefore: reminderCallSettings.hoursBefore });
  return row!;
}

/** The practice's reminder calls, the latest first. */
export async function listReminderCalls(db: Db, userId: string) {
  const rows = await db
    .select({ call: reminderCalls, startsAt: appointments.startsAt, patientName: appointments.patientName })
    .from(reminderCalls)
    .leftJoin(appointments, eq(appointments.id, reminderCalls.appointmentId))
    .where(eq(reminderCalls.userId, userId))
    .orderBy(desc(reminderCalls.createdAt), desc(reminderCalls.id))
    .limit(200);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    calls: rows.map(({ call: c, startsAt, patientName }) => ({
      id: c.id,
      appointmentId: c.appointmentId,
      phone: c.phone,
      status: c.status,
      skipReason: c.skipReason,
      attempts: c.attempts,
      nextAttemptAt: iso(c.nextAttemptAt),
      placedAt: iso(c.placedAt),
      endedAt: iso(c.endedAt),
      durationSeconds: c.durationSeconds,
      appointmentStartsAt: iso(startsAt),
      patientName,
    })),
  };
}
