// The private calendar feed: an owner gets one address for the practice and one per practitioner, the same each time;
// a calendar app reading it gets valid iCalendar with the live appointments of that practice (or practitioner) only;
// revoking stops the old address at once and the next ask gives a new one. Real routes and database.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calendarFeeds, subscriptions } from "@/db/schema";
import { GET as feedRoute } from "@/app/api/calendar-feed/[token]/route";
import { api } from "../helpers/api";
import { captureLogs } from "../helpers/logs";
import { dayAhead, practice, type Practice } from "../helpers/practice";
import { checkResponse, declaredResponses } from "../helpers/response-check";

const runTag = String(Date.now() % 100_000).padStart(5, "0");
// Long, accented, with the characters iCalendar escapes: its lines must fold without cutting a character in two.
const LONG_NAME = "Éléonore-Françoise de La Rochefoucauld-Liancourt, née Ségur; dite « Zoé » à Besançon";

/** What a calendar app gets from a feed address (the public route, called as Next would). */
async function readFeed(url: string): Promise<{ status: number; text: string; headers: Headers }> {
  const { pathname } = new URL(url);
  const token = decodeURIComponent(pathname.split("/").pop()!);
  expect(pathname).toBe(`/api/calendar-feed/${token}`);
  const res = await feedRoute(new Request(new URL(pathname, "http://localhost:3000")), { params: Promise.resolve({ token }) });
  const text = await res.text();
  let body: unknown = text;
  if (res.headers.get("content-type")?.startsWith("application/json")) body = JSON.parse(text);
  checkResponse(`GET ${pathname}`, declaredResponses(feedRoute), {
    status: res.status,
    contentType: res.headers.get("content-type"),
    text,
    body,
  });
  return { status: res.status, text, headers: res.headers };
}

function events(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text) as unknown[]);
  expect(cal.name).toBe("vcalendar");
  return { cal, events: cal.getAllSubcomponents("vevent") };
}

const uidsOf = (text: string) => events(text).events.map((e) => String(e.getFirstPropertyValue("uid")));

async function feedUrl(p: Practice, practitionerId?: string): Promise<string> {
  const res = await api("GET", `/api/calendar-feed${practitionerId ? `?practitionerId=${practitionerId}` : ""}`, { token: p.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.url;
}

async function bookAt(p: Practice, patientName: string, time: string, practitionerId?: string, days = 3) {
  const res = await api("POST", "/api/appointments", {
    token: p.token,
    body: { patientName, date: dayAhead(days), time, duration: 30, reason: "Contrôle, détartrage", practitionerId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; startsAt: string; endsAt: string; practitionerId: string };
}

describe("the calendar feed", () => {
  let p: Practice;
  let other: Practice;
  let colleague: string;
  let owner: string;
  let booked: Awaited<ReturnType<typeof bookAt>>;
  let long: Awaited<ReturnType<typeof bookAt>>;
  let withColleague: Awaited<ReturnType<typeof bookAt>>;
  let cancelled: Awaited<ReturnType<typeof bookAt>>;
  let theirs: Awaited<ReturnType<typeof bookAt>>;

  beforeAll(async () => {
    [p, other] = await Promise.all([practice(`Cabinet Agenda ${runTag}`), practice(`Cabinet Voisin ${runTag}`)]);
    const added = await api("POST", "/api/practitioners", { token: p.token, body: { name: `Dr Hélène Müller ${runTag}` } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    colleague = added.body.id;
    booked = await bookAt(p, "Jean Dupont", "09:00");
    owner = booked.practitionerId;
    long = await bookAt(p, LONG_NAME, "11:00", owner);
    withColleague = await bookAt(p, "Marie Curie", "09:00", colleague);
    cancelled = await bookAt(p, "Annulé Exemple", "14:00", owner);
    expect((await api("POST", `/api/appointments/${cancelled.id}/cancel`, { token: p.token })).status).toBe(200);
    theirs = await bookAt(other, "Voisin Patient", "10:00");
  });

  it("gives the owner the same private address on every ask", async () => {
    const first = await feedUrl(p);
    expect(first).toMatch(/^https?:\/\/[^/]+\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(p)).toBe(first);
    // Another practice has an address of its own.
    expect(await feedUrl(other)).not.toBe(first);
  });

  it("ends two first asks at once with one address", async () => {
    const late = await practice(`Cabinet Course ${runTag}`);
    const [a, b] = await Promise.all([feedUrl(late), feedUrl(late)]);
    expect(a).toBe(b);
  });

  it("serves valid iCalendar with the practice's live appointments, at their times, and no one else's", async () => {
    const res = await readFeed(await feedUrl(p));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/private/);
    const { cal, events: vevents } = events(res.text);
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(cal.getFirstPropertyValue("prodid"))).toContain("Recepta");
    expect(cal.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe(`Cabinet Agenda ${runTag}`);
    expect(cal.getFirstPropertyValue("x-wr-timezone")).toBe("Europe/Paris");
    const host = new URL(await feedUrl(p)).host;
    const byUid = new Map(vevents.map((e) => [String(e.getFirstPropertyValue("uid")), e]));
    expect([...byUid.keys()].sort()).toEqual([booked.id, long.id, withColleague.id].map((id) => `${id}@${host}`).sort());
    for (const a of [booked, long, withColleague]) {
      const e = byUid.get(`${a.id}@${host}`)!;
      expect(e.getFirstPropertyValue("dtstamp")).toBeTruthy();
      const start = e.getFirstPropertyValue("dtstart") as ICAL.Time;
      const end = e.getFirstPropertyValue("dtend") as ICAL.Time;
      expect(start.toJSDate().toISOString()).toBe(new Date(a.startsAt).toISOString());
      expect(end.toJSDate().toISOString()).toBe(new Date(a.endsAt).toISOString());
    }
    // Titled and described as the practitioner's calendar event, in the owner's language; the practice's feed of a
    // practice of two says who each one is with.
    const jean = byUid.get(`${booked.id}@${host}`)!;
    expect(jean.getFirstPropertyValue("summary")).toBe("Appointment: Jean Dupont");
    const text = String(jean.getFirstPropertyValue("description"));
    expect(text).toContain("Patient: Jean Dupont");
    expect(text).toContain("Reason: Contrôle, détartrage");
    expect(text).toContain("With: Owner Test");
    expect(byUid.get(`${long.id}@${host}`)!.getFirstPropertyValue("summary")).toBe(`Appointment: ${LONG_NAME}`);
    expect(res.text).not.toContain(cancelled.id);
    expect(res.text).not.toContain(theirs.id);
  });

  it("writes every line with CRLF and folds long ones at 75 octets without cutting a character", async () => {
    const { text } = await readFeed(await feedUrl(p));
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.slice(0, -2).split("\r\n");
    expect(lines.some((l) => l.includes("\n") || l.includes("\r"))).toBe(false);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
    // The long name was folded (a continuation line), and reads back whole.
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    expect(text).not.toContain("\uFFFD");
  });

  it("lists one practitioner's appointments only in their feed, under their name", async () => {
    const url = await feedUrl(p, colleague);
    expect(url).not.toBe(await feedUrl(p));
    expect(await feedUrl(p, colleague)).toBe(url);
    const res = await readFeed(url);
    expect(res.status).toBe(200);
    const host = new URL(url).host;
    expect(uidsOf(res.text)).toEqual([`${withColleague.id}@${host}`]);
    expect(events(res.text).cal.getFirstPropertyValue("x-wr-calname")).toBe(`Cabinet Agenda ${runTag} – Dr Hélène Müller ${runTag}`);
    const owners = await readFeed(await feedUrl(p, owner));
    expect(uidsOf(owners.text).sort()).toEqual([booked.id, long.id].map((id) => `${id}@${host}`).sort());
  });

  it("stops a removed practitioner's address with them, and keeps no token of it", async () => {
    const added = await api("POST", "/api/practitioners", { token: other.token, body: { name: `Dr Partant ${runTag}` } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const url = await feedUrl(other, added.body.id);
    expect((await readFeed(url)).status).toBe(200);
    expect((await api("DELETE", `/api/practitioners/${added.body.id}`, { token: other.token })).status).toBeLessThan(300);
    expect((await readFeed(url)).status).toBe(404);
    expect(await getDb().$count(calendarFeeds, eq(calendarFeeds.practitionerId, added.body.id))).toBe(0);
  });

  it("lists the last 60 days and the year ahead, not older or further", async () => {
    const db = getDb();
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);
    const rows = await db
      .insert(appointments)
      .values(
        [-10, -70, 400].map((days) => ({
          userId: other.user.id,
          practitionerId: theirs.practitionerId,
          patientName: `Fenêtre ${days}`,
          startsAt: at(days),
          endsAt: new Date(at(days).getTime() + 30 * 60_000),
        })),
      )
      .returning({ id: appointments.id, name: appointments.patientName });
    const uids = uidsOf((await readFeed(await feedUrl(other))).text).map((u) => u.split("@")[0]);
    const id = (name: string) => rows.find((r) => r.name === name)!.id;
    expect(uids).toContain(id("Fenêtre -10"));
    expect(uids).toContain(theirs.id);
    expect(uids).not.toContain(id("Fenêtre -70"));
    expect(uids).not.toContain(id("Fenêtre 400"));
  });

  it("stops the old address at once when revoked, and gives a new one that works", async () => {
    const late = await practice(`Cabinet Révoqué ${runTag}`);
    const a = await bookAt(late, "Paul Martin", "10:00");
    const old = await feedUrl(late);
    expect((await readFeed(old)).status).toBe(200);
    const revoked = await api("DELETE", "/api/calendar-feed", { token: late.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe("Calendar address revoked: it no longer works in any app.");
    const gone = await readFeed(old);
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain("Paul Martin");
    const fresh = await feedUrl(late);
    expect(fresh).not.toBe(old);
    const res = await readFeed(fresh);
    expect(res.status).toBe(200);
    expect(uidsOf(res.text)).toEqual([`${a.id}@${new URL(fresh).host}`]);
  });

  it("lists nothing while the practice has no live plan, and the same address lists again with it", async () => {
    const late = await practice(`Cabinet Échu ${runTag}`);
    const a = await bookAt(late, "Louise Bernard", "10:00");
    const url = await feedUrl(late);
    const db = getDb();
    await db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.userId, late.user.id));
    const lapsed = await readFeed(url);
    expect(lapsed.status).toBe(200);
    expect(events(lapsed.text).events).toHaveLength(0);
    expect(lapsed.text).not.toContain("Louise Bernard");
    await db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() + 7 * 86_400_000) })
      .where(eq(subscriptions.userId, late.user.id));
    expect(uidsOf((await readFeed(url)).text)).toEqual([`${a.id}@${new URL(url).host}`]);
  });

  it("refuses without a session, another practice's practitioner, and addresses that name no feed", async () => {
    expect((await api("GET", "/api/calendar-feed")).status).toBe(401);
    expect((await api("DELETE", "/api/calendar-feed")).status).toBe(401);
    const foreign = await api("GET", `/api/calendar-feed?practitionerId=${colleague}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Practitioner not found.");
    expect((await api("DELETE", `/api/calendar-feed?practitionerId=${colleague}`, { token: other.token })).status).toBe(404);
    // Their revoke attempt left this practitioner's address working.
    expect((await readFeed(await feedUrl(p, colleague))).status).toBe(200);
    const unknown = randomBytes(32).toString("base64url");
    for (const url of [`http://localhost:3000/api/calendar-feed/${unknown}.ics`, `http://localhost:3000/api/calendar-feed/${unknown}`]) {
      const res = await readFeed(url);
      expect(res.status).toBe(404);
    }
    expect((await readFeed("http://localhost:3000/api/calendar-feed/not-a-token.ics")).status).toBe(404);
  });

  it("logs the request by the route's pattern, never the token", async () => {
    const url = await feedUrl(p);
    const token = new URL(url).pathname
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    const logs = captureLogs();
    try {
      expect((await readFeed(url)).status).toBe(200);
      expect((await readFeed(url.replace(token, token.slice(0, -1)))).status).toBe(404);
    } finally {
      logs.restore();
    }
    const lines = logs.entries().filter((e) => e.msg === "request");
    expect(lines.map((e) => [e.path, e.status])).toEqual([
      ["/api/calendar-feed/[token]", 200],
      ["/api/calendar-feed/[token]", 404],
    ]);
    expect(logs.text()).not.toContain(token.slice(0, 20));
  });

  it("serves the address with or without .ics", async () => {
    const url = await feedUrl(p);
    const bare = url.replace(/\.ics$/, "");
    const [a, b] = await Promise.all([readFeed(url), readFeed(bare)]);
    expect(b.status).toBe(200);
    expect(uidsOf(b.text).sort()).toEqual(uidsOf(a.text).sort());
  });
});
