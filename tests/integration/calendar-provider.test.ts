// Each calendar connection is served by the provider it was made with (and by its sandbox twin when made with it),
// whatever the deployment configures for new connections: both are written on connect, a sandbox connection is a grant
// to renew once the real provider is configured, and a real connection on a deployment without that provider answers
// 503 without being marked revoked.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calendarConnections, calendarEvents } from "@/db/schema";
import { calendarAccessFor, connectCalendar, disconnectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { createSecretBox } from "@/lib/platform/crypto/secret-box";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { CalendarGrantRevokedError, type CalendarOperations, type CalendarPort } from "@/lib/ports/calendar";
import { createProviders } from "@/lib/vendors/registry";
import { agendaOf } from "@/lib/scheduling/booking/busy-time";
import { syncAppointmentToCalendar } from "@/lib/scheduling/booking/calendar-sync";
import { CalendarUnavailableError } from "@/lib/scheduling/booking/core";
import { loadBusiness } from "@/lib/accounts/business/business";
import { appContext } from "@/lib/server/context";
import { api, registerOwner } from "../helpers/api";
import { calendarsOf, ownerPractitionerId } from "../helpers/calendars";

const secrets = () => createSecretBox(process.env.ENCRYPTION_KEY!);
const SECRET = "calendar-provider-test-secret-0123456789";

/** Providers as a deployment with Google credentials builds them; Google itself is unreachable (port 9, discard). */
function googleDeployment() {
  const e = { ...env(), GOOGLE_CLIENT_ID: "client-id", GOOGLE_CLIENT_SECRET: "client-secret" };
  return createProviders(getDb(), { ...e, GOOGLE_API_ROOT: "http://127.0.0.1:9/", GOOGLE_OAUTH_BASE: "http://127.0.0.1:9/oauth" }, SECRET);
}

/** A stand-in for Google that only issues grants: enough to make a Google connection without Google. */
function fakeGoogle(): CalendarPort {
  const refuse = () => Promise.reject(new Error("not expected"));
  return {
    kind: "google",
    sandbox: false,
    connect: async () => ({ secret: "1//google-refresh", accountEmail: "owner@example.com", scopes: "calendar", calendarId: "primary" }),
    revoke: refuse,
    freeBusy: refuse,
    insertEvent: refuse,
    patchEvent: refuse,
    deleteEvent: refuse,
  };
}

async function connectionOf(userId: string) {
  const [row] = await getDb()
    .select({ provider: calendarConnections.provider, sandbox: calendarConnections.sandbox, revokedAt: calendarConnections.revokedAt })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId));
  return row;
}

const event = (eventId: string) => ({
  eventId,
  start: new Date("2026-11-24T09:00:00Z"),
  end: new Date("2026-11-24T09:30:00Z"),
  timeZone: "Europe/Paris",
  summary: "Appointment",
  description: "",
});

describe("calendar provider per connection", () => {
  it("records the provider on connect: the sandbox's through the API, Google's when Google takes new connections", async () => {
    const owner = await registerOwner();
    const connected = await api("POST", "/api/google-calendar/authorize", { token: owner.token, body: { code: "sandbox-test-code" } });
    expect(connected.status).toBe(200);
    expect(await connectionOf(owner.user.id)).toEqual({ provider: "google", sandbox: true, revokedAt: null });

    // Reconnecting on a deployment whose new connections go to Google: the row now says the real Google.
    const google = calendarsOf(fakeGoogle());
    const reconnected = await connectCalendar({ db: getDb(), calendar: google, secrets: secrets() }, owner.user.id, "google", {
      code: "4/code",
    });
    expect(reconnected).toMatchObject({ sandbox: false, provider: "google", accountEmail: "owner@example.com" });
    expect(await connectionOf(owner.user.id)).toEqual({ provider: "google", sandbox: false, revokedAt: null });
    const access = await calendarAccessFor({ db: getDb(), secrets: secrets() }, owner.user.id, await ownerPractitionerId(owner.user.id));
    expect(access).toMatchObject({ provider: "google", sandbox: false, secret: "1//google-refresh" });
  });

  it("keeps a sandbox connection on its own provider, and retires it once Google is configured: the owner reconnects", async () => {
    const owner = await registerOwner();
    await api("POST", "/api/google-calendar/authorize", { token: owner.token, body: { code: "sandbox-test-code" } });
    const access = (await calendarAccessFor({ db: getDb(), secrets: secrets() }, owner.user.id, await ownerPractitionerId(owner.user.id)))!;
    expect(access).toMatchObject({ provider: "google", sandbox: true });

    // On this sandbox deployment the connection reads and writes the sandbox calendar.
    const sandbox = appContext().providers.calendar;
    await sandbox.insertEvent(access, event("rcrouted1"));
    const range = { from: new Date("2026-11-24T00:00:00Z"), to: new Date("2026-11-25T00:00:00Z"), timeZone: "Europe/Paris" };
    expect(await sandbox.freeBusy(access, range)).toEqual([{ start: event("x").start, end: event("x").end }]);

    // Once Google is configured, the sandbox's grant is one to renew: never sent to Google, nothing written, and a
    // booking's free/busy question marks the calendar disconnected (the owner is told, as for a grant Google revoked).
    const google = googleDeployment().calendar;
    expect(google.forNew("google").sandbox).toBe(false);
    await expect(google.freeBusy(access, range)).rejects.toBeInstanceOf(CalendarGrantRevokedError);
    await expect(google.insertEvent(access, event("rcrouted2"))).rejects.toBeInstanceOf(CalendarGrantRevokedError);
    const stored = await getDb()
      .select({ eventId: calendarEvents.eventId })
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, owner.user.id));
    expect(stored.map((e) => e.eventId)).toEqual(["rcrouted1"]);
    const biz = (await loadBusiness(getDb(), owner.user.id))!;
    await agendaOf({ ...appContext().booking, calendar: google }, biz, range.from, range.to, { fresh: true }).catch(() => {});
    expect((await connectionOf(owner.user.id))!.revokedAt).toBeInstanceOf(Date);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body).toMatchObject({ hasGoogleOAuth: false });

    // Disconnecting still works, and the row goes.
    const off = await disconnectCalendar({ db: getDb(), calendar: google, secrets: secrets() }, owner.user.id);
    expect(off).toEqual({ success: true, hasGoogleOAuth: false });
    expect(await connectionOf(owner.user.id)).toBeUndefined();
  });

  it("answers 503 for a Google connection on a deployment without Google, without marking the grant revoked", async () => {
    const owner = await registerOwner();
    await connectCalendar({ db: getDb(), calendar: calendarsOf(fakeGoogle()), secrets: secrets() }, owner.user.id, "google", {
      code: "4/code",
    });
    const calendar = createProviders(getDb(), { ...env(), GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined }, SECRET).calendar;
    expect(calendar.forNew("google").sandbox).toBe(true);

    const access = (await calendarAccessFor({ db: getDb(), secrets: secrets() }, owner.user.id, await ownerPractitionerId(owner.user.id)))!;
    const range = { from: new Date(), to: new Date(Date.now() + 3_600_000), timeZone: "UTC" };
    const refused = await calendar.freeBusy(access, range).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "unavailable", messageKey: "calendarProviderNotConfigured", params: { provider: "google" } });
    await expect(calendar.insertEvent(access, event("rcnogoogle1"))).rejects.toMatchObject({ code: "unavailable" });
    // Nothing of it reached the sandbox's calendar.
    expect(await getDb().select().from(calendarEvents).where(eq(calendarEvents.userId, owner.user.id))).toEqual([]);

    // Through a booking's free/busy question the owner's calendar is "unavailable", not revoked: no reconnect e-mail.
    const biz = (await loadBusiness(getDb(), owner.user.id))!;
    expect(biz.practitioners[0]!.calendar).toMatchObject({ provider: "google", sandbox: false });
    const busy = agendaOf({ ...appContext().booking, calendar }, biz, range.from, range.to, { fresh: true });
    await expect(busy).rejects.toBeInstanceOf(CalendarUnavailableError);
    expect((await connectionOf(owner.user.id))!.revokedAt).toBeNull();

    // The owner can still disconnect (the revoke is best effort) and reconnect with what this deployment offers.
    expect((await api("POST", "/api/google-calendar/disconnect", { token: owner.token })).status).toBe(200);
    expect(await connectionOf(owner.user.id)).toBeUndefined();
  });

  it("refuses a provider no adapter knows, and a practitioner of another practice", async () => {
    const owner = await registerOwner();
    const other = await registerOwner();
    const mine = await ownerPractitionerId(owner.user.id);
    const unknown = getDb().execute(
      sql`insert into calendar_connections (practitioner_id, user_id, provider, refresh_token_enc) values (${mine}, ${owner.user.id}, 'sandbox', 'x')`,
    );
    await expect(unknown).rejects.toThrow();
    const theirs = await ownerPractitionerId(other.user.id);
    const foreign = getDb().execute(
      sql`insert into calendar_connections (practitioner_id, user_id, provider, refresh_token_enc) values (${theirs}, ${owner.user.id}, 'google', 'x')`,
    );
    await expect(foreign).rejects.toThrow();
    // Through the API, another practice's practitioner is not found.
    const refused = await api("POST", "/api/google-calendar/authorize", {
      token: owner.token,
      body: { code: "sandbox-test-code", practitionerId: theirs },
    });
    expect(refused.status).toBe(404);
    expect(await connectionOf(other.user.id)).toBeUndefined();
  });
});

describe("a provider that picks its own event ids (Microsoft)", () => {
  it("keeps the provider's id the moment it is given, so an appointment cancelled during the insert has its event deleted", async () => {
    const owner = await registerOwner();
    await api("POST", "/api/google-calendar/authorize", { token: owner.token, body: { code: "sandbox-test-code" } });
    const practitionerId = await ownerPractitionerId(owner.user.id);
    const start = new Date(Date.now() + 5 * 86_400_000);
    const [appt] = await getDb()
      .insert(appointments)
      .values({
        userId: owner.user.id,
        practitionerId,
        patientName: "Jean",
        startsAt: start,
        endsAt: new Date(start.getTime() + 1_800_000),
      })
      .returning();
    const calls: string[] = [];
    const graphLike: CalendarOperations = {
      revoke: async () => {},
      freeBusy: async () => [],
      insertEvent: async (_, e) => {
        calls.push(`insert ${e.eventId}`);
        // The caller cancels while the provider is still writing.
        await getDb()
          .update(appointments)
          .set({ status: "cancelled", version: sql`${appointments.version} + 1` })
          .where(eq(appointments.id, appt!.id));
        return { eventId: "AAMkAGraph1=" };
      },
      patchEvent: async (_, e) => (calls.push(`patch ${e.eventId}`), { eventId: e.eventId }),
      deleteEvent: async (_, id) => void calls.push(`delete ${id}`),
    };
    const biz = (await loadBusiness(getDb(), owner.user.id))!;
    await syncAppointmentToCalendar({ ...appContext().booking, calendar: graphLike }, biz, appt!.id);
    expect(calls).toEqual([`insert rc${appt!.id.replace(/-/g, "")}`, "delete AAMkAGraph1="]);
    const [after] = await getDb().select().from(appointments).where(eq(appointments.id, appt!.id));
    expect(after).toMatchObject({ status: "cancelled", calendarEventId: "AAMkAGraph1=", calendarSyncStatus: "synced" });
  });
});
