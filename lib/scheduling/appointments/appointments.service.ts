// The owner's appointments. Every query is scoped by the owner's user id. Two booked appointments with one practitioner
// never overlap: the database's appointments_no_overlap constraint decides, not a SELECT before the INSERT, so two
// requests racing for one practitioner's slot get exactly one booking.
import { and, asc, desc, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, users } from "@/db/schema";
import type { Actor } from "@/lib/accounts/audit/actor";
import { actorRecord, audit } from "@/lib/accounts/audit/audit";
import { AppError } from "@/lib/platform/errors";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { book, cancel, type Refusal } from "@/lib/scheduling/booking/commands";
import { reassign } from "@/lib/scheduling/booking/reassign";
import { countryOfBusiness, requirePhone } from "@/lib/platform/phone/phone";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import { servicesNamed } from "@/lib/scheduling/practitioners/match";
import type { CreateAppointmentInput } from "./appointments.schemas";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { keyParam } from "@/lib/platform/message-param";

export type AppointmentView = {
  id: string;
  patientName: string;
  patientEmail: string | null;
  /** The number the confirmations and reminders go to. */
  patientPhone: string | null;
  /** The number the caller rang from, when it is not patientPhone (null otherwise). */
  callerPhone: string | null;
  /** Who booked it, when not the patient (a parent for a child). */
  callerName: string | null;
  /** The channel the caller asked their texts by; null: the business's default. */
  notifyChannel: Row["notifyChannel"];
  /** The service booked, as the practice names it. */
  service: string | null;
  reason: string | null;
  /** Who the appointment is with (one of the business's practitioners). */
  practitionerId: string;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  status: "booked" | "cancelled";
  source: Row["source"];
  calendarSyncStatus: string;
  reminderAt: string | null;
  /** When the caller confirmed by text that they will come (null: not confirmed, or moved since). */
  confirmedAt: string | null;
  /** How they confirmed: by a text, or on a reminder call ("confirmed by phone"). */
  confirmedBy: "text" | "phone" | null;
  /** They agreed to a reminder call about it. */
  callConsent: boolean;
  /** Whether they came, once marked. */
  attendance: "attended" | "no_show" | null;
  /** Who last changed it, when a member of the practice or an API key did (the owner's own changes name nobody). */
  changedBy: string | null;
  createdAt: string;
};

export type AppointmentList = { upcoming: AppointmentView[]; past: AppointmentView[]; timeZone: string };

export const UPCOMING_LIMIT = 200;
export const PAST_LIMIT = 100;

const columns = {
  id: appointments.id,
  patientName: appointments.patientName,
  patientEmail: appointments.patientEmail,
  patientPhone: appointments.patientPhone,
  callerPhone: appointments.callerPhone,
  callerName: appointments.callerName,
  notifyChannel: appointments.notifyChannel,
  service: appointments.service,
  reason: appointments.reason,
  practitionerId: appointments.practitionerId,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  source: appointments.source,
  calendarSyncStatus: appointments.calendarSyncStatus,
  reminderAt: appointments.reminderAt,
  confirmedAt: appointments.confirmedAt,
  confirmedBy: appointments.confirmedBy,
  callConsent: appointments.callConsent,
  attendance: appointments.attendance,
  createdAt: appointments.createdAt,
  // The latest line of its change log, when someone other than the owner made it: a member, or a key (no person). The
  // outer columns are named with their table: drizzle leaves a lone table's unqualified, which the subquery would read
  // as its own.
  changedBy: sql<string | null>`(select case when ch.actor_user_id is distinct from "appointments"."user_id" then ch.actor_name end
    from appointment_changes ch where ch.appointment_id = "appointments"."id" order by ch.created_at desc limit 1)`,
};

type Row = Pick<typeof appointments.$inferSelect, Exclude<keyof typeof columns, "changedBy">> & { changedBy: string | null };

/** A row the booking commands returned, for when it cannot be read again: who changed it is read with the list. */
const fresh = (a: typeof appointments.$inferSelect): Row => ({ ...a, changedBy: null });

function toView(r: Row): AppointmentView {
  return {
    ...r,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    durationMinutes: Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000),
    reminderAt: r.reminderAt?.toISOString() ?? null,
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

async function timeZoneOf(db: Db, userId: string): Promise<string> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("not_found", "userNotFound");
  return user.timeZone;
}

/**
 * Upcoming = not yet over (an appointment in progress is still upcoming), soonest first; past = over, latest first.
 * Cancelled appointments are listed too: the dashboard shows them with a badge.
 */
export async function listAppointments(
  db: Db,
  userId: string,
  now = new Date(),
  range: { from?: Date; to?: Date; practitionerId?: string } = {},
): Promise<AppointmentList> {
  // An optional window on the start time (GET /api/appointments?from=…&to=…), and one practitioner's.
  const inRange = and(
    range.from ? gte(appointments.startsAt, range.from) : undefined,
    range.to ? lt(appointments.startsAt, range.to) : undefined,
    range.practitionerId ? eq(appointments.practitionerId, range.practitionerId) : undefined,
  );
  const [timeZone, upcoming, past] = await Promise.all([
    timeZoneOf(db, userId),
    db
      .select(columns)
      .from(appointments)
      .where(and(eq(appointments.userId, userId), gt(appointments.endsAt, now), inRange))
      .orderBy(asc(appointments.startsAt), asc(appointments.createdAt))
      .limit(UPCOMING_LIMIT),
    db
      .select(columns)
      .from(appointments)
      .where(and(eq(appointments.userId, userId), lte(appointments.endsAt, now), inRange))
      .orderBy(desc(appointments.startsAt), desc(appointments.createdAt))
      .limit(PAST_LIMIT),
  ]);
  return { upcoming: upcoming.map(toView), past: past.map(toView), timeZone };
}

/**
 * One appointment of the practice's, as the list shows it; another practice's id gets the same 404 as an unknown one,
 * and so does another practitioner's when `practitionerId` says whose only are seen.
 */
export async function getAppointment(db: Db, userId: string, appointmentId: string, practitionerId?: string): Promise<AppointmentView> {
  const [row] = await db
    .select(columns)
    .from(appointments)
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.userId, userId),
        practitionerId ? eq(appointments.practitionerId, practitionerId) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new AppError("not_found", "appointmentNotFound");
  return toView(row);
}

/**
 * Books a slot from the dashboard. `date` and `time` are wall-clock time in the owner's time zone. The dashboard's
 * rules (lib/scheduling/booking/commands.ts SOURCE_RULES): any future time not taken, for the length the owner chooses; the
 * calendar and the patient's confirmation follow as for a phone booking.
 */
export async function bookAppointment(
  deps: BookingDeps,
  userId: string,
  input: CreateAppointmentInput,
  by?: Actor,
): Promise<AppointmentView> {
  const { db } = deps;
  const biz = await loadBusiness(db, userId);
  if (!biz) throw new AppError("not_found", "userNotFound");
  // In E.164, read in the business's country: the confirmation texts go to it, and the caller is found by it.
  const patientPhone = requirePhone(input.patientPhone, countryOfBusiness(biz), "patientPhone");
  const startsAt = zonedWallTimeToUtc(input.date, input.time, biz.timeZone);
  // The schema has already checked the date and the time, so null here means the hour skipped by a DST change.
  if (!startsAt) throw new AppError("bad_request", "Validation.timeNotOnClock", { field: keyParam("Fields.time") });
  if (input.practitionerId && !biz.practitioners.some((p) => p.id === input.practitionerId)) {
    throw new AppError("not_found", "practitionerNotFound");
  }
  const booked = await book(deps, biz, {
    practitionerId: input.practitionerId,
    source: "dashboard",
    start: startsAt,
    durationMinutes: input.duration,
    patientName: input.patientName,
    callerName: input.callerName ?? null,
    patientEmail: input.patientEmail ?? null,
    patientPhone,
    reason: input.reason ?? null,
    // The reason, when it is one of the practice's services by name, is kept as the service: recall counts from it.
    service: serviceNamed(biz, input.reason),
    language: biz.locale,
    callConsent: input.callConsent === true,
    by: await actorRecord(db, userId, by),
  });
  if (!booked.ok) throw refusal(booked.reason);
  return toView((await byId(db, booked.appointment.id)) ?? fresh(booked.appointment));
}

/** The one service of the practice (or of a practitioner) the words name, or null. */
function serviceNamed(biz: Business, words: string | null | undefined): string | null {
  if (!words) return null;
  const listed = [...new Set([...biz.services, ...biz.practitioners.flatMap((p) => p.services.map((x) => x.name))])];
  const named = servicesNamed(listed, words, (x) => x);
  return named.length === 1 ? named[0]! : null;
}

function refusal(reason: Refusal): AppError {
  if (reason === "past") return new AppError("bad_request", "appointmentInPast");
  if (reason === "tooFar") return new AppError("bad_request", "appointmentTooFar");
  if (reason === "closed") return new AppError("conflict", "appointmentOnClosure");
  return new AppError("conflict", "slotTaken");
}

/**
 * Cancels and frees the slot; cancelling a cancelled appointment returns it unchanged. An id of another owner's
 * appointment gets the same 404 as an unknown one, so ids cannot be probed.
 */
export async function cancelAppointment(deps: BookingDeps, userId: string, appointmentId: string, by?: Actor): Promise<AppointmentView> {
  const { db } = deps;
  const biz = await loadBusiness(db, userId);
  if (!biz) throw new AppError("not_found", "appointmentNotFound");
  // The same command as a cancellation by phone; the dashboard's rules let the owner cancel any of theirs.
  const cancelled = await cancel(deps, biz, { source: "dashboard", appointmentId, by: await actorRecord(db, userId, by) });
  if (cancelled) return toView((await byId(db, cancelled.id)) ?? fresh(cancelled));
  const [existing] = await db
    .select(columns)
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)))
    .limit(1);
  if (!existing) throw new AppError("not_found", "appointmentNotFound");
  return toView(existing);
}

/**
 * Gives an appointment to another practitioner at the same time: refused (409) when they have an appointment then or
 * are away, 404 for an appointment or a practitioner not this practice's.
 */
export async function reassignAppointment(
  deps: BookingDeps,
  userId: string,
  appointmentId: string,
  practitionerId: string,
  notifyCaller = false,
  by?: Actor,
): Promise<AppointmentView> {
  const biz = await loadBusiness(deps.db, userId);
  if (!biz) throw new AppError("not_found", "appointmentNotFound");
  const before = await byId(deps.db, appointmentId);
  const outcome = await reassign(deps, biz, { appointmentId, practitionerId, notifyCaller });
  if (outcome.ok) {
    // Not a change the insights count (its time stays): the audit log keeps who gave it to whom.
    if (before && before.practitionerId !== practitionerId)
      await audit(deps.db, {
        businessId: userId,
        actor: by ?? null,
        action: "appointment.reassign",
        targetType: "appointment",
        targetId: appointmentId,
        details: { from: before.practitionerId, to: practitionerId },
      });
    return toView((await byId(deps.db, outcome.appointment.id)) ?? fresh(outcome.appointment));
  }
  if (outcome.reason === "notFound") throw new AppError("not_found", "appointmentNotFound");
  if (outcome.reason === "practitionerNotFound") throw new AppError("not_found", "practitionerNotFound");
  if (outcome.reason === "taken") throw new AppError("conflict", "practitionerBusy");
  if (outcome.reason === "closed") throw new AppError("conflict", "practitionerAway");
  throw refusal(outcome.reason);
}

/**
 * Marks whether the patient came (or unmarks it), once the appointment has begun: a booked one of this business only
 * (404 for another's, 409 before it begins or once cancelled).
 */
export async function markAttendance(
  db: Db,
  userId: string,
  appointmentId: string,
  attendance: "attended" | "no_show" | null,
  now = new Date(),
): Promise<AppointmentView> {
  const [marked] = await db
    .update(appointments)
    .set({ attendance, updatedAt: now })
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.userId, userId),
        eq(appointments.status, "booked"),
        lte(appointments.startsAt, now),
      ),
    )
    .returning({ id: appointments.id });
  if (marked) return toView((await byId(db, marked.id))!);
  const [found] = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)));
  if (!found) throw new AppError("not_found", "appointmentNotFound");
  throw new AppError("conflict", found.status === "cancelled" ? "attendanceCancelled" : "attendanceTooEarly");
}

async function byId(db: Db, id: string): Promise<Row | undefined> {
  const [row] = await db.select(columns).from(appointments).where(eq(appointments.id, id)).limit(1);
  return row;
}
