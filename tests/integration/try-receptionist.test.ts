// "Try your receptionist" ready out of the box: the demo seed, what an owner still has to do before a test call (the
// page's list and the API's refusals), the simulated caller's number, and calls that never got their end.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import {
  appointments,
  calendarEvents,
  callerMessages,
  calls,
  members,
  phoneNumbers,
  subscriptions,
  threadMessages,
  users,
  webhookDeliveries,
  webhookEndpoints,
  type WorkingHours,
} from "@/db/schema";
import { formatterFor } from "@/lib/platform/time/zoned-time";
import { jobHandlers } from "@/lib/server/job-handlers";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { tryReadiness } from "@/lib/receptionist/simulator/try-call";
import { appContext } from "@/lib/server/context";
import { DEMO_OWNER, seedDemo } from "@/lib/server/ops/seed";
import { PATIENT_TEXT } from "@/lib/server/ops/seed-data";
import { onboardingOf } from "@/lib/accounts/account/onboarding";
import { todayOf } from "@/lib/insights/today";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, startTrial } from "../helpers/api";

const MINUTE = 60_000;
const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: open, sunday: open };

async function readyOwner(overrides: Record<string, unknown> = {}) {
  const o = await registerOwner({ businessName: "Dr Martin", workingHours: EVERY_DAY, ...overrides });
  await connectSandboxCalendar(o.token);
  await startTrial(o.token);
  // A number of the business's country: an owner claims nothing else.
  await addPoolNumbers(1, String(overrides.timeZone ?? "").startsWith("America/") ? "US" : "FR");
  const claim = await api("GET", "/api/phone-numbers/claim", { token: o.token });
  expect(claim.status).toBe(200);
  return { ...o, line: claim.body.phoneNumber as string };
}

const tryApi = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  api("POST", "/api/receptionist/try", { token, body, headers });

async function runSweep() {
  const ctx = appContext();
  await ctx.jobs.send("abandoned-calls", {});
  const handlers = jobHandlers(ctx.booking, ctx.dispatch, ctx.notices);
  return drainJobs(await ctx.jobs.ready(), { "abandoned-calls": handlers["abandoned-calls"] });
}

/** Wall-clock day of the week and time of a date in a zone: "saturday 09:30". */
function localWeekdayAndTime(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long" }).format(at).toLowerCase();
  return { weekday, time: `${parts.hour!.padStart(2, "0")}:${parts.minute}` };
}

describe("the demo seed", () => {
  it("makes the French demo owner ready to try, with French data, and adds nothing on a second run", async () => {
    const db = getDb();
    const ctx = appContext();
    await addPoolNumbers(1);
    const deps = { db, providers: ctx.providers, secrets: ctx.secrets, lines: ctx.lines };
    const first = await seedDemo(deps);
    expect(first).toMatchObject({ ownerCreated: true, adminCreated: true, notes: [] });

    const login = await api("POST", "/api/auth/login", { body: DEMO_OWNER });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await api("GET", "/api/receptionist/try", { token })).body).toEqual({ ready: true, missing: [] });

    const [owner] = await db.select().from(users).where(eq(users.id, first.ownerId));
    expect(owner).toMatchObject({ locale: "fr", timeZone: "Europe/Paris", businessName: "Cabinet Dentaire Martin" });
    expect(owner!.services).toContain("Détartrage");
    // The setup is finished (the owner lands on Today, not in the setup) and a patient's text waits in the inbox.
    expect((await onboardingOf(db, first.ownerId)).next).toBeNull();
    expect((await todayOf(db, first.ownerId)).texts.items).toMatchObject([
      { callerPhone: PATIENT_TEXT.phone, body: PATIENT_TEXT.body, unread: 1 },
    ]);
    expect(owner!.aiInstructions).toMatch(/^Accueillez les patients/);
    expect((await api("GET", "/api/ai/parameters", { token })).body).toMatchObject({ language: "fr", agentName: "Camille" });

    // Appointments before and after today, inside the practice's hours, some booked by phone and linked to their call.
    const list = (await api("GET", "/api/appointments", { token })).body as {
      upcoming: { startsAt: string; endsAt: string; source: string; reason: string }[];
      past: typeof list.upcoming;
    };
    expect(list.past.length).toBeGreaterThanOrEqual(2);
    expect(list.upcoming.length).toBeGreaterThanOrEqual(2);
    const all = [...list.past, ...list.upcoming];
    expect(all.filter((a) => a.source === "phone").length).toBeGreaterThanOrEqual(2);
    for (const a of all) {
      const start = localWeekdayAndTime(new Date(a.startsAt), "Europe/Paris");
      const end = localWeekdayAndTime(new Date(a.endsAt), "Europe/Paris");
      const hours = owner!.workingHours[start.weekday as keyof WorkingHours];
      expect(hours.isOpen, `${a.startsAt} on a ${start.weekday}`).toBe(true);
      expect(start.time >= hours.openTime && end.time <= hours.closeTime, `${a.startsAt} within ${hours.openTime}-${hours.closeTime}`).toBe(
        true,
      );
    }
    expect(all.map((a) => a.reason)).toContain("Blanchiment");
    // The upcoming ones are in the (sandbox) calendar, as a booking would have put them.
    const events = await db.select().from(calendarEvents).where(eq(calendarEvents.userId, first.ownerId));
    expect(events.length).toBe(all.length);
    expect(events.map((e) => e.summary)).toContain("Rendez-vous : Jeanne Dupont");

    // Calls: ended, with a French transcript and summary and what they achieved; the phone bookings point at theirs.
    const callList = (await api("GET", "/api/calls", { token })).body.calls as {
      id: string;
      status: string;
      outcome: string;
      summary: string;
    }[];
    expect(callList.length).toBeGreaterThanOrEqual(3);
    expect(callList.every((c) => c.status === "ended")).toBe(true);
    expect(new Set(callList.map((c) => c.outcome))).toEqual(new Set(["booked", "message", "no_action"]));
    const booked = callList.find((c) => c.outcome === "booked")!;
    const detail = (await api("GET", `/api/calls/${booked.id}`, { token })).body;
    expect(detail.transcript).toMatch(/^AI: Bonjour, vous êtes en ligne avec Camille/);
    expect(detail.summary).toMatch(/^L'appelant /);
    expect(detail.appointments).toHaveLength(1);
    const message = callList.find((c) => c.outcome === "message")!;
    expect((await api("GET", `/api/calls/${message.id}`, { token })).body.messages).toHaveLength(1);

    const count = async () => ({
      users: (
        await db
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.email, ["demo@recepta.test", "admin@recepta.test"]))
      ).length,
      appointments: (await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, first.ownerId))).length,
      calls: (await db.select({ id: calls.id }).from(calls).where(eq(calls.userId, first.ownerId))).length,
      messages: (await db.select({ id: callerMessages.id }).from(callerMessages).where(eq(callerMessages.userId, first.ownerId))).length,
      texts: (await db.select({ id: threadMessages.id }).from(threadMessages).where(eq(threadMessages.userId, first.ownerId))).length,
      events: (await db.select({ id: calendarEvents.eventId }).from(calendarEvents).where(eq(calendarEvents.userId, first.ownerId))).length,
      subscriptions: (await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, first.ownerId))).length,
      numbers: (
        await db.select({ n: phoneNumbers.phoneNumber }).from(phoneNumbers).where(eq(phoneNumbers.assignedToUserId, first.ownerId))
      ).map((r) => r.n),
      members: (await db.select({ role: members.role }).from(members).where(eq(members.businessId, first.ownerId))).map((r) => r.role),
    });
    const before = await count();
    expect(before.users).toBe(2);
    expect(before.members).toEqual(["staff"]);
    // The front desk signs in to the demo practice itself, and works there as staff.
    const frontDesk = await api("POST", "/api/auth/login", { body: { email: "accueil@recepta.test", password: "recepta-demo-accueil" } });
    expect(frontDesk.status).toBe(200);
    const desk = (await api("GET", "/api/appointments", { token: frontDesk.body.token })).body;
    expect(desk.upcoming.length + desk.past.length).toBe(before.appointments);
    expect((await api("GET", "/api/account/export", { token: frontDesk.body.token })).status).toBe(403);
    expect(before.numbers).toHaveLength(1);

    // A day later: the same accounts, no second copy of anything.
    const second = await seedDemo({ ...deps, now: new Date(Date.now() + 24 * 60 * MINUTE) });
    expect(second).toMatchObject({ ownerId: first.ownerId, ownerCreated: false, adminCreated: false, notes: [] });
    expect(await count()).toEqual(before);
    expect((await api("GET", "/api/receptionist/try", { token })).body.ready).toBe(true);

    // And the demo owner can call their receptionist at once, in French, from a fictional French number.
    const start = await tryApi(token, { action: "start" });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body).toMatchObject({ language: "fr", caller: "+33639980142", line: before.numbers[0] });
    expect(before.numbers[0]).toMatch(/^\+33\d{9}$/);

    // A demo seeded when the pool was US-only holds a US number: the next run gives the Paris practice a French one.
    const [us] = await addPoolNumbers(1, "US");
    await db.update(phoneNumbers).set({ assignedToUserId: null, assignedAt: null }).where(eq(phoneNumbers.assignedToUserId, first.ownerId));
    await db.update(phoneNumbers).set({ assignedToUserId: first.ownerId, assignedAt: new Date() }).where(eq(phoneNumbers.phoneNumber, us!));
    await seedDemo(deps);
    const [line] = await db
      .select({ n: phoneNumbers.phoneNumber, region: phoneNumbers.region })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.assignedToUserId, first.ownerId));
    expect(line).toMatchObject({ region: "FR", n: expect.stringMatching(/^\+33/) });
  });

  it("refuses to run with NODE_ENV=production, before opening anything", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recepta-seed-"));
    try {
      const run = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/db-seed.ts"], {
        env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("refusing with NODE_ENV=production");
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("what an owner still has to do before a test call", () => {
  it("lists the missing steps in order, and the try API refuses with the first one's sentence, in the owner's language", async () => {
    const o = await registerOwner({ workingHours: EVERY_DAY });
    const readiness = async () => (await api("GET", "/api/receptionist/try", { token: o.token })).body;
    const refusal = async (language = "en") => {
      const res = await tryApi(o.token, { action: "start" }, { "accept-language": language });
      expect(res.status).toBe(409);
      return res.body.message as string;
    };
    expect(await readiness()).toEqual({ ready: false, missing: ["calendar", "subscription", "number"] });
    expect(await refusal()).toBe("Connect your calendar first: your receptionist books appointments into it.");
    expect(await refusal("fr")).toBe("Connectez d’abord votre agenda\u00a0: votre réceptionniste y inscrit les rendez-vous.");

    await connectSandboxCalendar(o.token);
    expect(await readiness()).toEqual({ ready: false, missing: ["subscription", "number"] });
    expect(await refusal("es")).toBe(
      "Primero inicie una prueba o una suscripción: su recepcionista solo reserva citas para una cuenta activa.",
    );

    await startTrial(o.token);
    expect(await readiness()).toEqual({ ready: false, missing: ["number"] });
    expect(await refusal()).toBe("Claim your phone number first: the test call rings your own line.");

    await addPoolNumbers(1);
    expect((await api("GET", "/api/phone-numbers/claim", { token: o.token })).status).toBe(200);
    expect(await readiness()).toEqual({ ready: true, missing: [] });
    const start = await tryApi(o.token, { action: "start" });
    expect(start.status).toBe(200);

    // The trial lapses mid-call: the next words are refused the same way, and hanging up still ends the call.
    await getDb().update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, o.user.id));
    expect(await readiness()).toEqual({ ready: false, missing: ["subscription"] });
    const said = await tryApi(o.token, { action: "say", state: start.body.state, text: "I'd like an appointment" });
    expect(said.status).toBe(409);
    expect(said.body.message).toBe("Start a trial or a subscription first: your receptionist books only for a live account.");
    const end = await tryApi(o.token, { action: "end", state: start.body.state });
    expect(end.status).toBe(200);
    const [row] = await getDb().select().from(calls).where(eq(calls.providerCallId, start.body.state.callId));
    expect(row!.status).toBe("ended");

    // A deactivated account (it cannot sign in any more, but its readiness says why).
    await getDb().update(users).set({ isActive: false }).where(eq(users.id, o.user.id));
    expect(await tryReadiness(getDb(), o.user.id)).toEqual({ ready: false, missing: ["account"] });
    expect((await api("GET", "/api/receptionist/try", { token: o.token })).status).toBe(401);
  });
});

describe("the simulated caller", () => {
  it("calls from a fictional number of the business's country by default, never the owner's own phone", async () => {
    const fr = await readyOwner({ timeZone: "Europe/Paris", locale: "fr" });
    await getDb().update(users).set({ phone: "+33612345678" }).where(eq(users.id, fr.user.id));
    const lines = ["Je voudrais prendre rendez-vous", "Marie Curie", "Un contrôle", "non", "demain", "le premier", "oui"];
    let turn = await tryApi(fr.token, { action: "start" });
    expect(turn.body.caller).toBe("+33639980142");
    for (const text of lines) turn = await tryApi(fr.token, { action: "say", state: turn.body.state, text });
    expect(turn.body.reply).toMatch(/^C'est réservé : Marie Curie/);
    const [appt] = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, fr.user.id), eq(appointments.source, "phone")));
    expect(appt!.patientPhone).toBe("+33639980142");
    const [call] = await getDb().select().from(calls).where(eq(calls.providerCallId, turn.body.state.callId));
    expect(call!.fromNumber).toBe("+33639980142");

    const us = await readyOwner({ timeZone: "America/New_York", locale: "en" });
    await getDb().update(users).set({ phone: "+12125550100" }).where(eq(users.id, us.user.id));
    expect((await tryApi(us.token, { action: "start" })).body.caller).toBe("+12125550142");
  });

  it("calls from the number the owner types, read in the business's country; the browser cannot change it mid-call", async () => {
    const fr = await readyOwner({ timeZone: "Europe/Paris" });
    const typed = await tryApi(fr.token, { action: "start", callerNumber: "06 98 76 54 32" });
    expect(typed.status).toBe(200);
    expect(typed.body.caller).toBe("+33698765432");
    const [row] = await getDb().select().from(calls).where(eq(calls.providerCallId, typed.body.state.callId));
    expect(row!.fromNumber).toBe("+33698765432");
    const forged = await tryApi(fr.token, {
      action: "say",
      state: { ...typed.body.state, caller: "+33600000000" },
      text: "I'd like an appointment",
    });
    expect(forged.status).toBe(200);
    expect(forged.body.caller).toBe("+33698765432");

    const us = await readyOwner({ timeZone: "America/New_York" });
    expect((await tryApi(us.token, { action: "start", callerNumber: "(212) 555-0199" })).body.caller).toBe("+12125550199");
    for (const bad of ["12", "not a number", "+33 6"]) {
      const res = await tryApi(us.token, { action: "start", callerNumber: bad }, { "accept-language": "fr" });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/ce numéro est illisible/);
    }
  });

  it("keeps a test call in its owner's call log when the browser names another business's line on hang-up", async () => {
    const a = await readyOwner({ businessName: "Dr A" });
    const b = await readyOwner({ businessName: "Dr B" });
    const started = await tryApi(a.token, { action: "start" });
    expect(started.status).toBe(200);
    const said = await tryApi(a.token, { action: "say", state: started.body.state, text: "I'd like to leave a message" });
    const ended = await tryApi(a.token, { action: "end", state: { ...said.body.state, line: b.line } });
    expect(ended.status).toBe(200);
    const [row] = await getDb().select().from(calls).where(eq(calls.providerCallId, started.body.state.callId));
    expect(row).toMatchObject({ userId: a.user.id, toNumber: a.line, status: "ended" });
    expect(await getDb().select().from(calls).where(eq(calls.userId, b.user.id))).toHaveLength(0);
  });

  it("tells the owner's other tools nothing of a Try call: no call came in", async () => {
    const a = await readyOwner({ businessName: "Dr Webhook" });
    const [endpoint] = await getDb()
      .insert(webhookEndpoints)
      .values({ userId: a.user.id, url: "https://crm.example.com/hooks", events: ["call.ended"], secretEnc: "sealed" })
      .returning();
    const started = await tryApi(a.token, { action: "start" });
    const said = await tryApi(a.token, { action: "say", state: started.body.state, text: "I'd like to leave a message" });
    expect((await tryApi(a.token, { action: "end", state: said.body.state })).status).toBe(200);
    expect(await getDb().$count(calls, eq(calls.providerCallId, started.body.state.callId))).toBe(1);
    expect(await getDb().$count(webhookDeliveries, eq(webhookDeliveries.endpointId, endpoint!.id))).toBe(0);
  });
});

describe("calls that never got their end", () => {
  it("are ended as abandoned after 30 minutes without an event; fresh ones and ended ones are left alone; a late report fills them in", async () => {
    const o = await readyOwner();
    const db = getDb();
    const now = Date.now();
    const row = (key: string, status: string, minutesIdle: number, extra: Partial<typeof calls.$inferInsert> = {}) => ({
      userId: o.user.id,
      providerCallId: `sweep-${key}-${now}`,
      fromNumber: "+33639980150",
      toNumber: o.line,
      status,
      startedAt: new Date(now - (minutesIdle + 9) * MINUTE),
      createdAt: new Date(now - (minutesIdle + 10) * MINUTE),
      updatedAt: new Date(now - minutesIdle * MINUTE),
      ...extra,
    });
    await db
      .insert(calls)
      .values([
        row("stale", "in-progress", 31),
        row("ringing", "ringing", 45, { startedAt: null }),
        row("fresh", "in-progress", 29),
        row("done", "ended", 120, { endedReason: "customer-ended-call", endedAt: new Date(now - 120 * MINUTE) }),
      ]);
    expect((await runSweep()).completed).toBe(1);
    const byKey = async (key: string) =>
      (
        await db
          .select()
          .from(calls)
          .where(eq(calls.providerCallId, `sweep-${key}-${now}`))
      )[0]!;

    const stale = await byKey("stale");
    expect(stale).toMatchObject({ status: "ended", endedReason: "abandoned", durationSeconds: 9 * 60 });
    // Ended when it was last heard of, not when the sweep ran.
    expect(stale.endedAt!.getTime()).toBe(now - 31 * MINUTE);
    expect(await byKey("ringing")).toMatchObject({ status: "ended", endedReason: "abandoned", durationSeconds: null });
    expect(await byKey("fresh")).toMatchObject({ status: "in-progress", endedReason: null, endedAt: null });
    expect(await byKey("done")).toMatchObject({ status: "ended", endedReason: "customer-ended-call" });

    // The call log shows it as ended, not "In progress".
    const listed = (await api("GET", "/api/calls", { token: o.token })).body.calls as { id: string; status: string; endedReason: string }[];
    expect(listed.find((c) => c.id === stale.id)).toMatchObject({ status: "ended", endedReason: "abandoned" });

    // The platform's report arrives after all: it fills the call in, and the call stays ended.
    const report = await api("POST", "/api/webhooks/vapi", {
      headers: { "x-vapi-secret": "test-vapi-secret" },
      body: {
        message: {
          type: "end-of-call-report",
          call: { id: stale.providerCallId, customer: { number: "+33639980150" } },
          phoneNumber: { number: o.line },
          endedReason: "customer-ended-call",
          startedAt: stale.startedAt!.toISOString(),
          endedAt: new Date(now - 20 * MINUTE).toISOString(),
          artifact: { transcript: "AI: Hello\nUser: Bye" },
          analysis: { summary: "A short call." },
        },
      },
    });
    expect(report.status).toBe(200);
    expect(await byKey("stale")).toMatchObject({
      status: "ended",
      endedReason: "customer-ended-call",
      transcript: "AI: Hello\nUser: Bye",
      summary: "A short call.",
      durationSeconds: 20 * 60,
    });
  });

  it("a Try call the owner left is ended by the sweep, and the page's next words find it over; words keep a call alive", async () => {
    const o = await readyOwner();
    const db = getDb();
    const start = await tryApi(o.token, { action: "start" });
    const callId = start.body.state.callId as string;
    const idle = (minutes: number) =>
      db
        .update(calls)
        .set({ updatedAt: new Date(Date.now() - minutes * MINUTE) })
        .where(eq(calls.providerCallId, callId));

    // Still talking (each turn counts as an event): not abandoned.
    await idle(40);
    const said = await tryApi(o.token, { action: "say", state: start.body.state, text: "hello" });
    expect(said.status).toBe(200);
    await runSweep();
    expect((await db.select().from(calls).where(eq(calls.providerCallId, callId)))[0]!.status).not.toBe("ended");

    await idle(31);
    await runSweep();
    expect((await db.select().from(calls).where(eq(calls.providerCallId, callId)))[0]).toMatchObject({
      status: "ended",
      endedReason: "abandoned",
    });
    const late = await tryApi(o.token, { action: "say", state: said.body.state, text: "I'd like an appointment" });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ ended: true, reply: "" });
  });
});
