// A CalDAV account (iCloud, Fastmail, Nextcloud…) behind the CalendarPort: the account is checked and its calendar found
// at connect (RFC 6764 discovery through tsdav), then each operation is one request on that calendar's URL, with Basic
// auth (the username and an app password): a calendar-query REPORT for free/busy (RFC 4791 §7.8), a PUT per event (the
// object's name is our event id), a DELETE. Events are read with ical.js (time zones, all-day days, recurrences) and
// written as plain iCalendar text (RFC 5545).
//
// The server's address comes from the owner: every request goes through our own transport (transport.ts), which
// refuses anything but https and, unless allowPrivate, any host that is or resolves to a private address; iCalendar is
// read and written in icalendar.ts.
//
// Nothing here logs: app passwords, usernames and event texts (caller names and phone numbers) must never reach a log,
// so every failure is a CaldavCalendarError that carries only the operation and the HTTP status.
import { lookup as dnsLookupAll } from "node:dns/promises";
import { isIP } from "node:net";
import { createCalendarObject, createDAVClient, davRequest, deleteCalendarObject, type DAVCalendar, updateCalendarObject } from "tsdav";
import { AppError } from "@/lib/platform/errors";
import {
  type BusyInterval,
  type CalendarAccess,
  type CalendarEventInput,
  type CalendarGrant,
  CalendarGrantRevokedError,
  type CalendarPort,
} from "@/lib/ports/calendar";
import { addBusy, eventText, utcBasic } from "./icalendar";
import { createTransport, isBlockedAddress, newProbe, type Probe } from "./transport";

export type CaldavCalendarOptions = {
  /** Tests and development: servers on loopback or private addresses, over http too. */
  allowPrivate?: boolean;
  /** Per request (connect makes several). Default 10 s. */
  timeoutMs?: number;
};

/** A CalDAV failure, stripped of everything but what a log may show. */
export class CaldavCalendarError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number | null,
  ) {
    super(`CalDAV ${operation} failed (${status ?? "no response"})`);
    this.name = "CaldavCalendarError";
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function createCaldavCalendar(opts: CaldavCalendarOptions = {}): CalendarPort {
  const allowPrivate = opts.allowPrivate ?? false;
  const fetchFor = createTransport(allowPrivate, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const refused = () => new AppError("bad_request", "calendarServerRefused");
  const unreachable = () => new AppError("bad_request", "calendarServerUnreachable");

  /** The owner's server address, checked before anything is sent to it: https, and a public host. */
  async function serverUrlOf(input: string): Promise<URL> {
    const text = input.trim();
    let url: URL;
    try {
      // "caldav.icloud.com" as typed by an owner: https is the only scheme we would use anyway.
      url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    } catch {
      throw refused();
    }
    if (url.username || url.password) throw refused();
    if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) throw refused();
    if (allowPrivate) return url;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const addresses = isIP(host)
      ? [host]
      : await dnsLookupAll(host, { all: true }).then(
          (found) => found.map((a) => a.address),
          () => null,
        );
    if (addresses === null) throw unreachable();
    if (addresses.length === 0 || addresses.some(isBlockedAddress)) throw refused();
    return url;
  }

  /**
   * Runs one operation: a dead grant (401, or 403 that is not a failed CalDAV precondition) becomes
   * CalendarGrantRevokedError, anything else a CaldavCalendarError with the last HTTP status seen.
   */
  async function act<T>(access: CalendarAccess, operation: string, run: (target: Target, probe: Probe) => Promise<T>): Promise<T> {
    const probe = newProbe();
    const target = targetOf(access, fetchFor(probe));
    if (!target) throw new CalendarGrantRevokedError();
    try {
      return await run(target, probe);
    } catch (e) {
      if (e instanceof CalendarGrantRevokedError || e instanceof CaldavCalendarError) throw e;
      throw new CaldavCalendarError(operation, probe.status);
    }
  }

  function failure(operation: string, probe: Probe): Error {
    if (probe.status === 401 || (probe.status === 403 && !probe.davError)) return new CalendarGrantRevokedError();
    return new CaldavCalendarError(operation, probe.status);
  }

  /** PUT with If-None-Match: * (RFC 4791 §5.3.2); 412 means our id is already there: it is made to say what we say now. */
  async function put(target: Target, probe: Probe, event: CalendarEventInput, operation: string, overwrite: boolean): Promise<void> {
    const iCalString = eventText(event, new Date());
    const common = { headers: target.headers, fetch: target.fetch };
    const url = objectUrl(target.calendar.url, event.eventId);
    let res = overwrite
      ? await updateCalendarObject({ calendarObject: { url, data: iCalString }, ...common })
      : await createCalendarObject({ calendar: target.calendar, filename: fileName(event.eventId), iCalString, ...common });
    if (!overwrite && res.status === 412) res = await updateCalendarObject({ calendarObject: { url, data: iCalString }, ...common });
    else if (overwrite && res.status === 404) return put(target, probe, event, operation, false);
    if (!res.ok) throw failure(operation, probe);
  }

  return {
    kind: "caldav",
    sandbox: false,

    async connect(consent): Promise<CalendarGrant | null> {
      if (!("serverUrl" in consent)) return null;
      const { username, password } = consent;
      // Basic auth cannot carry a username with a colon (RFC 7617 §2).
      if (!username || !password || username.includes(":")) return null;
      const server = await serverUrlOf(consent.serverUrl);
      const probe = newProbe();
      let calendars: DAVCalendar[];
      try {
        // RFC 6764 discovery: /.well-known/caldav, current-user-principal, calendar-home-set, then the calendars. The
        // header is built here, not by tsdav's Basic helper, whose debug output names the user.
        const client = await createDAVClient({
          serverUrl: server.href,
          credentials: { username, password },
          authMethod: "Custom",
          authFunction: async () => basicAuth(username, password),
          defaultAccountType: "caldav",
          fetch: fetchFor(probe),
        });
        calendars = await client.fetchCalendars();
      } catch {
        calendars = [];
      }
      const calendar =
        calendars.find((c) => c.components?.includes("VEVENT")) ?? calendars.find((c) => !c.components || c.components.length === 0);
      if (!calendar) {
        if (probe.refused) throw refused();
        if (probe.authFailed) return null;
        throw unreachable();
      }
      let calendarUrl: URL;
      try {
        calendarUrl = new URL(calendar.url);
      } catch {
        throw unreachable();
      }
      if (calendarUrl.protocol !== "https:" && !(allowPrivate && calendarUrl.protocol === "http:")) throw refused();
      return { secret: password, accountEmail: username, scopes: "caldav", calendarId: calendarUrl.href };
    },

    // App passwords are revoked by the owner at their provider (Apple ID, Fastmail settings): nothing to call.
    async revoke() {},

    async freeBusy(access, { from, to, timeZone }) {
      const range = { start: utcBasic(from), end: utcBasic(to) };
      const responses = await act(access, "freebusy", async (target, probe) => {
        const results = await davRequest({
          url: target.calendar.url,
          init: {
            method: "REPORT",
            namespace: "c",
            headers: { ...target.headers, depth: "1" },
            body: {
              "calendar-query": {
                _attributes: { "xmlns:c": "urn:ietf:params:xml:ns:caldav", "xmlns:d": "DAV:" },
                "d:prop": { "d:getetag": {}, "calendar-data": { expand: { _attributes: range } } },
                filter: {
                  "comp-filter": {
                    _attributes: { name: "VCALENDAR" },
                    "comp-filter": { _attributes: { name: "VEVENT" }, "time-range": { _attributes: range } },
                  },
                },
              },
            },
          },
          fetch: target.fetch,
        });
        if (probe.status !== 207) throw failure("freebusy", probe);
        return results;
      });
      const busy: BusyInterval[] = [];
      const collection = pathOf(access.calendarId);
      try {
        for (const r of responses) {
          // A body that is not a multistatus, or a response in error (507: results truncated), is never read as "free".
          if (typeof r.raw !== "object" || r.raw === null || !("multistatus" in r.raw) || (r.status ?? 0) >= 300) throw new Error("bad");
          const data = calendarDataOf(r.props?.calendarData);
          if (data === undefined) {
            // Only the collection itself (iCloud lists it) may come without calendar data: an event without it is unread.
            if (r.href && pathOf(new URL(r.href, access.calendarId).href) !== collection) throw new Error("bad");
            continue;
          }
          addBusy(data, from.getTime(), to.getTime(), timeZone, busy);
        }
      } catch {
        throw new CaldavCalendarError("freebusy data", 207);
      }
      return busy.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
    },

    async insertEvent(access, event) {
      await act(access, "insert", (target, probe) => put(target, probe, event, "insert", false));
      return { eventId: event.eventId };
    },

    async patchEvent(access, event) {
      await act(access, "patch", (target, probe) => put(target, probe, event, "patch", true));
      return { eventId: event.eventId };
    },

    async deleteEvent(access, eventId) {
      await act(access, "delete", async (target, probe) => {
        const url = objectUrl(target.calendar.url, eventId);
        const res = await deleteCalendarObject({ calendarObject: { url }, headers: target.headers, fetch: target.fetch });
        if (!res.ok && res.status !== 404 && res.status !== 410) throw failure("delete", probe);
      });
    },
  };
}

type Target = { calendar: DAVCalendar; headers: Record<string, string>; fetch: typeof fetch };

/** The calendar and credentials of a connection; null when the grant cannot be used at all (no username). */
function targetOf(access: CalendarAccess, fetchFn: typeof fetch): Target | null {
  if (!access.accountEmail || access.accountEmail.includes(":")) return null;
  let url: string;
  try {
    url = new URL(access.calendarId).href;
  } catch {
    throw new CaldavCalendarError("calendar url", null);
  }
  return { calendar: { url: url.endsWith("/") ? url : `${url}/` }, headers: basicAuth(access.accountEmail, access.secret), fetch: fetchFn };
}

function basicAuth(username: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}` };
}

const fileName = (eventId: string) => `${encodeURIComponent(eventId)}.ics`;
const objectUrl = (calendarUrl: string, eventId: string) => new URL(fileName(eventId), calendarUrl).href;

/** A URL's path without its trailing slash, decoded: servers spell the same href "a%40b" or "a@b". */
function pathOf(url: string): string {
  const path = new URL(url).pathname.replace(/\/+$/, "");
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function calendarDataOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const cdata = (value as { _cdata?: unknown; _text?: unknown } | null | undefined)?._cdata ?? (value as { _text?: unknown } | null)?._text;
  return typeof cdata === "string" ? cdata : undefined;
}
