// Reminder calls: the practice calls, the day before, the callers who agreed to it, in their daytime, at most twice;
// the callee confirms, cancels or moves their own appointment only, and what came of each call is the owner's to see.
// Calls go out through the sandbox's callee (who answers by the last digit of their number) or through a dialer that
// leaves the call to the test, whose messages then come through the Vapi webhook as the platform posts them.
import { and, eq } from "drizzle-orm";
import Holidays from "date-holidays";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calls, reminderCalls, users } from "@/db/schema";
import { firstPractitioner } from "@/lib/scheduling/booking/core";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import type { OutboundCall } from "@/lib/receptionist/outbound/dialer";
import { runReminderCalls } from "@/lib/receptionist/outbound/reminder-calls";
import { appContext } from "@/lib/server/context";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, telnyx, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";
import { messageReceived } from "../helpers/telnyx-events";

const FR = { "accept-language": "fr" };
const ZONE = "Europe/Paris";
const HOLIDAYS = ["FR", "ES", "US"].map((c) => new Holidays(c));

/** A weekday at least `from` days ahead that is no public holiday in France, Spain or the United States. */
function callDay(from = 3): string {
  for (let i = from; ; i++) {
    const d = new Date(Date.now() + i * 86_400_000);
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(d);
    const noon = new Date(`${day}T12:00:00Z`);
    if (noon.getUTCDay() === 0 || noon.getUTCDay() === 6) continue;
    if (HOLIDAYS.some((h) => (h.isHoliday(noon) || []).some((x) => x.type === "public"))) continue;
    return day;
  }
}
const D = callDay();
/** `time` on the call day (or `day`), in Paris. */
const at = (time: string, day = D) => zonedWallTimeToUtc(day, time, ZONE)!;

/** A practice in Paris placing reminder calls 24 hours before (the settings route, as the owner). */
async function calling(name: string): Promise<Practice> {
  const p = await practice(name);
  const put = await api("PUT", "/api/reminder-calls/settings", { token: p.token, body: { enabled: true, hoursBefore: 24 } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return p;
}

/** An appointment booked from the dashboard, with the patient's consent to a call or without it. */
async function booked(p: Practice, phone: string, time: string, callConsent = true): Promise<string> {
  const res = await api("POST", "/api/appointments", {
    token: p.token,
    body: { patientName: `Patient ${phone.slice(-2)}`, patientPhone: phone, date: D, time, duration: 30, callConsent },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** The sandbox's run as at `when`: how many calls it placed. */
async function run(p: Practice, when: Date): Promise<number> {
  const res = await api("POST", "/api/sandbox/reminder-calls/run", { token: p.token, body: { at: when.toISOString() } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.placed as number;
}

async function listed(p: Practice) {
  const res = await api("GET", "/api/reminder-calls", { token: p.token });
  expect(res.status).toBe(200);
  return res.body.calls as {
    appointmentId: string;
    status: string;
    skipReason: string | null;
    attempts: number;
    nextAttemptAt: string | null;
    durationSeconds: number | null;
  }[];
}
const callOf = async (p: Practice, appointmentId: string) => (await listed(p)).find((c) => c.appointmentId === appointmentId);
const appointment = async (id: string) => (await getDb().select().from(appointments).where(eq(appointments.id, id)))[0]!;

type Held = OutboundCall & { callId: string };

/** A dialer that places the call and leaves it to the test: what it was asked to dial, with the call's id. */
function heldDialer() {
  const placed: Held[] = [];
  const dial = async (call: OutboundCall) => {
    const callId = newCallId("reminder");
    placed.push({ ...call, callId });
    return { providerCallId: callId };
  };
  return { placed, dial };
}

/** One message of an outbound call, as Vapi posts it: our line, the callee, the call's assistant metadata. */
function outbound(p: Practice, call: Held, callId = call.callId, message: Record<string, unknown>) {
  const body = vapiMessage(p.line, callId, call.to, message);
  return { message: { ...body.message, assistant: { metadata: call.assistant.metadata } } };
}

async function toolOnCall(p: Practice, call: Held, callId = call.callId, name: string, args: Record<string, unknown>) {
  const res = await vapi(
    outbound(p, call, callId, {
      type: "tool-calls",
      toolCallList: [{ id: `tc-${newCallId()}`, type: "function", function: { name, arguments: args } }],
    }),
  );
  expect(res.status).toBe(200);
  return (res.body.results[0].result ?? res.body.results[0].error) as string;
}

async function endCall(p: Practice, call: Held, callId = call.callId, endedReason: string, seconds = 30) {
  // The calls are placed at 10:00 on the call day (the sweep's clock) and end a minute later.
  const endedAt = at("10:01");
  const startedAt = new Date(endedAt.getTime() - seconds * 1000).toISOString();
  const res = await vapi(outbound(p, call, callId, { type: "end-of-call-report", endedReason, startedAt, endedAt: endedAt.toISOString() }));
  expect(res.status).toBe(200);
}

describe("reminder calls", () => {
  it("are off until the owner turns them on, 2 to 72 hours before, refused otherwise in the owner's language", async () => {
    const p = await practice("Cabinet Réglages");
    expect((await api("GET", "/api/reminder-calls/settings", { token: p.token })).body).toEqual({ enabled: false, hoursBefore: 24 });
    const tooSoon = await api("PUT", "/api/reminder-calls/settings", {
      token: p.token,
      headers: FR,
      body: { enabled: true, hoursBefore: 1 },
    });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.message).toContain("72\u00a0heures");
    // A practice with them off calls nobody, consent or not.
    const id = await booked(p, "+33612345601", "17:00");
    expect(await run(p, at("10:00"))).toBe(0);
    const settings = (body: { enabled: boolean; hoursBefore: number }) =>
      api("PUT", "/api/reminder-calls/settings", { token: p.token, body });
    expect((await settings({ enabled: true, hoursBefore: 72 })).body).toEqual({ enabled: true, hoursBefore: 72 });
    // Planned at 08:30 for 09:00 (the callee's first calling hour); turned off before then: no call, nothing left.
    expect(await run(p, at("08:30"))).toBe(0);
    expect(await callOf(p, id)).toMatchObject({ status: "scheduled", nextAttemptAt: at("09:00").toISOString() });
    await settings({ enabled: false, hoursBefore: 72 });
    expect(await run(p, at("09:00"))).toBe(0);
    expect(await callOf(p, id)).toBeUndefined();
    // On again, two hours before: planned for 15:00, not placed before.
    await settings({ enabled: true, hoursBefore: 2 });
    expect(await run(p, at("10:00"))).toBe(0);
    expect(await run(p, at("15:00"))).toBe(1);
    expect(await callOf(p, id)).toMatchObject({ status: "confirmed" });
  });

  it("come to what the callee says: confirmed, cancelled (the slot freed), voicemail, no answer tried once more", async () => {
    const p = await calling("Cabinet Quatre Issues");
    const [confirms, cancels, voicemail, silent] = [
      await booked(p, "+33612345611", "17:00"),
      await booked(p, "+33612345612", "17:30"),
      await booked(p, "+33612345613", "18:00"),
      await booked(p, "+33612345614", "18:30"),
    ];
    // Before the 24 hours: nothing is due yet.
    expect(await run(p, at("16:00", callDayBefore()))).toBe(0);
    expect(await run(p, at("10:00"))).toBe(4);
    expect(await callOf(p, confirms)).toMatchObject({ status: "confirmed", attempts: 1, durationSeconds: 42 });
    // The call log keeps it as a call the practice placed, from its line to the callee.
    const logged = await getDb()
      .select()
      .from(calls)
      .where(and(eq(calls.userId, p.user.id), eq(calls.toNumber, "+33612345611")));
    expect(logged).toMatchObject([{ direction: "outbound", fromNumber: p.line, durationSeconds: 42, status: "ended" }]);
    // It is no call the practice answered: not in the call list, which the Reminder calls page stands for.
    const list = await api("GET", "/api/calls", { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body.calls).toEqual([]);
    expect(await appointment(confirms)).toMatchObject({ confirmedBy: "phone", status: "booked" });
    expect(await callOf(p, cancels)).toMatchObject({ status: "cancelled" });
    expect((await appointment(cancels)).status).toBe("cancelled");
    expect(await callOf(p, voicemail)).toMatchObject({ status: "voicemail", attempts: 1, nextAttemptAt: null });
    expect((await appointment(voicemail)).confirmedAt).toBeNull();
    const unanswered = await callOf(p, silent);
    expect(unanswered).toMatchObject({ status: "no_answer", attempts: 1 });
    expect(unanswered!.nextAttemptAt).toBe(at("13:00").toISOString());
    // Not before three hours; then once more, and never a third time.
    expect(await run(p, at("12:55"))).toBe(0);
    expect(await run(p, at("13:00"))).toBe(1);
    expect(await callOf(p, silent)).toMatchObject({ status: "no_answer", attempts: 2, nextAttemptAt: null });
    expect(await run(p, at("16:30"))).toBe(0);
    // Erasing the caller who confirmed takes their reminder call and its call log row with their appointment.
    const erased = await api("DELETE", `/api/callers/${encodeURIComponent("+33612345611")}`, { token: p.token });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await callOf(p, confirms)).toBeUndefined();
    expect(
      await getDb()
        .select()
        .from(calls)
        .where(and(eq(calls.userId, p.user.id), eq(calls.toNumber, "+33612345611"))),
    ).toEqual([]);
    // Insights: the calls placed and what came of them, none of them counted as a call the practice answered.
    const insights = await api("GET", `/api/insights?from=${D}&to=${D}`, { token: p.token });
    expect(insights.status).toBe(200);
    expect(insights.body.totals.calls).toBe(0);
    expect(insights.body.reminderCalls).toEqual({
      placed: 3,
      confirmed: 0,
      cancelled: 1,
      rescheduled: 0,
      undecided: 2,
      appointments: {
        withCall: { total: 3, confirmed: 0, marked: 0, noShows: 0 },
        withoutCall: { total: 0, confirmed: 0, marked: 0, noShows: 0 },
      },
    });
  });

  it("bind the call to its appointment: a tool naming another one changes that one, never the other", async () => {
    const p = await calling("Cabinet Lié");
    const phone = "+33612345621";
    const reminded = await booked(p, phone, "17:00");
    // The same caller's other appointment, booked without consent: it gets no call of its own.
    const other = await booked(p, phone, "18:00", false);
    const { placed, dial } = heldDialer();
    const deps = { ...appContext().booking, now: () => at("10:00"), dial };
    expect(await runReminderCalls(deps, { userId: p.user.id })).toEqual({ placed: 1 });
    const [call] = placed;
    expect(call!.to).toBe(phone);
    // The call opens with who calls and that it is automated, and says when, never what for.
    expect(call!.assistant.firstMessage).toMatch(/assistant/i);
    expect(call!.voicemailMessage).not.toMatch(/Patient/);
    const said = await toolOnCall(p, call!, call!.callId, "cancel_appointment", { appointmentId: other });
    expect(said, said).toMatch(/annulé|cancelled/i);
    expect((await appointment(reminded)).status).toBe("cancelled");
    expect((await appointment(other)).status).toBe("booked");
    await endCall(p, call!, call!.callId, "customer-ended-call");
    expect(await callOf(p, reminded)).toMatchObject({ status: "cancelled", durationSeconds: 30 });
    // A replayed report changes nothing.
    await endCall(p, call!, call!.callId, "customer-busy");
    expect(await callOf(p, reminded)).toMatchObject({ status: "cancelled" });
  });

  it("move the appointment, and report busy and failed lines through the webhook", async () => {
    const p = await calling("Cabinet Déplacé");
    const moves = await booked(p, "+33612345631", "17:00");
    const busy = await booked(p, "+33612345632", "17:30");
    const broken = await booked(p, "+33612345633", "18:00");
    const { placed, dial } = heldDialer();
    const deps = { ...appContext().booking, now: () => at("10:00"), dial };
    expect(await runReminderCalls(deps, { userId: p.user.id })).toEqual({ placed: 3 });
    const callFor = (id: string) => placed.find((c) => c.assistant.metadata.reminderCallId && c.to.endsWith(id))!;
    const [moving, busyCall, brokenCall] = [callFor("31"), callFor("32"), callFor("33")];
    await toolOnCall(p, moving, moving.callId, "reschedule_appointment", { appointmentId: busy, date: D, time: "15:00" });
    expect((await appointment(moves)).startsAt.toISOString()).toBe(at("15:00").toISOString());
    expect((await appointment(busy)).startsAt.toISOString()).toBe(at("17:30").toISOString());
    await endCall(p, moving, moving.callId, "customer-ended-call");
    expect(await callOf(p, moves)).toMatchObject({ status: "rescheduled" });
    await endCall(p, busyCall, busyCall.callId, "customer-busy", 0);
    expect(await callOf(p, busy)).toMatchObject({ status: "busy", attempts: 1, nextAttemptAt: at("13:01").toISOString() });
    await endCall(p, brokenCall, brokenCall.callId, "pipeline-error-openai-llm-failed", 0);
    expect(await callOf(p, broken)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it('never call without consent, nor after a "don\'t call me" or a STOP, until a new consent', async () => {
    const p = await calling("Cabinet Consentement");
    const none = await booked(p, "+33612345641", "17:00", false);
    const refuses = "+33612345642";
    const stops = "+33612345643";
    const refused = await booked(p, refuses, "17:30");
    const stopped = await booked(p, stops, "18:00");
    // On a call of their own, the caller asks never to be called.
    const heard = await vapiTool(p.line, newCallId(), refuses, "stop_reminder_calls", {});
    expect(heard).toMatch(/plus d'appels|any more/i);
    // The other texts STOP to the practice's number.
    const stop = await telnyx(messageReceived(stops, p.line, "STOP"));
    expect(stop.status).toBe(200);
    expect(await run(p, at("10:00"))).toBe(0);
    expect(await callOf(p, none)).toBeUndefined();
    expect(await callOf(p, refused)).toMatchObject({ status: "skipped", skipReason: "opted_out", attempts: 0 });
    expect(await callOf(p, stopped)).toMatchObject({ status: "skipped", skipReason: "opted_out" });
    // Agreeing again, on a later booking, is a consent given after the refusal (this callee then cancels it).
    const again = await booked(p, refuses, "18:30");
    expect(await run(p, at("10:05"))).toBe(1);
    expect(await callOf(p, again)).toMatchObject({ status: "cancelled", attempts: 1 });
  });

  it("wait for the callee's daytime in France, Spain and the United States, and skip a call that would come too late", async () => {
    const p = await calling("Cabinet Fuseaux");
    const db = getDb();
    await db
      .update(users)
      .set({ servedCountries: ["ES", "US"] })
      .where(eq(users.id, p.user.id));
    const direct = async (phone: string, time: string) => {
      const [a] = await db
        .insert(appointments)
        .values({
          userId: p.user.id,
          practitionerId: firstPractitioner(db, p.user.id),
          patientName: "Patient Fuseau",
          patientPhone: phone,
          startsAt: at(time),
          endsAt: new Date(at(time).getTime() + 30 * 60_000),
          source: "phone",
          language: "fr",
          callConsent: true,
          callConsentAt: at("08:00", callDayBefore()),
          callConsentSource: "phone",
        })
        .returning({ id: appointments.id });
      return a!.id;
    };
    const france = await direct("+33612345655", "18:00");
    const spain = await direct("+34612345655", "18:30");
    const newYork = await direct("+12124567895", "19:00");
    // 08:30 in Paris and Madrid, 02:30 in New York: nobody yet.
    expect(await run(p, at("08:30"))).toBe(0);
    expect(await callOf(p, france)).toMatchObject({ status: "scheduled", nextAttemptAt: at("09:00").toISOString() });
    expect(await callOf(p, spain)).toMatchObject({ status: "scheduled", nextAttemptAt: at("09:00").toISOString() });
    // A US callee of a Paris practice may live anywhere in the States: 08:00 in Los Angeles, 17:00 in Paris.
    expect(await callOf(p, newYork)).toMatchObject({ status: "scheduled", nextAttemptAt: at("17:00").toISOString() });
    expect(await run(p, at("09:00"))).toBe(2);
    expect(await run(p, at("14:00"))).toBe(0);
    expect(await callOf(p, newYork)).toMatchObject({ status: "scheduled" });
    expect(await run(p, at("17:00"))).toBe(1);
    expect(await callOf(p, newYork)).toMatchObject({ status: "confirmed" });
    const tooLate = await direct("+33612345657", "09:30");
    // At 20:15 on the eve: the next allowed time, 09:00, is within the hour before it.
    expect(await run(p, at("20:15", callDayBefore()))).toBe(0);
    expect(await callOf(p, tooLate)).toMatchObject({ status: "skipped", skipReason: "quiet_hours" });
    expect(
      await db
        .select()
        .from(reminderCalls)
        .where(and(eq(reminderCalls.userId, p.user.id), eq(reminderCalls.status, "calling"))),
    ).toEqual([]);
  });

  it("let the practice mark who came, and insights compare the no-shows with and without a reminder call", async () => {
    const p = await calling("Cabinet Présences");
    const db = getDb();
    const yesterday = dayAhead(-1);
    const past = async (time: string, called: "confirmed" | "voicemail" | null) => {
      const startsAt = zonedWallTimeToUtc(yesterday, time, ZONE)!;
      const [a] = await db
        .insert(appointments)
        .values({
          userId: p.user.id,
          practitionerId: firstPractitioner(db, p.user.id),
          patientName: "Patient Passé",
          patientPhone: "+33612345690",
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          source: "phone",
          language: "fr",
        })
        .returning({ id: appointments.id });
      if (called)
        await db.insert(reminderCalls).values({
          userId: p.user.id,
          appointmentId: a!.id,
          phone: "+33612345690",
          status: called,
          attempts: 1,
          placedAt: new Date(startsAt.getTime() - 6 * 3_600_000),
        });
      return a!.id;
    };
    const mark = (id: string, attendance: string | null, token = p.token) =>
      api("PUT", `/api/appointments/${id}/attendance`, { token, headers: FR, body: { attendance } });
    const [calledCame, calledMissed, notCalledMissed, notCalledCame] = [
      await past("09:00", "confirmed"),
      await past("10:00", "voicemail"),
      await past("11:00", null),
      await past("12:00", null),
    ];
    expect((await mark(calledCame, "attended")).body.attendance).toBe("attended");
    expect((await mark(calledMissed, "no_show")).status).toBe(200);
    expect((await mark(notCalledMissed, "no_show")).status).toBe(200);
    expect((await mark(notCalledCame, "no_show")).status).toBe(200);
    // Changed their mind: unmarked, then marked again.
    expect((await mark(notCalledCame, null)).body.attendance).toBeNull();
    expect((await mark(notCalledCame, "attended")).status).toBe(200);
    // Nobody can be marked absent from an appointment still to come, nor a cancelled one, nor another practice's.
    const toCome = await booked(p, "+33612345691", "17:00");
    const early = await mark(toCome, "no_show");
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/pas encore commencé/);
    expect((await mark(calledCame, "maybe")).status).toBe(400);
    const other = await practice("Cabinet Voisin");
    expect((await mark(calledCame, "no_show", other.token)).status).toBe(404);
    const insights = await api("GET", `/api/insights?from=${yesterday}&to=${yesterday}`, { token: p.token });
    expect(insights.body.reminderCalls).toMatchObject({
      placed: 2,
      confirmed: 1,
      undecided: 1,
      appointments: {
        withCall: { total: 2, confirmed: 0, marked: 2, noShows: 1 },
        withoutCall: { total: 2, confirmed: 0, marked: 2, noShows: 1 },
      },
    });
  });

  it("are placed once when two instances run the sweep at the same moment", async () => {
    const p = await calling("Cabinet Deux Instances");
    const ids = [
      await booked(p, "+33612345671", "17:00"),
      await booked(p, "+33612345672", "17:30"),
      await booked(p, "+33612345673", "18:00"),
    ];
    const { placed, dial } = heldDialer();
    const deps = { ...appContext().booking, now: () => at("10:00"), dial };
    const runs = await Promise.all([runReminderCalls(deps, { userId: p.user.id }), runReminderCalls(deps, { userId: p.user.id })]);
    expect(runs[0].placed + runs[1].placed).toBe(3);
    expect(placed.map((c) => c.to).sort()).toEqual(["+33612345671", "+33612345672", "+33612345673"]);
    for (const id of ids) expect(await callOf(p, id)).toMatchObject({ status: "calling", attempts: 1 });
  });
});

/** The working day before the call day, in Paris. */
function callDayBefore(): string {
  const d = new Date(`${D}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
