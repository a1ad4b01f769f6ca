// Microsoft 365 / Outlook calendars (Microsoft Graph) behind the CalendarPort: the authorization-code exchange of our
// own consent popup, busy times, and the events of the appointments we book. Nothing here logs: tokens, e-mail addresses
// and event texts (caller names and phone numbers) must never reach a log, so every failure is thrown as a
// MicrosoftCalendarError that carries only the operation, the HTTP status and Microsoft's error code.
//
// Why not MSAL (@azure/msal-node): it keeps refresh tokens inside its own token cache and does not hand them out, while
// we keep one refresh token per practitioner, encrypted in our database. The token endpoint is a form POST, done with fetch.
//
// Why not @microsoft/microsoft-graph-client (3.0.7, tried): it attaches the bearer token only to https:// URLs
// (GraphRequestUtil.isValidEndpoint) and reads only absolute https:// nextLinks (GraphRequest.parsePath), so against a
// plain-http local contract server it sends no Authorization header and mangles @odata.nextLink; its RetryHandler waits
// whatever Retry-After says (up to 180 s) and it has no timeout, while a caller is on the phone. So Graph is called with
// fetch too: five REST calls, as documented in microsoftgraph/microsoft-graph-docs-contrib (api-reference/v1.0/api/).
import { createHash } from "node:crypto";
import type { Env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import {
  type BusyInterval,
  type CalendarAccess,
  type CalendarEventInput,
  CalendarGrantRevokedError,
  type CalendarPort,
} from "@/lib/ports/calendar";
import { graphCodeOf, isUnauthorized, MicrosoftCalendarError, readJson, safeCode, send } from "./http";

export { MicrosoftCalendarError };

/**
 * What the consent screen asks for: offline_access (a refresh token), openid/email/profile and User.Read (which account),
 * Calendars.ReadWrite (busy times and the appointments: no free/busy-only scope works for personal accounts).
 */
export const MICROSOFT_SCOPES = ["offline_access", "openid", "email", "profile", "User.Read", "Calendars.ReadWrite"] as const;
/** Consent screens let work accounts' admins or the owner withhold a permission; without this one nothing works. */
const REQUIRED_SCOPE = "calendars.readwrite";

/** Where Microsoft sends the consent popup back. `${APP_URL}${MICROSOFT_CALLBACK_PATH}` must be registered in Entra ID. */
export const MICROSOFT_CALLBACK_PATH = "/api/microsoft-calendar/callback";

const GRAPH_ROOT = "https://graph.microsoft.com/v1.0";
const LOGIN_BASE = "https://login.microsoftonline.com";

export type MicrosoftCalendarOptions = {
  clientId: string;
  clientSecret: string;
  /** "common" (work, school and personal accounts), "organizations", "consumers", or one tenant's id or domain. */
  tenant: string;
  /** Must be the same for the consent URL and the code exchange, or Microsoft refuses the code (AADSTS50011). */
  redirectUri: string;
  /** Tests: stands in for https://graph.microsoft.com/v1.0. */
  graphRoot?: string;
  /** Tests: stands in for https://login.microsoftonline.com (`${loginBase}/${tenant}/oauth2/v2.0/token`). */
  loginBase?: string;
};

/** The adapter's settings from the environment, or null when Microsoft is not configured (the sandbox is used then). */
export function microsoftCalendarOptions(
  e: Pick<Env, "MICROSOFT_CLIENT_ID" | "MICROSOFT_CLIENT_SECRET" | "MICROSOFT_TENANT" | "MICROSOFT_GRAPH_ROOT" | "MICROSOFT_LOGIN_BASE"> & {
    appUrl: string;
  },
): MicrosoftCalendarOptions | null {
  if (!e.MICROSOFT_CLIENT_ID || !e.MICROSOFT_CLIENT_SECRET) return null;
  return {
    clientId: e.MICROSOFT_CLIENT_ID,
    clientSecret: e.MICROSOFT_CLIENT_SECRET,
    tenant: e.MICROSOFT_TENANT || "common",
    redirectUri: `${e.appUrl}${MICROSOFT_CALLBACK_PATH}`,
    graphRoot: e.MICROSOFT_GRAPH_ROOT,
    loginBase: e.MICROSOFT_LOGIN_BASE,
  };
}

/**
 * Microsoft's consent page for the popup. Unlike Google, Microsoft issues a refresh token whenever offline_access is
 * granted, so no prompt=consent is needed; prompt=select_account lets an owner signed in to several Microsoft accounts
 * pick the one whose calendar to connect. `state` is ours (signed, bound to the user) and comes back to the callback.
 */
export function microsoftAuthUrl(opts: MicrosoftCalendarOptions, state: string): string {
  const query = Object.entries({
    client_id: opts.clientId,
    response_type: "code",
    redirect_uri: opts.redirectUri,
    response_mode: "query",
    scope: MICROSOFT_SCOPES.join(" "),
    state,
    prompt: "select_account",
  })
    // Spaces as %20, not "+": concepts/auth-v2-user.md shows scope=offline_access%20user.read%20mail.read.
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");
  return `${loginEndpoint(opts)}/authorize?${query}`;
}

/** Grants kept in memory (by a hash of their refresh token), so a free/busy then an insert refresh once, not twice. */
const MAX_CACHED_GRANTS = 500;
/** Access tokens are dropped this long before Microsoft's expiry, so none expires mid-request. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** calendarView pages followed at most (100 events each): beyond, the answer would be incomplete, never "free". */
const MAX_PAGES = 20;
const DAY_MS = 86_400_000;
/** The token endpoint's errors that mean the owner must consent again (revoked, expired, password or MFA policy changed). */
const DEAD_GRANT_ERRORS = ["invalid_grant", "interaction_required"];

type TokenAnswer = Partial<Record<"access_token" | "refresh_token" | "scope" | "id_token" | "error", string>> & { expires_in?: number };
type GraphTime = { dateTime?: string; timeZone?: string };
type GraphEvent = { start?: GraphTime; end?: GraphTime; showAs?: string; isCancelled?: boolean; isAllDay?: boolean };

/** A grant in memory, by the hash of each of its refresh tokens seen: its access token, and its newest refresh token. */
type Grant = { accessToken: string; expiresAt: number; refreshToken: string };

export function createMicrosoftCalendar(opts: MicrosoftCalendarOptions): CalendarPort {
  const graphRoot = (opts.graphRoot ?? GRAPH_ROOT).replace(/\/+$/, "");
  const grants = new Map<string, Grant>();
  const keyOf = (refreshToken: string) => createHash("sha256").update(refreshToken).digest("base64url");
  const remember = (refreshTokens: string[], grant: Grant) => {
    for (const key of new Set(refreshTokens.map(keyOf))) {
      grants.delete(key);
      grants.set(key, grant);
    }
    while (grants.size > MAX_CACHED_GRANTS) grants.delete(grants.keys().next().value!);
  };
  const forget = (refreshToken: string) => {
    const grant = grants.get(keyOf(refreshToken));
    grants.delete(keyOf(refreshToken));
    for (const [key, other] of grants) if (other === grant) grants.delete(key);
  };
  const cachedToken = (refreshToken: string) => {
    const grant = grants.get(keyOf(refreshToken));
    return grant && grant.expiresAt > Date.now() ? grant.accessToken : null;
  };

  async function tokenRequest(operation: string, fields: Record<string, string>): Promise<{ status: number; body: TokenAnswer }> {
    const form = new URLSearchParams({ client_id: opts.clientId, client_secret: opts.clientSecret, scope: MICROSOFT_SCOPES.join(" ") });
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const headers = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
    const res = await send(operation, `${loginEndpoint(opts)}/token`, { method: "POST", headers, body: form.toString() });
    const json = await readJson(res);
    return { status: res.status, body: json !== null && typeof json === "object" ? json : {} };
  }

  /**
   * A fresh access token from the grant's refresh token. Microsoft answers a new refresh token each time (rotation): it
   * is kept in memory at once, and handed to the caller to store (renewSecret) whenever it differs from the secret the
   * caller holds. The previous one keeps working until it expires, so a lost renewSecret costs nothing.
   */
  async function refresh(access: CalendarAccess): Promise<string> {
    const current = grants.get(keyOf(access.secret))?.refreshToken ?? access.secret;
    const { status, body } = await tokenRequest("refresh", { grant_type: "refresh_token", refresh_token: current });
    if (DEAD_GRANT_ERRORS.includes(body.error ?? "")) {
      forget(access.secret);
      throw new CalendarGrantRevokedError();
    }
    // invalid_client (our client secret expired: they do, in Entra ID) lands here, never as a revoked grant of every owner.
    if (status !== 200 || !body.access_token) throw new MicrosoftCalendarError("refresh", status, safeCode(body.error) ?? "noAccessToken");
    const newest = body.refresh_token || current;
    remember([access.secret, current, newest], { accessToken: body.access_token, expiresAt: expiryOf(body), refreshToken: newest });
    if (body.refresh_token && body.refresh_token !== access.secret) await access.renewSecret?.(body.refresh_token);
    return body.access_token;
  }

  /**
   * Runs one operation for an owner, turning a dead grant into CalendarGrantRevokedError. A 401 with a cached access
   * token may only mean Microsoft dropped that token early: forget it and try once more after a refresh. A 401 right
   * after a refresh, or invalid_grant from the token endpoint, means the owner must reconnect.
   */
  async function act<T>(access: CalendarAccess, run: (accessToken: string) => Promise<T>): Promise<T> {
    const cached = cachedToken(access.secret);
    if (cached) {
      try {
        return await run(cached);
      } catch (e) {
        if (!isUnauthorized(e)) throw e;
        const grant = grants.get(keyOf(access.secret));
        if (grant) grant.expiresAt = 0;
      }
    }
    const accessToken = await refresh(access);
    try {
      return await run(accessToken);
    } catch (e) {
      if (!isUnauthorized(e)) throw e;
      forget(access.secret);
      throw new CalendarGrantRevokedError();
    }
  }

  /**
   * One Graph call; its JSON answer, or a MicrosoftCalendarError carrying the status and Graph's error code. Every answer's
   * times in UTC (the default, made explicit): calendarView's are read as such.
   */
  async function graph(operation: string, accessToken: string, method: string, url: string, body?: unknown) {
    const res = await send(operation, url, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: "application/json",
        prefer: 'outlook.timezone="UTC"',
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await readJson(res);
    if (!res.ok) throw new MicrosoftCalendarError(operation, res.status, graphCodeOf(json));
    return { status: res.status, json };
  }

  /** The calendar's Graph path: the default calendar's `/me/…` shortcuts, or one calendar of the user's by its id. */
  const calendarPath = (access: CalendarAccess) =>
    access.calendarId === "default" ? `${graphRoot}/me` : `${graphRoot}/me/calendars/${encodeURIComponent(access.calendarId)}`;
  const eventUrl = (eventId: string) => `${graphRoot}/me/events/${encodeURIComponent(eventId)}`;

  return {
    kind: "microsoft",
    sandbox: false,

    async connect(consent) {
      // A CalDAV account is not ours to check; an empty code is simply an invalid one.
      if (!("code" in consent) || !consent.code) return null;
      const { status, body } = await tokenRequest("code exchange", {
        grant_type: "authorization_code",
        code: consent.code,
        redirect_uri: opts.redirectUri,
      });
      // An invalid, expired or already redeemed code (AADSTS70000, 70008, 54005): the owner simply connects again.
      if (body.error === "invalid_grant") return null;
      if (status !== 200 || !body.access_token)
        throw new MicrosoftCalendarError("code exchange", status, safeCode(body.error) ?? "noAccessToken");
      // offline_access is always asked for; without a refresh token nothing could be done offline: consent again.
      if (!body.refresh_token) return null;
      const scopes = body.scope ?? "";
      if (body.scope !== undefined && !grantedScopes(scopes).has(REQUIRED_SCOPE)) {
        // A connection that can neither read nor book would only fail later. Microsoft has no endpoint revoking one
        // refresh token (see revoke), so the unused grant is simply dropped.
        throw new AppError("bad_request", "calendarScopesMissing");
      }
      remember([body.refresh_token], { accessToken: body.access_token, expiresAt: expiryOf(body), refreshToken: body.refresh_token });
      const accountEmail = displayEmailOf(body.id_token) ?? (await profileEmail(body.access_token));
      return { secret: body.refresh_token, accountEmail, scopes, calendarId: "default" };
    },

    /**
     * Microsoft has no endpoint revoking one refresh token: revokeSignInSessions signs the user out of every app and
     * device, far too broad for "disconnect this calendar". The grant is forgotten here and deleted on our side; the owner
     * removes the app at https://myapps.microsoft.com (work) or https://account.live.com/consent/Manage (personal).
     */
    async revoke(access) {
      forget(access.secret);
    },

    async freeBusy(access, { from, to, timeZone }) {
      // Not POST /me/calendar/getSchedule: it is not supported for personal Microsoft accounts (calendar-getschedule.md).
      // calendarView expands recurring events into their occurrences. All-day events come back midnight to midnight
      // whatever the Prefer header says, so the window is widened by a day either side and trimmed to [from, to) below.
      const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
      const window = `startDateTime=${iso(from.getTime() - DAY_MS)}&endDateTime=${iso(to.getTime() + DAY_MS)}`;
      const query = `${window}&$select=start,end,showAs,isCancelled,isAllDay&$top=100`;
      const events = await act(access, async (accessToken) => {
        const found: GraphEvent[] = [];
        let url: string | undefined = `${calendarPath(access)}/calendarView?${query}`;
        for (let page = 0; url; page++) {
          if (page === MAX_PAGES) throw new MicrosoftCalendarError("freebusy", 200, "tooManyEvents");
          // Our bearer token only ever goes to Graph: a next page elsewhere is refused, not followed.
          if (!url.startsWith(`${graphRoot}/`)) throw new MicrosoftCalendarError("freebusy", 200, "badNextLink");
          const { json } = await graph("freebusy", accessToken, "GET", url);
          const answer = (json ?? {}) as { value?: GraphEvent[]; "@odata.nextLink"?: string };
          if (!Array.isArray(answer.value)) throw new MicrosoftCalendarError("freebusy", 200, "badAnswer");
          found.push(...answer.value);
          url = answer["@odata.nextLink"];
        }
        return found;
      });
      const busy: BusyInterval[] = [];
      for (const e of events) {
        // Only "free" leaves the time open. tentative (not yet answered), busy, oof, workingElsewhere (at another office,
        // not available here) and unknown all block it: booking over an uncertain slot is worse than missing one.
        if (e.isCancelled === true || e.showAs === "free") continue;
        const interval = e.isAllDay ? allDayInterval(e, timeZone) : { start: utcOf(e.start), end: utcOf(e.end) };
        if (interval.start < to && interval.end > from) busy.push(interval);
      }
      return busy;
    },

    insertEvent: create,

    async patchEvent(access, event) {
      try {
        await act(access, (accessToken) => graph("patch", accessToken, "PATCH", eventUrl(event.eventId), eventBody(event)));
        return { eventId: event.eventId };
      } catch (e) {
        // Deleted in Outlook meanwhile (ErrorItemNotFound): the appointment still stands, so its event is made again.
        if (!(e instanceof MicrosoftCalendarError) || e.status !== 404) throw e;
        return create(access, event);
      }
    },

    async deleteEvent(access, eventId) {
      await act(access, async (accessToken) => {
        try {
          await graph("delete", accessToken, "DELETE", eventUrl(eventId));
        } catch (e) {
          // Already gone: the outcome the caller wanted. An id Graph cannot read (ours, for an event whose insert never
          // answered) was never one of its events.
          if (!(e instanceof MicrosoftCalendarError)) throw e;
          if (e.status !== 404 && e.status !== 410 && !(e.status === 400 && e.code === "ErrorInvalidIdMalformed")) throw e;
        }
      });
    },
  };

  /**
   * Creates the event. transactionId is Graph's idempotency key for a retried POST (resources/event.md): a second POST
   * with it, ours or a retry after a lost answer, does not create a second event. Graph picks the event's id; the
   * caller keeps it.
   */
  async function create(access: CalendarAccess, event: CalendarEventInput): Promise<{ eventId: string }> {
    const { status, json } = await act(access, (accessToken) =>
      graph("insert", accessToken, "POST", `${calendarPath(access)}/events`, { ...eventBody(event), transactionId: event.eventId }),
    );
    const id = (json as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || id === "") throw new MicrosoftCalendarError("insert", status, "missingId");
    return { eventId: id };
  }

  /** The account's address from GET /me when the ID token had none (mail is null without a mailbox). */
  async function profileEmail(accessToken: string): Promise<string | null> {
    try {
      const { json } = await graph("profile", accessToken, "GET", `${graphRoot}/me?$select=mail,userPrincipalName`);
      const me = (json ?? {}) as { mail?: unknown; userPrincipalName?: unknown };
      return displayable(me.mail) ?? displayable(me.userPrincipalName);
    } catch {
      // Shown to the owner only: a connection without it still works.
      return null;
    }
  }
}

function loginEndpoint(opts: MicrosoftCalendarOptions): string {
  return `${(opts.loginBase ?? LOGIN_BASE).replace(/\/+$/, "")}/${encodeURIComponent(opts.tenant)}/oauth2/v2.0`;
}

/**
 * The event as Outlook stores it. Times are sent in UTC ("…T14:00:00", timeZone "UTC"), not as wall time in the
 * business's zone: Graph accepts Windows zone names and only a fixed list of about a hundred IANA ones
 * (resources/datetimetimezone.md; Europe/Madrid or America/Toronto are not on it), and Outlook shows every event in the
 * viewer's own zone anyway. No attendee: Graph e-mails every attendee an invitation (user-post-events.md), with no
 * sendUpdates "none" as Google has; the caller has our confirmation, and their address is in the event's text.
 */
function eventBody(e: CalendarEventInput) {
  return {
    subject: e.summary,
    body: { contentType: "text", content: e.description },
    start: { dateTime: graphDateTime(e.start), timeZone: "UTC" },
    end: { dateTime: graphDateTime(e.end), timeZone: "UTC" },
    attendees: [],
    showAs: "busy",
    isReminderOn: true,
    reminderMinutesBeforeStart: 60,
  };
}

function graphDateTime(d: Date): string {
  return d.toISOString().slice(0, 19);
}

/**
 * A Graph dateTime asked for in UTC (`Prefer: outlook.timezone="UTC"`), "2026-01-05T09:00:00.0000000": no offset in it,
 * so it is read as UTC explicitly (never in the server's own zone). Anything else is refused rather than guessed.
 */
function utcOf(t: GraphEvent["start"]): Date {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(t?.dateTime ?? "");
  if (!m || !/^(UTC|Etc\/UTC)$/i.test(t?.timeZone ?? "")) throw new MicrosoftCalendarError("freebusy", 200, "badInterval");
  const d = new Date(`${m[1]}${(m[2] ?? "").slice(0, 4)}Z`);
  if (Number.isNaN(d.getTime())) throw new MicrosoftCalendarError("freebusy", 200, "badInterval");
  return d;
}

/** An all-day event covers whole days: midnight to midnight in the business's zone, the owner's working zone. */
function allDayInterval(e: GraphEvent, timeZone: string): BusyInterval {
  const utc = { start: utcOf(e.start), end: utcOf(e.end) };
  const day = (d: Date) => zonedWallTimeToUtc(d.toISOString().slice(0, 10), "00:00", timeZone);
  const start = day(utc.start);
  const end = day(utc.end);
  // A zone whose clocks skip midnight on that day: the UTC reading is the nearest sound answer.
  return start && end ? { start, end } : utc;
}

/**
 * The granted scopes, compared case-insensitively and without the resource prefix: the token endpoint may answer
 * "Calendars.ReadWrite" or "https://graph.microsoft.com/Calendars.ReadWrite", in any case.
 */
function grantedScopes(scope: string): Set<string> {
  return new Set(
    scope
      .toLowerCase()
      .split(/\s+/)
      .map((s) => s.replace(/^https:\/\/graph\.microsoft\.com\//, "")),
  );
}

/** When the access token stops being used: its expires_in (seconds) less a margin; 0 (never cached) without one. */
function expiryOf(t: TokenAnswer): number {
  const seconds = Number(t.expires_in);
  return Number.isFinite(seconds) && seconds > 0 ? Date.now() + seconds * 1000 - EXPIRY_MARGIN_MS : 0;
}

/**
 * The connected account's address, for display only ("connected as …"): the ID token's preferred_username (the sign-in
 * name, an address for personal and most work accounts) or email claim. The token came straight from Microsoft's token
 * endpoint over TLS, in exchange for our client secret, so its signature is not checked here (that needs Microsoft's
 * keys over the network); this value must never identify or authorize anyone.
 */
function displayEmailOf(idToken: string | undefined): string | null {
  const payload = idToken?.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { preferred_username?: unknown; email?: unknown };
    return displayable(claims.preferred_username) ?? displayable(claims.email);
  } catch {
    return null;
  }
}

function displayable(value: unknown): string | null {
  return typeof value === "string" && value.includes("@") && value.length <= 320 ? value : null;
}
