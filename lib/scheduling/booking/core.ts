// What every booking step shares: its dependencies, the booking rules of a business, the deadline a call sets, the
// calendar grant, and the appointment reads.
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, practitioners } from "@/db/schema";
import { durationFromSetting, hoursOn, type DayException } from "@/lib/scheduling/availability/availability";
import { markCalendarRevoked, openGrant } from "@/lib/scheduling/calendar/calendar.service";
import { servicesNamed } from "@/lib/scheduling/practitioners/match";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import type { AfterAnswer } from "@/lib/platform/http/route";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import type { CalendarAccess, CalendarOperations } from "@/lib/ports/calendar";
import type { Business } from "@/lib/accounts/business/business";
import type { TimeRange, WorkingHours } from "@/db/schema";
import { dayRanges } from "@/lib/accounts/account/working-hours";
import { addDays } from "@/lib/platform/time/zoned-time";
import type { CalendarGrantRow, ClosureRow, PractitionerRow } from "@/lib/accounts/business/tenant";

export type BookingDeps = {
  db: Db;
  calendar: CalendarOperations;
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

/**
 * A closure as a practitioner's days read it: the practice's special hours cut to their week keep the break of their day
 * in `ranges` (special hours 09:00–18:00 on a day they work 09:00–14:00 and 16:00–20:00 → 09:00–14:00 and 16:00–18:00).
 */
type RulingClosure = ClosureRow & { ranges?: TimeRange[] };

/** Closures as the availability engine reads them. */
export function exceptionsFrom(closures: RulingClosure[]): DayException[] {
  return closures.map((c) => ({
    from: c.from,
    to: c.to,
    hours:
      c.openTime && c.closeTime
        ? { isOpen: true, openTime: c.openTime, closeTime: c.closeTime, ...(c.ranges && { ranges: c.ranges }) }
        : null,
  }));
}

/**
 * The closures that rule a practitioner's days, in the order the engine weighs them (the last one listed wins): the
 * practice's special hours, then the practitioner's own days away or hours, then the practice's closed days, which
 * close everyone. `own` says whose each is.
 */
function closuresFor(biz: Business, p: PractitionerRow | undefined): { closure: RulingClosure; own: boolean }[] {
  const special = (c: ClosureRow) => !!(c.openTime && c.closeTime);
  // The practice's special hours, on a practitioner's own week: cut to the hours they work each of those days.
  const shorter = biz.closures.filter(special).flatMap((c) => (p?.workingHours ? withinWeek(c, p.workingHours) : [c]));
  return [
    // Cut to nothing, the day is theirs to be away (the practice is open).
    ...shorter.map((closure) => ({ closure, own: !special(closure) })),
    ...(p?.closures ?? []).map((closure) => ({ closure, own: true })),
    ...biz.closures.filter((c) => !special(c)).map((closure) => ({ closure, own: false })),
  ];
}

/**
 * The practice's special hours `c` for someone on their own `week`, one day at a time: the hours both keep, their breaks
 * included (closed when none); a day they never work keeps their weekly day off (no rule of its own).
 */
function withinWeek(c: ClosureRow, week: WorkingHours): RulingClosure[] {
  const days: RulingClosure[] = [];
  for (let d = c.from; d <= c.to; d = addDays(d, 1)) {
    const own = week[WEEKDAYS[new Date(`${d}T12:00:00Z`).getUTCDay()]!];
    if (!own.isOpen) continue;
    const kept = dayRanges(own)
      .map((r) => ({
        openTime: r.openTime > c.openTime! ? r.openTime : c.openTime!,
        closeTime: r.closeTime < c.closeTime! ? r.closeTime : c.closeTime!,
      }))
      .filter((r) => r.openTime < r.closeTime);
    const hours = kept.length
      ? { openTime: kept[0]!.openTime, closeTime: kept.at(-1)!.closeTime, ...(kept.length > 1 && { ranges: kept }) }
      : { openTime: null, closeTime: null };
    days.push({ ...c, from: d, to: d, ...hours });
  }
  return days;
}

export function rules(biz: Business, now: Date) {
  return {
    timeZone: biz.timeZone,
    workingHours: biz.workingHours,
    exceptions: exceptionsFrom(biz.closures),
    durationMinutes: durationFromSetting(biz.appointmentDuration),
    minNoticeMinutes: MIN_NOTICE_MINUTES,
    horizonDays: HORIZON_DAYS,
    now,
  };
}

/**
 * A practitioner's calendar grant, read with the business: null when their calendar is not connected (or its grant was
 * refused since). Their appointments are written to it and its busy times are theirs; without one, their agenda is our
 * own appointments with them.
 */
export function calendarOf(biz: Business, practitionerId: string): CalendarGrantRow | null {
  return biz.practitioners.find((p) => p.id === practitionerId)?.calendar ?? null;
}

/**
 * How long an appointment for `service` lasts with a practitioner, or null when they do not offer it: their own
 * service's length; with none listed of their own, the practice's appointment length, for the practice's services (any
 * service, when the practice lists none). No service asked: the practice's appointment length, with anyone.
 */
export function serviceLength(biz: Business, p: PractitionerRow, service: string | null | undefined): number | null {
  const practice = durationFromSetting(biz.appointmentDuration);
  if (!service) return practice;
  if (p.services.length) {
    const named = servicesNamed(p.services, service, (s) => s.name);
    // Two of theirs fit the words and neither exactly: it cannot be told which (the tools ask first).
    return named.length === 1 ? named[0]!.durationMinutes : null;
  }
  if (!biz.services.length) return practice;
  return servicesNamed(biz.services, service, (s) => s).length ? practice : null;
}

/**
 * The booking rules with one practitioner: the practice's, on their own week when they have one, their closures, and
 * the length of the service asked for (serviceLength; the practice's length when they do not offer it: the caller of
 * this function leaves them out).
 */
export function rulesFor(biz: Business, p: PractitionerRow, now: Date, service?: string | null) {
  const r = rules(biz, now);
  return {
    ...r,
    durationMinutes: serviceLength(biz, p, service) ?? r.durationMinutes,
    workingHours: p.workingHours ?? r.workingHours,
    exceptions: p.closures.length || p.workingHours ? exceptionsFrom(closuresFor(biz, p).map((x) => x.closure)) : r.exceptions,
  };
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

/** A practitioner's grant read with the business (encrypted at rest), opened for the calendar adapter. */
export function calendarAccessOf(deps: BookingDeps, userId: string, practitionerId: string, grant: CalendarGrantRow): CalendarAccess {
  return openGrant(deps, userId, practitionerId, grant);
}

/**
 * A practitioner's grant stopped working: their calendar shows as disconnected, and the owner gets one email saying so.
 * Only that grant (as read, sealed): one connected since, with another provider or account, is not touched.
 */
export async function calendarRevoked(deps: BookingDeps, userId: string, practitionerId: string, grant: CalendarGrantRow): Promise<void> {
  if (await markCalendarRevoked(deps, userId, practitionerId, grant.secretEnc))
    await deps.jobs.send("calendar-revoked", { userId, practitionerId });
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
 * Why a local date ("YYYY-MM-DD") is open or not, as a caller must be told, for the practice or one practitioner (their
 * week and their own closures): its weekday's hours; a closure, with the owner's reason and its first and last day
 * (`own`: the practitioner's, not the practice's); special hours (a closure that opens on other hours); or its weekday
 * is closed every week. Read with the slots' own rules (availability's hoursOn), so what is said and offered agree.
 * `open`/`close` are the first opening and the last closing; `ranges` the stretches between them (two or three around
 * breaks).
 */
type Stretch = { open: string; close: string };
export type Opening =
  | { kind: "open"; open: string; close: string; ranges: Stretch[] }
  | { kind: "special"; open: string; close: string; ranges: Stretch[]; closure: ClosureRow; own: boolean }
  | { kind: "closure"; closure: ClosureRow; own: boolean }
  | { kind: "weekly"; weekday: Weekday };

export function openingOn(biz: Business, date: string, p?: PractitionerRow): Opening {
  const ruling = closuresFor(biz, p);
  const { from, hours } = hoursOn(p?.workingHours ?? biz.workingHours, exceptionsFrom(ruling.map((x) => x.closure)), date);
  if (from === "exception") {
    // One closure a day for the practice and one for each practitioner (the database refuses more): the last covering
    // the date in the engine's order is the one it applied.
    const { closure, own } = ruling.findLast((x) => x.closure.from <= date && date <= x.closure.to)!;
    return hours ? { kind: "special", ...hours, closure, own } : { kind: "closure", closure, own };
  }
  if (hours) return { kind: "open", ...hours };
  return { kind: "weekly", weekday: WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]! };
}

/**
 * Whether a day is open, as a caller's page says it rather than showing an empty day: its usual hours, special hours, a
 * closure (with the owner's reason), or closed that weekday every week; open and close are HH:mm.
 */
export type DaySummary = { kind: Opening["kind"]; reason: string | null; open: string | null; close: string | null };

export function daySummary(opening: Opening): DaySummary {
  return {
    kind: opening.kind,
    reason: "closure" in opening ? opening.closure.reason : null,
    open: "open" in opening ? opening.open : null,
    close: "close" in opening ? opening.close : null,
  };
}
