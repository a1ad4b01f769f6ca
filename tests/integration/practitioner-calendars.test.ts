// One calendar per practitioner, through the API and a call: each practitioner connects Google, Outlook or a CalDAV
// server (here their sandbox twins), their busy times are theirs alone, their appointments land in their own calendar,
// and a grant refused, a disconnection or a removal touches that practitioner only.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calendarConnections, calendarEvents, notifications } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { appContext, resetAppContext } from "@/lib/server/context";
import { resetEnvCache } from "@/lib/platform/env";
import { verifyConsentState } from "@/lib/scheduling/calendar/consent-state";
import { jobHandlers } from "@/lib/server/job-handlers";
import { markCalendarRevoked } from "@/lib/scheduling/calendar/calendar.service";
import { api, registerOwner } from "../helpers/api";
import { dayAhead, newCallId, practice, vapiReply, type Practice } from "../helpers/practice";

const FR = { "accept-language": "fr" };
let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
const newCaller = () => `+3378${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

type Listed = {
  id: string;
  displayName: string;
  calendar: { provider: string; sandbox: boolean; accountEmail: string | null; revokedAt: string | null } | null;
};
const listed = async (p: Practice) => (await api("GET", "/api/practitioners", { token: p.token })).body.practitioners as Listed[];
const eventsOf = (practitionerId: string) =>
  getDb().select().from(calendarEvents).where(eq(calendarEvents.practitionerId, practitionerId)).orderBy(calendarEvents.startsAt);

describe("a calendar per practitioner", () => {
  let p: Practice;
  let owner: string;
  let roux: string;
  const day = dayAhead(5);

  beforeAll(async () => {
    p = await practice("Cabinet des Deux Agendas");
    owner = (await listed(p))[0]!.id;
    const added = await api("POST", "/api/practitioners", { token: p.token, body: { name: "Dr Camille Roux" } });
    expect(added.status).toBe(201);
    roux = added.body.id;
  });

  it("connects Outlook for one practitioner and keeps the owner's Google calendar", async () => {
    expect((await listed(p)).find((x) => x.id === roux)!.calendar).toBeNull();
    const res = await api("POST", "/api/microsoft-calendar/authorize", {
      token: p.token,
      body: { code: "sandbox-test-code", practitionerId: roux },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      hasGoogleOAuth: true,
      sandbox: true,
      provider: "microsoft",
      practitionerId: roux,
      accountEmail: null,
    });
    const both = await listed(p);
    expect(both.map((x) => [x.id, x.calendar?.provider])).toEqual([
      [owner, "google"],
      [roux, "microsoft"],
    ]);
    // A made-up code is refused in the owner's language, and changes nothing.
    const bad = await api("POST", "/api/microsoft-calendar/authorize", {
      token: p.token,
      headers: FR,
      body: { code: "made-up", practitionerId: roux },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Le code d'autorisation de l'agenda est invalide ou a expiré. Veuillez vous reconnecter.");
    expect((await listed(p)).find((x) => x.id === roux)!.calendar?.provider).toBe("microsoft");
  });

  it("reads each practitioner's busy times from their own calendar, and writes their appointments to it", async () => {
    // Dr Roux's own calendar has her 10:00–11:00 taken; the owner's has nothing then.
    await getDb()
      .insert(calendarEvents)
      .values({
        userId: p.user.id,
        practitionerId: roux,
        eventId: `blockroux${runTag}`,
        startsAt: zonedWallTimeToUtc(day, "10:00", "Europe/Paris")!,
        endsAt: zonedWallTimeToUtc(day, "11:00", "Europe/Paris")!,
        timeZone: "Europe/Paris",
        summary: "Formation",
      });
    const caller = newCaller();
    const hers = await vapiReply(p.line, newCallId(), caller, "book_appointment", {
      date: day,
      time: "10:00",
      name: "Jeanne Martin",
      practitioner: "Dr Roux",
    });
    expect(hers.say).toMatch(/^For Dr Camille Roux: /);
    expect(hers.say).not.toMatch(/^Booked/);
    // Anyone at 10:00: the owner is free then, and takes it.
    const anyone = await vapiReply(p.line, newCallId(), caller, "book_appointment", { date: day, time: "10:00", name: "Jeanne Martin" });
    expect(anyone.say).toMatch(/^Booked: Jeanne Martin, .*, with Owner Test\./);
    // Dr Roux at 11:00 is free in her calendar: booked, and the event goes to her calendar, not the owner's.
    const second = newCaller();
    const at11 = await vapiReply(p.line, newCallId(), second, "book_appointment", {
      date: day,
      time: "11:00",
      name: "Paul Morel",
      practitioner: "Roux",
    });
    expect(at11.say).toMatch(/^Booked: Paul Morel, .*, with Dr Camille Roux\./);
    await drain();
    const rows = await getDb()
      .select({ id: appointments.id, practitionerId: appointments.practitionerId, status: appointments.calendarSyncStatus })
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id)));
    expect(rows.every((r) => r.status === "synced")).toBe(true);
    const rouxEvents = (await eventsOf(roux)).map((e) => e.summary);
    const ownerEvents = (await eventsOf(owner)).map((e) => e.summary);
    expect(rouxEvents).toEqual(["Formation", expect.stringContaining("Paul Morel")]);
    expect(ownerEvents).toEqual([expect.stringContaining("Jeanne Martin")]);
  });

  it("connects a CalDAV account with its app password, refusing a wrong one in the owner's language", async () => {
    const body = { serverUrl: "https://caldav.icloud.com", username: "camille.roux@icloud.com", practitionerId: roux };
    const wrong = await api("POST", "/api/caldav-calendar/connect", { token: p.token, headers: FR, body: { ...body, password: "nope" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      "Le serveur d'agenda a refusé cet identifiant ou ce mot de passe d'application. Vérifiez-les et réessayez.",
    );
    const missing = await api("POST", "/api/caldav-calendar/connect", {
      token: p.token,
      body: { ...body, serverUrl: "not a url", password: "x" },
    });
    expect(missing.status).toBe(400);
    const ok = await api("POST", "/api/caldav-calendar/connect", { token: p.token, body: { ...body, password: "sandbox-test-code" } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ provider: "caldav", practitionerId: roux, accountEmail: "camille.roux@icloud.com" });
    // The app password is kept sealed, never as typed.
    const [row] = await getDb()
      .select({ secret: calendarConnections.refreshTokenEnc, calendarId: calendarConnections.calendarId })
      .from(calendarConnections)
      .where(eq(calendarConnections.practitionerId, roux));
    expect(row!.secret).not.toContain("sandbox-test-code");
    expect(row!.calendarId).toMatch(/^https:\/\/caldav\.icloud\.com\//);
    expect((await listed(p)).map((x) => x.calendar?.provider)).toEqual(["google", "caldav"]);
  });

  it("marks only the practitioner whose grant was refused, and disconnects one without the other", async () => {
    // A refusal of a grant read before she connected again is not hers now: nothing is marked.
    const sealed = async () =>
      (
        await getDb()
          .select({ secret: calendarConnections.refreshTokenEnc })
          .from(calendarConnections)
          .where(eq(calendarConnections.practitionerId, roux))
      )[0]!.secret;
    const stale = await sealed();
    const again = await api("POST", "/api/caldav-calendar/connect", {
      token: p.token,
      body: {
        serverUrl: "https://caldav.icloud.com",
        username: "camille.roux@icloud.com",
        password: "sandbox-test-code",
        practitionerId: roux,
      },
    });
    expect(again.status).toBe(200);
    expect(await sealed()).not.toBe(stale);
    expect(await markCalendarRevoked({ db: getDb() }, p.user.id, roux, stale)).toBe(false);
    expect((await listed(p)).find((x) => x.id === roux)!.calendar!.revokedAt).toBeNull();
    expect(await markCalendarRevoked({ db: getDb() }, p.user.id, roux, await sealed())).toBe(true);
    const after = await listed(p);
    expect(after.find((x) => x.id === roux)!.calendar!.revokedAt).toEqual(expect.any(String));
    expect(after.find((x) => x.id === owner)!.calendar!.revokedAt).toBeNull();
    // The practice still has a calendar: the owner's.
    expect((await api("GET", "/api/auth/profile", { token: p.token })).body.hasGoogleOAuth).toBe(true);
    // Her appointments wait for her calendar: not written to anyone else's.
    const caller = newCaller();
    const booked = await vapiReply(p.line, newCallId(), caller, "book_appointment", {
      date: day,
      time: "12:00",
      name: "Lucie Blanc",
      practitioner: "Roux",
    });
    expect(booked.say).toMatch(/with Dr Camille Roux\./);
    await drain();
    expect((await eventsOf(owner)).some((e) => e.summary.includes("Lucie Blanc"))).toBe(false);

    const off = await api("POST", "/api/google-calendar/disconnect", { token: p.token, body: { practitionerId: roux } });
    expect(off.body).toEqual({ success: true, hasGoogleOAuth: true });
    expect((await listed(p)).map((x) => x.calendar?.provider ?? null)).toEqual(["google", null]);
    // Without a practitioner, the route is the owner's (a practice of one's contract): the last calendar goes.
    const last = await api("POST", "/api/google-calendar/disconnect", { token: p.token });
    expect(last.body).toEqual({ success: true, hasGoogleOAuth: false });
  });
});

describe("giving an appointment to another practitioner", () => {
  it("writes her appointments ahead into the calendar she connects; moves one from the owner's calendar to hers, tells the caller, and refuses a practitioner busy then or not of this practice", async () => {
    const p = await practice("Cabinet Réattribution");
    const owner = (await listed(p))[0]!.id;
    const roux = (await api("POST", "/api/practitioners", { token: p.token, body: { name: "Dr Camille Roux" } })).body.id as string;
    const day = dayAhead(6);
    // Booked with her before her calendar was connected: connecting it writes the appointment there.
    const early = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Early Bird", date: day, time: "15:00", duration: 30, practitionerId: roux },
    });
    expect(early.body.calendarSyncStatus).toBe("not_connected");
    await api("POST", "/api/microsoft-calendar/authorize", { token: p.token, body: { code: "sandbox-test-code", practitionerId: roux } });
    await drain();
    expect((await eventsOf(roux)).map((e) => e.summary)).toEqual([expect.stringContaining("Early Bird")]);
    const [synced] = await getDb().select().from(appointments).where(eq(appointments.id, early.body.id));
    expect(synced!.calendarSyncStatus).toBe("synced");
    const phone = newCaller();
    const booked = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Hugo Petit", patientPhone: phone, date: day, time: "09:00", duration: 30, practitionerId: owner },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    await drain();
    expect((await eventsOf(owner)).map((e) => e.summary)).toEqual([expect.stringContaining("Hugo Petit")]);

    const moved = await api("POST", `/api/appointments/${booked.body.id}/reassign`, {
      token: p.token,
      body: { practitionerId: roux, notifyCaller: true },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ id: booked.body.id, practitionerId: roux, status: "booked" });
    await drain();
    expect(await eventsOf(owner)).toEqual([]);
    expect((await eventsOf(roux)).map((e) => e.summary)).toEqual([
      expect.stringContaining("Hugo Petit"),
      expect.stringContaining("Early Bird"),
    ]);
    const [row] = await getDb().select().from(appointments).where(eq(appointments.id, booked.body.id));
    expect(row!.calendarSyncStatus).toBe("synced");
    // The owner chose to tell the caller: who the appointment is with now, at the same time.
    const texts = await getDb()
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.recipient, phone), eq(notifications.channel, "sms")))
      .orderBy(notifications.createdAt);
    expect(texts.at(-1)!.body).toMatch(/is now with Dr Camille Roux; the time is unchanged\./);

    // The owner books themself at 09:00 again: giving it back is refused while they are busy then, in French.
    const mine = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Autre Patient", date: day, time: "09:00", duration: 30, practitionerId: owner },
    });
    expect(mine.status).toBe(201);
    const busy = await api("POST", `/api/appointments/${booked.body.id}/reassign`, {
      token: p.token,
      headers: FR,
      body: { practitionerId: owner },
    });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe("Ce praticien a déjà un rendez-vous à cette heure-là.");
    const other = await practice("Cabinet Voisin");
    const theirs = (await listed(other))[0]!.id;
    expect(
      (await api("POST", `/api/appointments/${booked.body.id}/reassign`, { token: p.token, body: { practitionerId: theirs } })).status,
    ).toBe(404);
    expect(
      (await api("POST", `/api/appointments/${booked.body.id}/reassign`, { token: other.token, body: { practitionerId: theirs } })).status,
    ).toBe(404);
    const [still] = await getDb().select().from(appointments).where(eq(appointments.id, booked.body.id));
    expect(still!.practitionerId).toBe(roux);
  });
});

describe("Microsoft's consent popup, with Microsoft configured", () => {
  const base = "http://127.0.0.1:9/login";
  beforeAll(() => {
    Object.assign(process.env, {
      MICROSOFT_CLIENT_ID: "11111111-2222-3333-4444-555555555555",
      MICROSOFT_CLIENT_SECRET: "test-microsoft-secret",
      MICROSOFT_LOGIN_BASE: base,
      MICROSOFT_GRAPH_ROOT: "http://127.0.0.1:9/v1.0",
    });
    resetEnvCache();
    resetAppContext();
  });
  afterAll(() => {
    for (const name of ["MICROSOFT_CLIENT_ID", "MICROSOFT_CLIENT_SECRET", "MICROSOFT_LOGIN_BASE", "MICROSOFT_GRAPH_ROOT"])
      delete process.env[name];
    resetEnvCache();
    resetAppContext();
  });

  it("sends the owner to Microsoft's sign-in with a state signed for them, and hands only that state's code back", async () => {
    const owner = await registerOwner();
    const { GET } = await import("@/app/api/microsoft-calendar/consent/route");
    const res = await GET(
      new Request("http://localhost:3000/api/microsoft-calendar/consent", { headers: { authorization: `Bearer ${owner.token}` } }),
      {
        params: Promise.resolve({}),
      },
    );
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${base}/common/oauth2/v2.0/authorize`);
    expect(to.searchParams.get("client_id")).toBe("11111111-2222-3333-4444-555555555555");
    expect(to.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/microsoft-calendar/callback");
    expect(to.searchParams.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["offline_access", "Calendars.ReadWrite"]));
    const state = to.searchParams.get("state")!;
    expect(verifyConsentState(process.env.AUTH_SECRET!, owner.user.id, state)).toBe(true);

    const callback = async (query: Record<string, string>) => {
      const { GET: back } = await import("@/app/api/microsoft-calendar/callback/route");
      const url = new URL("http://localhost:3000/api/microsoft-calendar/callback");
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      return (
        await back(new Request(url, { headers: { authorization: `Bearer ${owner.token}` } }), { params: Promise.resolve({}) })
      ).text();
    };
    expect(await callback({ code: "M.C507_BAY.2.U.code", state })).toContain('"code":"M.C507_BAY.2.U.code"');
    const forged = await callback({ code: "M.C507_BAY.2.U.code", state: "forged" });
    expect(forged).toContain('"error":"invalid_state"');
    expect(forged).not.toContain("M.C507_BAY");
    // New Outlook connections now go to Microsoft itself: the sandbox's test code is no longer taken.
    const sandboxCode = await api("POST", "/api/microsoft-calendar/authorize", { token: owner.token, body: { code: "sandbox-test-code" } });
    // Microsoft cannot be reached here: a clear 503, never a 500, and nothing kept.
    expect(sandboxCode.status).toBe(503);
    expect(sandboxCode.body.message).toBe("The calendar service can't be reached right now. Please try again in a few minutes.");
  });
});
