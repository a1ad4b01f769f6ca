// The CalDAV adapter against a local node:http server standing in for iCloud. Its answers are iCloud's own wire formats,
// as recorded by tsdav's integration tests (github.com/natelindev/tsdav, src/__tests__/integration/data/
// networkRequestData.json, iCloud 2021: the PROPFIND multistatus of the root's current-user-principal, the principal's
// calendar-home-set as an absolute URL, the home's Depth 1 listing with supported-calendar-component-set, a calendar's
// supported-report-set, the calendar-query REPORT with its collection entry and CDATA calendar-data, PUT 201 with an
// ETag, DELETE 204). The well-known redirect is RFC 6764 §5's (a 301 to the context path, as Nextcloud and Fastmail
// answer); the US/Eastern VTIMEZONE is RFC 4791 Appendix B's; 412 for If-None-Match is RFC 4791 §5.3.2 / RFC 9110.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/platform/errors";
import { type CalendarAccess, CalendarGrantRevokedError } from "@/lib/ports/calendar";
import { CaldavCalendarError, createCaldavCalendar } from "./calendar";

const USER = "owner@icloud.example";
const PASSWORD = "abcd-efgh-ijkl-mnop";
const PRINCIPAL = "/20252527932/principal/";
const HOME = "/20252527932/calendars/";
const CALENDAR = "/20252527932/calendars/02C99794-E25C-4007-9586-C407F92C1BAA/";
const REMINDERS = "/20252527932/calendars/47081C82-E9EC-404F-AFA1-CB602CFE588A/";
const XML = { "content-type": "application/xml; charset=UTF-8" };

type Recorded = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
type Reply = { status: number; headers?: Record<string, string>; body?: string } | "hang";

let server: Server;
let base: string;
/** TCP connections the server accepted: a refused address must not even be connected to. */
let connections = 0;
const requests: Recorded[] = [];
const objects = new Map<string, string>();
/** The calendar objects the REPORT answers with (name → iCalendar text). */
let reportObjects: [string, string][] = [];
/** iCloud sends calendar-data as CDATA; sabre (Nextcloud, Baïkal) as escaped text, CR as &#13;. */
let reportStyle: "cdata" | "escaped" = "cdata";
const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
/** A test's own answer for a request, before the iCloud-like ones. */
let override: ((r: Recorded) => Reply | undefined) | null = null;
let homeListing: () => string = () => homeMultistatus([REMINDERS, "Reminders", "VTODO"], [CALENDAR, "Home", "VEVENT"]);

const multistatus = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<multistatus xmlns="DAV:">\n${inner}\n</multistatus>`;

const propResponse = (href: string, prop: string) =>
  `<response xmlns="DAV:">\n    <href>${href}</href>\n        <propstat>\n    \t\t <prop>\n                ${prop}\n            </prop>\n                <status>HTTP/1.1 200 OK</status>\n        </propstat>\n</response>`;

function homeMultistatus(...calendars: [string, string, string][]): string {
  const collection = propResponse(
    HOME,
    `<displayname xmlns="DAV:">test webdav</displayname><resourcetype xmlns="DAV:"><collection/></resourcetype>`,
  );
  const entries = calendars.map(([href, name, comp]) =>
    propResponse(
      href,
      `<displayname xmlns="DAV:">${name}</displayname>
                <getctag xmlns="http://calendarserver.org/ns/">HwoQEgwAAHp/Qk9QxQAAAAAYARgAIhUIoZPZ9Ki5sPNYEKuS97SBqa3mlgEoAA==</getctag>
                <resourcetype xmlns="DAV:"><collection/><calendar xmlns="urn:ietf:params:xml:ns:caldav"/></resourcetype>
                <supported-calendar-component-set xmlns="urn:ietf:params:xml:ns:caldav"><comp name='${comp}' xmlns='urn:ietf:params:xml:ns:caldav'/></supported-calendar-component-set>`,
    ),
  );
  return multistatus([collection, ...entries].join("\n"));
}

const SUPPORTED_REPORTS = `<supported-report-set xmlns="DAV:"><supported-report><report><sync-collection></sync-collection></report></supported-report><supported-report><report><calendar-query xmlns="urn:ietf:params:xml:ns:caldav"></calendar-query></report></supported-report><supported-report><report><calendar-multiget xmlns="urn:ietf:params:xml:ns:caldav"></calendar-multiget></report></supported-report></supported-report-set>`;

function reportMultistatus(): string {
  const collection = propResponse(CALENDAR, `<getetag xmlns="DAV:">"kpexfn5p"</getetag>`);
  const entries = reportObjects.map(([name, ics], i) =>
    propResponse(
      `${CALENDAR}${name}`,
      `<getetag xmlns="DAV:">"kvj2swr${i}"</getetag>\n<calendar-data xmlns="urn:ietf:params:xml:ns:caldav">${reportStyle === "cdata" ? `<![CDATA[${ics}]]>` : escapeXml(ics)}</calendar-data>`,
    ),
  );
  return multistatus([collection, ...entries].join("\n"));
}

function icloud(r: Recorded): Reply {
  if (r.method === "PROPFIND" && r.path === "/.well-known/caldav") return { status: 301, headers: { location: "/dav/" } };
  if (r.headers.authorization !== `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`)
    return { status: 401, headers: { "www-authenticate": 'Basic realm="iCloud"' }, body: "" };
  if (r.method === "PROPFIND") {
    if (r.path === "/dav/" || r.path === "/")
      return {
        status: 207,
        headers: XML,
        body: multistatus(
          propResponse("/", `<current-user-principal xmlns="DAV:"><href xmlns="DAV:">${PRINCIPAL}</href></current-user-principal>`),
        ),
      };
    if (r.path === PRINCIPAL)
      return {
        status: 207,
        headers: XML,
        body: multistatus(
          propResponse(
            PRINCIPAL,
            `<calendar-home-set xmlns="urn:ietf:params:xml:ns:caldav"><href xmlns="DAV:">${base}${HOME}</href></calendar-home-set>`,
          ),
        ),
      };
    if (r.path === HOME && r.headers.depth === "1") return { status: 207, headers: XML, body: homeListing() };
    if (r.path === CALENDAR || r.path === REMINDERS)
      return { status: 207, headers: XML, body: multistatus(propResponse(r.path, SUPPORTED_REPORTS)) };
  }
  if (r.method === "REPORT" && r.path === CALENDAR) return { status: 207, headers: XML, body: reportMultistatus() };
  if (r.path.startsWith(CALENDAR) && r.path.endsWith(".ics")) {
    if (r.method === "PUT") {
      const exists = objects.has(r.path);
      if (exists && r.headers["if-none-match"] === "*") return { status: 412 };
      objects.set(r.path, r.body);
      return { status: exists ? 204 : 201, headers: { etag: '"kvj2ru1d"' } };
    }
    if (r.method === "DELETE") return objects.delete(r.path) ? { status: 204 } : { status: 404 };
  }
  return { status: 404 };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded = { method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(recorded);
      const reply = override?.(recorded) ?? icloud(recorded);
      if (reply === "hang") return;
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body);
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  requests.length = 0;
  objects.clear();
  reportObjects = [];
  reportStyle = "cdata";
  override = null;
  homeListing = () => homeMultistatus([REMINDERS, "Reminders", "VTODO"], [CALENDAR, "Home", "VEVENT"]);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const caldav = () => createCaldavCalendar({ allowPrivate: true, timeoutMs: 2_000 });
const consent = (over: Partial<{ serverUrl: string; username: string; password: string }> = {}) => ({
  serverUrl: base,
  username: USER,
  password: PASSWORD,
  ...over,
});
const access = (over: Partial<CalendarAccess> = {}): CalendarAccess => ({
  userId: "u1",
  practitionerId: "p1",
  provider: "caldav",
  sandbox: false,
  secret: PASSWORD,
  accountEmail: USER,
  calendarId: `${base}${CALENDAR}`,
  ...over,
});
const basicAuth = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`;
const interval = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
const event = (over: Partial<Parameters<ReturnType<typeof caldav>["insertEvent"]>[1]> = {}) => ({
  eventId: "rcp0a1b2c3d4e5",
  start: new Date("2026-03-17T09:00:00Z"),
  end: new Date("2026-03-17T09:30:00Z"),
  timeZone: "Europe/Paris",
  summary: "Haircut; Jean, Dupont \\ first visit",
  description: "Caller: Jean Dupont\nPhone: +33 6 12 34 56 78\nBooked by Recepta during a phone call that lasted a few minutes, éèà ok",
  attendeeEmail: "jean.dupont@example.com",
  ...over,
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

describe("connect", () => {
  it("discovers the account's event calendar through the well-known URL, the principal and the calendar home", async () => {
    const grant = await caldav().connect(consent());
    expect(grant).toEqual({ secret: PASSWORD, accountEmail: USER, scopes: "caldav", calendarId: `${base}${CALENDAR}` });
    const propfinds = requests.filter((r) => r.method === "PROPFIND").map((r) => r.path);
    expect(propfinds.slice(0, 4)).toEqual(["/.well-known/caldav", "/dav/", PRINCIPAL, HOME]);
    expect(requests.find((r) => r.path === HOME)?.headers.depth).toBe("1");
    expect(requests.filter((r) => r.path !== "/.well-known/caldav").every((r) => r.headers.authorization === basicAuth)).toBe(true);
  });

  it("is null for a wrong password, and for a consent of the OAuth kind (without a request)", async () => {
    expect(await caldav().connect(consent({ password: "wrong-app-password" }))).toBeNull();
    expect(requests.some((r) => r.headers.authorization && r.headers.authorization !== basicAuth)).toBe(true);
    requests.length = 0;
    expect(await caldav().connect({ code: "4/0AX4XfWh" })).toBeNull();
    expect(requests).toEqual([]);
  });

  it("refuses http and loopback or private servers unless allowPrivate, before sending anything", async () => {
    const port = new URL(base).port;
    const strict = createCaldavCalendar();
    const before = connections;
    for (const serverUrl of [
      base,
      `https://127.0.0.1:${port}/`,
      `https://localhost:${port}/`,
      "https://[::1]/",
      "https://10.0.0.7/dav",
      "https://169.254.169.254/",
      "https://u:p@caldav.icloud.com/",
    ]) {
      const e = await rejection(strict.connect(consent({ serverUrl })));
      expect(e, serverUrl).toBeInstanceOf(AppError);
      expect((e as AppError).messageKey, serverUrl).toBe("calendarServerRefused");
    }
    expect(requests).toEqual([]);
    expect(connections).toBe(before);
  });

  it("throws calendarServerUnreachable for a server that does not answer, or an account without an event calendar", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    const e1 = await rejection(caldav().connect(consent({ serverUrl: deadUrl })));
    expect((e1 as AppError).messageKey).toBe("calendarServerUnreachable");

    homeListing = () => homeMultistatus([REMINDERS, "Reminders", "VTODO"]);
    const e2 = await rejection(caldav().connect(consent()));
    expect((e2 as AppError).messageKey).toBe("calendarServerUnreachable");
  });
});

// RFC 4791 Appendix B's US/Eastern: daylight time from the first Sunday of April (the pre-2007 US rules). On
// 2026-03-17 it is still standard time (−05:00) by this definition, while the IANA zone is already on −04:00: a result of
// 15:00Z proves the object's own VTIMEZONE was used.
const US_EASTERN = `BEGIN:VTIMEZONE
LAST-MODIFIED:20040110T032845Z
TZID:US/Eastern
BEGIN:DAYLIGHT
DTSTART:20000404T020000
RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4
TZNAME:EDT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
END:DAYLIGHT
BEGIN:STANDARD
DTSTART:20001026T020000
RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
TZNAME:EST
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
END:STANDARD
END:VTIMEZONE`;

const vcalendar = (...parts: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iCloud//EN", "CALSCALE:GREGORIAN", ...parts, "END:VCALENDAR"].join("\r\n");
const vevent = (uid: string, ...lines: string[]) =>
  ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20260301T090944Z", ...lines, "SUMMARY:Busy", "END:VEVENT"].join("\r\n");

const RANGE = { from: new Date("2026-03-16T00:00:00Z"), to: new Date("2026-03-30T00:00:00Z"), timeZone: "Europe/Paris" };

describe("freeBusy", () => {
  it("sends a calendar-query REPORT over the range in UTC, with Basic auth, and reads every kind of event", async () => {
    reportObjects = [
      [
        "tzid.ics",
        vcalendar(US_EASTERN, vevent("tzid", "DTSTART;TZID=US/Eastern:20260317T100000", "DTEND;TZID=US/Eastern:20260317T110000")),
      ],
      ["allday.ics", vcalendar(vevent("allday", "DTSTART;VALUE=DATE:20260318", "DTEND;VALUE=DATE:20260319"))],
      ["duration.ics", vcalendar(vevent("duration", "DTSTART:20260319T130000Z", "DURATION:PT1H30M"))],
      ["free.ics", vcalendar(vevent("free", "DTSTART:20260320T090000Z", "DTEND:20260320T100000Z", "TRANSP:TRANSPARENT"))],
      ["cancelled.ics", vcalendar(vevent("cancelled", "DTSTART:20260320T110000Z", "DTEND:20260320T120000Z", "STATUS:CANCELLED"))],
      ["overlap.ics", vcalendar(vevent("overlap", "DTSTART:20260315T230000Z", "DTEND:20260316T010000Z"))],
      [
        "weekly.ics",
        vcalendar(
          vevent("weekly", "DTSTART:20260302T080000Z", "DTEND:20260302T083000Z", "RRULE:FREQ=WEEKLY;BYDAY=MO"),
          vevent("weekly", "RECURRENCE-ID:20260323T080000Z", "DTSTART:20260323T100000Z", "DTEND:20260323T103000Z"),
        ),
      ],
    ];
    const busy = await caldav().freeBusy(access(), RANGE);

    const report = requests.find((r) => r.method === "REPORT");
    expect(report?.path).toBe(CALENDAR);
    expect(report?.headers.authorization).toBe(basicAuth);
    expect(report?.headers.depth).toBe("1");
    expect(report?.body).toMatch(/<c:calendar-query[^>]*xmlns:c="urn:ietf:params:xml:ns:caldav"/);
    expect(report?.body).toMatch(/<c:time-range start="20260316T000000Z" end="20260330T000000Z"\s*\/>/);
    expect(report?.body).toMatch(/<c:expand start="20260316T000000Z" end="20260330T000000Z"\s*\/>/);
    expect(report?.body).toMatch(/<c:comp-filter name="VCALENDAR">\s*<c:comp-filter name="VEVENT">/);

    expect(busy).toEqual([
      interval("2026-03-16T00:00:00Z", "2026-03-16T01:00:00Z"), // clipped to the range
      interval("2026-03-16T08:00:00Z", "2026-03-16T08:30:00Z"), // weekly, expanded here
      interval("2026-03-17T15:00:00Z", "2026-03-17T16:00:00Z"), // 10:00 US/Eastern by the object's VTIMEZONE
      interval("2026-03-17T23:00:00Z", "2026-03-18T23:00:00Z"), // all day on 18 March in Paris
      interval("2026-03-19T13:00:00Z", "2026-03-19T14:30:00Z"), // DURATION instead of DTEND
      interval("2026-03-23T10:00:00Z", "2026-03-23T10:30:00Z"), // the weekly occurrence, moved by its exception
    ]);
  });

  it("reads instances the server expanded itself (RECURRENCE-ID, no master), sent as escaped text", async () => {
    reportStyle = "escaped";
    reportObjects = [
      [
        "weekly.ics",
        vcalendar(
          vevent("weekly", "RECURRENCE-ID:20260316T080000Z", "DTSTART:20260316T080000Z", "DURATION:PT30M"),
          vevent("weekly", "RECURRENCE-ID:20260323T080000Z", "DTSTART:20260323T080000Z", "DURATION:PT30M"),
        ),
      ],
    ];
    expect(await caldav().freeBusy(access(), RANGE)).toEqual([
      interval("2026-03-16T08:00:00Z", "2026-03-16T08:30:00Z"),
      interval("2026-03-23T08:00:00Z", "2026-03-23T08:30:00Z"),
    ]);
  });

  it("follows a redirect with its method and body, but never takes the password to another origin", async () => {
    const seen: Recorded[] = [];
    const other = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({ method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(207, XML).end(multistatus(""));
      });
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    override = (r) => (r.method === "REPORT" ? { status: 307, headers: { location: `${otherBase}${CALENDAR}` } } : undefined);
    try {
      expect(await caldav().freeBusy(access(), RANGE)).toEqual([]);
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
    expect(seen.map((r) => [r.method, r.path, r.headers.depth])).toEqual([["REPORT", CALENDAR, "1"]]);
    expect(seen[0]!.body).toBe(requests.find((r) => r.method === "REPORT")!.body);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it("turns 401 and 403 into CalendarGrantRevokedError", async () => {
    expect(await rejection(caldav().freeBusy(access({ secret: "revoked-app-password" }), RANGE))).toBeInstanceOf(CalendarGrantRevokedError);
    override = (r) => (r.method === "REPORT" ? { status: 403, body: "Forbidden" } : undefined);
    expect(await rejection(caldav().freeBusy(access(), RANGE))).toBeInstanceOf(CalendarGrantRevokedError);
  });

  it("never reads an unreadable answer as free", async () => {
    override = (r) =>
      r.method === "REPORT" ? { status: 200, headers: { "content-type": "text/html" }, body: "<html>maintenance</html>" } : undefined;
    const e1 = await rejection(caldav().freeBusy(access(), RANGE));
    expect(e1).toBeInstanceOf(CaldavCalendarError);
    expect((e1 as CaldavCalendarError).status).toBe(200);

    override = null;
    reportObjects = [["broken.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\nEND:VEVENT\r\nEND:VCALENDAR"]];
    expect(await rejection(caldav().freeBusy(access(), RANGE))).toBeInstanceOf(CaldavCalendarError);
  });

  it("times out a server that does not answer, and refuses loopback calendars without allowPrivate", async () => {
    override = (r) => (r.method === "REPORT" ? "hang" : undefined);
    const started = Date.now();
    const e = await rejection(createCaldavCalendar({ allowPrivate: true, timeoutMs: 300 }).freeBusy(access(), RANGE));
    expect(e).toBeInstanceOf(CaldavCalendarError);
    expect((e as CaldavCalendarError).status).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);

    requests.length = 0;
    const strict = createCaldavCalendar();
    const port = new URL(base).port;
    const before = connections;
    // The third resolves to loopback: only the check made on the addresses the socket would connect to stops it.
    for (const calendarId of [`${base}${CALENDAR}`, `https://127.0.0.1:${port}${CALENDAR}`, `https://localhost:${port}${CALENDAR}`])
      expect(await rejection(strict.freeBusy(access({ calendarId }), RANGE)), calendarId).toBeInstanceOf(CaldavCalendarError);
    expect(requests).toEqual([]);
    expect(connections).toBe(before);
  });
});

describe("events", () => {
  const path = `${CALENDAR}rcp0a1b2c3d4e5.ics`;

  it("inserts with PUT If-None-Match: * and a valid VCALENDAR", async () => {
    expect(await caldav().insertEvent(access(), event())).toEqual({ eventId: "rcp0a1b2c3d4e5" });
    const put = requests.find((r) => r.method === "PUT");
    expect(put?.path).toBe(path);
    expect(put?.headers["if-none-match"]).toBe("*");
    expect(put?.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(put?.headers.authorization).toBe(basicAuth);

    const body = put!.body;
    expect(body.endsWith("\r\n")).toBe(true);
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of body.split("\r\n")) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);
    expect(body).toContain("\r\nDTSTART:20260317T090000Z\r\nDTEND:20260317T093000Z\r\n");
    expect(body).toContain("\r\nSUMMARY:Haircut\\; Jean\\, Dupont \\\\ first visit\r\n");
    expect(body).toContain("\r\nDESCRIPTION:Caller: Jean Dupont\\nPhone: +33 6 12 34 56 78\\nBooked");

    const vevent = new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent("vevent")!;
    const ev = new ICAL.Event(vevent);
    expect(ev.uid).toBe("rcp0a1b2c3d4e5");
    expect(ev.summary).toBe(event().summary);
    expect(ev.description).toBe(event().description);
    expect(ev.startDate.toJSDate().toISOString()).toBe("2026-03-17T09:00:00.000Z");
    expect(ev.endDate.toJSDate().toISOString()).toBe("2026-03-17T09:30:00.000Z");
    expect(vevent.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(vevent.getFirstPropertyValue("attendee")).toBe("mailto:jean.dupont@example.com");
    expect(objects.get(path)).toBe(body);
  });

  it("overwrites on 412: an id already there is an idempotent retry, made to say what the appointment says now", async () => {
    await caldav().insertEvent(access(), event());
    const moved = event({ start: new Date("2026-03-18T14:00:00Z"), end: new Date("2026-03-18T14:30:00Z") });
    expect(await caldav().insertEvent(access(), moved)).toEqual({ eventId: "rcp0a1b2c3d4e5" });
    const puts = requests.filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.headers["if-none-match"])).toEqual(["*", "*", undefined]);
    expect(objects.get(path)).toContain("DTSTART:20260318T140000Z");
  });

  it("patches with an unconditional PUT, and creates the event when the server has none (404)", async () => {
    await caldav().insertEvent(access(), event());
    requests.length = 0;
    await caldav().patchEvent(access(), event({ summary: "Moved" }));
    expect(requests.map((r) => [r.method, r.path, r.headers["if-none-match"]])).toEqual([["PUT", path, undefined]]);
    expect(objects.get(path)).toContain("SUMMARY:Moved");

    objects.clear();
    requests.length = 0;
    override = (r) => (r.method === "PUT" && !r.headers["if-none-match"] ? { status: 404 } : undefined);
    await caldav().patchEvent(access(), event({ summary: "Recreated" }));
    expect(requests.map((r) => r.headers["if-none-match"])).toEqual([undefined, "*"]);
    expect(objects.get(path)).toContain("SUMMARY:Recreated");
  });

  it("deletes, and an event already gone (404) is success", async () => {
    await caldav().insertEvent(access(), event());
    await caldav().deleteEvent(access(), "rcp0a1b2c3d4e5");
    expect(objects.has(path)).toBe(false);
    await caldav().deleteEvent(access(), "rcp0a1b2c3d4e5");
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([path, path]);
  });

  it("turns 401 into CalendarGrantRevokedError, a failed precondition or a server error into a CaldavCalendarError without personal data", async () => {
    expect(await rejection(caldav().insertEvent(access({ secret: "changed" }), event()))).toBeInstanceOf(CalendarGrantRevokedError);
    expect(await rejection(caldav().deleteEvent(access({ secret: "changed" }), "rcp0a1b2c3d4e5"))).toBeInstanceOf(
      CalendarGrantRevokedError,
    );

    override = (r) =>
      r.method === "PUT"
        ? {
            status: 403,
            headers: XML,
            body: `<?xml version="1.0"?><D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><C:valid-calendar-data/></D:error>`,
          }
        : undefined;
    const e1 = await rejection(caldav().insertEvent(access(), event()));
    expect(e1).toBeInstanceOf(CaldavCalendarError);
    expect((e1 as CaldavCalendarError).status).toBe(403);

    override = () => ({ status: 500, body: `${USER} ${PASSWORD}` });
    const e2 = await rejection(caldav().deleteEvent(access(), "rcp0a1b2c3d4e5"));
    expect(e2).toBeInstanceOf(CaldavCalendarError);
    expect(e2).toMatchObject({ operation: "delete", status: 500 });
    const said = `${(e2 as Error).message} ${(e2 as Error).stack} ${JSON.stringify(e2)}`;
    for (const secret of [USER, PASSWORD, "20252527932", "Jean", "127.0.0.1"]) expect(said).not.toContain(secret);
  });

  it("revokes without calling anyone", async () => {
    await caldav().revoke(access());
    expect(requests).toEqual([]);
  });
});
