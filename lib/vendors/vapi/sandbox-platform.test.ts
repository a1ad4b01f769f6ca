import { describe, expect, it } from "vitest";
import type { Business } from "@/lib/accounts/business/business";
import { assistantFor, type AssistantOptions } from "@/lib/receptionist/assistant/assistant";
import type { CallAnswer, CallEvent } from "@/lib/receptionist/events/call-events";
import { testBusiness } from "@/tests/helpers/business";
import { vapiAssistant } from "./assistant";
import { assistantDefinitionOf, callAnswerOf, vapiMessage } from "./sandbox-platform";
import { callEventOf, vapiAnswer } from "./webhook";

const server = { serverUrl: "https://recepta.example/api/webhooks/vapi", webhookSecret: "s3cret" };
const call = { callId: "call-1", line: "+33186950001", caller: "+33611223344", userId: null };
/** What goes over the wire: JSON, as Vapi sends it and our route reads it. */
const overTheWire = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe("an assistant read back from Vapi's format", () => {
  const now = new Date("2026-11-24T09:00:00Z");
  const cases: [string, Partial<Business>, Partial<AssistantOptions>][] = [
    ["French, booking, with a transfer to the owner", { ownerPhone: "+33144556677" }, {}],
    [
      "Spanish, messages only, no transfer, not recorded",
      { entitled: false, ownerPhone: null, ai: null, locale: "es" },
      { recording: false },
    ],
    ["English, searching the owner's answers during the call", { ai: null, locale: "en" }, { knowledge: { mode: "tool", count: 40 } }],
  ];
  it.each(cases)("is the assistant we defined: %s", (_, over, options) => {
    const def = assistantFor(testBusiness(over), { callerNumber: "+33611223344", now, ...options });
    expect(assistantDefinitionOf(overTheWire(vapiAssistant(def, server)))).toEqual(def);
  });

  it("refuses an answer that is not an assistant Vapi would run", () => {
    const def = assistantFor(testBusiness(), { callerNumber: null, now });
    const vapi = vapiAssistant(def, server);
    expect(() => assistantDefinitionOf({ ...vapi, voice: { provider: "azure", voiceId: "en-US-NobodyNeural" } })).toThrow(/voice/);
    expect(() => assistantDefinitionOf({ ...vapi, metadata: { ...vapi.metadata, language: "de" } })).toThrow();
  });
});

describe("the stand-in's events as Vapi's server messages", () => {
  const startedAt = new Date("2026-11-24T09:00:00Z");
  const events: CallEvent[] = [
    { type: "assistant-request", call },
    { type: "tool-calls", call, toolCalls: [{ id: "t1", name: "check_availability", args: { date: "2026-11-25", language: "fr" } }] },
    { type: "status-update", call, status: "in-progress", startedAt, endedReason: null },
    { type: "status-update", call: { ...call, caller: null }, status: "forwarding", startedAt: null, endedReason: null },
  ];
  it.each(events.map((e) => [e.type, e] as const))("reads back as the same event: %s", (_, event) => {
    const { message } = overTheWire(vapiMessage(event)) as { message: Record<string, unknown> };
    const read = callEventOf(message);
    // A status without a start of its own is dated by the message's timestamp, as Vapi's are.
    expect(read).toEqual(event.type === "status-update" && !event.startedAt ? { ...event, startedAt: expect.any(Date) } : event);
  });

  it("sends the end-of-call report Vapi sends, keyed once per call by Vapi's own marker", () => {
    const endedAt = new Date("2026-11-24T09:04:00Z");
    const event: CallEvent = {
      type: "call-ended",
      call,
      startedAt,
      endedAt,
      endedReason: "customer-ended-call",
      transcript: "AI: Bonjour\nUser: Au revoir",
      summary: "No appointment.",
      recordingUrl: null,
      receipt: { provider: "simulator", eventId: "call-1:call-ended", type: "call-ended" },
    };
    const { message } = overTheWire(vapiMessage(event)) as { message: Record<string, unknown> };
    expect(message.type).toBe("end-of-call-report");
    expect(callEventOf(message)).toEqual({
      ...event,
      receipt: { provider: "vapi", eventId: "call-1:end-of-call-report", type: "end-of-call-report" },
    });
  });
});

describe("our answers as Vapi reads them", () => {
  const answers: CallAnswer[] = [
    { type: "refused", error: "This number is not in service." },
    { type: "tool-results", results: [{ toolCallId: "t1", name: "check_availability", result: "Free: 9:00 AM." }] },
    { type: "tool-results", results: [{ toolCallId: "t2", name: "book_appointment", error: "That time was just taken." }] },
    { type: "ok" },
  ];
  it.each(answers.map((a) => [a.type, a] as const))("reads back as the same answer: %s", (_, answer) => {
    expect(callAnswerOf(overTheWire(vapiAnswer(answer, server)))).toEqual(answer);
  });
});
