// Stands in for Google: new connections use it when no Google credentials are configured, and the connections made
// with it keep using it after Google is configured (lib/scheduling/calendar/calendar-router.ts). Its consent step mints
// short-lived codes signed with AUTH_SECRET; `sandbox-test-code` is always accepted (for tests and scripts).
// Its events live in the calendar_events table and its free/busy answers from them, so a booking made offline shows up
// in the sandbox calendar exactly as it would in Google's, and retries behave the same (an existing id is success).
import { createHmac } from "node:crypto";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { preparedPerHandle } from "@/db/prepared";
import { calendarEvents } from "@/db/schema";
import { randomToken, safeEqual } from "@/lib/platform/crypto/tokens";
import type { CalendarGrant, CalendarPort } from "@/lib/ports/calendar";

export const SANDBOX_TEST_CODE = "sandbox-test-code";
const CODE_TTL_MS = 10 * 60 * 1000;

// Free/busy is asked on every availability question of every sandbox call: prepared once.
const busyQuery = preparedPerHandle((db: Db) =>
  db
    .select({ start: calendarEvents.startsAt, end: calendarEvents.endsAt })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, sql.placeholder("userId")),
        lt(calendarEvents.startsAt, sql.placeholder("to")),
        gt(calendarEvents.endsAt, sql.placeholder("from")),
      ),
    )
    .orderBy(asc(calendarEvents.startsAt))
    .prepare("sandbox_free_busy"),
);

export function createSandboxCalendar(secret: string, db: Db): CalendarPort & { mintConsentCode(now?: Date): string } {
  const sign = (payload: string) => createHmac("sha256", secret).update(`calendar-consent:${payload}`).digest("base64url");
  return {
    kind: "sandbox",
    mintConsentCode(now = new Date()) {
      const payload = `${now.getTime()}.${randomToken(9)}`;
      return `sbx.${payload}.${sign(payload)}`;
    },
    async exchangeCode(code: string): Promise<CalendarGrant | null> {
      if (code !== SANDBOX_TEST_CODE) {
        const match = /^sbx\.(\d+\.[\w-]+)\.([\w-]+)$/.exec(code);
        if (!match || !safeEqual(sign(match[1]!), match[2]!)) return null;
        const issued = Number(match[1]!.split(".")[0]);
        if (Date.now() - issued > CODE_TTL_MS) return null;
      }
      return {
        refreshToken: `sandbox-refresh-${randomToken(24)}`,
        accountEmail: null,
        scopes: "openid profile email https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy",
      };
    },
    async revoke() {
      // The sandbox grant lives only in our database, which the caller deletes.
    },
    async freeBusy(access, { from, to }) {
      // Instants as ISO text: a prepared statement's parameters reach the driver unmapped.
      return busyQuery(db).execute({ userId: access.userId, from: from.toISOString(), to: to.toISOString() });
    },
    async insertEvent(access, e) {
      await db
        .insert(calendarEvents)
        .values({
          userId: access.userId,
          eventId: e.eventId,
          startsAt: e.start,
          endsAt: e.end,
          timeZone: e.timeZone,
          summary: e.summary,
          description: e.description,
          attendeeEmail: e.attendeeEmail ?? null,
        })
        // Inserting an id that exists makes the event match (as the Google adapter does after its 409).
        .onConflictDoUpdate({
          target: [calendarEvents.userId, calendarEvents.eventId],
          set: {
            startsAt: e.start,
            endsAt: e.end,
            timeZone: e.timeZone,
            summary: e.summary,
            description: e.description,
            attendeeEmail: e.attendeeEmail ?? null,
            updatedAt: new Date(),
          },
        });
      return { eventId: e.eventId };
    },
    async patchEvent(access, e) {
      await db
        .update(calendarEvents)
        .set({
          startsAt: e.start,
          endsAt: e.end,
          timeZone: e.timeZone,
          summary: e.summary,
          description: e.description,
          attendeeEmail: e.attendeeEmail ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(calendarEvents.userId, access.userId), eq(calendarEvents.eventId, e.eventId)));
    },
    async deleteEvent(access, eventId) {
      await db.delete(calendarEvents).where(and(eq(calendarEvents.userId, access.userId), eq(calendarEvents.eventId, eventId)));
    },
  };
}
