// The owner's day at a glance: the appointments of today and tomorrow (the business's calendar days, in its own zone,
// whatever the server's), the requests callers left that are still open (the calls to handle) and the conversations
// waiting in the inbox (the texts to handle). Each list is the owner's own, read through the services that own it.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { callerMessages, calls, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { listThreads } from "@/lib/messaging/inbox/threads.service";
import { listAppointments, type AppointmentView } from "@/lib/scheduling/appointments/appointments.service";
import { listPractitioners } from "@/lib/scheduling/practitioners/practitioners.service";
import { addDays, localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";

/** How many of each list the page shows; the rest is one link away. */
export const TODAY_LIST_LIMIT = 8;

export type TodayAppointment = Pick<AppointmentView, "id" | "patientName" | "service" | "reason" | "startsAt" | "endsAt"> & {
  /** Who it is with, when the practice has more than one practitioner (null otherwise). */
  practitioner: string | null;
};
export type TodayCall = {
  id: string;
  callId: string | null;
  callerName: string | null;
  callerPhone: string | null;
  body: string;
  urgent: boolean;
  createdAt: string;
};
export type TodayText = { id: string; callerName: string | null; callerPhone: string; body: string | null; unread: number; at: string };

export type Today = {
  timeZone: string;
  /** "YYYY-MM-DD" in the business's zone. */
  today: string;
  tomorrow: string;
  appointments: { today: TodayAppointment[]; tomorrow: TodayAppointment[] };
  calls: { items: TodayCall[]; total: number };
  texts: { items: TodayText[]; total: number };
};

export async function todayOf(db: Db, userId: string, now = new Date()): Promise<Today> {
  const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("not_found", "userNotFound");
  const zone = user.timeZone;
  const today = localDate(now, zone);
  const tomorrow = addDays(today, 1);
  const from = startOfDay(today, zone);
  const to = startOfDay(addDays(today, 2), zone);
  const [list, requests, threads, people] = await Promise.all([
    listAppointments(db, userId, now, { from, to }),
    openRequests(db, userId),
    listThreads(db, userId, "open", now),
    listPractitioners(db, userId, now),
  ]);
  const names = new Map(people.practitioners.map((p) => [p.id, p.displayName]));
  const several = people.practitioners.length > 1;
  // A cancelled appointment leaves nothing to do today: the appointments page still lists it.
  const booked = [...list.past, ...list.upcoming].filter((a) => a.status === "booked").sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const onDay = (day: string): TodayAppointment[] =>
    booked
      .filter((a) => localDate(new Date(a.startsAt), zone) === day)
      .map((a) => ({
        id: a.id,
        patientName: a.patientName,
        service: a.service,
        reason: a.reason,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        practitioner: several ? (names.get(a.practitionerId) ?? null) : null,
      }));

  return {
    timeZone: zone,
    today,
    tomorrow,
    appointments: { today: onDay(today), tomorrow: onDay(tomorrow) },
    calls: requests,
    texts: {
      total: threads.threads.length,
      items: threads.threads.slice(0, TODAY_LIST_LIMIT).map((th) => ({
        id: th.id,
        callerName: th.callerName,
        callerPhone: th.callerPhone,
        body: th.lastText?.body ?? null,
        unread: th.unread,
        at: th.lastMessageAt,
      })),
    },
  };
}

/** A local day's first instant: midnight, or 01:00 where the clocks spring forward at midnight (Santiago, Beirut). */
function startOfDay(day: string, zone: string): Date {
  return (zonedWallTimeToUtc(day, "00:00", zone) ?? zonedWallTimeToUtc(day, "01:00", zone))!;
}

/**
 * The requests callers left that are still open, urgent first then oldest first (the inbox's order), each with the call
 * it was taken on (by the platform's call id), so the page links to that call.
 */
async function openRequests(db: Db, userId: string): Promise<Today["calls"]> {
  const open = and(eq(callerMessages.userId, userId), eq(callerMessages.status, "open"));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: callerMessages.id,
        callId: calls.id,
        callerName: callerMessages.callerName,
        callerPhone: callerMessages.callerPhone,
        body: callerMessages.body,
        urgency: callerMessages.urgency,
        createdAt: callerMessages.createdAt,
      })
      .from(callerMessages)
      .leftJoin(calls, and(eq(calls.userId, callerMessages.userId), eq(calls.providerCallId, callerMessages.providerCallId)))
      .where(open)
      .orderBy(sql`case when ${callerMessages.urgency} = 'urgent' then 0 else 1 end`, asc(callerMessages.createdAt))
      .limit(TODAY_LIST_LIMIT),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(callerMessages)
      .where(open),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map(({ urgency, createdAt, ...r }) => ({ ...r, urgent: urgency === "urgent", createdAt: createdAt.toISOString() })),
  };
}
