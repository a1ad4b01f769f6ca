// Busy time: our own booked appointments plus the calendar's free/busy, per practitioner, with the views a call reuses and
// falls back on when the calendar is slow, and the free slots that follow from them.
import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { preparedPerHandle } from "@/db/prepared";
import { appointments } from "@/db/schema";
import { freeSlotsAmong, type Interval, type Seat } from "@/lib/scheduling/availability/availability";
import { type CalendarAccess, CalendarGrantRevokedError } from "@/lib/ports/calendar";
import type { Business } from "@/lib/accounts/business/business";
import type { PractitionerRow } from "@/lib/accounts/business/tenant";
import { logger } from "@/lib/platform/log/logger";
import {
  type BookingDeps,
  CalendarUnavailableError,
  DAY_MS,
  DeadlineExceededError,
  beforeDeadline,
  calendarAccessOf,
  calendarRevoked,
  clock,
  rulesFor,
  serviceLength,
} from "./core";

/** What `agendaOf` leaves out: a time being moved from, an appointment being moved, a calendar view reused or not. */
export type BusyOptions = {
  /** The appointment being moved still sits in the calendar at its old time: that time is not busy for its own move. */
  ignore?: Interval;
  ignoreAppointmentId?: string;
  /** Read the calendar now rather than reuse the call's recent view (anything that books). */
  fresh?: boolean;
  /** false: our own appointments left out, for a write the database checks against them anyway (the exclusion constraint). */
  own?: boolean;
  /** Only these practitioners (ids), in the practice's order; all of them by default. */
  only?: readonly string[];
  /** The service asked for: only those who offer it, each with its length (serviceLength). */
  service?: string | null;
};

/**
 * Each practitioner's rules and busy times over [from, to): our own booked appointments with them, and their calendar's
 * when it is connected. `seats[i]` is `practitioners[i]`'s.
 */
export type Agenda = { practitioners: PractitionerRow[]; seats: Seat[] };

export async function agendaOf(deps: BookingDeps, biz: Business, from: Date, to: Date, opts: BusyOptions = {}): Promise<Agenda> {
  const now = clock(deps);
  const practitioners = biz.practitioners.filter(
    (p) => (!opts.only || opts.only.includes(p.id)) && (!opts.service || serviceLength(biz, p, opts.service) !== null),
  );
  // All at once: on a pool they run side by side, on the embedded database's one connection they are pipelined.
  const [own, calendars] = await Promise.all([
    opts.own === false ? [] : ownBusy(deps, biz, from, to, opts.ignoreAppointmentId),
    Promise.all(
      practitioners.map((p) =>
        !p.calendar
          ? Promise.resolve([])
          : calendarBusyOf(deps, biz, p, from, to, opts.fresh === true).catch((e: unknown) => {
              // A calendar that cannot be read leaves its practitioner out, not the others: with them alone, it fails.
              if (!(e instanceof CalendarUnavailableError) || practitioners.length < 2) throw e;
              logger().warn({ userId: biz.userId, practitionerId: p.id }, "calendar unreadable: its practitioner left out");
              return null;
            }),
      ),
    ),
  ]);
  const kept: PractitionerRow[] = [];
  const seats: Seat[] = [];
  practitioners.forEach((p, i) => {
    const seen = calendars[i];
    if (seen === null || seen === undefined) return;
    kept.push(p);
    seats.push({
      ...rulesFor(biz, p, now, opts.service),
      busy: [...own.filter((a) => a.practitionerId === p.id), ...(opts.ignore ? seen.flatMap((b) => subtract(b, opts.ignore!)) : seen)],
    });
  });
  // Every calendar unreadable: "nothing free" would be a guess, not an answer.
  if (practitioners.length && !kept.length) throw new CalendarUnavailableError();
  return { practitioners: kept, seats };
}

/** A practitioner's calendar's busy times over [from, to); none without a calendar, or once its grant turns out revoked. */
async function calendarBusyOf(
  deps: BookingDeps,
  biz: Business,
  p: PractitionerRow,
  from: Date,
  to: Date,
  fresh: boolean,
): Promise<Interval[]> {
  if (!p.calendar) return [];
  const access = calendarAccessOf(deps, biz.userId, p.id, p.calendar);
  try {
    return await calendarBusy(deps, access, { from, to, timeZone: biz.timeZone }, fresh);
  } catch (e) {
    if (!(e instanceof CalendarGrantRevokedError)) throw new CalendarUnavailableError();
    await calendarRevoked(deps, biz.userId, p.id, p.calendar);
    return [];
  }
}

/** Our own booked appointments over [from, to) and who they are with, but the one being moved. */
function ownBusy(
  deps: BookingDeps,
  biz: Business,
  from: Date,
  to: Date,
  ignoreAppointmentId?: string,
): Promise<(Interval & { practitionerId: string })[]> {
  // Instants as ISO text: a prepared statement's parameters reach the driver as they are, unmapped by the columns.
  return ownBusyQuery(deps.db).execute({
    userId: biz.userId,
    from: from.toISOString(),
    to: to.toISOString(),
    ignore: ignoreAppointmentId ?? NO_APPOINTMENT,
  });
}
/** The nil UUID: no appointment has it, so "all but this one" with it leaves none out. */
const NO_APPOINTMENT = "00000000-0000-0000-0000-000000000000";
// Every availability question and booking reads it: prepared once per database handle.
const ownBusyQuery = preparedPerHandle((db: BookingDeps["db"]) =>
  db
    .select({ start: appointments.startsAt, end: appointments.endsAt, practitionerId: appointments.practitionerId })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, sql.placeholder("userId")),
        eq(appointments.status, "booked"),
        lt(appointments.startsAt, sql.placeholder("to")),
        gt(appointments.endsAt, sql.placeholder("from")),
        ne(appointments.id, sql.placeholder("ignore")),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .prepare("own_busy"),
);

/**
 * What a practitioner's calendar said, per window. Reused for 30 s by the availability questions of a call (a caller
 * asking about three days should not cost three calendar round trips; anything that books asks fresh, and our own
 * writes make the owner's views stale). Kept as the fallback when the calendar does not answer in time on a call: an
 * hour for what we offer, ten minutes for the last check before a booking, since a view that old can miss a time the
 * owner has just blocked. Our own bookings are always added to it.
 */
const BUSY_TTL_MS = 30_000;
const OFFER_FALLBACK_MS = 60 * 60_000;
const BOOK_FALLBACK_MS = 10 * 60_000;
const SEEN_PER_CALENDAR = 16;
type SeenBusy = { from: number; to: number; at: number; busy: Interval[]; reusable: boolean };
const seenBusy = new Map<string, SeenBusy[]>();

/** A calendar's views still young enough to be of use (by practitioner); its entry goes when none is. */
function liveViews(key: string, now: number): SeenBusy[] {
  const views = (seenBusy.get(key) ?? []).filter((e) => now - e.at < OFFER_FALLBACK_MS);
  if (views.length) seenBusy.set(key, views);
  else seenBusy.delete(key);
  return views;
}

function rememberBusy(key: string, from: Date, to: Date, busy: Interval[]): void {
  const now = Date.now();
  // A newer view of a window replaces the older views it covers.
  const kept = liveViews(key, now).filter((e) => !(e.from >= from.getTime() && e.to <= to.getTime()));
  kept.push({ from: from.getTime(), to: to.getTime(), at: now, busy, reusable: true });
  if (seenBusy.size > 5_000 && !seenBusy.has(key)) seenBusy.clear();
  seenBusy.set(key, kept.slice(-SEEN_PER_CALENDAR));
}

/**
 * The newest view younger than `maxAgeMs` that covers [from, to) from now on (busy times already past change no
 * answer), as the busy times inside [from, to), with its age.
 */
function lastSeenBusy(
  key: string,
  from: Date,
  to: Date,
  maxAgeMs: number,
  reusableOnly: boolean,
): { busy: Interval[]; ageMs: number } | null {
  const now = Date.now();
  const start = Math.min(Math.max(from.getTime(), now), to.getTime());
  const hit = liveViews(key, now)
    .filter((e) => now - e.at < maxAgeMs && (!reusableOnly || e.reusable) && e.from <= start && e.to >= to.getTime())
    .sort((x, y) => y.at - x.at)[0];
  return hit ? { busy: hit.busy.filter((i) => i.start < to && i.end > from), ageMs: now - hit.at } : null;
}

/**
 * Whose calendar a view is of: the practitioner's, and which calendar (another one connected since is not what they
 * saw, even within the view's 30 s).
 */
const viewKey = (a: CalendarAccess) => `${a.practitionerId}|${a.provider}|${a.sandbox}|${a.accountEmail ?? ""}|${a.calendarId}`;

/** Our own write to a practitioner's calendar makes its views stale. */
export function forgetCalendarBusy(practitionerId: string): void {
  for (const [key, views] of seenBusy) if (key.startsWith(`${practitionerId}|`)) for (const e of views) e.reusable = false;
}

async function calendarBusy(
  deps: BookingDeps,
  access: CalendarAccess,
  range: { from: Date; to: Date; timeZone: string },
  fresh: boolean,
): Promise<Interval[]> {
  if (!fresh) {
    const recent = lastSeenBusy(viewKey(access), range.from, range.to, BUSY_TTL_MS, true);
    if (recent) return recent.busy;
  }
  let busy: Interval[];
  try {
    busy = await beforeDeadline(() => {
      const asking = deps.calendar.freeBusy(access, range);
      // An answer that comes after the deadline is still a fresh view for the next question of the call.
      asking.then(
        (late) => rememberBusy(viewKey(access), range.from, range.to, late),
        () => {},
      );
      return asking;
    }, deps.deadline);
  } catch (e) {
    // On a call (a deadline is set) a slow or failing calendar gives way to the last view we had, so the caller hears
    // an answer; a revoked grant and "never seen" still fail, so a calendar we cannot read is never taken as free.
    const seen =
      deps.deadline !== undefined && !(e instanceof CalendarGrantRevokedError)
        ? lastSeenBusy(viewKey(access), range.from, range.to, fresh ? BOOK_FALLBACK_MS : OFFER_FALLBACK_MS, false)
        : null;
    if (!seen) throw e;
    logger().warn(
      {
        userId: access.userId,
        practitionerId: access.practitionerId,
        reason: e instanceof DeadlineExceededError ? "timeout" : "error",
        purpose: fresh ? "booking" : "offer",
        viewAgeSeconds: Math.round(seen.ageMs / 1000),
      },
      "calendar free/busy from the last view",
    );
    return seen.busy;
  }
  return busy;
}

/**
 * Reads the owner's free/busy for the month ahead when a call starts, off the call's path: the first availability
 * question is then answered from it, and a calendar that stops answering mid-call has a recent view to fall back on.
 * A month covers the days the model is given (two weeks) plus the windows the tools search around them (a week either
 * side of a time, two weeks after a full day). Failures are ignored here; the tool that needs the calendar meets them.
 */
const WARM_DAYS = 31;

export function warmCalendar(deps: BookingDeps, biz: Business): void {
  const now = clock(deps);
  const range = { from: now, to: new Date(now.getTime() + WARM_DAYS * DAY_MS), timeZone: biz.timeZone };
  // Only the calendars: our own bookings are read fresh by every question anyway.
  for (const p of biz.practitioners) {
    if (!p.calendar) continue;
    calendarBusy({ ...deps, deadline: undefined }, calendarAccessOf(deps, biz.userId, p.id, p.calendar), range, true).catch(
      (e: unknown) => {
        logger().warn({ userId: biz.userId, practitionerId: p.id, name: (e as Error).name }, "calendar warm-up failed");
      },
    );
  }
}

function subtract(b: Interval, cut: Interval): Interval[] {
  if (cut.end <= b.start || cut.start >= b.end) return [b];
  const out: Interval[] = [];
  if (b.start < cut.start) out.push({ start: b.start, end: cut.start });
  if (cut.end < b.end) out.push({ start: cut.end, end: b.end });
  return out;
}

/** Free slots between from and to (clipped to notice and horizon), with any practitioner, at most `limit`. */
export async function findSlots(deps: BookingDeps, biz: Business, from: Date, to: Date, limit = 200): Promise<Interval[]> {
  const { seats } = await agendaOf(deps, biz, from, to);
  return freeSlotsAmong(seats, from, to, limit);
}
