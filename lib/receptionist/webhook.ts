// Vapi's server URL messages, after the route has checked the shared secret. Accepts every tool-call shape the
// platform (and its docs) send: toolCallList, toolWithToolCallList, toolCalls; arguments as an object or a JSON string.
import { and, eq } from "drizzle-orm";
import { webhookEvents } from "@/db/schema";
import { warmCalendar, type BookingDeps } from "@/lib/booking/booking";
import { withoutControlCharacters } from "@/lib/format/control-characters";
import { logger } from "@/lib/log/logger";
import { parsePhone, toE164 } from "@/lib/phone/phone";
import { buildAssistant } from "./assistant";
import { callLanguage, findBusinessByLine, loadBusiness, type Business } from "@/lib/business/business";
import { recordCall } from "./calls";
import { oneLine, sayer } from "./speech";
import { runTool } from "./tools";

/**
 * How long the calendar may take within one tool call before we answer from what we already know: well inside the 3 s
 * a caller tolerates on a phone line, with room for our own queries.
 */
export const TOOL_ANSWER_BUDGET_MS = 2_200;

export type VapiDeps = BookingDeps & { serverUrl: string; webhookSecret: string; sandbox: boolean };

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

type ToolCall = { id: string; name: string; args: Obj };

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
 * The facts every message carries: the call id, our line (the number dialled) and the caller ID, both in E.164. The
 * platform sends E.164; a caller ID in national form is read in the line's country (where the call was placed), and
 * one that is no number at all ("anonymous") is no caller ID.
 */
function callFacts(message: Obj) {
  const call = obj(message.call);
  const phoneNumber = obj(message.phoneNumber ?? call.phoneNumber);
  const customer = obj(call.customer ?? message.customer);
  const rawLine = str(phoneNumber.number);
  const line = parsePhone(rawLine);
  return {
    callId: id(call.id),
    // Our line is whatever the pool holds: a range libphonenumber does not know yet must still find its business.
    line: line.ok ? line.e164 : rawLine && /^\+[1-9]\d{5,14}$/.test(rawLine) ? rawLine : null,
    caller: toE164(str(customer.number), line.ok ? line.country : null),
    // The transient assistant we answered carries the business's id: the fallback when a message omits the line.
    userId: str(obj(obj(message.assistant ?? call.assistant).metadata).userId),
  };
}

async function businessFor(deps: VapiDeps, facts: { line: string | null; userId: string | null }): Promise<Business | null> {
  const now = deps.now ? deps.now() : new Date();
  if (facts.line) return findBusinessByLine(deps.db, facts.line, now);
  if (facts.userId && /^[0-9a-f-]{36}$/i.test(facts.userId)) {
    const biz = await loadBusiness(deps.db, facts.userId, now);
    // Only a business that still holds a line answers calls.
    return biz?.line ? biz : null;
  }
  return null;
}

/**
 * A message that names another business's call id is ignored: nothing of that call is changed. Logged by message type
 * only (the ids and numbers stay out of the log).
 */
function foreignCall(type: string): Obj {
  logger().warn({ type }, "vapi message for a call held by another business ignored");
  return {};
}

/** Answers one server message; the returned object is the JSON body (always with HTTP 200). */
export async function handleVapiMessage(deps: VapiDeps, payload: unknown): Promise<Obj> {
  // A NUL or another control character in a transcript or a tool argument cannot be stored: removed here, once, so the
  // report is kept rather than lost to a failed write.
  const message = obj(obj(withoutControlCharacters(payload)).message);
  const type = str(message.type);
  if (!type) throw new VapiPayloadError("message.type is missing");
  const facts = callFacts(message);
  const { callId, line, caller } = facts;

  switch (type) {
    case "assistant-request": {
      const biz = await businessFor(deps, facts);
      if (!biz) return { error: sayer("en")("notInService") };
      if (callId && !(await recordCall(deps.db, { providerCallId: callId, userId: biz.userId, fromNumber: caller, toNumber: line, status: "ringing", language: callLanguage(biz), sandbox: deps.sandbox }))) {
        foreignCall(type);
      }
      const now = deps.now ? deps.now() : new Date();
      if (biz.entitled) warmCalendar(deps, biz);
      return { assistant: buildAssistant(biz, { serverUrl: deps.serverUrl, webhookSecret: deps.webhookSecret, callerNumber: caller, recording: biz.recordingEnabled, now }) };
    }
    case "tool-calls": {
      const calls = toolCallsOf(message);
      let biz: Business | null;
      try {
        biz = await businessFor(deps, facts);
      } catch (e) {
        // Every tool call gets an answer (HTTP 200), even when the database is briefly unreachable.
        logger().error({ name: (e as Error).name }, "receptionist lookup failed");
        return { results: calls.map((c) => ({ toolCallId: c.id, name: c.name, error: sayer("en")("technicalProblem") })) };
      }
      if (!biz || !callId) {
        return { results: calls.map((c) => ({ toolCallId: c.id, name: c.name, error: sayer("en")("notInService") })) };
      }
      const language = callLanguage(biz);
      // The caller hears silence (or the "one moment" line) until we answer: whatever the calendar does, answer in time.
      const callDeps: VapiDeps = { ...deps, deadline: Date.now() + TOOL_ANSWER_BUDGET_MS };
      const results = [];
      // One after the other: two tools of one turn (rare) must not race each other for the same slot.
      for (const c of calls) {
        let answer: Awaited<ReturnType<typeof runTool>>;
        try {
          answer = await runTool({ deps: callDeps, biz, language, callerNumber: caller, providerCallId: callId, toolCallId: c.id }, c.name, c.args);
        } catch (e) {
          // The platform needs an answer for every tool call (HTTP 200): the caller hears a sentence, we log the kind.
          logger().error({ tool: c.name, name: (e as Error).name }, "receptionist tool failed");
          answer = { error: sayer(language)("technicalProblem") };
        }
        results.push("result" in answer ? { toolCallId: c.id, name: c.name, result: oneLine(answer.result) } : { toolCallId: c.id, name: c.name, error: oneLine(answer.error) });
      }
      return { results };
    }
    case "status-update": {
      const biz = await businessFor(deps, facts);
      if (callId) {
        const status = str(message.status);
        const recorded = await recordCall(deps.db, {
          providerCallId: callId,
          userId: biz?.userId ?? null,
          // A call nobody's business answers for (the number was released mid-call) keeps no caller data.
          fromNumber: biz ? caller : null,
          toNumber: line,
          status,
          startedAt: status === "in-progress" ? (date(obj(message.call).startedAt) ?? date(message.timestamp)) : null,
          endedReason: str(message.endedReason),
          sandbox: deps.sandbox,
        });
        if (!recorded) return foreignCall(type);
      }
      return {};
    }
    case "end-of-call-report": {
      if (!callId) return {};
      // Applied once per call: a replayed report changes nothing. The marker is written after the call row, so a
      // failure in between leaves the report to be applied by the platform's retry rather than lost.
      const eventId = `${callId}:end-of-call-report`;
      const [seen] = await deps.db
        .select({ eventId: webhookEvents.eventId })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, "vapi"), eq(webhookEvents.eventId, eventId)))
        .limit(1);
      if (seen) return {};
      const biz = await businessFor(deps, facts);
      const artifact = obj(message.artifact);
      const analysis = obj(message.analysis);
      const recording = obj(obj(artifact.recording).mono);
      const recorded = await recordCall(deps.db, {
        providerCallId: callId,
        userId: biz?.userId ?? null,
        fromNumber: biz ? caller : null,
        toNumber: line,
        status: "ended",
        startedAt: date(message.startedAt) ?? date(obj(message.call).startedAt),
        endedAt: date(message.endedAt) ?? date(obj(message.call).endedAt),
        endedReason: str(message.endedReason),
        transcript: biz ? (str(artifact.transcript) ?? str(message.transcript)) : null,
        summary: biz ? (str(analysis.summary) ?? str(message.summary)) : null,
        // A business that turned recording off keeps no recording link, even if the platform sent one.
        recordingUrl: biz?.recordingEnabled ? (str(artifact.recordingUrl) ?? str(recording.combinedUrl) ?? str(message.recordingUrl)) : null,
        sandbox: deps.sandbox,
      });
      // No "applied" marker for a report that changed nothing: the call's own business's report must still apply.
      if (!recorded) return foreignCall(type);
      await deps.db.insert(webhookEvents).values({ provider: "vapi", eventId, type }).onConflictDoNothing();
      return {};
    }
    default:
      return {};
  }
}
