// Giving an appointment to another practitioner of the practice, at the same time: the owner's decision (a colleague
// away, a practitioner leaving), under the dashboard's rules. The database still refuses an overlap with the new
// practitioner's appointments and a practitioner no longer in the practice; the appointment leaves the old
// practitioner's calendar and goes into the new one's. The caller is told who it is with now only when the owner
// chooses to (a text nobody asked for about a time that has not moved reads as a change the caller must act on).
import { and, eq, sql } from "drizzle-orm";
import { againAfterDeadlock, isExclusionViolation } from "@/db/errors";
import { appointments } from "@/db/schema";
import type { Business } from "@/lib/accounts/business/business";
import { logger } from "@/lib/platform/log/logger";
import { type Appointment, type BookingDeps, byId, calendarAccessOf, calendarOf, clock } from "./core";
import { forgetCalendarBusy } from "./busy-time";
import { calendarEventIdFor } from "./calendar-sync";
import { type Refusal, SOURCE_RULES, isPractitionerGone, outOfRules } from "./commands";
import { afterChangeSafely } from "./follow-ups";

export type ReassignOutcome =
  { ok: true; appointment: Appointment } | { ok: false; reason: "notFound" | "practitionerNotFound" } | { ok: false; reason: Refusal };

export async function reassign(
  deps: BookingDeps,
  biz: Business,
  cmd: { appointmentId: string; practitionerId: string; version?: number; notifyCaller?: boolean },
): Promise<ReassignOutcome> {
  const current = await byId(deps.db, cmd.appointmentId);
  if (!current || current.userId !== biz.userId || current.status !== "booked") return { ok: false, reason: "notFound" };
  if (cmd.version !== undefined && current.version !== cmd.version) return { ok: false, reason: "notFound" };
  const target = biz.practitioners.find((p) => p.id === cmd.practitionerId);
  if (!target) return { ok: false, reason: "practitionerNotFound" };
  if (current.practitionerId === target.id) return { ok: true, appointment: current };
  const now = clock(deps);
  const minutes = (current.endsAt.getTime() - current.startsAt.getTime()) / 60_000;
  // Their own closures count, as for a booking made here; an appointment already past stays with whoever saw the caller.
  const refusal = outOfRules(SOURCE_RULES.dashboard, biz, target, current.startsAt, minutes, now);
  if (refusal) return { ok: false, reason: refusal };
  let moved: Appointment | undefined;
  try {
    [moved] = await againAfterDeadlock(() =>
      deps.db
        .update(appointments)
        .set({
          practitionerId: target.id,
          version: sql`${appointments.version} + 1`,
          // A new calendar gets a new event; the old one is deleted below.
          calendarEventId: null,
          calendarSyncStatus: calendarOf(biz, target.id) ? "pending" : "not_connected",
          updatedAt: now,
        })
        .where(and(eq(appointments.id, current.id), eq(appointments.status, "booked"), eq(appointments.version, current.version)))
        .returning(),
    );
  } catch (e) {
    if (isExclusionViolation(e, "appointments_no_overlap")) return { ok: false, reason: "taken" };
    if (isPractitionerGone(e)) return { ok: false, reason: "practitionerNotFound" };
    throw e;
  }
  if (!moved) return { ok: false, reason: "notFound" };
  await leaveOldCalendar(deps, biz, current);
  await afterChangeSafely(deps, biz, moved, "reschedule", current, cmd.notifyCaller ? "reassignment" : null);
  return { ok: true, appointment: (await byId(deps.db, moved.id)) ?? moved };
}

/**
 * The event the old practitioner's calendar held for it goes, best effort: left there, it only shows them busy at a
 * time that is no longer theirs, which they can delete; the appointment itself has moved on.
 */
async function leaveOldCalendar(deps: BookingDeps, biz: Business, before: Appointment): Promise<void> {
  const grant = calendarOf(biz, before.practitionerId);
  if (!grant) return;
  try {
    // Without a kept id, the one a write still under way would have used (ours: an id the provider never gave is gone).
    const eventId = before.calendarEventId ?? calendarEventIdFor(before.id);
    await deps.calendar.deleteEvent(calendarAccessOf(deps, biz.userId, before.practitionerId, grant), eventId);
    forgetCalendarBusy(before.practitionerId);
  } catch (e) {
    logger().warn({ appointmentId: before.id, name: (e as Error).name }, "old calendar event left after a reassignment");
  }
}
