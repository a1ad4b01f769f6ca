// Calendar helpers for tests: one adapter standing for every provider, and the practitioner a practice of one books with.
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { getDb } from "@/db/client";
import { practitioners } from "@/db/schema";
import type { CalendarPort, Calendars } from "@/lib/ports/calendar";
import { createCalendarRouter } from "@/lib/scheduling/calendar/calendar-router";

/** `port` taking new connections for every provider, as a sandbox twin does on a deployment with none configured. */
export function calendarsOf(port: CalendarPort): Calendars {
  const one = port.sandbox ? { real: null, sandbox: port } : { real: port, sandbox: port };
  return createCalendarRouter({ google: one, microsoft: one, caldav: one });
}

/** The practice's first practitioner (the owner, made with the account). */
export async function ownerPractitionerId(userId: string, db: Db = getDb()): Promise<string> {
  const [row] = await db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(eq(practitioners.userId, userId))
    .orderBy(asc(practitioners.position), asc(practitioners.createdAt))
    .limit(1);
  if (!row) throw new Error(`no practitioner for ${userId}`);
  return row.id;
}
