// What the sandbox calendars hold for a practice: the stand-in for looking at one's Google, Outlook or iCloud calendar.
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calendarEvents } from "@/db/schema";

export async function listSandboxEvents(db: Db, userId: string, now = new Date()) {
  const rows = await db
    .select({
      practitionerId: calendarEvents.practitionerId,
      eventId: calendarEvents.eventId,
      start: calendarEvents.startsAt,
      end: calendarEvents.endsAt,
      summary: calendarEvents.summary,
      description: calendarEvents.description,
      attendeeEmail: calendarEvents.attendeeEmail,
    })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), gt(calendarEvents.endsAt, now)))
    .orderBy(asc(calendarEvents.startsAt))
    .limit(200);
  return rows.map((r) => ({ ...r, start: r.start.toISOString(), end: r.end.toISOString() }));
}
