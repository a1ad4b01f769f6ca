// The caller ID's STIR/SHAKEN attestation, through the real Telnyx webhook (signed as Telnyx signs) and the real Vapi
// webhook: the carrier's call.initiated and the platform's assistant-request arrive in either order and the attestation
// ends on the call, in the call's API and in the account export; once per event, only for its own line and caller, only
// within two minutes, and nothing at all without a valid signature.
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/webhooks/telnyx/route";
import { getDb } from "@/db/client";
import { callerAttestations, calls, webhookEvents } from "@/db/schema";
import { signTelnyxPayload } from "@/lib/vendors/telnyx/webhook";
import { api } from "../helpers/api";
import { newCallId, practice, telnyx, vapi, vapiMessage, type Practice } from "../helpers/practice";

type Initiated = { attestation?: string; validated?: boolean; startTime?: Date; eventId?: string; line?: string };

/** The raw JSON of an incoming call's call.initiated, as Telnyx sends it (numbers in E.164). */
function callInitiated(caller: string, opts: Initiated & { line: string }): string {
  const payload: Record<string, unknown> = {
    call_control_id: `v3:${randomUUID()}`,
    call_leg_id: randomUUID(),
    call_session_id: randomUUID(),
    connection_id: "1494404757140276705",
    direction: "incoming",
    from: caller,
    to: opts.line,
    start_time: (opts.startTime ?? new Date()).toISOString(),
    state: "parked",
    caller_id_name: caller,
  };
  if (opts.attestation !== undefined) payload.shaken_stir_attestation = opts.attestation;
  if (opts.validated !== undefined) payload.shaken_stir_validated = opts.validated;
  return JSON.stringify({
    data: {
      record_type: "event",
      id: opts.eventId ?? randomUUID(),
      event_type: "call.initiated",
      occurred_at: new Date().toISOString(),
      payload,
    },
    meta: { attempt: 1 },
  });
}

// Callers from the French fiction block (06 39 98 xx xx): numbers that read as E.164 and belong to no one.
let seq = Math.floor(Math.random() * 5_000);
const newCaller = () => `+33639980${String(++seq % 1000).padStart(3, "0")}`;

let p: Practice;
let other: Practice;
beforeAll(async () => {
  p = await practice("Cabinet Attestation");
  other = await practice("Cabinet Voisin");
});

async function carrier(caller: string, opts: Initiated = {}) {
  const res = await telnyx(callInitiated(caller, { ...opts, line: opts.line ?? p.line }));
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.json()).toEqual({ received: true });
}

async function ring(caller: string, line = p.line): Promise<string> {
  const callId = newCallId("attested");
  const res = await vapi(vapiMessage(line, callId, caller, { type: "assistant-request" }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.assistant).toBeDefined();
  return callId;
}

async function callRow(callId: string) {
  const [row] = await getDb()
    .select({ id: calls.id, attestation: calls.callerAttestation, verified: calls.callerVerified })
    .from(calls)
    .where(eq(calls.providerCallId, callId));
  expect(row, `call ${callId} recorded`).toBeDefined();
  return row!;
}

async function waiting(caller: string, line = p.line) {
  return getDb()
    .select({ attestation: callerAttestations.attestation, verified: callerAttestations.verified })
    .from(callerAttestations)
    .where(and(eq(callerAttestations.line, line), eq(callerAttestations.caller, caller)));
}

describe("caller ID attestation", () => {
  it("keeps an attestation that comes before the call for it, then shows it on the call, in its API and its export", async () => {
    const caller = newCaller();
    await carrier(caller, { attestation: "A", validated: true });
    expect(await waiting(caller)).toEqual([{ attestation: "A", verified: true }]);

    const callId = await ring(caller);
    const row = await callRow(callId);
    expect(row).toMatchObject({ attestation: "A", verified: true });
    // Taken: nothing of the caller's number is left waiting.
    expect(await waiting(caller)).toEqual([]);

    const detail = await api("GET", `/api/calls/${row.id}`, { token: p.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ fromNumber: caller, callerAttestation: "A", callerVerified: true });
    const exported = await api("GET", "/api/account/export", { token: p.token });
    expect(exported.body.calls.find((c: { id: string }) => c.id === row.id)).toMatchObject({
      callerAttestation: "A",
      callerVerified: true,
    });
  });

  it("puts an attestation that comes after the call on it, the carrier's failed verification too", async () => {
    const caller = newCaller();
    const callId = await ring(caller);
    expect(await callRow(callId)).toMatchObject({ attestation: null, verified: null });

    await carrier(caller, { attestation: "b", validated: false });
    const row = await callRow(callId);
    expect(row).toMatchObject({ attestation: "B", verified: false });
    expect(await waiting(caller)).toEqual([]);
    const detail = await api("GET", `/api/calls/${row.id}`, { token: p.token });
    expect(detail.body).toMatchObject({ callerAttestation: "B", callerVerified: false });
  });

  it("changes nothing when Telnyx delivers the same event again", async () => {
    const caller = newCaller();
    const eventId = randomUUID();
    const first = await ring(caller);
    await carrier(caller, { attestation: "C", validated: true, eventId });
    expect(await callRow(first)).toMatchObject({ attestation: "C", verified: true });

    // The retry finds the event applied: no attestation is left waiting for the caller's next call.
    await carrier(caller, { attestation: "C", validated: true, eventId });
    expect(await waiting(caller)).toEqual([]);
    const events = await getDb()
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, "telnyx"), eq(webhookEvents.eventId, eventId)));
    expect(events).toEqual([{ type: "call.initiated" }]);
    const next = await ring(caller);
    expect(await callRow(next)).toMatchObject({ attestation: null, verified: null });
    expect(await callRow(first)).toMatchObject({ attestation: "C", verified: true });
  });

  it("applies an attestation only to a call on its own line, from its own caller", async () => {
    const caller = newCaller();
    // Another business's line, first before the call and then after it: this line's call takes neither.
    await carrier(caller, { attestation: "A", validated: true, line: other.line });
    const callId = await ring(caller);
    await carrier(caller, { attestation: "A", validated: true, line: other.line });
    expect(await callRow(callId)).toMatchObject({ attestation: null, verified: null });
    // Another caller on this line.
    await carrier(newCaller(), { attestation: "A", validated: true });
    expect(await callRow(callId)).toMatchObject({ attestation: null, verified: null });
    // The other line's own call from that caller does take what was kept for it.
    const theirs = await ring(caller, other.line);
    expect(await callRow(theirs)).toMatchObject({ attestation: "A", verified: true });
  });

  it("applies no attestation for a call that started more than two minutes away, in either order", async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);
    const early = newCaller();
    await carrier(early, { attestation: "A", validated: true, startTime: fiveMinutesAgo });
    const callId = await ring(early);
    expect(await callRow(callId)).toMatchObject({ attestation: null, verified: null });

    const late = newCaller();
    const recent = await ring(late);
    await carrier(late, { attestation: "A", validated: true, startTime: fiveMinutesAgo });
    expect(await callRow(recent)).toMatchObject({ attestation: null, verified: null });
  });

  it("deletes a waiting attestation older than ten minutes when the next one arrives: it holds a phone number", async () => {
    const forgotten = newCaller();
    await carrier(forgotten, { attestation: "A", validated: true, startTime: new Date(Date.now() - 11 * 60_000) });
    expect(await waiting(forgotten)).toHaveLength(1);
    const next = newCaller();
    await carrier(next, { attestation: "B", validated: true });
    expect(await waiting(forgotten)).toEqual([]);
    expect(await waiting(next)).toEqual([{ attestation: "B", verified: true }]);
  });

  it("answers 401 to an event signed by another key, and records nothing", async () => {
    const caller = newCaller();
    const eventId = randomUUID();
    const raw = callInitiated(caller, { attestation: "A", validated: true, eventId, line: p.line });
    const ts = Math.floor(Date.now() / 1000);
    const headers = new Headers({
      "content-type": "application/json",
      "telnyx-timestamp": String(ts),
      "telnyx-signature-ed25519": signTelnyxPayload(raw, generateKeyPairSync("ed25519").privateKey, ts),
    });
    const res = await POST(new Request("http://localhost:3000/api/webhooks/telnyx", { method: "POST", headers, body: raw }));
    expect(res.status).toBe(401);
    expect(await waiting(caller)).toEqual([]);
    expect(await getDb().select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
    const callId = await ring(caller);
    expect(await callRow(callId)).toMatchObject({ attestation: null, verified: null });
  });

  it("acknowledges a call.initiated without an attestation, or for an outgoing call, and keeps nothing", async () => {
    const caller = newCaller();
    await carrier(caller, {});
    const outgoing = JSON.parse(callInitiated(caller, { attestation: "A", validated: true, line: p.line }));
    outgoing.data.payload.direction = "outgoing";
    const res = await telnyx(JSON.stringify(outgoing));
    expect(res.status).toBe(200);
    expect(await waiting(caller)).toEqual([]);
  });
});
