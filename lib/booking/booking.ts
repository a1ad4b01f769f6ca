// Booking against the owner's real availability. The database decides who wins a slot (the appointments_no_overlap
// exclusion constraint); the calendar is checked fresh just before, and the calendar event is written after the commit
// with an id derived from the appointment, so a retry can never create a second event. When the calendar call fails,
// the appointment stands and a durable job keeps trying (calendarSyncStatus says where it is).
import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isExclusionViolation, isUniqueViolation } from "@/db/errors";
import { appointments } from "@/db/schema";
import { durationFromSetting, freeSlots, isSlotFree, nearestFreeSlots, type Interval } from "@/lib/availability/availability";
import { calendarAccessFor, markCalendarRevoked } from "@/lib/calendar/calendar.service";

import type { SecretBox } from "@/lib/crypto/secret-box";
import { JOB, type JobQueue } from "@/lib/jobs/queue";
import { CalendarGrantRevokedError, type CalendarPort } from "@/lib/providers/calendar/port";
import type { Business, CallLanguage } from "@/lib/receptionist/business";
import { translate } from "@/lib/i18n/translate";
import { formatDateTime } from "@/lib/format/intl";
import { logger } from "@/lib/log/logger";

export type BookingDeps = { db: Db; calendar: CalendarPort; secrets: SecretBox; jobs: JobQueue; now?: () => Date };

/** Callers cannot book a slot starting within the next hour, nor more than 90 days ahead. */
export const MIN_NOTICE_MINUTES = 60;
export const HORIZON_DAYS = 90;
const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Appointment = typeof appointments.$inferSelect;

export class CalendarUnavailableError extends Error {
  constructor() {
    super("calendar unavailable");
    this.name = "CalendarUnavailableError";
  }
}

const clock = (deps: BookingDeps) => (deps.now ? deps.now() : new Date());

function rules(biz: Business, now: Date) {
  return {
    timeZone: biz.timeZone,
    workingHours: biz.workingHours,
    durationMinutes: durationFromSetting(biz.appointmentDuration),
    minNoticeMinutes: MIN_NOTICE_MINUTES,
    horizonDays: HORIZON_DAYS,
    now,
  };
}

/** Our own booked appointments plus the calendar's busy times over [from, to). */
export async function busyIntervals(
  deps: BookingDeps,
  biz: Business,
  from: Date,
  to: Date,
  opts: { ignore?: Interval; ignoreAppointmentId?: string; fresh?: boolean } = {},
): Promise<Interval[]> {
  const own = await deps.db
    .select({ start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, biz.userId),
        eq(appointments.status, "booked"),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
        opts.ignoreAppointmentId ? ne(appointments.id, opts.ignoreAppointmentId) : undefined,
      ),
    )
    .orderBy(asc(appointments.startsAt));
  let calendar: Interval[] = [];
  if (biz.calendar) {
    const access = { userId: biz.userId, refreshToken: deps.secrets.open(biz.calendar.refreshTokenEnc), calendarId: biz.calendar.calendarId };
    try {
      calendar = await calendarBusy(deps, access, { from, to, timeZone: biz.timeZone }, opts.fresh === true);
    } catch (e) {
      if (e instanceof CalendarGrantRevokedError) {
        await calendarRevoked(deps, biz.userId);
      } else {
        throw new CalendarUnavailableError();
      }
    }
  }
  // The appointment being moved still sits in the calendar at its old time: that time is not busy for its own move.
  if (opts.ignore) calendar = calendar.flatMap((b) => subtract(b, opts.ignore!));
  return [...own, ...calendar];
}

/**
 * The calendar's busy times, kept 30 s per owner and window for the availability questions of a call (the brief's
 * advice: a caller asking about three days should not cost three calendar round trips). Anything that books asks
 * fresh, and our own writes to the calendar drop the owner's entries.
 */
const BUSY_TTL_MS = 30_000;
const busyCache = new Map<string, { at: number; busy: Interval[] }>();

async function calendarBusy(
  deps: BookingDeps,
  access: { userId: string; refreshToken: string; calendarId: string },
  range: { from: Date; to: Date; timeZone: string },
  fresh: boolean,
): Promise<Interval[]> {
  const key = `${access.userId}|${range.from.getTime()}|${range.to.getTime()}`;
  const now = Date.now();
  const hit = busyCache.get(key);
  if (!fresh && hit && now - hit.at < BUSY_TTL_MS) return hit.busy;
  const busy = await deps.calendar.freeBusy(access, range);
  if (busyCache.size > 5_000) busyCache.clear();
  busyCache.set(key, { at: now, busy });
  return busy;
}

export function forgetCalendarBusy(userId: string): void {
  for (const key of busyCache.keys()) if (key.startsWith(`${userId}|`)) busyCache.delete(key);
}

function subtract(b: Interval, cut: Interval): Interval[] {
  if (cut.end <= b.start || cut.start >= b.end) return [b];
  const out: Interval[] = [];
  if (b.start < cut.start) out.push({ start: b.start, end: cut.start });
  if (cut.end < b.end) out.push({ start: cut.end, end: b.end });
  return out;
}

/** Free slots between from and to (clipped to notice and horizon), at most `limit`. */
export async function findSlots(deps: BookingDeps, biz: Business, from: Date, to: Date, limit = 200): Promise<Interval[]> {
  const now = clock(deps);
  const busy = await busyIntervals(deps, biz, from, to);
  return freeSlots({ ...rules(biz, now), from, to, busy, limit });
}

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
  let appointment: Appointment;
  try {
    const [row] = await deps.db
      .insert(appointments)
      .values({
        userId: biz.userId,
        patientName: req.patientName,
        patientPhone: req.patientPhone,
        patientEmail: req.patientEmail,
        reason: req.reason,
        startsAt: req.start,
        endsAt: end,
        status: "booked",
        source: "phone",
        language: req.language,
        bookingKey: req.bookingKey ?? null,
        callId: req.callId ?? null,
        calendarSyncStatus: biz.calendarConnected ? "pending" : "not_connected",
      })
      .returning();
    appointment = row!;
  } catch (e) {
    if (isExclusionViolation(e, "appointments_no_overlap") || isUniqueViolation(e, "appointments_booking_key_unique")) {
      // The same tool call delivered twice at once: the copy that lost is the same booking, not "taken".
      const existing = req.bookingKey ? await byBookingKey(deps.db, biz.userId, req.bookingKey) : undefined;
      if (existing) return { ok: true, appointment: existing, replayed: true };
      if (isExclusionViolation(e)) return { ok: false, reason: "taken", alternatives: await alternatives(deps, biz, req.start) };
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

/**
 * What follows any change, after the commit: the calendar (inline, so the owner sees it at once; on failure a job
 * retries), the caller's and owner's messages, and the reminder.
 */
export async function afterChange(
  deps: BookingDeps,
  biz: Business,
  appt: Appointment,
  kind: "confirmation" | "reschedule" | "cancellation",
): Promise<void> {
  if (biz.calendarConnected) {
    try {
      await syncAppointmentToCalendar(deps, biz, appt.id);
    } catch {
      await deps.db.update(appointments).set({ calendarSyncStatus: "retrying" }).where(eq(appointments.id, appt.id));
      await deps.jobs.send(JOB.calendarSync, { appointmentId: appt.id }, { singletonKey: `calendar:${appt.id}` });
    }
  }
  await deps.jobs.send(JOB.appointmentNotice, { appointmentId: appt.id, kind, version: appt.version });
  const remindAt = new Date(appt.startsAt.getTime() - REMINDER_BEFORE_MS);
  const remind = kind !== "cancellation" && remindAt.getTime() > clock(deps).getTime();
  if (remind) {
    // An older version's reminder still fires, finds the version changed and sends nothing.
    await deps.jobs.send(
      JOB.appointmentReminder,
      { appointmentId: appt.id, version: appt.version },
      { startAfter: remindAt, singletonKey: `reminder:${appt.id}:${appt.version}` },
    );
  }
  await deps.db.update(appointments).set({ reminderAt: remind ? remindAt : null }).where(eq(appointments.id, appt.id));
}

/**
 * afterChange once the change is committed: the booking stands whatever happens next, so a failure here (the queue
 * unreachable a moment) is logged rather than turned into "try again" for a caller whose slot is already theirs.
 */
export async function afterChangeSafely(
  deps: BookingDeps,
  biz: Business,
  appt: Appointment,
  kind: "confirmation" | "reschedule" | "cancellation",
): Promise<void> {
  try {
    await afterChange(deps, biz, appt, kind);
  } catch (e) {
    logger().error({ kind, appointmentId: appt.id, name: (e as Error).name }, "appointment follow-up failed");
  }
}

/** Google event ids are base32hex (0-9, a-v): "rc" + the appointment's hex digits, stable across retries. */
export function calendarEventIdFor(appointmentId: string): string {
  return `rc${appointmentId.replace(/-/g, "").toLowerCase()}`;
}

/**
 * Makes the calendar match the appointment as it is now: a booked one has its event at its time, a cancelled one has
 * none. Idempotent and order-independent, so the inline attempt and any number of job retries converge.
 */
export async function syncAppointmentToCalendar(deps: BookingDeps, biz: Business, appointmentId: string): Promise<void> {
  // Changed while we wrote (moved or cancelled meanwhile)? Once more with what it is now.
  for (let pass = 0; pass < 3; pass++) {
    const synced = await syncOnce(deps, biz, appointmentId);
    const now = await byId(deps.db, appointmentId);
    if (!synced || !now || (now.status === synced.status && now.version === synced.version)) return;
  }
}

async function syncOnce(deps: BookingDeps, biz: Business, appointmentId: string): Promise<Appointment | null> {
  const appt = await byId(deps.db, appointmentId);
  if (!appt) return null;
  // The grant read with the business (one query less on the call path), else from its table (jobs).
  const access = biz.calendar
    ? { userId: biz.userId, refreshToken: deps.secrets.open(biz.calendar.refreshTokenEnc), calendarId: biz.calendar.calendarId }
    : await calendarAccessFor(deps, biz.userId);
  if (!access) {
    await deps.db.update(appointments).set({ calendarSyncStatus: "not_connected" }).where(eq(appointments.id, appt.id));
    return null;
  }
  const eventId = appt.calendarEventId ?? calendarEventIdFor(appt.id);
  try {
    if (appt.status === "cancelled") {
      await deps.calendar.deleteEvent(access, eventId);
    } else {
      const event = {
        eventId,
        start: appt.startsAt,
        end: appt.endsAt,
        timeZone: biz.timeZone,
        summary: translate(biz.locale, "CalendarEvent.summary", { name: appt.patientName }),
        description: eventDescription(biz, appt),
        attendeeEmail: appt.patientEmail,
      };
      if (appt.calendarEventId) await deps.calendar.patchEvent(access, event);
      else await deps.calendar.insertEvent(access, event);
    }
  } catch (e) {
    if (e instanceof CalendarGrantRevokedError) {
      await calendarRevoked(deps, biz.userId);
      await deps.db.update(appointments).set({ calendarSyncStatus: "not_connected" }).where(eq(appointments.id, appt.id));
      return null;
    }
    throw e;
  }
  forgetCalendarBusy(biz.userId);
  await deps.db
    .update(appointments)
    .set({ calendarEventId: eventId, calendarSyncStatus: "synced" })
    .where(and(eq(appointments.id, appt.id), eq(appointments.version, appt.version), eq(appointments.status, appt.status)));
  return appt;
}

function eventDescription(biz: Business, a: Appointment): string {
  const t = (key: string, params: Record<string, string> = {}) => translate(biz.locale, `CalendarEvent.${key}`, params);
  const lines = [
    t(a.source === "phone" ? "bookedByPhone" : "bookedInDashboard"),
    t("patient", { name: a.patientName }),
    a.patientPhone ? t("phone", { phone: a.patientPhone }) : null,
    a.patientEmail ? t("email", { email: a.patientEmail }) : null,
    a.reason ? t("reason", { reason: a.reason }) : null,
    t("when", { when: formatDateTime(a.startsAt, biz.locale, biz.timeZone) }),
  ];
  return lines.filter(Boolean).join("\n");
}

/** The grant stopped working: the calendar shows as disconnected, and the owner gets one email saying so. */
async function calendarRevoked(deps: BookingDeps, userId: string): Promise<void> {
  if (await markCalendarRevoked(deps, userId)) await deps.jobs.send(JOB.calendarRevoked, { userId });
}

async function byId(db: Db, id: string): Promise<Appointment | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row;
}

async function byBookingKey(db: Db, userId: string, key: string): Promise<Appointment | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.bookingKey, key)))
    .limit(1);
  return row;
}
