// Vapi's server URL messages, after the route has checked the shared secret: each message read into our call event
// (lib/receptionist/events/call-events.ts), and our answer written the way Vapi takes it. Accepts every tool-call shape the
// platform (and its docs) send: toolCallList, toolWithToolCallList, toolCalls; arguments as an object or a JSON string.
import { withoutControlCharacters } from "@/lib/platform/format/control-characters";
import { parsePhone, toE164 } from "@/lib/platform/phone/phone";
import {
  handleCallEvent,
  type CallAnswer,
  type CallEvent,
  type CallEventDeps,
  type CallFacts,
  type ToolCall,
} from "@/lib/receptionist/events/call-events";
import { vapiAssistant, type VapiServer } from "./assistant";

export type VapiDeps = CallEventDeps & VapiServer;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
// A call happens now: an instant outside these years is a malformed payload (and past year 294276 not even a
// timestamp Postgres can store), read as no time at all.
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(3000, 0, 1);
const date = (v: unknown): Date | null => {
  if (typeof v !== "string" && typeof v !== "number") return null;
  const d = new Date(v);
  return d.getTime() >= EARLIEST && d.getTime() < LATEST ? d : null;
};
// The platform's ids are short (uuids, "call_…"); a longer one is no id we can key a row by (a unique index entry
// holds at most some 2 700 bytes).
const MAX_ID_LENGTH = 256;
const id = (v: unknown): string | null => {
  const s = str(v);
  return s && s.length <= MAX_ID_LENGTH ? s : null;
};

export class VapiPayloadError extends Error {}

export function toolCallsOf(message: Obj): ToolCall[] {
  const out: ToolCall[] = [];
  const push = (raw: unknown, fallback?: Obj) => {
    const tc = obj(raw);
    const f = obj(tc.function ?? fallback?.function);
    const toolCallId = id(tc.id);
    const name = str(f.name) ?? str(tc.name);
    if (!toolCallId || !name) return;
    const rawArgs = f.arguments ?? tc.arguments ?? tc.parameters ?? {};
    let args: Obj = {};
    if (typeof rawArgs === "string") {
      try {
        // Arguments sent as a JSON string hold their escapes as text: a "\u0000" in them is only a NUL once parsed.
        args = obj(withoutControlCharacters(JSON.parse(rawArgs)));
      } catch {
        args = {};
      }
    } else args = obj(rawArgs);
    if (!out.some((c) => c.id === toolCallId)) out.push({ id: toolCallId, name, args });
  };
  if (Array.isArray(message.toolCallList)) message.toolCallList.forEach((tc) => push(tc));
  if (Array.isArray(message.toolWithToolCallList)) {
    message.toolWithToolCallList.forEach((t) => push(obj(t).toolCall, obj(t)));
  }
  if (Array.isArray(message.toolCalls)) message.toolCalls.forEach((tc) => push(tc));
  return out;
}

/**
 * The facts every message carries. The platform sends E.164; a caller ID in national form is read in the line's
 * country (where the call was placed), and one that is no number at all ("anonymous") is no caller ID.
 */
function callFacts(message: Obj): CallFacts {
  const call = obj(message.call);
  const phoneNumber = obj(message.phoneNumber ?? call.phoneNumber);
  const customer = obj(call.customer ?? message.customer);
  const rawLine = str(phoneNumber.number);
  const metadata = obj(obj(message.assistant ?? call.assistant).metadata);
  const line = parsePhone(rawLine);
  return {
    callId: id(call.id),
    // Our line is whatever the pool holds: a range libphonenumber does not know yet must still find its business.
    line: line.ok ? line.e164 : rawLine && /^\+[1-9]\d{5,14}$/.test(rawLine) ? rawLine : null,
    caller: toE164(str(customer.number), line.ok ? line.country : null),
    // The transient assistant we answered carries the business's id.
    userId: str(metadata.userId),
    // A reminder call's assistant carries the reminder's id.
    ...(id(metadata.reminderCallId) ? { reminderCallId: id(metadata.reminderCallId) } : {}),
  };
}

/** One server message as our call event. */
export function callEventOf(message: Obj): CallEvent {
  const type = str(message.type);
  if (!type) throw new VapiPayloadError("message.type is missing");
  const call = callFacts(message);
  switch (type) {
    case "assistant-request":
      return { type, call };
    case "tool-calls":
      return { type, call, toolCalls: toolCallsOf(message) };
    case "status-update":
      return {
        type,
        call,
        status: str(message.status),
        startedAt: date(obj(message.call).startedAt) ?? date(message.timestamp),
        endedReason: str(message.endedReason),
      };
    case "end-of-call-report": {
      const artifact = obj(message.artifact);
      const analysis = obj(message.analysis);
      const recording = obj(obj(artifact.recording).mono);
      return {
        type: "call-ended",
        call,
        startedAt: date(message.startedAt) ?? date(obj(message.call).startedAt),
        endedAt: date(message.endedAt) ?? date(obj(message.call).endedAt),
        endedReason: str(message.endedReason),
        transcript: str(artifact.transcript) ?? str(message.transcript),
        summary: str(analysis.summary) ?? str(message.summary),
        recordingUrl: str(artifact.recordingUrl) ?? str(recording.combinedUrl) ?? str(message.recordingUrl),
        receipt: { provider: "vapi", eventId: `${call.callId}:end-of-call-report`, type },
      };
    }
    default:
      return { type: "other", call };
  }
}

/** Our answer as Vapi's response body (always sent with HTTP 200). */
export function vapiAnswer(answer: CallAnswer, server: VapiServer): Obj {
  switch (answer.type) {
    case "assistant":
      return { assistant: vapiAssistant(answer.assistant, server) };
    case "refused":
      return { error: answer.error };
    case "tool-results":
      return { results: answer.results };
    case "ok":
      return {};
  }
}

/** Answers one server message; the returned object is the JSON body (always with HTTP 200). */
export async function handleVapiMessage(deps: VapiDeps, payload: unknown): Promise<Obj> {
  // A NUL or another control character in a transcript or a tool argument cannot be stored: removed here, once, so the
  // report is kept rather than lost to a failed write.
  const message = obj(obj(withoutControlCharacters(payload)).message);
  return vapiAnswer(await handleCallEvent(deps, callEventOf(message)), deps);
}
