// What every booking step shares: its dependencies, the booking rules of a business, the deadline a call sets, the
// calendar grant, and the appointment reads.
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, practitioners } from "@/db/schema";
import { durationFromSetting, hoursOn, type DayException, type WorkingHours } from "@/lib/scheduling/availability/availability";
import { markCalendarRevoked } from "@/lib/scheduling/calendar/calendar.service";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import type { AfterAnswer } from "@/lib/platform/http/route";
import { JOB, type JobQueue } from "@/lib/platform/jobs/queue";
import { type CalendarPort } from "@/lib/ports/calendar";
import type { Business } from "@/lib/accounts/business/business";
import type { ClosureRow, PractitionerRow } from "@/lib/accounts/business/tenant";

export type BookingDeps = {
  db: Db;
  calendar: CalendarPort;
  secrets: SecretBox;
  jobs: JobQueue;
  now?: () => Date;
  /**
   * On a call, the moment (epoch ms) by which the caller must hear an answer: calendar calls still running then are
   * abandoned for the last free/busy we saw (reads) or a retry job (writes). Unset off the call path.
   */
  deadline?: number;
  /** On a call, the route's: a booking's calendar event, messages and reminder, and the tool-call log, follow the answer. */
  afterAnswer?: AfterAnswer;
};

/**
 * The business's first practitioner, as a value of an insert (every business has one, made with the account): whom
 * rows written outside the booking commands (the seed's demo appointments) are with.
 */
export function firstPractitioner(db: Pick<Db, "select">, userId: string): SQL {
  const first = db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(and(eq(practitioners.userId, userId), isNull(practitioners.removedAt)))
    .orderBy(asc(practitioners.position), asc(practitioners.createdAt))
    .limit(1);
  return sql`(${first})`;
}

/** Callers cannot book a slot starting within the next hour, nor more than 90 days ahead. */
export const MIN_NOTICE_MINUTES = 60;
export const HORIZON_DAYS = 90;
export const DAY_MS = 24 * 60 * 60 * 1000;

export type Appointment = typeof appointments.$inferSelect;

export class CalendarUnavailableError extends Error {
  constructor() {
    super("calendar unavailable");
    this.name = "CalendarUnavailableError";
  }
}

export const clock = (deps: BookingDeps) => (deps.now ? deps.now() : new Date());

/**
 * Until when a caller may move or cancel on their own (the link in their texts, an answer by text): the owner's cut-off
 * before the start. Closer to it, they call.
 */
export function selfServiceUntil(startsAt: Date, cutoffHours: number): Date {
  return new Date(startsAt.getTime() - cutoffHours * 3_600_000);
}

/** The owner's closures and special hours as the availability engine reads them. */
function exceptionsOf(biz: Business): DayException[] {
  return biz.closures.map((c) => ({
    from: c.from,
    to: c.to,
    hours: c.openTime && c.closeTime ? { isOpen: true, openTime: c.openTime, closeTime: c.closeTime } : null,
  }));
}

export function rules(biz: Business, now: Date) {
  return {
    timeZone: biz.timeZone,
    workingHours: biz.workingHours,
    exceptions: exceptionsOf(biz),
    durationMinutes: durationFromSetting(biz.appointmentDuration),
    minNoticeMinutes: MIN_NOTICE_MINUTES,
    horizonDays: HORIZON_DAYS,
    now,
  };
}

/**
 * Whether the practice's calendar connection is this practitioner's: it belongs to the first practitioner (the owner,
 * made with the account), so a practice of one keeps its calendar as it was. Their appointments are written to it and
 * its busy times are theirs; another practitioner's agenda is our own appointments with them.
 */
export function keepsCalendar(biz: Business, practitionerId: string): boolean {
  return biz.calendarConnected && biz.practitioners[0]?.id === practitionerId;
}

/** The booking rules with one practitioner: the practice's, on their own week when they have one. */
export function rulesFor(biz: Business, p: PractitionerRow, now: Date) {
  const r = rules(biz, now);
  return p.workingHours ? { ...r, workingHours: p.workingHours } : r;
}

export class DeadlineExceededError extends Error {
  constructor() {
    super("call deadline exceeded");
    this.name = "DeadlineExceededError";
  }
}

/**
 * `start()`'s result, or DeadlineExceededError once `deadline` passes. Nothing is started after the deadline; work
 * already running goes on (its late failure is swallowed).
 */
export async function beforeDeadline<T>(start: () => Promise<T>, deadline: number | undefined): Promise<T> {
  if (deadline === undefined) return start();
  const left = deadline - Date.now();
  if (left <= 0) throw new DeadlineExceededError();
  const work = start();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError()), left);
  });
  try {
    return await Promise.race([work, late]);
  } catch (e) {
    if (e instanceof DeadlineExceededError) work.catch(() => {});
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** The grant read with the business (encrypted at rest), opened for the calendar adapter. */
export function calendarAccessOf(deps: BookingDeps, userId: string, calendar: NonNullable<Business["calendar"]>) {
  return {
    userId,
    provider: calendar.provider,
    refreshToken: deps.secrets.open(calendar.refreshTokenEnc),
    calendarId: calendar.calendarId,
  };
}

/** The grant stopped working: the calendar shows as disconnected, and the owner gets one email saying so. */
export async function calendarRevoked(deps: BookingDeps, userId: string): Promise<void> {
  if (await markCalendarRevoked(deps, userId)) await deps.jobs.send(JOB.calendarRevoked, { userId });
}

export async function byId(db: Db, id: string): Promise<Appointment | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row;
}

export async function byBookingKey(db: Db, userId: string, key: string): Promise<Appointment | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.bookingKey, key)))
    .limit(1);
  return row;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * Why a local date ("YYYY-MM-DD") is open or not, as a caller must be told, on the practice's week or a practitioner's:
 * its weekday's hours; a closure, with the
 * owner's reason and its first and last day; special hours (a closure that opens on other hours); or its weekday is
 * closed every week. Read with the slots' own rules (availability's hoursOn), so what is said and offered agree.
 */
export type Opening =
  | { kind: "open"; open: string; close: string }
  | { kind: "special"; open: string; close: string; closure: ClosureRow }
  | { kind: "closure"; closure: ClosureRow }
  | { kind: "weekly"; weekday: Weekday };

export function openingOn(biz: Business, date: string, workingHours: WorkingHours = biz.workingHours): Opening {
  const { from, hours } = hoursOn(workingHours, exceptionsOf(biz), date);
  if (from === "exception") {
    // Closures never overlap (the database refuses it): the one covering the date is the one the engine applied.
    const closure = biz.closures.findLast((c) => c.from <= date && date <= c.to)!;
    return hours ? { kind: "special", ...hours, closure } : { kind: "closure", closure };
  }
  if (hours) return { kind: "open", ...hours };
  return { kind: "weekly", weekday: WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]! };
}
