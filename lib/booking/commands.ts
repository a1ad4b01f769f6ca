// The booking commands (book, reschedule, cancel) every source goes through. The database decides who wins a slot
// (the appointments_no_overlap exclusion constraint); the calendar is checked fresh just before.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { isExclusionViolation, isUniqueViolation } from "@/db/errors";
import { appointments } from "@/db/schema";
import { isSlotFree, nearestFreeSlots, type Interval } from "@/lib/availability/availability";
import type { Business, CallLanguage } from "@/lib/business/business";
import { type Appointment, type BookingDeps, DAY_MS, byBookingKey, byId, clock, rules } from "./core";
import { busyIntervals } from "./busy-time";
import { afterChangeSafely } from "./follow-ups";

export type BookingRequest = {
  start: Date;
  patientName: string;
  patientPhone: string | null;
  patientEmail: string | null;
  reason: string | null;
  language: CallLanguage;
  /** The tool call that asked: a retried call returns the same booking. */
  bookingKey?: string | null;
  callId?: string | null;
};

export type BookingOutcome =
  | { ok: true; appointment: Appointment; replayed: boolean }
  | { ok: false; reason: "taken" | "unavailable"; alternatives: Interval[] };

async function alternatives(deps: BookingDeps, biz: Business, around: Date, ignoreAppointmentId?: string): Promise<Interval[]> {
  const now = clock(deps);
  const from = new Date(Math.max(now.getTime(), around.getTime() - 7 * DAY_MS));
  const to = new Date(around.getTime() + 7 * DAY_MS);
  const busy = await busyIntervals(deps, biz, from, to, { ignoreAppointmentId });
  return nearestFreeSlots({ ...rules(biz, now), busy, around, count: 3 });
}

/** A phone booking: inside working hours, with notice, free in the calendar and in our table. */
export async function bookByPhone(deps: BookingDeps, biz: Business, req: BookingRequest): Promise<BookingOutcome> {
  if (req.bookingKey) {
    const existing = await byBookingKey(deps.db, biz.userId, req.bookingKey);
    if (existing) return { ok: true, appointment: existing, replayed: true };
  }
  const now = clock(deps);
  const r = rules(biz, now);
  const end = new Date(req.start.getTime() + r.durationMinutes * 60_000);
  if (!isSlotFree({ ...r, busy: [], start: req.start })) {
    return { ok: false, reason: "unavailable", alternatives: await alternatives(deps, biz, req.start) };
  }
  const busy = await busyIntervals(deps, biz, new Date(req.start.getTime() - DAY_MS), new Date(end.getTime() + DAY_MS), { fresh: true });
  if (!isSlotFree({ ...r, busy, start: req.start })) {
    return { ok: false, reason: "taken", alternatives: await alternatives(deps, biz, req.start) };
  }
  const inserted = await insertBooking(deps, biz, { ...req, end, source: "phone" });
  if (!inserted.ok) return { ok: false, reason: "taken", alternatives: await alternatives(deps, biz, req.start) };
  return inserted;
}

/** Where a booking comes from. Its checks differ (a caller books with notice inside working hours, free in the calendar; the owner anywhere not taken); the insert and what follows it do not. */
export type BookingSource = "phone" | "dashboard";

export type NewBooking = BookingRequest & { end: Date; source: BookingSource };

/**
 * The one insert every booking goes through, whatever its source: the database refuses an overlap (the exclusion
 * constraint) and a booking key seen before (the same tool call delivered twice: that copy is the same booking, not
 * "taken"); the calendar, the messages and the reminder follow after the commit.
 */
export async function insertBooking(
  deps: BookingDeps,
  biz: Business,
  b: NewBooking,
): Promise<{ ok: true; appointment: Appointment; replayed: boolean } | { ok: false; reason: "taken" }> {
  let appointment: Appointment;
  try {
    const [row] = await deps.db
      .insert(appointments)
      .values({
        userId: biz.userId,
        patientName: b.patientName,
        patientPhone: b.patientPhone,
        patientEmail: b.patientEmail,
        reason: b.reason,
        startsAt: b.start,
        endsAt: b.end,
        status: "booked",
        source: b.source,
        language: b.language,
        bookingKey: b.bookingKey ?? null,
        callId: b.callId ?? null,
        calendarSyncStatus: biz.calendarConnected ? "pending" : "not_connected",
      })
      .returning();
    appointment = row!;
  } catch (e) {
    if (isExclusionViolation(e, "appointments_no_overlap") || isUniqueViolation(e, "appointments_booking_key_unique")) {
      const existing = b.bookingKey ? await byBookingKey(deps.db, biz.userId, b.bookingKey) : undefined;
      if (existing) return { ok: true, appointment: existing, replayed: true };
      if (isExclusionViolation(e)) return { ok: false, reason: "taken" };
    }
    throw e;
  }
  await afterChangeSafely(deps, biz, appointment, "confirmation");
  return { ok: true, appointment, replayed: false };
}

export type RescheduleOutcome =
  | { ok: true; appointment: Appointment }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "taken" | "unavailable"; alternatives: Interval[] };

/** Moves a booked appointment (of this caller, when a caller number is given) to a new start. */
export async function rescheduleByPhone(
  deps: BookingDeps,
  biz: Business,
  appointmentId: string,
  start: Date,
  callerPhone: string | null,
): Promise<RescheduleOutcome> {
  const current = await byId(deps.db, appointmentId);
  if (!current || current.userId !== biz.userId || current.status !== "booked") return { ok: false, reason: "notFound" };
  if (callerPhone !== null && current.patientPhone !== callerPhone) return { ok: false, reason: "notFound" };
  // Asked again for the time it already has (a retried tool call): nothing moves, nobody is told twice.
  if (current.startsAt.getTime() === start.getTime()) return { ok: true, appointment: current };
  const now = clock(deps);
  const r = rules(biz, now);
  const duration = current.endsAt.getTime() - current.startsAt.getTime();
  const end = new Date(start.getTime() + duration);
  if (!isSlotFree({ ...r, durationMinutes: duration / 60_000, busy: [], start })) {
    return { ok: false, reason: "unavailable", alternatives: await alternatives(deps, biz, start, current.id) };
  }
  const busy = await busyIntervals(deps, biz, new Date(start.getTime() - DAY_MS), new Date(end.getTime() + DAY_MS), {
    ignore: { start: current.startsAt, end: current.endsAt },
    ignoreAppointmentId: current.id,
    fresh: true,
  });
  if (!isSlotFree({ ...r, durationMinutes: duration / 60_000, busy, start })) {
    return { ok: false, reason: "taken", alternatives: await alternatives(deps, biz, start, current.id) };
  }
  let moved: Appointment | undefined;
  try {
    [moved] = await deps.db
      .update(appointments)
      .set({
        startsAt: start,
        endsAt: end,
        version: sql`${appointments.version} + 1`,
        calendarSyncStatus: biz.calendarConnected ? "pending" : "not_connected",
        updatedAt: now,
      })
      .where(and(eq(appointments.id, current.id), eq(appointments.status, "booked")))
      .returning();
  } catch (e) {
    if (isExclusionViolation(e, "appointments_no_overlap")) {
      return { ok: false, reason: "taken", alternatives: await alternatives(deps, biz, start, current.id) };
    }
    throw e;
  }
  if (!moved) return { ok: false, reason: "notFound" };
  await afterChangeSafely(deps, biz, moved, "reschedule");
  return { ok: true, appointment: (await byId(deps.db, moved.id)) ?? moved };
}

/** Cancels a booked appointment; the calendar event goes and the caller is told. Null when there is nothing to cancel. */
export async function cancelBooked(
  deps: BookingDeps,
  biz: Business,
  appointmentId: string,
  callerPhone: string | null,
): Promise<Appointment | null> {
  const mine = and(
    eq(appointments.id, appointmentId),
    eq(appointments.userId, biz.userId),
    eq(appointments.status, "booked"),
    callerPhone !== null ? eq(appointments.patientPhone, callerPhone) : undefined,
  );
  const [cancelled] = await deps.db
    .update(appointments)
    .set({ status: "cancelled", calendarSyncStatus: biz.calendarConnected ? "pending" : "not_connected", updatedAt: clock(deps) })
    .where(mine)
    .returning();
  if (!cancelled) return null;
  await afterChangeSafely(deps, biz, cancelled, "cancellation");
  return (await byId(deps.db, cancelled.id)) ?? cancelled;
}

/** The caller's upcoming booked appointments with this business. */
export async function upcomingForCaller(deps: BookingDeps, userId: string, phone: string): Promise<Appointment[]> {
  return deps.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        eq(appointments.patientPhone, phone),
        eq(appointments.status, "booked"),
        gt(appointments.endsAt, clock(deps)),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(10);
}
