// The Google Calendar adapter against a local stand-in for Google's token, revoke and Calendar v3 endpoints: the exact
// requests it sends (paths, form fields, bearer tokens, JSON bodies), and how it reads Google's answers (409 duplicate,
// 404/410 on delete, invalid_grant, rate limits). Then the consent popup's routes, from the redirect to Google to the
// code handed back to the dashboard window, and the connection they lead to.
import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { calendarAccessFor, connectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { signConsentState } from "@/lib/scheduling/calendar/consent-state";
import { CONSENT_MESSAGE } from "@/lib/platform/shared/calendar-consent";
import { createSecretBox } from "@/lib/platform/crypto/secret-box";
import { resetEnvCache } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { CalendarGrantRevokedError, type CalendarAccess, type CalendarEventInput } from "@/lib/ports/calendar";
import {
  createGoogleCalendar,
  GoogleCalendarError,
  googleAuthUrl,
  SCOPES,
  type GoogleCalendarOptions,
} from "@/lib/vendors/google/calendar";
import { resetAppContext } from "@/lib/server/context";
import { api, registerOwner } from "../helpers/api";
import { calendarsOf, ownerPractitionerId } from "../helpers/calendars";

type Recorded = { method: string; path: string; query: Record<string, string>; headers: IncomingHttpHeaders; body: any };
type StoredEvent = Record<string, any> & { id: string; status: string };
type Reply = { status: number; body?: unknown };

const CLIENT_ID = "recepta-test.apps.googleusercontent.com";
const CLIENT_SECRET = "test-google-client-secret";
const REDIRECT_URI = "http://localhost:3000/api/google-calendar/callback";
const GRANTED = SCOPES.join(" ");

/** A fake Google: one in-memory account, its grants, tokens and calendar events, and every request it received. */
class FakeGoogle {
  requests: Recorded[] = [];
  events = new Map<string, StoredEvent>();
  /** code → what the token endpoint gives for it (each code works once). */
  codes = new Map<string, { scope: string; refresh?: boolean; email?: string }>();
  refreshTokens = new Set<string>();
  accessTokens = new Map<string, string>(); // access token → its refresh token
  busy: { start: string; end: string }[] = [];
  /** Answers to give instead of the normal one, first match first, each used once. */
  faults: { method: string; path: RegExp; reply: Reply }[] = [];
  private seq = 0;
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const raw = Buffer.concat(chunks).toString("utf8");
      const type = req.headers["content-type"] ?? "";
      const body = raw === "" ? null : type.includes("json") ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
      const rec: Recorded = {
        method: req.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      this.requests.push(rec);
      const fault = this.faults.findIndex((f) => f.method === rec.method && f.path.test(rec.path));
      const reply = fault >= 0 ? this.faults.splice(fault, 1)[0]!.reply : this.answer(rec);
      res.writeHead(reply.status, reply.body === undefined ? {} : { "content-type": "application/json; charset=utf-8" });
      res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  reset() {
    this.requests = [];
    this.events.clear();
    this.codes.clear();
    this.refreshTokens.clear();
    this.accessTokens.clear();
    this.busy = [];
    this.faults = [];
  }

  /** A refresh token this account has granted, as if consent had happened earlier. */
  grant(): string {
    const token = `1//refresh-${++this.seq}`;
    this.refreshTokens.add(token);
    return token;
  }

  /** The owner revokes access from their Google account: the refresh token and its access tokens stop working. */
  revokeGrant(refreshToken: string) {
    this.refreshTokens.delete(refreshToken);
    for (const [access, refresh] of this.accessTokens) if (refresh === refreshToken) this.accessTokens.delete(access);
  }

  /** Google's access tokens can stop working before their expiry (for example after a password change). */
  dropAccessTokens() {
    this.accessTokens.clear();
  }

  received(method: string, path: string | RegExp): Recorded[] {
    return this.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
  }

  private issueAccess(refreshToken: string): string {
    const token = `ya29.access-${++this.seq}`;
    this.accessTokens.set(token, refreshToken);
    return token;
  }

  private answer(r: Recorded): Reply {
    if (r.method === "POST" && r.path === "/token") return this.token(r.body ?? {});
    if (r.method === "POST" && r.path === "/revoke") {
      if (!this.refreshTokens.has(r.query.token ?? ""))
        return { status: 400, body: { error: "invalid_token", error_description: "Token expired or revoked" } };
      this.revokeGrant(r.query.token!);
      return { status: 200, body: {} };
    }
    const bearer = /^Bearer (\S+)$/.exec(String(r.headers.authorization ?? ""))?.[1];
    if (!bearer || !this.accessTokens.has(bearer)) {
      return {
        status: 401,
        body: {
          error: {
            code: 401,
            message: "Request had invalid authentication credentials.",
            errors: [{ reason: "authError" }],
            status: "UNAUTHENTICATED",
          },
        },
      };
    }
    if (r.method === "POST" && r.path === "/calendar/v3/freeBusy") {
      const calendars = Object.fromEntries(
        (r.body.items as { id: string }[]).map(({ id }) =>
          id === "missing@example.com" ? [id, { errors: [{ domain: "global", reason: "notFound" }], busy: [] }] : [id, { busy: this.busy }],
        ),
      );
      return { status: 200, body: { kind: "calendar#freeBusy", timeMin: r.body.timeMin, timeMax: r.body.timeMax, calendars } };
    }
    const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(r.path);
    if (!m) return { status: 404, body: { error: { code: 404, message: "Not Found" } } };
    const key = (id: string) => `${decodeURIComponent(m[1]!)}/${id}`;
    const notFound = { status: 404, body: { error: { code: 404, message: "Not Found", errors: [{ reason: "notFound" }] } } };
    if (r.method === "POST" && !m[2]) {
      if (this.events.has(key(r.body.id))) {
        return {
          status: 409,
          body: {
            error: { code: 409, message: "The requested identifier already exists.", errors: [{ domain: "global", reason: "duplicate" }] },
          },
        };
      }
      const event = { ...r.body, status: "confirmed" };
      this.events.set(key(r.body.id), event);
      return { status: 200, body: event };
    }
    const event = m[2] ? this.events.get(key(m[2])) : undefined;
    if (!event) return notFound;
    if (r.method === "GET") return { status: 200, body: event };
    if (r.method === "PATCH") {
      Object.assign(event, r.body);
      return { status: 200, body: event };
    }
    if (r.method === "DELETE") {
      if (event.status === "cancelled")
        return { status: 410, body: { error: { code: 410, message: "Resource has been deleted", errors: [{ reason: "deleted" }] } } };
      event.status = "cancelled";
      return { status: 204 };
    }
    return { status: 405, body: {} };
  }

  private token(form: Record<string, string>): Reply {
    const invalidGrant = { status: 400, body: { error: "invalid_grant", error_description: "Bad Request" } };
    if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET) return { status: 401, body: { error: "invalid_client" } };
    if (form.grant_type === "authorization_code") {
      const code = this.codes.get(form.code ?? "");
      if (!code) return invalidGrant;
      if (form.redirect_uri !== REDIRECT_URI) return { status: 400, body: { error: "redirect_uri_mismatch" } };
      this.codes.delete(form.code!);
      const refresh = code.refresh === false ? undefined : this.grant();
      const idToken = code.email
        ? [
            "e30",
            Buffer.from(JSON.stringify({ iss: "https://accounts.google.com", aud: CLIENT_ID, email: code.email })).toString("base64url"),
            "c2ln",
          ].join(".")
        : undefined;
      return {
        status: 200,
        body: {
          access_token: this.issueAccess(refresh ?? "none"),
          expires_in: 3599,
          token_type: "Bearer",
          scope: code.scope,
          refresh_token: refresh,
          id_token: idToken,
        },
      };
    }
    if (form.grant_type === "refresh_token") {
      if (!this.refreshTokens.has(form.refresh_token ?? "")) return invalidGrant;
      return {
        status: 200,
        body: { access_token: this.issueAccess(form.refresh_token!), expires_in: 3599, token_type: "Bearer", scope: GRANTED },
      };
    }
    return { status: 400, body: { error: "unsupported_grant_type" } };
  }
}

const google = new FakeGoogle();
let base = "";
let options: GoogleCalendarOptions;

const YEAR = new Date().getUTCFullYear() + 1;
const event = (over: Partial<CalendarEventInput> = {}): CalendarEventInput => ({
  eventId: "rcp0a1b2c3d4e5f6g7h8",
  start: new Date(`${YEAR}-03-10T14:00:00Z`),
  end: new Date(`${YEAR}-03-10T14:30:00Z`),
  timeZone: "Europe/Paris",
  summary: "Jane Doe — Check-up",
  description: "Booked by phone. Caller: +33 6 12 34 56 78",
  attendeeEmail: "jane.doe@example.com",
  ...over,
});

beforeAll(async () => {
  base = await google.start();
  options = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI, apiRoot: `${base}/`, oauthBase: base };
});

afterAll(() => google.stop());

beforeEach(() => google.reset());

describe("Google Calendar adapter", () => {
  const logged = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level));
  afterEach(() => {
    // Tokens, e-mail addresses and event texts never reach a log, whatever happened.
    const text = logged.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" "))).join("\n");
    expect(text).not.toMatch(/1\/\/refresh|ya29\.|jane\.doe@|\+33 6|Jane Doe/);
  });

  describe("consent", () => {
    it("sends the owner to Google's consent screen for a refresh token, every scope and our state", () => {
      const url = new URL(googleAuthUrl(options, "the-state"));
      expect(`${url.origin}${url.pathname}`).toBe(`${base}/auth`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
        scope: "openid email profile https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy",
        state: "the-state",
        response_type: "code",
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
      });
    });

    it("exchanges the code with the client credentials and the registered redirect URI", async () => {
      google.codes.set("4/good-code", { scope: GRANTED, email: "owner@example.com" });
      const grant = await createGoogleCalendar(options).connect({ code: "4/good-code" });
      const [sent] = google.received("POST", "/token");
      expect(sent!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
      expect(sent!.body).toEqual({
        code: "4/good-code",
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uri: REDIRECT_URI,
        grant_type: "authorization_code",
      });
      expect(grant).toEqual({
        secret: expect.stringMatching(/^1\/\/refresh-/),
        accountEmail: "owner@example.com",
        scopes: GRANTED,
        calendarId: "primary",
      });
      expect(google.refreshTokens.has(grant!.secret)).toBe(true);
    });

    it("answers null for an unknown, expired or already used code", async () => {
      const calendar = createGoogleCalendar(options);
      expect(await calendar.connect({ code: "4/never-issued" })).toBeNull();
      google.codes.set("4/once", { scope: GRANTED });
      expect(await calendar.connect({ code: "4/once" })).not.toBeNull();
      expect(await calendar.connect({ code: "4/once" })).toBeNull();
    });

    it("answers null when Google issues no refresh token (nothing could be done offline)", async () => {
      google.codes.set("4/no-refresh", { scope: GRANTED, refresh: false });
      expect(await createGoogleCalendar(options).connect({ code: "4/no-refresh" })).toBeNull();
    });

    it("refuses a grant without the calendar permissions and gives it back to Google", async () => {
      google.codes.set("4/partial", { scope: "openid email profile https://www.googleapis.com/auth/calendar.freebusy" });
      const error = await createGoogleCalendar(options)
        .connect({ code: "4/partial" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).messageKey).toBe("calendarScopesMissing");
      const [revoked] = google.received("POST", "/revoke");
      expect(revoked!.query.token).toMatch(/^1\/\/refresh-/);
      expect(google.refreshTokens.size).toBe(0);
    });

    it("reports a misconfigured client as an error, not as a bad code", async () => {
      google.codes.set("4/good-code", { scope: GRANTED });
      const wrong = createGoogleCalendar({ ...options, clientSecret: "not-the-secret" });
      const error = await wrong.connect({ code: "4/good-code" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GoogleCalendarError);
      expect((error as GoogleCalendarError).reason).toBe("invalid_client");
      expect((error as Error).message).not.toContain("not-the-secret");
    });
  });

  describe("with a grant", () => {
    let access: CalendarAccess;
    beforeEach(() => {
      access = {
        userId: "owner-1",
        practitionerId: "practitioner-1",
        provider: "google",
        sandbox: false,
        secret: google.grant(),
        accountEmail: null,
        calendarId: "primary",
      };
    });

    it("reads free/busy with a bearer token obtained from the refresh token, once for several calls", async () => {
      google.busy = [{ start: `${YEAR}-03-10T09:00:00Z`, end: `${YEAR}-03-10T10:00:00Z` }];
      const calendar = createGoogleCalendar(options);
      const range = { from: new Date(`${YEAR}-03-10T00:00:00Z`), to: new Date(`${YEAR}-03-11T00:00:00Z`), timeZone: "Europe/Paris" };
      const busy = await calendar.freeBusy(access, range);
      expect(busy).toEqual([{ start: new Date(`${YEAR}-03-10T09:00:00Z`), end: new Date(`${YEAR}-03-10T10:00:00Z`) }]);
      await calendar.freeBusy(access, range);

      const refreshes = google.received("POST", "/token");
      expect(refreshes).toHaveLength(1);
      expect(refreshes[0]!.body).toEqual({
        refresh_token: access.secret,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: "refresh_token",
      });
      const queries = google.received("POST", "/calendar/v3/freeBusy");
      expect(queries).toHaveLength(2);
      const issued = [...google.accessTokens.keys()];
      expect(issued).toHaveLength(1);
      for (const q of queries) expect(q.headers.authorization).toBe(`Bearer ${issued[0]}`);
      expect(queries[0]!.body).toEqual({
        timeMin: `${YEAR}-03-10T00:00:00.000Z`,
        timeMax: `${YEAR}-03-11T00:00:00.000Z`,
        timeZone: "Europe/Paris",
        items: [{ id: "primary" }],
      });
    });

    it("fails (busy, never free) when Google reports an error for the calendar", async () => {
      const error = await createGoogleCalendar(options)
        .freeBusy(
          { ...access, calendarId: "missing@example.com" },
          { from: new Date(), to: new Date(Date.now() + 3_600_000), timeZone: "UTC" },
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GoogleCalendarError);
      expect((error as GoogleCalendarError).reason).toBe("notFound");
    });

    it("retries free/busy after a rate limit (403 rateLimitExceeded, then 429) but not after a 400", async () => {
      const rateLimited = { status: 403, body: { error: { code: 403, errors: [{ domain: "usageLimits", reason: "rateLimitExceeded" }] } } };
      google.faults.push(
        { method: "POST", path: /freeBusy$/, reply: rateLimited },
        { method: "POST", path: /freeBusy$/, reply: { status: 429, body: {} } },
      );
      const calendar = createGoogleCalendar(options);
      const range = { from: new Date(), to: new Date(Date.now() + 3_600_000), timeZone: "UTC" };
      expect(await calendar.freeBusy(access, range)).toEqual([]);
      expect(google.received("POST", "/calendar/v3/freeBusy")).toHaveLength(3);

      google.requests = [];
      google.faults.push({
        method: "POST",
        path: /freeBusy$/,
        reply: { status: 400, body: { error: { code: 400, errors: [{ reason: "timeRangeEmpty" }] } } },
      });
      const error = await calendar.freeBusy(access, range).catch((e: unknown) => e);
      expect((error as GoogleCalendarError).status).toBe(400);
      expect(google.received("POST", "/calendar/v3/freeBusy")).toHaveLength(1);
    });

    it("inserts the event with our id, both times with their zone, the attendee and the reminders, sending no invitations", async () => {
      const result = await createGoogleCalendar(options).insertEvent(access, event());
      expect(result).toEqual({ eventId: "rcp0a1b2c3d4e5f6g7h8" });
      const [sent] = google.received("POST", "/calendar/v3/calendars/primary/events");
      expect(sent!.query).toEqual({ sendUpdates: "none" });
      expect(sent!.headers.authorization).toMatch(/^Bearer ya29\.access-\d+$/);
      expect(sent!.body).toEqual({
        id: "rcp0a1b2c3d4e5f6g7h8",
        summary: "Jane Doe — Check-up",
        description: "Booked by phone. Caller: +33 6 12 34 56 78",
        start: { dateTime: `${YEAR}-03-10T14:00:00.000Z`, timeZone: "Europe/Paris" },
        end: { dateTime: `${YEAR}-03-10T14:30:00.000Z`, timeZone: "Europe/Paris" },
        attendees: [{ email: "jane.doe@example.com" }],
        reminders: {
          useDefault: false,
          overrides: [
            { method: "email", minutes: 1440 },
            { method: "popup", minutes: 60 },
          ],
        },
        extendedProperties: { private: { source: "recepta" } },
      });
    });

    it("treats a second insert of the same id as success: one event at Google", async () => {
      const calendar = createGoogleCalendar(options);
      await calendar.insertEvent(access, event());
      await expect(calendar.insertEvent(access, event())).resolves.toEqual({ eventId: "rcp0a1b2c3d4e5f6g7h8" });
      expect(google.received("POST", "/calendar/v3/calendars/primary/events")).toHaveLength(2);
      expect([...google.events.keys()]).toEqual(["primary/rcp0a1b2c3d4e5f6g7h8"]);
      expect(google.events.get("primary/rcp0a1b2c3d4e5f6g7h8")!.status).toBe("confirmed");
    });

    it("retries an insert after a 503 without creating a second event", async () => {
      google.faults.push({
        method: "POST",
        path: /\/events$/,
        reply: { status: 503, body: { error: { code: 503, errors: [{ reason: "backendError" }] } } },
      });
      await createGoogleCalendar(options).insertEvent(access, event());
      const inserts = google.received("POST", "/calendar/v3/calendars/primary/events");
      expect(inserts).toHaveLength(2);
      expect(inserts[1]!.body.id).toBe(inserts[0]!.body.id);
      expect(google.events.size).toBe(1);
    });

    it("brings back a deleted event when its id is inserted again (Google keeps the id of a deleted event)", async () => {
      const calendar = createGoogleCalendar(options);
      await calendar.insertEvent(access, event());
      await calendar.deleteEvent(access, "rcp0a1b2c3d4e5f6g7h8");
      expect(google.events.get("primary/rcp0a1b2c3d4e5f6g7h8")!.status).toBe("cancelled");
      const later = { start: new Date(`${YEAR}-03-12T08:00:00Z`), end: new Date(`${YEAR}-03-12T08:30:00Z`) };
      await calendar.insertEvent(access, event(later));
      const stored = google.events.get("primary/rcp0a1b2c3d4e5f6g7h8")!;
      expect(stored.status).toBe("confirmed");
      expect(stored.start).toEqual({ dateTime: later.start.toISOString(), timeZone: "Europe/Paris" });
    });

    it("patches the event to its new time and deletes it, a missing or already deleted event being success", async () => {
      const calendar = createGoogleCalendar(options);
      await calendar.insertEvent(access, event());
      const moved = event({ start: new Date(`${YEAR}-03-11T15:00:00Z`), end: new Date(`${YEAR}-03-11T15:45:00Z`), attendeeEmail: null });
      await calendar.patchEvent(access, moved);
      const [patch] = google.received("PATCH", "/calendar/v3/calendars/primary/events/rcp0a1b2c3d4e5f6g7h8");
      expect(patch!.query).toEqual({ sendUpdates: "none" });
      expect(patch!.body).toMatchObject({
        start: { dateTime: `${YEAR}-03-11T15:00:00.000Z`, timeZone: "Europe/Paris" },
        end: { dateTime: `${YEAR}-03-11T15:45:00.000Z`, timeZone: "Europe/Paris" },
        attendees: [],
      });
      expect(patch!.body).not.toHaveProperty("id");

      await calendar.deleteEvent(access, "rcp0a1b2c3d4e5f6g7h8");
      await calendar.deleteEvent(access, "rcp0a1b2c3d4e5f6g7h8"); // 410 Gone
      await calendar.deleteEvent(access, "rcpneverexisted0000"); // 404
      const deletes = google.received("DELETE", /^\/calendar\/v3\/calendars\/primary\/events\//);
      expect(deletes.map((d) => [d.path, d.query.sendUpdates])).toEqual([
        ["/calendar/v3/calendars/primary/events/rcp0a1b2c3d4e5f6g7h8", "none"],
        ["/calendar/v3/calendars/primary/events/rcp0a1b2c3d4e5f6g7h8", "none"],
        ["/calendar/v3/calendars/primary/events/rcpneverexisted0000", "none"],
      ]);
    });

    it("fails a patch of an event that is not there", async () => {
      const error = await createGoogleCalendar(options)
        .patchEvent(access, event())
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GoogleCalendarError);
      expect((error as GoogleCalendarError).status).toBe(404);
    });

    it("throws CalendarGrantRevokedError when the refresh answers invalid_grant", async () => {
      google.revokeGrant(access.secret);
      const calendar = createGoogleCalendar(options);
      const range = { from: new Date(), to: new Date(Date.now() + 3_600_000), timeZone: "UTC" };
      await expect(calendar.freeBusy(access, range)).rejects.toBeInstanceOf(CalendarGrantRevokedError);
      await expect(calendar.insertEvent(access, event())).rejects.toBeInstanceOf(CalendarGrantRevokedError);
      await expect(calendar.deleteEvent(access, "rcp0a1b2c3d4e5f6g7h8")).rejects.toBeInstanceOf(CalendarGrantRevokedError);
      expect(google.received("POST", "/calendar/v3/freeBusy")).toHaveLength(0);
      expect(google.events.size).toBe(0);
    });

    it("reports a wrong client secret on refresh as an error, never as the owner's grant being revoked", async () => {
      const wrong = createGoogleCalendar({ ...options, clientSecret: "not-the-secret" });
      const error = await wrong
        .freeBusy(access, { from: new Date(), to: new Date(Date.now() + 3_600_000), timeZone: "UTC" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GoogleCalendarError);
      expect((error as GoogleCalendarError).reason).toBe("invalid_client");
    });

    it("refreshes once when Google drops a cached access token, and reports a grant revoked since as revoked", async () => {
      const calendar = createGoogleCalendar(options);
      const range = { from: new Date(), to: new Date(Date.now() + 3_600_000), timeZone: "UTC" };
      await calendar.freeBusy(access, range);
      google.dropAccessTokens();
      await expect(calendar.freeBusy(access, range)).resolves.toEqual([]);
      expect(google.received("POST", "/token")).toHaveLength(2);

      google.revokeGrant(access.secret); // the owner removed Recepta from their Google account
      await expect(calendar.freeBusy(access, range)).rejects.toBeInstanceOf(CalendarGrantRevokedError);
    });

    it("revokes the grant at Google's revoke endpoint, and an already revoked grant is no error", async () => {
      const calendar = createGoogleCalendar(options);
      await calendar.revoke(access);
      const [sent] = google.received("POST", "/revoke");
      expect(sent!.query).toEqual({ token: access.secret });
      expect(google.refreshTokens.has(access.secret)).toBe(false);
      await expect(calendar.revoke(access)).resolves.toBeUndefined();
      expect(google.received("POST", "/revoke")).toHaveLength(2);
    });
  });
});

describe("Google consent popup routes", () => {
  const secret = () => process.env.AUTH_SECRET!;
  beforeAll(() => {
    Object.assign(process.env, {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_API_ROOT: `${base}/`,
      GOOGLE_OAUTH_BASE: base,
    });
    resetEnvCache();
    resetAppContext();
  });
  afterAll(() => {
    for (const name of ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_API_ROOT", "GOOGLE_OAUTH_BASE"]) delete process.env[name];
    resetEnvCache();
    resetAppContext();
  });

  async function consent(token?: string) {
    const { GET } = await import("@/app/api/google-calendar/consent/route");
    const req = new Request("http://localhost:3000/api/google-calendar/consent", {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return GET(req, { params: Promise.resolve({}) });
  }

  async function callback(token: string, query: Record<string, string>) {
    const { GET } = await import("@/app/api/google-calendar/callback/route");
    const url = new URL("http://localhost:3000/api/google-calendar/callback");
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return GET(new Request(url, { headers: { authorization: `Bearer ${token}`, "accept-language": "fr-FR" } }), {
      params: Promise.resolve({}),
    });
  }

  /** Runs the callback page's script as a browser would, with a dashboard window as its opener. */
  async function runPage(res: Response) {
    const html = await res.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const hash = createHash("sha256").update(scripts[0]!).digest("base64");
    expect(res.headers.get("content-security-policy")).toContain(`script-src 'sha256-${hash}'`);
    const posted: [unknown, string][] = [];
    let closed = false;
    let address = "/api/google-calendar/callback?code=…";
    vm.runInNewContext(scripts[0]!, {
      window: { opener: { postMessage: (m: unknown, origin: string) => posted.push([m, origin]) }, close: () => (closed = true) },
      history: { replaceState: (_: unknown, __: string, to: string) => (address = to) },
      location: { pathname: "/api/google-calendar/callback" },
    });
    return { html, posted, closed, address };
  }

  it("sends a signed-in owner to Google's consent screen with a state signed for them", async () => {
    const owner = await registerOwner();
    const res = await consent(owner.token);
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${base}/auth`);
    expect(to.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(to.searchParams.get("client_id")).toBe(CLIENT_ID);
    const { verifyConsentState } = await import("@/lib/scheduling/calendar/consent-state");
    expect(verifyConsentState(secret(), owner.user.id, to.searchParams.get("state"))).toBe(true);
    expect((await consent()).status).toBe(401);
  });

  it("hands Google's code to the opener on our origin only, then closes", async () => {
    const owner = await registerOwner();
    const state = signConsentState(secret(), owner.user.id);
    const res = await callback(owner.token, { code: "4/0Abc-def_ghi", state, scope: GRANTED });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const page = await runPage(res);
    expect(page.posted).toEqual([[{ type: CONSENT_MESSAGE, code: "4/0Abc-def_ghi" }, "http://localhost:3000"]]);
    expect(page.closed).toBe(true);
    expect(page.address).toBe("/api/google-calendar/callback");
    expect(page.html).toContain('lang="fr"');
    expect(page.html).toContain("Vous pouvez fermer cette fenêtre.");
  });

  it("passes no code on with a state that is missing, forged or signed for another owner", async () => {
    const owner = await registerOwner();
    const other = await registerOwner();
    for (const state of [
      "",
      "123.abcdefgh.forged",
      signConsentState(secret(), other.user.id),
      signConsentState("another-secret-0123456789abcdef", owner.user.id),
    ]) {
      const page = await runPage(await callback(owner.token, { code: "4/stolen", state }));
      expect(page.posted).toEqual([[{ type: CONSENT_MESSAGE, error: "invalid_state" }, "http://localhost:3000"]]);
      expect(page.html).not.toContain("4/stolen");
    }
  });

  it("reports a refusal as access_denied", async () => {
    const owner = await registerOwner();
    const page = await runPage(await callback(owner.token, { error: "access_denied", state: signConsentState(secret(), owner.user.id) }));
    expect(page.posted).toEqual([[{ type: CONSENT_MESSAGE, error: "access_denied" }, "http://localhost:3000"]]);
  });

  it("cannot be turned into script by the code it echoes", async () => {
    const owner = await registerOwner();
    const code = `</script><script>alert(1)</script>"'\u2028`;
    const page = await runPage(await callback(owner.token, { code, state: signConsentState(secret(), owner.user.id) }));
    expect(page.html.match(/<\/script>/g)).toHaveLength(1);
    expect(page.posted).toEqual([[{ type: CONSENT_MESSAGE, code }, "http://localhost:3000"]]);
  });

  it("connects with the code through the same redirect URI; the grant is stored encrypted and usable", async () => {
    const owner = await registerOwner();
    const redirectTo = new URL((await consent(owner.token)).headers.get("location")!);
    // What Google does after consent: issue a code for our client and redirect_uri, come back with our state.
    google.codes.set("4/from-google", { scope: GRANTED, email: "owner.calendar@example.com" });
    const page = await runPage(await callback(owner.token, { code: "4/from-google", state: redirectTo.searchParams.get("state")! }));
    const code = (page.posted[0]![0] as { code: string }).code;

    const { googleCalendarOptions } = await import("@/lib/vendors/google/calendar");
    const { env } = await import("@/lib/platform/env");
    const deps = {
      db: getDb(),
      calendar: calendarsOf(createGoogleCalendar(googleCalendarOptions(env())!)),
      secrets: createSecretBox(process.env.ENCRYPTION_KEY!),
    };
    expect(await connectCalendar(deps, owner.user.id, "google", { code })).toMatchObject({
      success: true,
      hasGoogleOAuth: true,
      sandbox: false,
    });
    expect(google.received("POST", "/token")[0]!.body.redirect_uri).toBe(redirectTo.searchParams.get("redirect_uri"));

    const rows = await getDb().execute<{ refresh_token_enc: string; account_email: string }>(
      sql`select refresh_token_enc, account_email from calendar_connections where user_id = ${owner.user.id}`,
    );
    expect(rows[0]!.refresh_token_enc).not.toContain("refresh-");
    expect(rows[0]!.account_email).toBe("owner.calendar@example.com");
    const access = await calendarAccessFor(deps, owner.user.id, await ownerPractitionerId(owner.user.id));
    expect(google.refreshTokens.has(access!.secret)).toBe(true);
    expect(await deps.calendar.freeBusy(access!, { from: new Date(), to: new Date(Date.now() + 3_600_000), timeZone: "UTC" })).toEqual([]);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.hasGoogleOAuth).toBe(true);
  });
});
