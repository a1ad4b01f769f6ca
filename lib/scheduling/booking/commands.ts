// The booking commands every source goes through: book, reschedule, cancel. What a source may do is its rules
// (SOURCE_RULES, below); everything else is shared. The database decides who wins a slot (the appointments_no_overlap
// exclusion constraint); a source that must respect the calendar reads it fresh just before. After the commit, the
// calendar event is written with an id derived from the appointment (a retry never creates a second event), and when
// that fails the appointment stands and a durable job keeps trying (follow-ups.ts, calendar-sync.ts).
import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { FOREIGN_KEY_VIOLATION, againAfterDeadlock, isExclusionViolation, isUniqueViolation, pgError } from "@/db/errors";
import { appointments, type ConfirmationChannel } from "@/db/schema";
import { inClosure, isSlotFree, nearestFreeAmong, seatsFreeAt, type Interval } from "@/lib/scheduling/availability/availability";
import { recordBookingConflict } from "@/lib/platform/metrics/metrics";
import type { ActorRecord } from "@/lib/accounts/audit/audit";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { PractitionerRow } from "@/lib/accounts/business/tenant";
import { type Appointment, type BookingDeps, DAY_MS, byBookingKey, byId, clock, calendarOf, rules, rulesFor, serviceLength } from "./core";
import { agendaOf } from "./busy-time";
import { logOf } from "./change-log";
import { afterChangeSafely } from "./follow-ups";

/** Where a booking comes from: a caller on the phone, or the owner in the dashboard (stored on the appointment). */
export type BookingSource = Appointment["source"];

/**
 * Who changes an appointment: a booking source, or the caller on their own, under the same rules as on the phone: by
 * answering our text ("text": their number must be the appointment's), or through the self-service link ("link": the
 * signed link, which names one appointment, is the proof; an appointment booked with an email only has no number).
 */
export type ChangeSource = BookingSource | "text" | "link";

type SourceRules = {
  /**
   * When a start may be. "offered": only a start the availability engine would offer a caller (on the grid of the
   * appointment length, inside working hours, MIN_NOTICE_MINUTES ahead, within HORIZON_DAYS). "future": any time after
   * now up to FAR_AHEAD_MS; the owner knows their day.
   */
  starts: "offered" | "future";
  /** A new appointment lasts the business's appointment length, or the length the booker asks for. */
  length: "setting" | "asked";
  /** The calendar's busy times, read fresh, must leave the slot free (our own bookings always must: the database). */
  checksCalendar: boolean;
  /** A refusal comes with the nearest free times (a caller hears them; the dashboard shows its own calendar). */
  offersAlternatives: boolean;
  /** Only the caller's own appointments (their number is the appointment's phone) may be moved or cancelled. */
  callersOwnOnly: boolean;
};

/** A bound the database can always store (year 9999 plus a length would not be), and a sane horizon for the owner. */
export const FAR_AHEAD_MS = 2 * 366 * DAY_MS;

export const SOURCE_RULES: Record<ChangeSource, SourceRules> = {
  phone: { starts: "offered", length: "setting", checksCalendar: true, offersAlternatives: true, callersOwnOnly: true },
  text: { starts: "offered", length: "setting", checksCalendar: true, offersAlternatives: true, callersOwnOnly: true },
  link: { starts: "offered", length: "setting", checksCalendar: true, offersAlternatives: true, callersOwnOnly: false },
  dashboard: { starts: "future", length: "asked", checksCalendar: false, offersAlternatives: false, callersOwnOnly: false },
  // The booking page (and the page opened from a recall text): a caller on their own, who proved their number first.
  page: { starts: "offered", length: "setting", checksCalendar: true, offersAlternatives: true, callersOwnOnly: true },
  recall: { starts: "offered", length: "setting", checksCalendar: true, offersAlternatives: true, callersOwnOnly: true },
  // A freed slot offered by text: exactly that slot or nothing (the others offered it are told it is gone).
  waitlist: { starts: "offered", length: "setting", checksCalendar: true, offersAlternatives: false, callersOwnOnly: true },
};

/**
 * Why a booking or a move was refused. "unavailable": not a start the source's rules allow ("offered" sources);
 * "past", "tooFar": outside now..FAR_AHEAD_MS ("future" sources); "closed": on a closure or outside a day's special
 * hours ("future" sources); "taken": the slot is busy.
 */
export type Refusal = "taken" | "unavailable" | "past" | "tooFar" | "closed";

export type BookCommand = {
  source: BookingSource;
  start: Date;
  /** Read only when the source's rules let the booker choose the length. */
  durationMinutes?: number;
  /** Who the appointment is for: the texts, lists and the caller's page name them. */
  patientName: string;
  patientPhone: string | null;
  /** The caller's own number, when the confirmations go to another one (patientPhone): their later calls find it. */
  callerPhone?: string | null;
  /**
   * Who booked it, when that is not the patient (a parent booking for a child): the texts and the caller's page say
   * "for Léa Martin, booked by Sophie Martin". Unset or the patient's own name: nobody else booked it.
   */
  callerName?: string | null;
  /**
   * The phone channel the caller asked their confirmations and reminders by ("sms", "whatsapp" or "both"); unset: the
   * business's default (lib/messaging/notifications/channels.ts phoneChannels).
   */
  notifyChannel?: ConfirmationChannel | null;
  patientEmail: string | null;
  /** YYYY-MM-DD, asked by phone when the owner turned the birth-date check on. */
  patientBirthDate?: string | null;
  reason: string | null;
  language: CallLanguage;
  /** The tool call that asked: a retried call returns the same booking. */
  bookingKey?: string | null;
  /** Who with; unset: the first of the practice's practitioners free then. */
  practitionerId?: string | null;
  /** The service asked for: only someone who offers it, for its length with them (sources whose length is the setting). */
  service?: string | null;
  callId?: string | null;
  /** Who in the practice booked it (the dashboard, the API), as the change log names them. */
  by?: ActorRecord;
  /** The caller agreed to be called about it (a reminder call): kept with when and where (the booking's source). */
  callConsent?: boolean;
};

/** Where a consent to a reminder call was given, by the booking that recorded it. */
const CONSENT_SOURCE: Record<BookingSource, "phone" | "page" | "dashboard"> = {
  phone: "phone",
  dashboard: "dashboard",
  page: "page",
  recall: "page",
  waitlist: "phone",
};

export type BookingOutcome =
  { ok: true; appointment: Appointment; replayed: boolean } | { ok: false; reason: Refusal; alternatives: Interval[] };

/**
 * Which appointment a move or a cancellation is about, who asks, (for a caller) their number, and (when the caller
 * answered about one version of it) that version: once it has been moved, the answer no longer applies.
 */
export type ChangeCommand = {
  source: ChangeSource;
  appointmentId: string;
  callerPhone?: string | null;
  version?: number;
  by?: ActorRecord;
};

export type RescheduleOutcome =
  { ok: true; appointment: Appointment } | { ok: false; reason: "notFound" } | { ok: false; reason: Refusal; alternatives: Interval[] };

/** The practice's own rules, as a practitioner on its hours: for a refusal that does not depend on who. */
const THE_PRACTICE: PractitionerRow = { id: "", name: "", services: [], workingHours: null, calendar: null, closures: [] };

/** The refusal a start earns with a practitioner before any busy time is read, or null when the source's rules allow it. */
export function outOfRules(r: SourceRules, biz: Business, p: PractitionerRow, start: Date, minutes: number, now: Date): Refusal | null {
  if (r.starts === "offered")
    return isSlotFree({ ...rulesFor(biz, p, now), durationMinutes: minutes, busy: [], start }) ? null : "unavailable";
  if (start.getTime() <= now.getTime()) return "past";
  if (start.getTime() > now.getTime() + FAR_AHEAD_MS) return "tooFar";
  if (inClosure(rulesFor(biz, p, now).exceptions, biz.timeZone, start, minutes)) return "closed";
  return null;
}

/** The closest free times to `around` with these practitioners (a week either side). */
async function alternatives(
  deps: BookingDeps,
  biz: Business,
  around: Date,
  only: readonly string[] | undefined,
  ignoreAppointmentId?: string,
  service?: string | null,
): Promise<Interval[]> {
  const now = clock(deps);
  const from = new Date(Math.max(now.getTime(), around.getTime() - 7 * DAY_MS));
  const to = new Date(around.getTime() + 7 * DAY_MS);
  const { seats } = await agendaOf(deps, biz, from, to, { ignoreAppointmentId, only, service });
  return nearestFreeAmong(seats, around, 3);
}

/** A refusal under the source's rules; a slot taken is also counted per source (a conflict, lib/platform/metrics). */
async function refuse(
  deps: BookingDeps,
  biz: Business,
  source: ChangeSource,
  reason: Refusal,
  around: Date,
  only?: readonly string[],
  ignoreAppointmentId?: string,
  service?: string | null,
): Promise<{ ok: false; reason: Refusal; alternatives: Interval[] }> {
  const r = SOURCE_RULES[source];
  if (reason === "taken") recordBookingConflict(source);
  const closest = r.offersAlternatives ? await alternatives(deps, biz, around, only, ignoreAppointmentId, service) : [];
  return { ok: false, reason, alternatives: closest };
}

/**
 * The refusal, unless this very booking already holds the slot: the same tool call delivered twice (the platform's
 * retry, or one copy to each instance) finds its own booking in the way, or (a retry late enough) its start no longer
 * offered. That booking is the answer, not "just taken" to a caller whose slot it is.
 */
async function refusedUnlessBooked(
  deps: BookingDeps,
  biz: Business,
  cmd: BookCommand,
  reason: Refusal,
  only: readonly string[],
  service: string | null,
): Promise<BookingOutcome> {
  const existing = cmd.bookingKey ? await byBookingKey(deps.db, biz.userId, cmd.bookingKey) : undefined;
  if (existing) return { ok: true, appointment: existing, replayed: true };
  return refuse(deps, biz, cmd.source, reason, cmd.start, only, undefined, service);
}

/**
 * Books a slot under the source's rules, with the practitioner asked for or else the first of the practice's free then;
 * a booking key seen before returns that booking.
 */
export async function book(deps: BookingDeps, biz: Business, cmd: BookCommand): Promise<BookingOutcome> {
  const r = SOURCE_RULES[cmd.source];
  const now = clock(deps);
  // The length: the booker's, or the service's with each practitioner (the practice's without a service).
  const service = r.length === "setting" ? (cmd.service ?? null) : null;
  const lengthWith = (p: PractitionerRow) =>
    r.length === "asked" && cmd.durationMinutes !== undefined
      ? cmd.durationMinutes
      : (serviceLength(biz, p, service) ?? rules(biz, now).durationMinutes);
  const asked = biz.practitioners.filter(
    (p) => (!cmd.practitionerId || p.id === cmd.practitionerId) && (!service || serviceLength(biz, p, service) !== null),
  );
  const askedIds = asked.map((p) => p.id);
  const refusals = asked.map((p) => outOfRules(r, biz, p, cmd.start, lengthWith(p), now));
  let candidates = asked.filter((_, i) => refusals[i] === null);
  if (!candidates.length) {
    // Nobody to book with (an account with no practitioner) still hears why the time itself is refused, when it is.
    const why =
      refusals.find((x) => x !== null) ?? outOfRules(r, biz, THE_PRACTICE, cmd.start, lengthWith(THE_PRACTICE), now) ?? "unavailable";
    return refusedUnlessBooked(deps, biz, cmd, why, askedIds, service);
  }
  if (r.checksCalendar) {
    // The calendar, read fresh, and with several practitioners our own appointments too, to try first those free: which
    // one gets the slot is still the database's to decide, in the insert below. The booking key is read beside it: a
    // retried tool call (sent again because the first answer was slow, often for a slow calendar) is answered from its
    // booking without waiting for the calendar, or failing with it.
    const longest = Math.max(...candidates.map(lengthWith));
    const window = { from: new Date(cmd.start.getTime() - DAY_MS), to: new Date(cmd.start.getTime() + longest * 60_000 + DAY_MS) };
    const ids = candidates.map((p) => p.id);
    const reading = agendaOf(deps, biz, window.from, window.to, { fresh: true, own: candidates.length > 1, only: ids, service });
    reading.catch(() => {}); // awaited below, or left behind for a replay: never an unhandled rejection
    const existing = cmd.bookingKey ? await byBookingKey(deps.db, biz.userId, cmd.bookingKey).catch(() => undefined) : undefined;
    if (existing) return { ok: true, appointment: existing, replayed: true };
    const agenda = await reading;
    const free = seatsFreeAt(
      agenda.seats.map((seat, i) => ({ ...seat, durationMinutes: lengthWith(agenda.practitioners[i]!) })),
      cmd.start,
    );
    if (!free.length) return refusedUnlessBooked(deps, biz, cmd, "taken", askedIds, service);
    candidates = free.map((i) => agenda.practitioners[i]!);
  }
  // Each in turn: a practitioner whose slot another booking took a moment ago (the exclusion constraint) or who was
  // removed meanwhile passes it to the next. A refused insert has already looked for its own booking key (insertBooking).
  for (const p of candidates) {
    const inserted = await insertBooking(deps, biz, cmd, p.id, new Date(cmd.start.getTime() + lengthWith(p) * 60_000));
    if (inserted.ok) return inserted;
  }
  return refuse(deps, biz, cmd.source, "taken", cmd.start, askedIds, undefined, service);
}

/**
 * The insert: the database refuses an overlap with the practitioner's other appointments (the exclusion constraint), a
 * practitioner removed meanwhile, and a booking key seen before (the same tool call delivered twice: that copy is the
 * same booking, not "taken"); the calendar, the messages and the reminder follow after the commit.
 */
async function insertBooking(
  deps: BookingDeps,
  biz: Business,
  b: BookCommand,
  practitionerId: string,
  end: Date,
): Promise<{ ok: true; appointment: Appointment; replayed: boolean } | { ok: false }> {
  let appointment: Appointment;
  try {
    const changed = deps.db.$with("changed").as(
      deps.db
        .insert(appointments)
        .values({
          userId: biz.userId,
          practitionerId,
          patientName: b.patientName,
          patientPhone: b.patientPhone,
          callerPhone: b.callerPhone ?? null,
          callerName: bookedBy(b),
          notifyChannel: b.notifyChannel ?? null,
          patientEmail: b.patientEmail,
          patientBirthDate: b.patientBirthDate ?? null,
          reason: b.reason,
          service: b.service ?? null,
          startsAt: b.start,
          endsAt: end,
          status: "booked",
          source: b.source,
          language: b.language,
          bookingKey: b.bookingKey ?? null,
          callId: b.callId ?? null,
          calendarSyncStatus: calendarOf(biz, practitionerId) ? "pending" : "not_connected",
          // A call needs a number to call.
          ...(b.callConsent && b.patientPhone
            ? { callConsent: true, callConsentAt: clock(deps), callConsentSource: CONSENT_SOURCE[b.source] }
            : {}),
        })
        .returning(),
    );
    const [row] = await againAfterDeadlock(() =>
      deps.db
        .with(changed, logOf(deps, "booked", b.source, changed, b.by))
        .select()
        .from(changed),
    );
    appointment = row!;
  } catch (e) {
    const lost = isExclusionViolation(e, "appointments_no_overlap") || isPractitionerGone(e);
    if (lost || isUniqueViolation(e, "appointments_booking_key_unique")) {
      const existing = b.bookingKey ? await byBookingKey(deps.db, biz.userId, b.bookingKey) : undefined;
      if (existing) return { ok: true, appointment: existing, replayed: true };
      if (lost) return { ok: false };
    }
    throw e;
  }
  await afterChangeSafely(deps, biz, appointment, "confirmation");
  return { ok: true, appointment, replayed: false };
}

/** Who booked it for someone else, or null: a name that is the patient's own (whatever its case) is nobody else. */
function bookedBy(b: Pick<BookCommand, "callerName" | "patientName">): string | null {
  const name = b.callerName?.trim();
  if (!name || name.toLocaleLowerCase() === b.patientName.trim().toLocaleLowerCase()) return null;
  return name;
}

/** The database refused a practitioner removed (or of another practice): the trigger of migration 0025. */
export function isPractitionerGone(e: unknown): boolean {
  const pg = pgError(e);
  return (
    pg?.code === FOREIGN_KEY_VIOLATION &&
    (pg.constraint === "appointments_practitioner_active" || pg.constraint === "appointments_practitioner_fk")
  );
}

/**
 * Whether this source may change the appointment: a booked one of this business, and for a source limited to the
 * caller's own, one whose phone is the caller's; without the caller's number, none (it cannot be told whose it is).
 */
function mayChange(
  r: SourceRules,
  cmd: ChangeCommand,
  biz: Business,
  a: Pick<Appointment, "userId" | "status" | "patientPhone" | "version">,
): boolean {
  if (a.userId !== biz.userId || a.status !== "booked") return false;
  if (cmd.version !== undefined && a.version !== cmd.version) return false;
  return !r.callersOwnOnly || (cmd.callerPhone != null && a.patientPhone === cmd.callerPhone);
}

/** Moves a booked appointment to a new start, under the source's rules; it keeps its length. */
export async function reschedule(deps: BookingDeps, biz: Business, cmd: ChangeCommand & { start: Date }): Promise<RescheduleOutcome> {
  const r = SOURCE_RULES[cmd.source];
  const { start } = cmd;
  const current = await byId(deps.db, cmd.appointmentId);
  if (!current || !mayChange(r, cmd, biz, current)) return { ok: false, reason: "notFound" };
  // Asked again for the time it already has (a retried tool call): nothing moves, nobody is told twice.
  if (current.startsAt.getTime() === start.getTime()) return { ok: true, appointment: current };
  const now = clock(deps);
  const duration = current.endsAt.getTime() - current.startsAt.getTime();
  const end = new Date(start.getTime() + duration);
  // It stays with its practitioner, on their hours and agenda.
  const withWhom = [current.practitionerId];
  const p = biz.practitioners.find((x) => x.id === current.practitionerId);
  // With someone no longer in the practice (an old appointment): nobody to move it to (the database would refuse it too).
  if (!p) return { ok: false, reason: "unavailable", alternatives: [] };
  const outside = outOfRules(r, biz, p, start, duration / 60_000, now);
  if (outside) return refuse(deps, biz, cmd.source, outside, start, withWhom, current.id);
  if (r.checksCalendar) {
    // The calendar only, as for a booking: the update below meets their other appointments in the database.
    const { seats } = await agendaOf(deps, biz, new Date(start.getTime() - DAY_MS), new Date(end.getTime() + DAY_MS), {
      ignore: { start: current.startsAt, end: current.endsAt },
      fresh: true,
      own: false,
      only: withWhom,
    });
    const free = seats.length > 0 && seatsFreeAt([{ ...seats[0]!, durationMinutes: duration / 60_000 }], start).length > 0;
    if (!free) return refuse(deps, biz, cmd.source, "taken", start, withWhom, current.id);
  }
  let moved: Appointment | undefined;
  try {
    const changed = deps.db.$with("changed").as(
      deps.db
        .update(appointments)
        .set({
          startsAt: start,
          endsAt: end,
          version: sql`${appointments.version} + 1`,
          // A confirmation was for the old time.
          confirmedAt: null,
          confirmedBy: null,
          calendarSyncStatus: calendarOf(biz, current.practitionerId) ? "pending" : "not_connected",
          updatedAt: now,
        })
        // The version read above (or the one the caller was shown): a change that came in between wins, this one is refused.
        .where(and(eq(appointments.id, current.id), eq(appointments.status, "booked"), eq(appointments.version, current.version)))
        .returning(),
    );
    [moved] = await againAfterDeadlock(() =>
      deps.db
        .with(changed, logOf(deps, "rescheduled", cmd.source, changed, cmd.by))
        .select()
        .from(changed),
    );
  } catch (e) {
    if (isExclusionViolation(e, "appointments_no_overlap")) return refuse(deps, biz, cmd.source, "taken", start, withWhom, current.id);
    throw e;
  }
  if (!moved) return { ok: false, reason: "notFound" };
  await afterChangeSafely(deps, biz, moved, "reschedule", current);
  return { ok: true, appointment: (await byId(deps.db, moved.id)) ?? moved };
}

/**
 * Cancels a booked appointment the source may change; the calendar event goes and the caller is told. Null when there
 * is nothing to cancel. One statement: a cancellation racing a move or another cancellation changes the row once.
 */
export async function cancel(deps: BookingDeps, biz: Business, cmd: ChangeCommand): Promise<Appointment | null> {
  const r = SOURCE_RULES[cmd.source];
  const mine = and(
    eq(appointments.id, cmd.appointmentId),
    eq(appointments.userId, biz.userId),
    eq(appointments.status, "booked"),
    cmd.version !== undefined ? eq(appointments.version, cmd.version) : undefined,
    r.callersOwnOnly ? (cmd.callerPhone != null ? eq(appointments.patientPhone, cmd.callerPhone) : sql`false`) : undefined,
  );
  const changed = deps.db.$with("changed").as(
    deps.db
      .update(appointments)
      .set({
        status: "cancelled",
        // The practitioner's, whoever they are: the database reads it from the row it cancels.
        calendarSyncStatus: sql`case when ${inArray(
          appointments.practitionerId,
          biz.practitioners.filter((p) => p.calendar).map((p) => p.id),
        )} then 'pending' else 'not_connected' end`,
        updatedAt: clock(deps),
      })
      .where(mine)
      .returning(),
  );
  const [cancelled] = await againAfterDeadlock(() =>
    deps.db
      .with(changed, logOf(deps, "cancelled", cmd.source, changed, cmd.by))
      .select()
      .from(changed),
  );
  if (!cancelled) return null;
  await afterChangeSafely(deps, biz, cancelled, "cancellation");
  return (await byId(deps.db, cancelled.id)) ?? cancelled;
}

/** The caller's upcoming booked appointments with this business: booked with their number, or from it for another. */
export async function upcomingForCaller(deps: BookingDeps, userId: string, phone: string): Promise<Appointment[]> {
  return deps.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        or(eq(appointments.patientPhone, phone), eq(appointments.callerPhone, phone)),
        eq(appointments.status, "booked"),
        gt(appointments.endsAt, clock(deps)),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(10);
}

/**
 * Who the caller saw last: the practitioner of their latest appointment with this business that was not cancelled
 * (booked with one of their numbers, or from it), among `among` (those still in the practice); null when they have none.
 */
export async function lastPractitionerOf(
  deps: BookingDeps,
  userId: string,
  phones: readonly string[],
  among: readonly string[],
): Promise<string | null> {
  if (!phones.length || !among.length) return null;
  const [row] = await deps.db
    .select({ practitionerId: appointments.practitionerId })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        or(inArray(appointments.patientPhone, [...phones]), inArray(appointments.callerPhone, [...phones])),
        inArray(appointments.practitionerId, [...among]),
        eq(appointments.status, "booked"),
      ),
    )
    // The latest one already begun; without one, the latest still to come.
    .orderBy(sql`${appointments.startsAt} <= ${clock(deps).toISOString()}::timestamptz desc`, desc(appointments.startsAt))
    .limit(1);
  return row?.practitionerId ?? null;
}
