// Google Calendar behind the CalendarPort: the authorization-code exchange of our own consent popup, free/busy, and the
// events of the appointments we book. Nothing here logs: tokens, e-mail addresses and event texts (caller names and
// phone numbers) must never reach a log, so every Google error is rethrown as a GoogleCalendarError that carries only
// the operation, the HTTP status and Google's reason code.
//
// The calendar API is imported from its own module inside googleapis: the package's index loads every Google API
// (about 1 s at start-up, and a far larger server bundle) for the one we use. `auth.OAuth2` is google-auth-library's
// OAuth2Client, re-exported there, so the project depends on googleapis alone.
import { createHash } from "node:crypto";
import { auth, calendar, type calendar_v3 } from "googleapis/build/src/apis/calendar";
import type { Env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import {
  type CalendarAccess,
  type CalendarEventInput,
  type CalendarGrant,
  CalendarGrantRevokedError,
  type CalendarPort,
} from "@/lib/ports/calendar";

type OAuth2Client = InstanceType<typeof auth.OAuth2>;

/**
 * What the consent screen asks for. calendar.events (write the appointments) and calendar.freebusy (read busy times
 * only: the owner's other events stay private) are the least that works, and both are needed: calendar.events alone
 * does not authorize freebusy.query. openid/email/profile show which Google account is connected.
 */
export const SCOPES = [
  "openid",
  "email",
  "profile",
  "https://www.googleapis.com/auth/calendar.events",
  "https://www.googleapis.com/auth/calendar.freebusy",
] as const;

/** Consent screens let the owner untick scopes; without these two the connection could neither read nor book. */
const REQUIRED_SCOPES = ["https://www.googleapis.com/auth/calendar.events", "https://www.googleapis.com/auth/calendar.freebusy"];

/** Where Google sends the consent popup back. `${APP_URL}${GOOGLE_CALLBACK_PATH}` must be registered in Google Cloud. */
export const GOOGLE_CALLBACK_PATH = "/api/google-calendar/callback";

export type GoogleCalendarOptions = {
  clientId: string;
  clientSecret: string;
  /** Must be the same for the consent URL and the code exchange, or Google answers redirect_uri_mismatch. */
  redirectUri: string;
  /** Tests: a local server standing in for https://www.googleapis.com/ (requests keep their /calendar/v3/… path). */
  apiRoot?: string;
  /** Tests: base of the token, revoke and consent endpoints (`${oauthBase}/token`, `/revoke`, `/auth`). */
  oauthBase?: string;
};

/** The adapter's settings from the environment, or null when Google is not configured (the sandbox is used then). */
export function googleCalendarOptions(
  e: Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_API_ROOT" | "GOOGLE_OAUTH_BASE"> & { appUrl: string },
): GoogleCalendarOptions | null {
  if (!e.GOOGLE_CLIENT_ID || !e.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: e.GOOGLE_CLIENT_ID,
    clientSecret: e.GOOGLE_CLIENT_SECRET,
    redirectUri: `${e.appUrl}${GOOGLE_CALLBACK_PATH}`,
    apiRoot: e.GOOGLE_API_ROOT,
    oauthBase: e.GOOGLE_OAUTH_BASE,
  };
}

/**
 * Google's consent page for the popup. prompt=consent makes Google issue a refresh token on every connect (without it
 * a returning owner gets none, and a reconnect after a revoked grant would be impossible); access_type=offline is what
 * asks for a refresh token at all. `state` is ours (signed, bound to the user) and comes back to the callback.
 */
export function googleAuthUrl(opts: GoogleCalendarOptions, state: string): string {
  return oauthClient(opts).generateAuthUrl({
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: true,
    scope: [...SCOPES],
    state,
    redirect_uri: opts.redirectUri,
  });
}

/** A Google failure, stripped of everything but what a log may show. */
export class GoogleCalendarError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number | null,
    readonly reason: string | null,
  ) {
    super(`Google Calendar ${operation} failed (${status ?? "no response"}${reason ? ` ${reason}` : ""})`);
    this.name = "GoogleCalendarError";
  }
}

const REQUEST_TIMEOUT_MS = 10_000;
/** Our own retries for POST/PATCH, which gaxios never retries: 3 attempts in all, about 0.25 s then 0.75 s apart. */
const RETRY_DELAYS_MS = [250, 750];
/** Access tokens kept in memory (by a hash of their refresh token), so a free/busy then an insert refresh once, not twice. */
const MAX_CACHED_TOKENS = 500;
const NETWORK_RETRY_CODES = ["ECONNRESET", "ECONNREFUSED", "EPIPE", "EAI_AGAIN"];

type CachedToken = { access_token: string; expiry_date: number };

export function createGoogleCalendar(opts: GoogleCalendarOptions): CalendarPort {
  const tokens = new Map<string, CachedToken>();
  const keyOf = (refreshToken: string) => createHash("sha256").update(refreshToken).digest("base64url");
  const remember = (key: string, t: { access_token?: string | null; expiry_date?: number | null }) => {
    if (!t.access_token || !t.expiry_date) return;
    tokens.delete(key);
    tokens.set(key, { access_token: t.access_token, expiry_date: t.expiry_date });
    if (tokens.size > MAX_CACHED_TOKENS) tokens.delete(tokens.keys().next().value!);
  };

  const api = (refreshToken: string) => {
    const key = keyOf(refreshToken);
    const client = oauthClient(opts);
    client.setCredentials({ refresh_token: refreshToken, ...tokens.get(key) });
    client.on("tokens", (t) => remember(key, t));
    return calendar({ version: "v3", auth: client, timeout: REQUEST_TIMEOUT_MS, ...(opts.apiRoot ? { rootUrl: opts.apiRoot } : {}) });
  };

  /**
   * Runs one operation for an owner, turning a dead grant into CalendarGrantRevokedError. A 401 with a cached access
   * token may only mean Google dropped that token early: forget it and try once more with a fresh refresh. A 401 right
   * after a refresh, or invalid_grant from the token endpoint, means the owner must reconnect.
   */
  async function act<T>(access: CalendarAccess, operation: string, run: (cal: calendar_v3.Calendar) => Promise<T>): Promise<T> {
    const key = keyOf(access.secret);
    const usedCachedToken = tokens.has(key);
    try {
      try {
        return await run(api(access.secret));
      } catch (e) {
        if (!isUnauthorized(e) || !usedCachedToken) throw e;
        tokens.delete(key);
        return await run(api(access.secret));
      }
    } catch (e) {
      if (isInvalidGrant(e) || isUnauthorized(e)) {
        tokens.delete(key);
        throw new CalendarGrantRevokedError();
      }
      throw toCalendarError(operation, e);
    }
  }

  return {
    kind: "google",
    sandbox: false,

    async connect(consent): Promise<CalendarGrant | null> {
      // A CalDAV account is not Google's to check.
      if (!("code" in consent)) return null;
      const { code } = consent;
      const client = oauthClient(opts);
      const result = await client.getToken({ code, redirect_uri: opts.redirectUri }).then(
        (r) => r.tokens,
        (e: unknown) => {
          // An invalid, expired or already used code: the owner simply connects again.
          if (isInvalidGrant(e)) return null;
          throw toCalendarError("code exchange", e);
        },
      );
      if (!result) return null;
      // We always send prompt=consent, so Google should always issue one; without it nothing could be done offline and
      // the owner must go through consent again.
      if (!result.refresh_token) return null;
      const scopes = result.scope ?? "";
      if (result.scope !== undefined && REQUIRED_SCOPES.some((s) => !scopes.split(" ").includes(s))) {
        // The owner unticked a calendar permission: a connection that can neither read nor book would only fail later.
        await client.revokeToken(result.refresh_token).catch(() => undefined);
        throw new AppError("bad_request", "calendarScopesMissing");
      }
      remember(keyOf(result.refresh_token), result);
      return { secret: result.refresh_token, accountEmail: displayEmailOf(result.id_token), scopes, calendarId: "primary" };
    },

    async revoke({ secret }) {
      tokens.delete(keyOf(secret));
      try {
        await oauthClient(opts).revokeToken(secret);
      } catch (e) {
        // Already revoked or expired at Google: the outcome the caller wanted.
        if (statusOf(e) === 400 && oauthErrorOf(e) === "invalid_token") return;
        throw toCalendarError("revoke", e);
      }
    },

    async freeBusy(access, { from, to, timeZone }) {
      const res = await act(access, "freebusy", (cal) =>
        withRetry(() =>
          cal.freebusy.query({
            requestBody: { timeMin: from.toISOString(), timeMax: to.toISOString(), timeZone, items: [{ id: access.calendarId }] },
          }),
        ),
      );
      const calendars = res.data.calendars ?? {};
      const entry = calendars[access.calendarId] ?? (Object.keys(calendars).length === 1 ? Object.values(calendars)[0] : undefined);
      // A calendar Google could not read (notFound, internalError…) is reported inside a 200: never read it as "free".
      if (!entry) throw new GoogleCalendarError("freebusy", res.status, "calendarMissing");
      if (entry.errors?.length)
        throw new GoogleCalendarError("freebusy", res.status, entry.errors.map((x) => x.reason ?? "unknown").join(","));
      return (entry.busy ?? []).map((b) => {
        const start = new Date(b.start ?? "");
        const end = new Date(b.end ?? "");
        if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
          throw new GoogleCalendarError("freebusy", res.status, "badInterval");
        return { start, end };
      });
    },

    async insertEvent(access, event) {
      return act(access, "insert", async (cal) => {
        try {
          await withRetry(() =>
            cal.events.insert({
              calendarId: access.calendarId,
              sendUpdates: "none",
              requestBody: { id: event.eventId, ...eventBody(event) },
            }),
          );
        } catch (e) {
          if (statusOf(e) !== 409) throw e;
          // 409 "duplicate": our id is already there, most often because an earlier attempt went through and only its
          // answer was lost (maybe with older details: a reschedule since), or the event was deleted (Google keeps
          // the id, status "cancelled"). Either way the event is made to say what the appointment says now.
          await withRetry(() =>
            cal.events.patch({
              calendarId: access.calendarId,
              eventId: event.eventId,
              sendUpdates: "none",
              requestBody: { ...eventBody(event), status: "confirmed" },
            }),
          );
        }
        return { eventId: event.eventId };
      });
    },

    async patchEvent(access, event) {
      await act(access, "patch", (cal) =>
        withRetry(() =>
          cal.events.patch({ calendarId: access.calendarId, eventId: event.eventId, sendUpdates: "none", requestBody: eventBody(event) }),
        ),
      );
      return { eventId: event.eventId };
    },

    async deleteEvent(access, eventId) {
      await act(access, "delete", async (cal) => {
        try {
          // DELETE is retried by gaxios itself (429, 5xx).
          await cal.events.delete({ calendarId: access.calendarId, eventId, sendUpdates: "none" });
        } catch (e) {
          const status = statusOf(e);
          if (status !== 404 && status !== 410) throw e;
        }
      });
    },
  };
}

function oauthClient(opts: GoogleCalendarOptions): OAuth2Client {
  const base = opts.oauthBase?.replace(/\/+$/, "");
  return new auth.OAuth2({
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    redirectUri: opts.redirectUri,
    transporterOptions: { timeout: REQUEST_TIMEOUT_MS },
    ...(base
      ? { endpoints: { oauth2TokenUrl: `${base}/token`, oauth2RevokeUrl: `${base}/revoke`, oauth2AuthBaseUrl: `${base}/auth` } }
      : {}),
  });
}

/** The event as Google stores it. We send our own confirmations, so Google never e-mails the caller (sendUpdates "none"). */
function eventBody(e: CalendarEventInput): calendar_v3.Schema$Event {
  return {
    summary: e.summary,
    description: e.description,
    start: { dateTime: e.start.toISOString(), timeZone: e.timeZone },
    end: { dateTime: e.end.toISOString(), timeZone: e.timeZone },
    attendees: e.attendeeEmail ? [{ email: e.attendeeEmail }] : [],
    // The owner's reminders: an e-mail the day before (1440 min) and a pop-up an hour before.
    reminders: {
      useDefault: false,
      overrides: [
        { method: "email", minutes: 1440 },
        { method: "popup", minutes: 60 },
      ],
    },
    extendedProperties: { private: { source: "recepta" } },
  };
}

/**
 * The e-mail of the connected Google account, for display only ("connected as …"). The ID token came straight from
 * Google's token endpoint over TLS in exchange for our client secret, but its signature is not checked here (that
 * needs Google's certificates over the network), so this value must never identify or authorize anyone.
 */
function displayEmailOf(idToken: string | null | undefined): string | null {
  const payload = idToken?.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown };
    return typeof claims.email === "string" && claims.email.length <= 320 ? claims.email : null;
  } catch {
    return null;
  }
}

/**
 * Retries what gaxios will not: it retries only GET/HEAD/PUT/OPTIONS/DELETE, and never a 403 rateLimitExceeded.
 * Only for operations that are safe to repeat: free/busy reads, patches, and inserts that carry our event id (a
 * repeated insert answers 409, which the caller treats as success).
 */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isRetryable(e)) throw e;
      await new Promise((resolve) => setTimeout(resolve, delay * (0.75 + Math.random() / 2)));
    }
  }
}

function isRetryable(e: unknown): boolean {
  const status = statusOf(e);
  // No answer at all: only failures that happen before Google could act. A timeout is not retried (the caller, often a
  // phone call in progress, cannot wait 3 × 10 s).
  if (status === null) return NETWORK_RETRY_CODES.includes(String((e as { code?: unknown } | null)?.code));
  if (status === 429 || status >= 500) return true;
  return status === 403 && ["rateLimitExceeded", "userRateLimitExceeded"].includes(apiReasonOf(e) ?? "");
}

type ErrorResponse = { status?: number; data?: unknown };

function responseOf(e: unknown): ErrorResponse | undefined {
  return (e as { response?: ErrorResponse } | null)?.response;
}

function statusOf(e: unknown): number | null {
  const status = responseOf(e)?.status ?? (e as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : null;
}

/** The OAuth endpoints' `{ error: "invalid_grant" }`. */
function oauthErrorOf(e: unknown): string | null {
  const error = (responseOf(e)?.data as { error?: unknown } | undefined)?.error;
  return typeof error === "string" ? error : null;
}

/** The Calendar API's `{ error: { errors: [{ reason }] } }`. */
function apiReasonOf(e: unknown): string | null {
  const error = (responseOf(e)?.data as { error?: { errors?: { reason?: unknown }[]; status?: unknown } } | undefined)?.error;
  const reason = typeof error === "object" ? (error?.errors?.[0]?.reason ?? error?.status) : undefined;
  return typeof reason === "string" ? reason : null;
}

/** invalid_grant from the token endpoint: the refresh token (or code) was revoked, expired or already used. */
function isInvalidGrant(e: unknown): boolean {
  return oauthErrorOf(e) === "invalid_grant";
}

/**
 * The Calendar API refusing our access token. Not the token endpoint's 401 invalid_client: that is our own client id
 * or secret being wrong, which must never mark every owner's calendar as revoked.
 */
function isUnauthorized(e: unknown): boolean {
  return statusOf(e) === 401 && oauthErrorOf(e) === null;
}

function toCalendarError(operation: string, e: unknown): Error {
  if (e instanceof GoogleCalendarError || e instanceof CalendarGrantRevokedError || e instanceof AppError) return e;
  const reason =
    oauthErrorOf(e) ?? apiReasonOf(e) ?? (typeof (e as { code?: unknown })?.code === "string" ? (e as { code: string }).code : null);
  // Only short, code-like reasons: Google's free-text messages can quote what was sent.
  return new GoogleCalendarError(operation, statusOf(e), reason && /^[\w.-]{1,64}$/.test(reason) ? reason : null);
}
