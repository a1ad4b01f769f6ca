// What the receptionist did over a period, in the owner's time zone: calls per day (answered in open hours, after hours,
// abandoned), what the calls achieved, bookings by who made them, the busiest hours, call length, conversion, the top
// reasons for calling, booking success, how fast the receptionist's tools were answered and the minutes used this
// billing period. Every figure is an SQL aggregate: the calls are read once, grouped four ways at the same time
// (grouping sets), so a practice with years of calls is answered in one pass over its period's rows.
//
// Definitions (the page's notes say the same):
// - A call belongs to the local day it started on (the business's zone: a DST day has 23 or 25 hours, all of them in).
// - Abandoned: the caller hung up within ABANDONED_UNDER_SECONDS with nothing done, the call failed, or it never got
//   its end report (the sweep ended it). Every other call is answered: in open hours, or after hours.
// - After hours: outside the working hours and closures as they are set now (a day closed or on special hours counts
//   as such, a lunch break is closed), to the minute and DST included (openIntervals).
// - Booked: an answered call whose outcome is "booked". One count, in both figures that name it, so they agree:
// - Conversion: the booked calls, out of the answered calls.
// - Booking success: the booked calls, out of the calls that wanted an appointment (the receptionist checked
//   availability or booked during them: the call's wanted_booking, set by the tool call itself; a call that booked
//   wanted one, whatever its flag says, as a call from before the flag existed).
// - Try calls (the owner playing a caller on the Try page) are in no figure: not their calls, tool times, bookings,
//   reasons or requests, as they are in no usage.
// - Requests: the categories of the business's kind, in its order (a dentist sees no orders); a request filed under
//   another (before the business type changed) counts as "other", so the requests still add up.
// - Answer time: how long our webhook took to answer each of the receptionist's tool calls answered in the period
//   (call_tool_calls), as the median and 95th percentile in milliseconds.
// - Minutes: seconds of the calls summed, rounded up to the minute.
import { and, eq, gte, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { CALL_OUTCOMES, closures, REQUEST_CATEGORIES, subscriptions, users, type RequestCategory } from "@/db/schema";
import { openIntervals, type DayException } from "@/lib/scheduling/availability/availability";
import { countedCall, notTryCall } from "@/lib/receptionist/calls/try-calls";
import { wordsFor } from "@/lib/receptionist/speech/wording";
import { AppError } from "@/lib/platform/errors";
import { addDays, daysBetween, localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { DEFAULT_PERIOD_DAYS } from "./insights.schemas";

/** A call shorter than this that did nothing is a caller who hung up, not a conversation. */
export const ABANDONED_UNDER_SECONDS = 10;
/** How many reasons for calling are listed. */
export const TOP_REASONS = 5;

export const OUTCOMES = CALL_OUTCOMES;
/** Who booked, moved or cancelled: the caller's own link or text reply is "selfService"; the page, waitlist and recall are channels of their own. */
export const BOOKING_SOURCES = ["phone", "dashboard", "page", "waitlist", "recall", "selfService"] as const;
export const CHANGE_KINDS = ["booked", "rescheduled", "cancelled"] as const;
export { REQUEST_CATEGORIES };

type Outcome = (typeof OUTCOMES)[number];
type BookingSource = (typeof BOOKING_SOURCES)[number];
type ChangeKind = (typeof CHANGE_KINDS)[number];
type Counts<K extends string> = Record<K, number>;

export type CallDay = { date: string; answered: number; afterHours: number; abandoned: number };
export type Insights = {
  from: string;
  to: string;
  timeZone: string;
  totals: {
    calls: number;
    answered: number;
    afterHours: number;
    abandoned: number;
    /** Mean length of the answered calls, in seconds; null without any. */
    averageSeconds: number | null;
    /** Answered calls that booked an appointment: the "booked" of conversion and of booking success alike. */
    booked: number;
    /** booked / answered calls (in and after hours), 0..1; null without answered calls. */
    conversionRate: number | null;
    minutes: number;
  };
  days: CallDay[];
  outcomes: Counts<Outcome>;
  bookings: Record<BookingSource, Counts<ChangeKind>>;
  /** The same changes by who the appointment is with, in the practice's order. */
  practitioners: ({ id: string; name: string } & Counts<ChangeKind>)[];
  /** Seven rows (Monday first) of 24 hours: calls started in that local hour of that weekday. */
  hours: number[][];
  topReasons: { reason: string; count: number }[];
  /** Requests by category, the business's kind's categories in their order; any other category's count as "other". */
  requests: { category: RequestCategory; count: number }[];
  /** Calls that wanted an appointment, and those of them that booked one (totals.booked). */
  bookingSuccess: { wanted: number; booked: number };
  /** How long we took to answer the receptionist's tool calls in the period, in ms (null without any). */
  toolCalls: { count: number; p50Ms: number | null; p95Ms: number | null };
  /**
   * The reminder calls placed in the period and what they came to; and the appointments of the period, those that had
   * a reminder call and those that had none, with how many of each were confirmed (by phone or by text).
   */
  reminderCalls: {
    placed: number;
    confirmed: number;
    cancelled: number;
    rescheduled: number;
    /** Nobody decided: voicemail, no answer, busy, failed, or answered without a decision. */
    undecided: number;
    appointments: { withCall: Attendance; withoutCall: Attendance };
  };
  usage: Usage;
};
export type Usage = { periodStart: string; periodEnd: string; calls: number; minutes: number };
/** Appointments, how many were confirmed, how many the practice marked came or not, and of those the no-shows. */
export type Attendance = { total: number; confirmed: number; marked: number; noShows: number };

export type Period = { from: string; to: string };

/** The period asked for, or its default: the DEFAULT_PERIOD_DAYS ending on `to` (today in the business's zone). */
export function periodOf(asked: { from?: string; to?: string }, timeZone: string, now: Date): Period {
  const to = asked.to ?? (asked.from ? addDays(asked.from, DEFAULT_PERIOD_DAYS - 1) : localDate(now, timeZone));
  return { from: asked.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1)), to };
}

/** The first instant of a local day (its midnight, or the first moment after it when clocks skip midnight that day). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return zonedWallTimeToUtc(date, "00:00", timeZone) ?? zonedWallTimeToUtc(date, "01:00", timeZone)!;
}

export async function insightsFor(db: Db, userId: string, asked: { from?: string; to?: string }, now = new Date()): Promise<Insights> {
  const [owner] = await db
    .select({
      timeZone: users.timeZone,
      workingHours: users.workingHours,
      businessType: users.businessType,
      subPeriodStart: subscriptions.currentPeriodStart,
      subPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  if (!owner) throw new AppError("not_found", "userNotFound");
  const { timeZone } = owner;
  const period = periodOf(asked, timeZone, now);
  const start = startOfLocalDay(period.from, timeZone);
  const end = startOfLocalDay(addDays(period.to, 1), timeZone);

  const exceptions: DayException[] = (
    await db
      .select({ from: closures.startsOn, to: closures.endsOn, openTime: closures.openTime, closeTime: closures.closeTime })
      .from(closures)
      // The practice's own: one practitioner away leaves the practice open.
      .where(
        and(
          eq(closures.userId, userId),
          isNull(closures.practitionerId),
          gte(closures.endsOn, period.from),
          lte(closures.startsOn, period.to),
        ),
      )
  ).map((c) => ({
    from: c.from,
    to: c.to,
    hours: c.openTime && c.closeTime ? { isOpen: true, openTime: c.openTime, closeTime: c.closeTime } : null,
  }));
  const open = multirange(openIntervals({ timeZone, workingHours: owner.workingHours, exceptions, from: start, to: end }));
  const usageWindow = billingPeriod(owner.subPeriodStart, owner.subPeriodEnd, timeZone, now);

  const [callRows, [times], changeRows, reasonRows, requestRows, usage, teamRows, [reminders], confirmations] = await Promise.all([
    db.execute<CallRow>(callsQuery(userId, timeZone, start, end, open)),
    db.execute<{ n: number; p50: number | null; p95: number | null }>(toolTimesQuery(userId, start, end)),
    db.execute<{ kind: ChangeKind; source: string; n: number }>(sql`
      select ch.kind, ch.source, count(*)::int as n from appointment_changes ch
      left join appointments a on a.id = ch.appointment_id
      where ch.user_id = ${userId} and ch.created_at >= ${iso(start)} and ch.created_at < ${iso(end)} and not ${byTryCall(sql`a.call_id`)}
      group by ch.kind, ch.source`),
    // Reasons as callers gave them, grouped without case or surrounding spaces; the most common spelling is shown.
    db.execute<{ reason: string; n: number }>(sql`
      select mode() within group (order by btrim(reason)) as reason, count(*)::int as n from appointments
      where user_id = ${userId} and source = 'phone' and created_at >= ${iso(start)} and created_at < ${iso(end)}
        and reason is not null and btrim(reason) <> '' and not ${byTryCall(sql`appointments.call_id`)}
      group by lower(btrim(reason)) order by n desc, reason limit ${TOP_REASONS}`),
    db.execute<{ category: string; n: number }>(sql`
      select category, count(*)::int as n from caller_messages m
      where user_id = ${userId} and created_at >= ${iso(start)} and created_at < ${iso(end)}
        and (m.provider_call_id is null or ${notTryCall("m")})
      group by category`),
    usageBetween(db, userId, usageWindow),
    // Per practitioner: the practice's, in its order, then anyone removed since who had changes in the period. An erased
    // appointment's changes count in the sources above but name no one.
    db.execute<{ id: string; name: string; kind: ChangeKind | null; n: number }>(sql`
      with counted as (
        select a.practitioner_id, ch.kind, count(*)::int as n
        from appointment_changes ch join appointments a on a.id = ch.appointment_id
        where ch.user_id = ${userId} and ch.created_at >= ${iso(start)} and ch.created_at < ${iso(end)} and not ${byTryCall(sql`a.call_id`)}
        group by a.practitioner_id, ch.kind
      )
      select p.id, coalesce(p.name, u.full_name) as name, c.kind, coalesce(c.n, 0)::int as n
      from practitioners p join users u on u.id = p.user_id
      left join counted c on c.practitioner_id = p.id
      where p.user_id = ${userId} and (p.removed_at is null or c.n is not null)
      order by p.removed_at nulls first, p.position, p.created_at`),
    // Reminder calls by when they were (last) placed.
    db.execute<{ placed: number; confirmed: number; cancelled: number; rescheduled: number; undecided: number }>(sql`
      select count(*)::int as placed,
        (count(*) filter (where status = 'confirmed'))::int as confirmed,
        (count(*) filter (where status = 'cancelled'))::int as cancelled,
        (count(*) filter (where status = 'rescheduled'))::int as rescheduled,
        (count(*) filter (where status in ('answered', 'voicemail', 'no_answer', 'busy', 'failed')))::int as undecided
      from reminder_calls
      where user_id = ${userId} and attempts > 0 and placed_at >= ${iso(start)} and placed_at < ${iso(end)}`),
    // The period's appointments, with a reminder call placed or none: how many were confirmed.
    db.execute<{ called: boolean } & Attendance>(sql`
      select (rc.attempts is not null and rc.attempts > 0) as called, count(*)::int as total, count(a.confirmed_at)::int as confirmed,
        count(a.attendance)::int as marked, (count(*) filter (where a.attendance = 'no_show'))::int as "noShows"
      from appointments a left join reminder_calls rc on rc.appointment_id = a.id
      where a.user_id = ${userId} and a.starts_at >= ${iso(start)} and a.starts_at < ${iso(end)} and not ${byTryCall(sql`a.call_id`)}
      group by 1`),
  ]);

  const days = new Map<string, CallDay>();
  for (let d = period.from, i = 0; i <= daysBetween(period.from, period.to); d = addDays(d, 1), i++)
    days.set(d, { date: d, answered: 0, afterHours: 0, abandoned: 0 });
  const hours = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Counts<Outcome>;
  const bookingSuccess: Insights["bookingSuccess"] = { wanted: 0, booked: 0 };
  const totals: Insights["totals"] = {
    calls: 0,
    answered: 0,
    afterHours: 0,
    abandoned: 0,
    booked: 0,
    averageSeconds: null,
    conversionRate: null,
    minutes: 0,
  };
  for (const r of callRows) {
    if (r.grp === "day") {
      const day = days.get(r.day!);
      if (day) Object.assign(day, { answered: r.in_hours, afterHours: r.after_hours, abandoned: r.abandoned });
    } else if (r.grp === "hour") {
      hours[r.dow! - 1]![r.hour!] = r.calls;
    } else if (r.grp === "outcome") {
      outcomes[r.outcome as Outcome] = r.calls;
    } else {
      const answered = r.in_hours + r.after_hours;
      Object.assign(totals, {
        calls: r.calls,
        answered: r.in_hours,
        afterHours: r.after_hours,
        abandoned: r.abandoned,
        booked: r.booked,
        averageSeconds: r.average_seconds === null ? null : Math.round(r.average_seconds),
        conversionRate: answered > 0 ? r.booked / answered : null,
        minutes: Math.ceil(r.seconds / 60),
      });
      Object.assign(bookingSuccess, { wanted: r.wanted, booked: r.booked });
    }
  }

  const bookings = Object.fromEntries(
    BOOKING_SOURCES.map((s) => [s, Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0]))]),
  ) as Insights["bookings"];
  for (const r of changeRows)
    bookings[(BOOKING_SOURCES as readonly string[]).includes(r.source) ? (r.source as BookingSource) : "selfService"][r.kind] += r.n;
  const categories = wordsFor({ businessType: owner.businessType }).categories;
  const requests = categories.map((category) => ({ category, count: 0 }));
  for (const r of requestRows)
    (requests.find((x) => x.category === r.category) ?? requests.find((x) => x.category === "other")!).count += r.n;
  const team = new Map<string, Insights["practitioners"][number]>();
  for (const r of teamRows) {
    const p = team.get(r.id) ?? { id: r.id, name: r.name, booked: 0, rescheduled: 0, cancelled: 0 };
    if (r.kind) p[r.kind] += r.n;
    team.set(r.id, p);
  }
  const ms = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));
  const toolCalls = { count: times?.n ?? 0, p50Ms: ms(times?.p50), p95Ms: ms(times?.p95) };

  return {
    ...period,
    timeZone,
    totals,
    days: [...days.values()],
    outcomes,
    bookings,
    practitioners: [...team.values()],
    hours,
    topReasons: reasonRows.map((r) => ({ reason: r.reason, count: r.n })),
    requests,
    bookingSuccess,
    toolCalls,
    reminderCalls: {
      placed: reminders?.placed ?? 0,
      confirmed: reminders?.confirmed ?? 0,
      cancelled: reminders?.cancelled ?? 0,
      rescheduled: reminders?.rescheduled ?? 0,
      undecided: reminders?.undecided ?? 0,
      appointments: {
        withCall: share(confirmations.find((r) => r.called)),
        withoutCall: share(confirmations.find((r) => !r.called)),
      },
    },
    usage,
  };
}

const share = (r: Attendance | undefined): Attendance => ({
  total: r?.total ?? 0,
  confirmed: r?.confirmed ?? 0,
  marked: r?.marked ?? 0,
  noShows: r?.noShows ?? 0,
});

type CallRow = {
  grp: "day" | "hour" | "outcome" | "all";
  day: string | null;
  dow: number | null;
  hour: number | null;
  outcome: string | null;
  calls: number;
  in_hours: number;
  after_hours: number;
  abandoned: number;
  booked: number;
  average_seconds: number | null;
  seconds: number;
  wanted: number;
};

/**
 * The calls of [start, end) grouped by local day, by weekday × hour, by outcome, and all together, in one pass. A call
 * is found by its row's creation (the indexed column; a call's row is made when it starts, so a day either side is
 * plenty) and dated by when it started.
 */
function callsQuery(userId: string, timeZone: string, start: Date, end: Date, open: string) {
  return sql`
    with c as (
      select coalesce(started_at, created_at) at time zone ${timeZone} as local,
        outcome,
        duration_seconds,
        wanted_booking,
        -- Never null (a null ended_reason would make it so): every call is in exactly one of the three series.
        coalesce(status = 'failed' or ended_reason = 'abandoned'
          or (outcome = 'no_action' and coalesce(duration_seconds, 0) < ${ABANDONED_UNDER_SECONDS} and status = 'ended'), false) as abandoned,
        coalesce(started_at, created_at) <@ ${open}::tstzmultirange as in_hours
      from calls
      -- A blocked caller's or a spam call is no caller's: out of every series. A call with nothing said stays, as the
      -- abandoned call it is (never an answered one, so never in conversion). A reminder call the practice placed is
      -- no call it answered (its own figures: reminderCalls).
      where user_id = ${userId} and (screening is null or screening = 'silent') and ${notTryCall()} and direction = 'inbound'
        and created_at >= ${iso(new Date(start.getTime() - 86_400_000))} and created_at < ${iso(new Date(end.getTime() + 86_400_000))}
        and coalesce(started_at, created_at) >= ${iso(start)} and coalesce(started_at, created_at) < ${iso(end)}
    ), k as (
      -- date_part (a double) rather than extract (a numeric since PostgreSQL 14): the cheaper of the two per row.
      select local::date as d, date_part('isodow', local)::int as dow, date_part('hour', local)::int as hour,
        outcome, duration_seconds, abandoned, in_hours, wanted_booking
      from c
    )
    select
      case when grouping(d) = 0 then 'day' when grouping(dow) = 0 then 'hour' when grouping(outcome) = 0 then 'outcome' else 'all' end as grp,
      d::text as day, dow, hour, outcome,
      count(*)::int as calls,
      (count(*) filter (where not abandoned and in_hours))::int as in_hours,
      (count(*) filter (where not abandoned and not in_hours))::int as after_hours,
      (count(*) filter (where abandoned))::int as abandoned,
      (count(*) filter (where not abandoned and outcome = 'booked'))::int as booked,
      (avg(duration_seconds) filter (where not abandoned))::float8 as average_seconds,
      coalesce(sum(duration_seconds), 0)::float8 as seconds,
      -- Booking success: the calls that wanted an appointment; those that got one are the booked above.
      (count(*) filter (where wanted_booking or (not abandoned and outcome = 'booked')))::int as wanted
    from k
    group by grouping sets ((d), (dow, hour), (outcome), ())`;
}

/**
 * The answer times of the tool calls answered in [start, end), all tools together: how many, the median and the 95th
 * percentile (interpolated between the two nearest). A tool call is dated by when it was answered (its row's creation,
 * the indexed column), which is its call's day but for a call that runs past midnight.
 */
function toolTimesQuery(userId: string, start: Date, end: Date) {
  return sql`
    select count(*)::int as n,
      percentile_cont(0.5) within group (order by duration_ms) as p50,
      percentile_cont(0.95) within group (order by duration_ms) as p95
    from call_tool_calls t
    where user_id = ${userId} and created_at >= ${iso(start)} and created_at < ${iso(end)}
      and (t.provider_call_id is null or ${notTryCall("t")})`;
}

/** Calls and minutes (seconds summed, rounded up) of the calls made in a window, Try calls left out: the usage of a billing period. */
export async function usageBetween(db: Db, userId: string, window: { start: Date; end: Date }): Promise<Usage> {
  const [row] = await db.execute<{ calls: number; seconds: number }>(sql`
    select count(*)::int as calls, coalesce(sum(duration_seconds), 0)::float8 as seconds from calls
    where user_id = ${userId} and ${countedCall()} and created_at >= ${iso(window.start)} and created_at < ${iso(window.end)}`);
  return {
    periodStart: window.start.toISOString(),
    periodEnd: window.end.toISOString(),
    calls: row!.calls,
    minutes: Math.ceil(Number(row!.seconds) / 60),
  };
}

/** SQL true for a row made during a Try call, by its calls.id column (`callId`); false for a row of no call. */
const byTryCall = (callId: SQL) => sql`coalesce((select not ${notTryCall("tc")} from calls tc where tc.id = ${callId}), false)`;

/** An instant as a bound parameter of raw SQL (a Date is only converted for a typed column). */
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Intervals as a PostgreSQL multirange literal: {[a,b),[c,d)}. */
function multirange(intervals: { start: Date; end: Date }[]): string {
  return `{${intervals.map((i) => `[${i.start.toISOString()},${i.end.toISOString()})`).join(",")}}`;
}

/**
 * The billing period `now` falls in: the subscription's current one (a trial's included), or, without a subscription
 * or once it has ended, the calendar month in the business's zone.
 */
export function billingPeriod(periodStart: Date | null, periodEnd: Date | null, timeZone: string, now: Date): { start: Date; end: Date } {
  if (periodStart && periodEnd && periodStart <= now && now < periodEnd) return { start: periodStart, end: periodEnd };
  const today = localDate(now, timeZone);
  const first = `${today.slice(0, 7)}-01`;
  const next = addDays(first, 32).slice(0, 7) + "-01";
  return { start: startOfLocalDay(first, timeZone), end: startOfLocalDay(next, timeZone) };
}
