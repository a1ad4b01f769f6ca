// Provider ids are scoped by the business a message came in on: a Vapi message on line A that names business B's call
// id changes nothing of B's call (owner, numbers, status, transcript, summary, outcome, its end-of-call report still to
// come), and a Telnyx delivery receipt only touches the notification sent to the recipient it names.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, callerMessages, calls, notifications, webhookEvents } from "@/db/schema";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, telnyx, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";

let a: Practice;
let b: Practice;

beforeAll(async () => {
  a = await practice("Cabinet A");
  b = await practice("Cabinet B");
});

const B_CALLER = "+33760000201";
const A_CALLER = "+33760000299";

async function callRow(callId: string) {
  const [row] = await getDb().select().from(calls).where(eq(calls.providerCallId, callId));
  return row!;
}

/** B's call, as B's line recorded it: answered, in progress. */
async function callOnB(): Promise<string> {
  const callId = newCallId("b");
  expect((await vapi(vapiMessage(b.line, callId, B_CALLER, { type: "assistant-request" }))).status).toBe(200);
  expect(
    (
      await vapi(
        vapiMessage(b.line, callId, B_CALLER, {
          type: "status-update",
          status: "in-progress",
          call: { id: callId, customer: { number: B_CALLER }, startedAt: "2026-11-20T10:00:00.000Z" },
        }),
      )
    ).status,
  ).toBe(200);
  return callId;
}

function report(line: string, callId: string, caller: string, text: string) {
  return vapiMessage(line, callId, caller, {
    type: "end-of-call-report",
    endedReason: `${text}-ended`,
    startedAt: "2026-11-20T10:00:00.000Z",
    endedAt: "2026-11-20T10:02:00.000Z",
    artifact: { transcript: `${text} transcript`, recordingUrl: `https://recordings.example/${text}.wav` },
    analysis: { summary: `${text} summary` },
  });
}

describe("Vapi messages naming another business's call id", () => {
  it("a status-update on line A leaves B's call as it was", async () => {
    const callId = await callOnB();
    const before = await callRow(callId);
    const forged = await vapi(
      vapiMessage(a.line, callId, A_CALLER, {
        type: "status-update",
        status: "ended",
        endedReason: "forged",
        call: { id: callId, customer: { number: A_CALLER }, startedAt: "2020-01-01T00:00:00.000Z" },
      }),
    );
    expect(forged).toMatchObject({ status: 200, body: {} });
    const after = await callRow(callId);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ userId: b.user.id, fromNumber: B_CALLER, toNumber: b.line, status: "in-progress", endedReason: null });
  });

  it("an end-of-call report on line A neither overwrites B's report nor pre-empts it", async () => {
    const callId = await callOnB();
    // A's forged report first: ignored, and no "report applied" marker is left behind for it.
    expect((await vapi(report(a.line, callId, A_CALLER, "forged"))).status).toBe(200);
    expect(await callRow(callId)).toMatchObject({
      userId: b.user.id,
      status: "in-progress",
      transcript: null,
      summary: null,
      recordingUrl: null,
      toNumber: b.line,
    });
    expect(
      await getDb()
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, "vapi"), eq(webhookEvents.eventId, `${callId}:end-of-call-report`))),
    ).toHaveLength(0);

    // B's own report still applies…
    expect((await vapi(report(b.line, callId, B_CALLER, "real"))).status).toBe(200);
    const real = {
      userId: b.user.id,
      fromNumber: B_CALLER,
      toNumber: b.line,
      status: "ended",
      transcript: "real transcript",
      summary: "real summary",
      endedReason: "real-ended",
      durationSeconds: 120,
    };
    expect(await callRow(callId)).toMatchObject(real);

    // …and a forged one afterwards changes nothing either.
    expect((await vapi(report(a.line, callId, A_CALLER, "forged-later"))).status).toBe(200);
    expect(await callRow(callId)).toMatchObject(real);

    const list = await api("GET", "/api/calls", { token: b.token });
    const mine = list.body.calls.find((c: { summary: string | null }) => c.summary === "real summary");
    expect(mine).toMatchObject({ summary: "real summary", fromNumber: B_CALLER });
    const detail = await api("GET", `/api/calls/${mine.id}`, { token: b.token });
    expect(detail.body).toMatchObject({ transcript: "real transcript", recordingUrl: "https://recordings.example/real.wav" });
    // A sees no such call.
    const aList = await api("GET", "/api/calls", { token: a.token });
    expect(aList.body.calls.some((c: { summary: string | null }) => c.summary?.startsWith("forged"))).toBe(false);
    expect((await api("GET", `/api/calls/${mine.id}`, { token: a.token })).status).toBe(404);
  });

  it("a message that no business answers for (an unknown line) does not touch B's call", async () => {
    const callId = await callOnB();
    const before = await callRow(callId);
    expect(
      (await vapi(vapiMessage("+19990000001", callId, A_CALLER, { type: "status-update", status: "ended", endedReason: "nobody" }))).status,
    ).toBe(200);
    expect((await vapi(report("+19990000001", callId, A_CALLER, "nobody"))).status).toBe(200);
    expect(await callRow(callId)).toEqual(before);
  });

  it("tool calls on line A with B's call id neither raise B's outcome nor link A's booking to B's call", async () => {
    const callId = await callOnB();
    const said = await vapiTool(a.line, callId, A_CALLER, "take_message", { message: "Forged message", name: "Mallory" });
    expect(said).toContain("Cabinet A");
    const booked = await vapiTool(a.line, callId, A_CALLER, "book_appointment", { date: dayAhead(5), time: "10:00", name: "Mallory" });
    expect(booked).toMatch(/booked/i);

    expect(await callRow(callId)).toMatchObject({ userId: b.user.id, outcome: "no_action", message: null });
    // What A's tools wrote is A's own: the message under A, the appointment under A with no call of B's.
    const [msg] = await getDb().select().from(callerMessages).where(eq(callerMessages.providerCallId, callId));
    expect(msg).toMatchObject({ userId: a.user.id, body: "Forged message" });
    const [appt] = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, a.user.id), eq(appointments.patientName, "Mallory")));
    expect(appt?.callId).toBeNull();
    const detail = await api("GET", `/api/calls/${(await callRow(callId)).id}`, { token: b.token });
    expect(detail.body).toMatchObject({ messages: [], appointments: [], outcome: "no_action" });
  });

  it("the call's own business still completes it as before (first writer owns the row)", async () => {
    const callId = newCallId("a-own");
    expect(await vapiTool(a.line, callId, A_CALLER, "take_message", { message: "Call me", name: "Alice" })).toContain("Cabinet A");
    expect((await vapi(report(a.line, callId, A_CALLER, "own"))).status).toBe(200);
    expect(await callRow(callId)).toMatchObject({
      userId: a.user.id,
      outcome: "message",
      message: "Call me",
      transcript: "own transcript",
      status: "ended",
    });
  });
});

describe("tool-call ids", () => {
  it("a take_message on line A reusing B's tool-call id is still stored for A, and B's message stays B's", async () => {
    const toolCallId = `tc-shared-${Math.random().toString(36).slice(2, 8)}`;
    const takeMessage = (line: string, callId: string, caller: string, message: string) =>
      vapi(
        vapiMessage(line, callId, caller, {
          type: "tool-calls",
          toolCallList: [{ id: toolCallId, type: "function", function: { name: "take_message", arguments: { message, name: "Sam" } } }],
        }),
      );
    expect((await takeMessage(b.line, newCallId("b-msg"), B_CALLER, "B's real message")).status).toBe(200);
    expect((await takeMessage(a.line, newCallId("a-msg"), A_CALLER, "A's own message")).status).toBe(200);

    const rows = await getDb().select().from(callerMessages).where(eq(callerMessages.toolCallId, toolCallId));
    expect(rows.map((r) => [r.userId, r.body]).sort()).toEqual(
      [
        [a.user.id, "A's own message"],
        [b.user.id, "B's real message"],
      ].sort(),
    );
    // A retry of A's tool call still stores nothing twice.
    expect((await takeMessage(a.line, newCallId("a-msg"), A_CALLER, "A's own message")).status).toBe(200);
    expect(
      await getDb()
        .select()
        .from(callerMessages)
        .where(and(eq(callerMessages.toolCallId, toolCallId), eq(callerMessages.userId, a.user.id))),
    ).toHaveLength(1);
  });
});

describe("Telnyx delivery receipts naming a message id", () => {
  async function notification(recipient: string, providerMessageId: string) {
    const [row] = await getDb()
      .insert(notifications)
      .values({
        userId: b.user.id,
        channel: "sms",
        recipient,
        body: "Your appointment is confirmed.",
        status: "sent",
        provider: "telnyx",
        providerMessageId,
        sentAt: new Date(),
      })
      .returning({ id: notifications.id });
    return row!.id;
  }

  async function receipt(messageId: string, recipient: string | null, status: string) {
    const raw = JSON.stringify({
      data: {
        id: randomUUID(),
        event_type: "message.finalized",
        payload: {
          id: messageId,
          direction: "outbound",
          type: "SMS",
          to: [{ ...(recipient ? { phone_number: recipient } : {}), status }],
          errors: [{ code: "40300" }],
        },
      },
    });
    const res = await telnyx(raw);
    expect(res.status).toBe(200);
  }

  async function status(id: string) {
    const [row] = await getDb()
      .select({ status: notifications.status, error: notifications.error })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row;
  }

  it("touches only the notification sent to the recipient the receipt names", async () => {
    const messageId = `msg-${randomUUID()}`;
    const id = await notification("+33611111111", messageId);
    await receipt(messageId, "+33622222222", "delivery_failed");
    await receipt(messageId, null, "delivery_failed");
    expect(await status(id)).toEqual({ status: "sent", error: null });
    await receipt(messageId, "+33611111111", "delivery_failed");
    expect(await status(id)).toEqual({ status: "failed", error: "40300" });
  });
});
