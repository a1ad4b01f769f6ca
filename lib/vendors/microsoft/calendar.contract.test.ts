// The Microsoft 365 / Outlook calendar adapter against a local stand-in for login.microsoftonline.com and
// graph.microsoft.com: the exact requests it sends (paths, form fields, bearer tokens, headers, JSON bodies) and how it
// reads Microsoft's answers. The wire formats are those of microsoftgraph/microsoft-graph-docs-contrib:
// concepts/auth-v2-user.md (authorize URL, token request and answer, GET /me), api-reference/v1.0/api/
// user-list-calendarview.md, user-post-events.md, event-update.md, event-delete.md, resources/event.md (showAs,
// isCancelled, transactionId), concepts/errors.md (the error object) and concepts/throttling.md (429 + Retry-After).
// Token errors follow the Microsoft identity platform's error response (error, error_description, error_codes…).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/platform/errors";
import { CalendarGrantRevokedError, type CalendarAccess, type CalendarEventInput } from "@/lib/ports/calendar";
import {
  createMicrosoftCalendar,
  MICROSOFT_CALLBACK_PATH,
  MicrosoftCalendarError,
  microsoftAuthUrl,
  microsoftCalendarOptions,
  type MicrosoftCalendarOptions,
} from "@/lib/vendors/microsoft/calendar";

type Recorded = { method: string; path: string; query: Record<string, string>; headers: IncomingHttpHeaders; body: Json };
/** A request's JSON or form body ({} when empty). */
type Json = Record<string, unknown>;
type Reply = { status: number; body?: unknown; headers?: Record<string, string>; reset?: boolean };
type Code = { scope: string; refresh?: boolean; claims?: Record<string, unknown> };
type When = { dateTime: string; timeZone: string };
type GraphEvent = { start: When; end: When; showAs: string; isCancelled: boolean; isAllDay: boolean };

const TENANT = "common";
const CLIENT_ID = "6731de76-14a6-49ae-97bc-6eba6914391e";
const CLIENT_SECRET = "test-microsoft-client-secret";
const REDIRECT_URI = "http://localhost:3000/api/microsoft-calendar/callback";
const TOKEN_PATH = `/${TENANT}/oauth2/v2.0/token`;
const GRANTED = "Calendars.ReadWrite User.Read profile openid email";
const CLAIMS = { ver: "2.0", tid: "9188040d-6c67-4c5b-b112-36a304b66dad", name: "Dana Swope", preferred_username: "dana@contoso.com" };

/** A Microsoft identity platform error answer. */
const tokenError = (status: number, error: string, code: number, text: string): Reply => ({
  status,
  body: { error, error_description: `AADSTS${code}: ${text}`, error_codes: [code], timestamp: "2026-01-05 09:00:00Z", trace_id: "t" },
});
/** A Graph error answer (concepts/errors.md). */
const graphError = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message, innerError: { "request-id": "r", date: "2026-01-05T09:00:00" } } },
});

/** A fake Microsoft: one account, its grants, tokens, calendar and events, and every request it received. */
class FakeMicrosoft {
  requests: Recorded[] = [];
  codes = new Map<string, Code>();
  refreshTokens = new Set<string>();
  accessTokens = new Set<string>();
  /** What calendarView answers, `pageSize` events a page. */
  calendar: GraphEvent[] = [];
  pageSize = 2;
  events = new Map<string, Json>();
  /** Answers to give instead of the normal one, first match first, each used once. */
  faults: { method: string; path: RegExp; reply: Reply }[] = [];
  origin = "";
  private seq = 0;
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const raw = Buffer.concat(chunks).toString("utf8");
      const type = req.headers["content-type"] ?? "";
      const body: Json = raw === "" ? {} : type.includes("json") ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
      const rec: Recorded = {
        method: req.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      this.requests.push(rec);
      const fault = this.faults.findIndex((f) => f.method === rec.method && f.path.test(rec.path));
      const reply = fault >= 0 ? this.faults.splice(fault, 1)[0]!.reply : this.answer(rec, url);
      if (reply.reset) return void req.socket.destroy();
      const json = reply.body === undefined ? {} : { "content-type": "application/json; odata.metadata=minimal; charset=utf-8" };
      res.writeHead(reply.status, { ...json, ...reply.headers });
      res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  reset() {
    this.requests = [];
    this.codes.clear();
    this.refreshTokens.clear();
    this.accessTokens.clear();
    this.calendar = [];
    this.pageSize = 2;
    this.events.clear();
    this.faults = [];
  }

  /** A refresh token this account has granted, as if consent had happened earlier. */
  grant(): string {
    const token = `M.C5-refresh-${++this.seq}`;
    this.refreshTokens.add(token);
    return token;
  }

  /** Access tokens can stop working before their expiry (a password change, a revoked session). */
  dropAccessTokens() {
    this.accessTokens.clear();
  }

  received(method: string, path: string | RegExp): Recorded[] {
    return this.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
  }

  tokenRequests(grantType: string): Recorded[] {
    return this.received("POST", TOKEN_PATH).filter((r) => r.body.grant_type === grantType);
  }

  private issue(scope: string, refresh: boolean, claims?: Record<string, unknown>) {
    const access = `eyJ0eXAiOiJKV1Qi.access-${++this.seq}`;
    this.accessTokens.add(access);
    const idToken = claims
      ? ["eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9", Buffer.from(JSON.stringify(claims)).toString("base64url"), "c2ln"]
      : null;
    return {
      status: 200,
      body: {
        token_type: "Bearer",
        scope,
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: access,
        ...(refresh ? { refresh_token: this.grant() } : {}),
        ...(idToken ? { id_token: idToken.join(".") } : {}),
      },
    };
  }

  private token(form: Record<string, string>): Reply {
    if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET)
      return tokenError(401, "invalid_client", 7000215, "Invalid client secret provided.");
    if (form.grant_type === "authorization_code") {
      const code = this.codes.get(form.code ?? "");
      if (!code) return tokenError(400, "invalid_grant", 70000, "The provided value for the 'code' parameter is not valid.");
      if (form.redirect_uri !== REDIRECT_URI) return tokenError(400, "invalid_request", 50011, "The redirect URI does not match.");
      this.codes.delete(form.code!);
      return this.issue(code.scope, code.refresh !== false, code.claims);
    }
    if (form.grant_type === "refresh_token") {
      if (!this.refreshTokens.has(form.refresh_token ?? ""))
        return tokenError(400, "invalid_grant", 70008, "The provided authorization code or refresh token has expired.");
      // A new refresh token with each refresh (rotation); the previous one keeps working until it expires.
      return this.issue(GRANTED, true);
    }
    return tokenError(400, "unsupported_grant_type", 70003, "The app requested an unsupported grant type.");
  }

  private answer(r: Recorded, url: URL): Reply {
    if (r.method === "POST" && r.path === TOKEN_PATH) return this.token(r.body as Record<string, string>);
    const bearer = /^Bearer (\S+)$/.exec(String(r.headers.authorization ?? ""))?.[1];
    if (!bearer || !this.accessTokens.has(bearer))
      return graphError(401, "InvalidAuthenticationToken", "Access token has expired or is not yet valid.");
    if (r.method === "GET" && r.path === "/v1.0/me")
      return {
        status: 200,
        body: { id: "87d349ed-44d7-43e1-9a83-5f2406dee5bd", mail: null, userPrincipalName: "ChrisG@contoso.onmicrosoft.com" },
      };
    if (r.method === "GET" && /^\/v1\.0\/me(\/calendars\/[^/]+)?\/calendarView$/.test(r.path)) {
      const skip = Number(r.query.$skip ?? 0);
      const next = new URL(url.pathname + url.search, this.origin);
      next.searchParams.set("$skip", String(skip + this.pageSize));
      const more = skip + this.pageSize < this.calendar.length;
      const value = this.calendar.slice(skip, skip + this.pageSize);
      return {
        status: 200,
        body: { "@odata.context": "…/$metadata#users('me')/calendarView", value, ...(more ? { "@odata.nextLink": next.href } : {}) },
      };
    }
    if (r.method === "POST" && /^\/v1\.0\/me(\/calendars\/[^/]+)?\/events$/.test(r.path)) {
      const existing = [...this.events.values()].find((e) => e.transactionId === r.body.transactionId);
      if (existing) return { status: 201, body: existing };
      // Graph's ids are base64 and may hold "/" and "=": they must travel URL-encoded.
      const id = `AAMkAGI1AAAt9AHj/${++this.seq}AAA=`;
      const event = { "@odata.etag": 'W/"ZlnW4RIAV06KYYwlrfNZvQAALfZeRQ=="', id, ...r.body };
      this.events.set(id, event);
      return { status: 201, body: event };
    }
    const m = /^\/v1\.0\/me\/events\/([^/]+)$/.exec(r.path);
    const id = m ? decodeURIComponent(m[1]!) : "";
    const event = this.events.get(id);
    // Graph's ids are base64 of an Exchange item id: one of ours ("rc…") is not even an id to Graph.
    if (!event && id.startsWith("rc")) return graphError(400, "ErrorInvalidIdMalformed", "Id is malformed.");
    if (!event) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
    if (r.method === "PATCH") return { status: 200, body: Object.assign(event, r.body) };
    if (r.method === "DELETE") {
      this.events.delete(id);
      return { status: 204 };
    }
    return graphError(405, "BadRequest", "Unsupported method.");
  }
}

const fake = new FakeMicrosoft();
let base = "";
let options: MicrosoftCalendarOptions;

const accessFor = (secret: string, over: Partial<CalendarAccess> = {}): CalendarAccess => ({
  userId: "user-1",
  practitionerId: "practitioner-1",
  provider: "microsoft",
  sandbox: false,
  secret,
  accountEmail: "dana@contoso.com",
  calendarId: "default",
  ...over,
});
const event = (over: Partial<CalendarEventInput> = {}): CalendarEventInput => ({
  eventId: "rcp0a1b2c3d4e5f6g7h8",
  start: new Date("2026-03-10T14:00:00Z"),
  end: new Date("2026-03-10T14:30:00Z"),
  timeZone: "Europe/Madrid",
  summary: "Jane Doe — Check-up",
  description: "Booked by phone. Caller: +34 612 34 56 78",
  attendeeEmail: "jane.doe@example.com",
  ...over,
});
const when = (dateTime: string): When => ({ dateTime: `${dateTime}.0000000`, timeZone: "UTC" });
const graphEvent = (start: string, end: string, over: Partial<GraphEvent> = {}): GraphEvent => ({
  start: when(start),
  end: when(end),
  showAs: "busy",
  isCancelled: false,
  isAllDay: false,
  ...over,
});
const range = { from: new Date("2026-01-04T23:00:00Z"), to: new Date("2026-01-06T23:00:00Z"), timeZone: "Europe/Paris" };

/** Connects through a consent code, as the callback route does: the adapter then holds a cached access token. */
async function connected(cal = createMicrosoftCalendar(options)) {
  fake.codes.set("M.C5-code", { scope: GRANTED, claims: CLAIMS });
  const grant = await cal.connect({ code: "M.C5-code" });
  return { cal, access: accessFor(grant!.secret) };
}

beforeAll(async () => {
  base = await fake.start();
  options = {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    tenant: TENANT,
    redirectUri: REDIRECT_URI,
    graphRoot: `${base}/v1.0`,
    loginBase: base,
  };
});

afterAll(() => fake.stop());

beforeEach(() => fake.reset());

describe("Microsoft calendar adapter", () => {
  const logged = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level));
  afterEach(() => {
    // Tokens, e-mail addresses and event texts never reach a log, whatever happened.
    const text = logged.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" "))).join("\n");
    expect(text).not.toMatch(/M\.C5-|eyJ0eXAi|dana@|jane\.doe@|\+34 612|Jane Doe/);
  });

  describe("consent", () => {
    it("sends the owner to Microsoft's authorize page with every scope, our state and the account picker", () => {
      const raw = microsoftAuthUrl(options, "the-state");
      const url = new URL(raw);
      expect(`${url.origin}${url.pathname}`).toBe(`${base}/common/oauth2/v2.0/authorize`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: CLIENT_ID,
        response_type: "code",
        redirect_uri: REDIRECT_URI,
        response_mode: "query",
        scope: "offline_access openid email profile User.Read Calendars.ReadWrite",
        state: "the-state",
        prompt: "select_account",
      });
      expect(raw).toContain("scope=offline_access%20openid%20email%20profile%20User.Read%20Calendars.ReadWrite");
    });

    it("reads its settings from the environment, and none without a client id and secret", () => {
      const env = {
        MICROSOFT_TENANT: "organizations",
        MICROSOFT_GRAPH_ROOT: undefined,
        MICROSOFT_LOGIN_BASE: undefined,
        appUrl: "https://app.test",
      };
      expect(microsoftCalendarOptions({ ...env, MICROSOFT_CLIENT_ID: "id", MICROSOFT_CLIENT_SECRET: undefined })).toBeNull();
      expect(microsoftCalendarOptions({ ...env, MICROSOFT_CLIENT_ID: "id", MICROSOFT_CLIENT_SECRET: "secret" })).toEqual({
        clientId: "id",
        clientSecret: "secret",
        tenant: "organizations",
        redirectUri: `https://app.test${MICROSOFT_CALLBACK_PATH}`,
        graphRoot: undefined,
        loginBase: undefined,
      });
    });

    it("exchanges the code for a grant, the account read from the ID token", async () => {
      const cal = createMicrosoftCalendar(options);
      fake.codes.set("M.C5-code", { scope: GRANTED, claims: CLAIMS });
      const grant = await cal.connect({ code: "M.C5-code" });
      const [request, ...more] = fake.received("POST", TOKEN_PATH);
      expect(more).toEqual([]);
      expect(request!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(request!.body).toEqual({
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        scope: "offline_access openid email profile User.Read Calendars.ReadWrite",
        grant_type: "authorization_code",
        code: "M.C5-code",
        redirect_uri: REDIRECT_URI,
      });
      expect(grant).toEqual({
        secret: expect.stringMatching(/^M\.C5-refresh-/),
        accountEmail: "dana@contoso.com",
        scopes: GRANTED,
        calendarId: "default",
      });
      expect(fake.refreshTokens.has(grant!.secret)).toBe(true);
      expect(fake.received("GET", "/v1.0/me")).toEqual([]);
    });

    it("reads the account from GET /me without an ID token, and accepts resource-qualified scopes", async () => {
      const scope = "openid profile email https://graph.microsoft.com/calendars.readwrite https://graph.microsoft.com/User.Read";
      fake.codes.set("M.C5-code", { scope });
      const grant = await createMicrosoftCalendar(options).connect({ code: "M.C5-code" });
      expect(grant).toMatchObject({ accountEmail: "ChrisG@contoso.onmicrosoft.com", scopes: scope });
      expect(fake.received("GET", "/v1.0/me")[0]!.headers.authorization).toMatch(/^Bearer eyJ0eXAi/);
    });

    it("refuses a consent without calendar access", async () => {
      fake.codes.set("M.C5-code", { scope: "User.Read profile openid email", claims: CLAIMS });
      const error = await createMicrosoftCalendar(options)
        .connect({ code: "M.C5-code" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "bad_request", messageKey: "calendarScopesMissing" });
    });

    it("answers null for an invalid code, a grant without refresh token and a CalDAV account", async () => {
      const cal = createMicrosoftCalendar(options);
      expect(await cal.connect({ code: "M.C5-used-code" })).toBeNull();
      fake.codes.set("M.C5-code", { scope: GRANTED, refresh: false });
      expect(await cal.connect({ code: "M.C5-code" })).toBeNull();
      expect(fake.requests).toHaveLength(2);
      expect(await cal.connect({ serverUrl: "https://caldav.icloud.com", username: "dana", password: "app-password" })).toBeNull();
      expect(fake.requests).toHaveLength(2);
    });

    it("reports our own client being refused as an error, not as an invalid code", async () => {
      fake.codes.set("M.C5-code", { scope: GRANTED });
      const cal = createMicrosoftCalendar({ ...options, clientSecret: "expired-secret" });
      await expect(cal.connect({ code: "M.C5-code" })).rejects.toMatchObject({
        name: "MicrosoftCalendarError",
        status: 401,
        code: "invalid_client",
      });
    });
  });

  describe("free/busy", () => {
    it("reads every page of the calendar view in UTC, skipping free and cancelled events", async () => {
      const tz = process.env.TZ;
      process.env.TZ = "America/New_York"; // a time read in the server's own zone would be 5 h off
      try {
        fake.calendar = [
          graphEvent("2026-01-05T09:00:00", "2026-01-05T09:30:00"),
          graphEvent("2026-01-05T10:00:00", "2026-01-05T11:00:00", { showAs: "free" }),
          graphEvent("2026-01-05T11:00:00", "2026-01-05T12:00:00", { isCancelled: true }),
          graphEvent("2026-01-05T13:00:00", "2026-01-05T13:30:00", { showAs: "tentative" }),
          graphEvent("2026-01-06T00:00:00", "2026-01-07T00:00:00", { isAllDay: true, showAs: "oof" }),
          graphEvent("2026-01-07T09:00:00", "2026-01-07T10:00:00", { showAs: "workingElsewhere" }),
        ];
        const { cal, access } = await connected();
        const busy = await cal.freeBusy(access, range);
        expect(busy).toEqual([
          { start: new Date("2026-01-05T09:00:00Z"), end: new Date("2026-01-05T09:30:00Z") },
          { start: new Date("2026-01-05T13:00:00Z"), end: new Date("2026-01-05T13:30:00Z") },
          // All day on the 6th where the business is: midnight to midnight in Paris.
          { start: new Date("2026-01-05T23:00:00Z"), end: new Date("2026-01-06T23:00:00Z") },
        ]);
      } finally {
        process.env.TZ = tz;
      }
      const pages = fake.received("GET", "/v1.0/me/calendarView");
      expect(pages).toHaveLength(3);
      expect(pages[0]!.query).toEqual({
        // A day wider either side: all-day events are stored midnight to midnight, whatever the zone.
        startDateTime: "2026-01-03T23:00:00.000Z",
        endDateTime: "2026-01-07T23:00:00.000Z",
        $select: "start,end,showAs,isCancelled,isAllDay",
        $top: "100",
      });
      expect(pages.map((p) => p.query.$skip)).toEqual([undefined, "2", "4"]);
      for (const page of pages) {
        expect(page.headers.authorization).toMatch(/^Bearer eyJ0eXAi/);
        expect(page.headers.prefer).toBe('outlook.timezone="UTC"');
      }
    });

    it("never follows a next page outside Graph", async () => {
      fake.faults.push({
        method: "GET",
        path: /calendarView$/,
        reply: { status: 200, body: { value: [], "@odata.nextLink": "https://graph.example.invalid/v1.0/me/calendarView?$skip=2" } },
      });
      const { cal, access } = await connected();
      await expect(cal.freeBusy(access, range)).rejects.toMatchObject({ name: "MicrosoftCalendarError", code: "badNextLink" });
    });
  });

  describe("events", () => {
    it("creates the event with our id as transactionId, its times in UTC, no attendee, and answers Graph's id", async () => {
      const { cal, access } = await connected();
      const { eventId } = await cal.insertEvent(access, event());
      const [post] = fake.received("POST", "/v1.0/me/events");
      expect(post!.headers.authorization).toMatch(/^Bearer eyJ0eXAi/);
      expect(post!.body).toEqual({
        subject: "Jane Doe — Check-up",
        body: { contentType: "text", content: "Booked by phone. Caller: +34 612 34 56 78" },
        start: { dateTime: "2026-03-10T14:00:00", timeZone: "UTC" },
        end: { dateTime: "2026-03-10T14:30:00", timeZone: "UTC" },
        // The caller is never an attendee, however the event names them: Graph would e-mail them an invitation.
        attendees: [],
        showAs: "busy",
        isReminderOn: true,
        reminderMinutesBeforeStart: 60,
        transactionId: "rcp0a1b2c3d4e5f6g7h8",
      });
      expect(eventId).toMatch(/^AAMkAGI1AAAt9AHj\/\d+AAA=$/);
      // A retried insert carries the same transactionId: Graph answers the same event, not a second one.
      expect(await cal.insertEvent(access, event())).toEqual({ eventId });
      expect(fake.events.size).toBe(1);
      await cal.insertEvent(access, event({ eventId: "rcp1other" }));
      expect(fake.events.size).toBe(2);
    });

    it("creates the event in the connection's calendar when it is not the default one", async () => {
      const { cal, access } = await connected();
      await cal.insertEvent({ ...access, calendarId: "AAMkAGI2TG93AAA=" }, event());
      expect(fake.received("POST", /events$/).map((r) => r.path)).toEqual(["/v1.0/me/calendars/AAMkAGI2TG93AAA%3D/events"]);
    });

    it("moves an event by Graph's id, and makes again one deleted in Outlook", async () => {
      const { cal, access } = await connected();
      const { eventId } = await cal.insertEvent(access, event());
      const moved = event({ eventId, start: new Date("2026-03-11T08:00:00Z"), end: new Date("2026-03-11T08:45:00Z") });
      await cal.patchEvent(access, moved);
      const [patch] = fake.received("PATCH", /^\/v1\.0\/me\/events\//);
      expect(patch!.path).toBe(`/v1.0/me/events/${encodeURIComponent(eventId)}`);
      expect(patch!.path).toContain("%2F");
      expect(patch!.body).toMatchObject({
        start: { dateTime: "2026-03-11T08:00:00", timeZone: "UTC" },
        end: { dateTime: "2026-03-11T08:45:00", timeZone: "UTC" },
      });
      expect(patch!.body).not.toHaveProperty("transactionId");
      expect(fake.events.get(eventId)!.start).toEqual({ dateTime: "2026-03-11T08:00:00", timeZone: "UTC" });
      expect(await cal.patchEvent(access, moved)).toEqual({ eventId });
      // Deleted in Outlook meanwhile: the appointment still stands, so the event is made again, under a new id of Graph's.
      const gone = event({ eventId: "AAMkAGI1AAAt9AHj/goneAAA=" });
      const again = await cal.patchEvent(access, gone);
      expect(again.eventId).not.toBe(gone.eventId);
      expect(fake.events.get(again.eventId)).toBeDefined();
      expect(fake.received("POST", "/v1.0/me/events").at(-1)!.body.transactionId).toBe(gone.eventId);
    });

    it("deletes an event, and one already gone is success", async () => {
      const { cal, access } = await connected();
      const { eventId } = await cal.insertEvent(access, event());
      await cal.deleteEvent(access, eventId);
      await cal.deleteEvent(access, eventId);
      const deletes = fake.received("DELETE", /^\/v1\.0\/me\/events\//);
      expect(deletes.map((r) => r.path)).toEqual([0, 1].map(() => `/v1.0/me/events/${encodeURIComponent(eventId)}`));
      expect(fake.events.size).toBe(0);
      // A cancellation whose insert never answered has only our id: Graph cannot read it, so there is no event of ours.
      await expect(cal.deleteEvent(access, "rc0a1b2c3d4e5f6g7h8")).resolves.toBeUndefined();
    });

    it("throws errors that carry no personal data", async () => {
      fake.faults.push({
        method: "POST",
        path: /events$/,
        reply: graphError(400, "ErrorInvalidRequest", "Invalid attendee jane.doe@example.com (Jane Doe)"),
      });
      const { cal, access } = await connected();
      const error = await cal.insertEvent(access, event()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MicrosoftCalendarError);
      expect(error).toMatchObject({ operation: "insert", status: 400, code: "ErrorInvalidRequest" });
      expect(`${String(error)} ${JSON.stringify(error)}`).not.toMatch(/jane|Jane|eyJ0eXAi|M\.C5-/);
    });
  });

  describe("the grant", () => {
    it("keeps the refresh token Microsoft rotates in, and refreshes from it from then on", async () => {
      const cal = createMicrosoftCalendar(options);
      const first = fake.grant();
      const renewSecret = vi.fn(async (_secret: string) => undefined);
      const access = accessFor(first, { renewSecret });
      await cal.freeBusy(access, range);
      const [refresh] = fake.tokenRequests("refresh_token");
      expect(refresh!.body).toMatchObject({
        grant_type: "refresh_token",
        refresh_token: first,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      });
      expect(renewSecret).toHaveBeenCalledTimes(1);
      const second = renewSecret.mock.calls[0]![0];
      expect(second).toMatch(/^M\.C5-refresh-/);
      expect(second).not.toBe(first);
      // The access token is kept for the old secret and the new one alike: no second refresh.
      await cal.freeBusy(access, range);
      await cal.freeBusy(accessFor(second), range);
      expect(fake.tokenRequests("refresh_token")).toHaveLength(1);
      // Once that access token stops working, the next refresh starts from the newest refresh token.
      fake.dropAccessTokens();
      await cal.freeBusy(access, range);
      expect(fake.tokenRequests("refresh_token").map((r) => r.body.refresh_token)).toEqual([first, second]);
      expect(renewSecret).toHaveBeenCalledTimes(2);
    });

    it("refreshes once when Graph refuses a cached access token", async () => {
      const { cal, access } = await connected();
      fake.dropAccessTokens();
      expect(await cal.freeBusy(access, range)).toEqual([]);
      const [refused, retried] = fake.received("GET", "/v1.0/me/calendarView");
      expect(fake.tokenRequests("refresh_token")).toHaveLength(1);
      expect(retried!.headers.authorization).not.toBe(refused!.headers.authorization);
    });

    it("reports a dead grant when the token endpoint answers invalid_grant", async () => {
      const access = accessFor("M.C5-refresh-revoked");
      await expect(createMicrosoftCalendar(options).freeBusy(access, range)).rejects.toBeInstanceOf(CalendarGrantRevokedError);
      expect(fake.received("GET", /calendarView$/)).toEqual([]);
    });

    it("reports a dead grant when Graph refuses a fresh access token", async () => {
      fake.faults.push({
        method: "GET",
        path: /calendarView$/,
        reply: graphError(401, "InvalidAuthenticationToken", "Access token validation failure."),
      });
      await expect(createMicrosoftCalendar(options).freeBusy(accessFor(fake.grant()), range)).rejects.toBeInstanceOf(
        CalendarGrantRevokedError,
      );
      expect(fake.tokenRequests("refresh_token")).toHaveLength(1);
    });

    it("never takes our own client being refused for a dead grant", async () => {
      const cal = createMicrosoftCalendar({ ...options, clientSecret: "expired-secret" });
      const error = await cal.freeBusy(accessFor(fake.grant()), range).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MicrosoftCalendarError);
      expect(error).toMatchObject({ operation: "refresh", status: 401, code: "invalid_client" });
    });

    it("forgets the access token on revoke", async () => {
      const { cal, access } = await connected();
      await cal.revoke(access);
      await cal.freeBusy(access, range);
      expect(fake.tokenRequests("refresh_token")).toHaveLength(1);
    });
  });

  describe("retries", () => {
    it("waits what Retry-After says after a 429, then retries", async () => {
      fake.faults.push({
        method: "GET",
        path: /calendarView$/,
        reply: { ...graphError(429, "TooManyRequests", "Too many requests"), headers: { "retry-after": "1" } },
      });
      const { cal, access } = await connected();
      const started = Date.now();
      await cal.freeBusy(access, range);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(fake.received("GET", /calendarView$/)).toHaveLength(2);
    });

    it("gives up after two retries", async () => {
      const unavailable = { ...graphError(503, "serviceNotAvailable", "Service unavailable"), headers: { "retry-after": "0" } };
      fake.faults.push(...[0, 1, 2].map(() => ({ method: "POST", path: /events$/, reply: unavailable })));
      const { cal, access } = await connected();
      await expect(cal.insertEvent(access, event())).rejects.toMatchObject({ status: 503, code: "serviceNotAvailable" });
      expect(fake.received("POST", /events$/)).toHaveLength(3);
    });

    it("retries a connection dropped before any answer", async () => {
      fake.faults.push({ method: "POST", path: /events$/, reply: { status: 0, reset: true } });
      const { cal, access } = await connected();
      const { eventId } = await cal.insertEvent(access, event());
      expect(fake.received("POST", /events$/)).toHaveLength(2);
      expect(fake.events.has(eventId)).toBe(true);
    });
  });
});
