// Stands in for Google, Outlook (Microsoft Graph) and CalDAV calendars: new connections with a provider use its twin
// when the real one is not configured, and the connections made with a twin keep using it after the real one is
// (lib/scheduling/calendar/calendar-router.ts). Google's and Microsoft's consent steps mint short-lived codes signed with
// AUTH_SECRET for that provider; `sandbox-test-code` is always accepted (for tests and scripts), and is CalDAV's app
// password here. Each practitioner's events live in the calendar_events table and free/busy answers from them, so a
// booking made offline shows up in the sandbox calendar as it would at the provider, and retries behave the same (an
// existing id is success).
import { createHmac } from "node:crypto";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { preparedPerHandle } from "@/db/prepared";
import { calendarEvents } from "@/db/schema";
import { randomToken, safeEqual } from "@/lib/platform/crypto/tokens";
import type { CalendarEventInput, CalendarGrant, CalendarPort, CalendarProvider } from "@/lib/ports/calendar";

export const SANDBOX_TEST_CODE = "sandbox-test-code";
const CODE_TTL_MS = 10 * 60 * 1000;

/** What each provider's consent would grant, as its real adapter records it. */
const GRANTS: Record<CalendarProvider, { scopes: string; calendarId: string }> = {
  google: {
    scopes: "openid profile email https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy",
    calendarId: "primary",
  },
  microsoft: { scopes: "offline_access openid email profile User.Read Calendars.ReadWrite", calendarId: "default" },
  caldav: { scopes: "caldav", calendarId: "" },
};

// Free/busy is asked on every availability question of every sandbox call: prepared once.
const busyQuery = preparedPerHandle((db: Db) =>
  db
    .select({ start: calendarEvents.startsAt, end: calendarEvents.endsAt })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.practitionerId, sql.placeholder("practitionerId")),
        lt(calendarEvents.startsAt, sql.placeholder("to")),
        gt(calendarEvents.endsAt, sql.placeholder("from")),
      ),
    )
    .orderBy(asc(calendarEvents.startsAt))
    .prepare("sandbox_free_busy"),
);

export type SandboxCalendar = CalendarPort & { mintConsentCode(now?: Date): string };

export function createSandboxCalendar(secret: string, db: Db, provider: CalendarProvider = "google"): SandboxCalendar {
  // The provider is in what is signed: a code minted for one provider's consent is refused by another's.
  const sign = (payload: string) => createHmac("sha256", secret).update(`calendar-consent:${provider}:${payload}`).digest("base64url");
  const codeValid = (code: string) => {
    if (code === SANDBOX_TEST_CODE) return true;
    const match = /^sbx\.(\d+\.[\w-]+)\.([\w-]+)$/.exec(code);
    if (!match || !safeEqual(sign(match[1]!), match[2]!)) return false;
    return Date.now() - Number(match[1]!.split(".")[0]) <= CODE_TTL_MS;
  };
  const fields = (e: CalendarEventInput) => ({
    startsAt: e.start,
    endsAt: e.end,
    timeZone: e.timeZone,
    summary: e.summary,
    description: e.description,
    attendeeEmail: e.attendeeEmail ?? null,
  });
  return {
    kind: provider,
    sandbox: true,
    mintConsentCode(now = new Date()) {
      const payload = `${now.getTime()}.${randomToken(9)}`;
      return `sbx.${payload}.${sign(payload)}`;
    },
    async connect(consent): Promise<CalendarGrant | null> {
      if (provider === "caldav") {
        if (!("serverUrl" in consent) || consent.password !== SANDBOX_TEST_CODE) return null;
        // The calendar a CalDAV server's discovery would find: the account's first one, under its address.
        const base = consent.serverUrl.replace(/\/+$/, "");
        return {
          secret: consent.password,
          accountEmail: consent.username,
          scopes: GRANTS.caldav.scopes,
          calendarId: `${base}/calendars/home/`,
        };
      }
      if (!("code" in consent) || !codeValid(consent.code)) return null;
      return { secret: `sandbox-refresh-${randomToken(24)}`, accountEmail: null, ...GRANTS[provider] };
    },
    async revoke() {
      // The sandbox grant lives only in our database, which the caller deletes.
    },
    async freeBusy(access, { from, to }) {
      // Instants as ISO text: a prepared statement's parameters reach the driver unmapped.
      return busyQuery(db).execute({ practitionerId: access.practitionerId, from: from.toISOString(), to: to.toISOString() });
    },
    async insertEvent(access, e) {
      await db
        .insert(calendarEvents)
        .values({ userId: access.userId, practitionerId: access.practitionerId, eventId: e.eventId, ...fields(e) })
        // Inserting an id that exists makes the event match (as the Google adapter does after its 409).
        .onConflictDoUpdate({
          target: [calendarEvents.practitionerId, calendarEvents.eventId],
          set: { ...fields(e), updatedAt: new Date() },
        });
      return { eventId: e.eventId };
    },
    async patchEvent(access, e) {
      await db
        .update(calendarEvents)
        .set({ ...fields(e), updatedAt: new Date() })
        .where(and(eq(calendarEvents.practitionerId, access.practitionerId), eq(calendarEvents.eventId, e.eventId)));
      return { eventId: e.eventId };
    },
    async deleteEvent(access, eventId) {
      await db
        .delete(calendarEvents)
        .where(and(eq(calendarEvents.practitionerId, access.practitionerId), eq(calendarEvents.eventId, eventId)));
    },
  };
}
