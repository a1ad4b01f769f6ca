// What the voice platform tells us about a call, as our own events, and what we answer: the assistant for a new call,
// the results of the tools the model called, and the call log kept up to date. The platform's adapter
// (lib/vendors/vapi/webhook.ts) reads its messages into these events and writes our answers in its format.
import { and, eq } from "drizzle-orm";
import { callToolCalls, webhookEvents } from "@/db/schema";
import { warmCalendar } from "@/lib/scheduling/booking/busy-time";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { parseTranscript } from "@/lib/platform/shared/transcript";
import { logger } from "@/lib/platform/log/logger";
import { assistantFor, type AssistantDefinition } from "../assistant/assistant";
import { callLanguage, findBusinessByLine, loadBusiness, type Business } from "@/lib/accounts/business/business";
import { knowledgeForCall } from "@/lib/receptionist/knowledge/knowledge.service";
import { recordCall } from "../calls/call-log";
import { recallMemory, type CallMemory } from "../calls/call-memory";
import { TRY_CALL_PREFIX } from "../calls/try-calls";
import { publishCallEnded } from "@/lib/accounts/webhooks/publish";
import { isBlocked } from "../screening/blocked-numbers.service";
import { routingForCall } from "../routing/routing.service";
import { enabledBookingSlug } from "@/lib/booking-page/link";
import { linkAfterHangUp } from "../tools/booking-link-tool";
import { takeAttestation } from "../screening/attestations";
import { replyText } from "../tools/replies";
import { oneLine, sayer, speechStyleOf, withSpeechStyle } from "../speech/speech";
import { recordToolCall, type ToolOutcome } from "@/lib/platform/metrics/metrics";
import { APPOINTMENT_TOOLS, toolNamed } from "../tools/registry";
import { runTool } from "../tools/tools";
import { endReminderCall, reminderOfCall } from "../outbound/reminder-outcome";

/**
 * How long the calendar may take within one tool call before we answer from what we already know: well inside the 3 s
 * a caller tolerates on a phone line, with room for our own queries.
 */
export const TOOL_ANSWER_BUDGET_MS = 2_200;

/** `sandbox`: the calls are the offline stand-in's (kept apart in the call log). */
export type CallEventDeps = BookingDeps & { sandbox: boolean };

/**
 * The facts every message carries: the platform's call id, our line (the number dialled) and the caller ID, both in
 * E.164, and the business id the assistant we answered carries (the fallback when a message omits the line).
 */
export type CallFacts = {
  callId: string | null;
  line: string | null;
  caller: string | null;
  userId: string | null;
  /** A reminder call's id, which the assistant we gave the call carries: the call is ours, placed to the caller. */
  reminderCallId?: string | null;
};

export type ToolCall = { id: string; name: string; args: Record<string, unknown> };

/** Each event the platform sends about a call, by type: what it carries besides the call's facts. */
type CallEvents = {
  "assistant-request": object;
  "tool-calls": { toolCalls: ToolCall[] };
  "status-update": { status: string | null; startedAt: Date | null; endedReason: string | null };
  "call-ended": {
    startedAt: Date | null;
    endedAt: Date | null;
    endedReason: string | null;
    transcript: string | null;
    summary: string | null;
    recordingUrl: string | null;
    /** The platform's once-only key for this report: a replayed report changes nothing. */
    receipt: { provider: string; eventId: string; type: string };
  };
  other: object;
};
type EventOf<K extends keyof CallEvents> = { type: K; call: CallFacts } & CallEvents[K];
export type CallEvent = { [K in keyof CallEvents]: EventOf<K> }[keyof CallEvents];

export type ToolResult = { toolCallId: string; name: string } & ({ result: string } | { error: string });

export type CallAnswer =
  | { type: "assistant"; assistant: AssistantDefinition }
  /** No business answers on this line: the sentence the caller hears before the call ends. */
  | { type: "refused"; error: string }
  | { type: "tool-results"; results: ToolResult[] }
  | { type: "ok" };

const OK: CallAnswer = { type: "ok" };

async function businessFor(deps: CallEventDeps, facts: { line: string | null; userId: string | null }): Promise<Business | null> {
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
 * An event that names another business's call id is ignored: nothing of that call is changed. Logged by event type
 * only (the ids and numbers stay out of the log).
 */
function foreignCall(type: string): CallAnswer {
  logger().warn({ type }, "voice platform message for a call held by another business ignored");
  return OK;
}

/**
 * What the insights read of one tool-calls message, written after the caller's answers are known and never in their
 * way: a row per tool call (which tool, how it ended, how long it took; no argument, no result), and the call marked as
 * one that wanted an appointment when it looked for or took a slot. A failure is logged by name and swallowed: the
 * answers stand.
 */
async function logToolCalls(
  deps: CallEventDeps,
  call: { userId: string; providerCallId: string },
  rows: (typeof callToolCalls.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  const wanted = rows.some((r) => APPOINTMENT_TOOLS.includes(r.tool));
  const logged = deps.db.insert(callToolCalls).values(rows);
  // Both in one statement when the call is to be marked: the rows go in as a CTE of the call's update.
  const write = wanted
    ? recordCall(deps.db, { ...call, wantedBooking: true }, deps.db.$with("logged").as(logged.returning({ id: callToolCalls.id })))
    : logged;
  await Promise.resolve(write).catch((e: unknown) => {
    logger().error({ name: (e as Error).name }, "receptionist tool calls not logged");
  });
}

/** A new call: the assistant of the business whose line was dialled, or the sentence that no one answers here. */
async function assistantRequest(deps: CallEventDeps, event: EventOf<"assistant-request">): Promise<CallAnswer> {
  const { callId, line, caller } = event.call;
  const biz = await businessFor(deps, event.call);
  if (!biz) return { type: "refused", error: sayer("en")("notInService") };
  // A caller the owner blocked hears one sentence, in the business's language, and the call ends: no assistant, no
  // tool, and the call is kept out of the numbers.
  if (await isBlocked(deps.db, biz.userId, caller)) {
    if (callId)
      await recordCall(deps.db, {
        providerCallId: callId,
        userId: biz.userId,
        fromNumber: caller,
        toNumber: line,
        status: "ended",
        endedReason: "blocked",
        screening: "blocked",
        language: callLanguage(biz),
        sandbox: deps.sandbox,
      });
    return { type: "refused", error: sayer(callLanguage(biz))("blockedCaller") };
  }
  let ours = false;
  if (callId) {
    const ringing = { providerCallId: callId, userId: biz.userId, fromNumber: caller, toNumber: line, status: "ringing" };
    ours = await recordCall(deps.db, { ...ringing, language: callLanguage(biz), sandbox: deps.sandbox });
    if (!ours) foreignCall(event.type);
  }
  const now = deps.now ? deps.now() : new Date();
  if (biz.entitled) warmCalendar(deps, biz);
  // The carrier's attestation of the caller ID, if it came before the call: a failure leaves the call without it, never
  // unanswered.
  const attested =
    ours && callId
      ? takeAttestation(deps.db, { line, caller, providerCallId: callId, now }).catch((e: unknown) => {
          logger().warn({ name: (e as Error).name }, "caller attestation not taken");
        })
      : null;
  const [knowledge, routing, bookingSlug] = await Promise.all([
    knowledgeForCall(deps.db, biz.userId, callLanguage(biz)),
    routingForCall(deps.db, biz.userId),
    enabledBookingSlug(deps.db, biz.userId),
    attested,
  ]);
  const bookingPage = bookingSlug !== null;
  const options = { callerNumber: caller, recording: biz.recordingEnabled, now, knowledge, routing, bookingPage };
  return { type: "assistant", assistant: withSpeechStyle(speechStyleOf(biz), () => assistantFor(biz, options)) };
}

/** The tools the model called, run one after the other, each answered within the budget; every call gets an answer. */
async function toolCalls(deps: CallEventDeps, event: EventOf<"tool-calls">): Promise<CallAnswer> {
  const { callId, caller } = event.call;
  const calls = event.toolCalls;
  let biz: Business | null;
  try {
    biz = await businessFor(deps, event.call);
  } catch (e) {
    // Every tool call gets an answer, even when the database is briefly unreachable.
    logger().error({ name: (e as Error).name }, "receptionist lookup failed");
    const error = sayer("en")("technicalProblem");
    return { type: "tool-results", results: calls.map((c) => ({ toolCallId: c.id, name: c.name, error })) };
  }
  if (!biz || !callId) {
    const error = sayer("en")("notInService");
    return { type: "tool-results", results: calls.map((c) => ({ toolCallId: c.id, name: c.name, error })) };
  }
  const language = callLanguage(biz);
  // Blocked since the call began (the owner did it from the call's page): no tool runs for them. A lookup that fails
  // answers the caller as usual: every tool call gets its answer.
  const call = { providerCallId: callId, userId: biz.userId };
  const [blocked, memory, reminder] = await Promise.all([
    isBlocked(deps.db, biz.userId, caller).catch((e: unknown) => {
      logger().warn({ name: (e as Error).name }, "blocklist lookup failed: the caller is answered");
      return false;
    }),
    // What the caller settled earlier in the call; a failed read answers as if it were the call's first tool call.
    recallMemory(deps.db, call).catch((e: unknown): CallMemory => {
      logger().warn({ name: (e as Error).name }, "call memory not read: the tools answer without it");
      return {};
    }),
    // A reminder call we placed: its tools change its own appointment only, whatever id the model names.
    reminderOfCall(deps, biz.userId, event.call),
  ]);
  // The language the caller speaks, once the call settled one: what they hear even when no tool can answer.
  const spoken = () => sayer(memory.language ?? language);
  if (blocked) {
    await recordCall(deps.db, { providerCallId: callId, userId: biz.userId, screening: "blocked" }).catch((e: unknown) => {
      logger().error({ name: (e as Error).name }, "blocked call not marked");
    });
    const error = spoken()("blockedCaller");
    return { type: "tool-results", results: calls.map((c) => ({ toolCallId: c.id, name: c.name, error })) };
  }
  // A reminder call's messages that name no live try are no reminder's: no appointment is bound, so no tool changes one.
  const bound = reminder?.status === "calling" ? reminder.appointmentId : undefined;
  // The caller hears silence (or the "one moment" line) until we answer: whatever the calendar does, answer in time.
  const callDeps: CallEventDeps = { ...deps, deadline: Date.now() + TOOL_ANSWER_BUDGET_MS };
  const results: ToolResult[] = [];
  const log: (typeof callToolCalls.$inferInsert)[] = [];
  // One after the other: two tools of one turn (rare) must not race each other for the same slot. Dates and times are
  // said the business's way (its country's, its owner's clock).
  const style = speechStyleOf(biz);
  for (const c of calls) {
    let answer: Awaited<ReturnType<typeof runTool>>;
    let outcome: ToolOutcome;
    const started = performance.now();
    try {
      const context = { deps: callDeps, biz, language, callerNumber: caller, providerCallId: callId, toolCallId: c.id, memory, bound };
      answer = await withSpeechStyle(style, () => runTool(context, c.name, c.args));
      outcome = "result" in answer ? "result" : "error";
    } catch (e) {
      // The platform needs an answer for every tool call: the caller hears a sentence, we log the kind.
      logger().error({ tool: c.name, name: (e as Error).name }, "receptionist tool failed");
      answer = { error: spoken()("technicalProblem") };
      outcome = "failed";
    }
    // The tool names a metric or the tool-call log may carry: the model names the tool, any other name is "unknown".
    const tool = toolNamed(c.name)?.name ?? "unknown";
    const ms = performance.now() - started;
    recordToolCall({ tool, outcome, seconds: ms / 1000 });
    log.push({ userId: biz.userId, providerCallId: callId, tool, outcome, durationMs: Math.round(ms) });
    const ids = { toolCallId: c.id, name: c.name };
    results.push("result" in answer ? { ...ids, result: replyText(answer.result) } : { ...ids, error: oneLine(answer.error) });
  }
  // The log is for the reports: the caller hears the answers without waiting for it.
  const writeLog = () => logToolCalls(deps, { userId: biz.userId, providerCallId: callId }, log);
  await (deps.afterAnswer ? deps.afterAnswer(writeLog) : writeLog());
  return { type: "tool-results", results };
}

/**
 * Who called whom, as the call log keeps it: a call to our line is from the caller; a reminder call we placed is from
 * our line to the callee. A call no business answers for keeps no caller's number.
 */
function ends(call: CallFacts, biz: Business | null) {
  const person = biz ? call.caller : null;
  return call.reminderCallId
    ? { fromNumber: call.line, toNumber: person, direction: "outbound" as const }
    : { fromNumber: person, toNumber: call.line };
}

/** The call's progress, kept in the call log. */
async function statusUpdate(deps: CallEventDeps, event: EventOf<"status-update">): Promise<CallAnswer> {
  const { callId } = event.call;
  const biz = await businessFor(deps, event.call);
  if (callId) {
    const recorded = await recordCall(deps.db, {
      providerCallId: callId,
      userId: biz?.userId ?? null,
      // A call nobody's business answers for (the number was released mid-call) keeps no caller data.
      ...ends(event.call, biz),
      status: event.status,
      startedAt: event.status === "in-progress" ? event.startedAt : null,
      endedReason: event.endedReason,
      sandbox: deps.sandbox,
    });
    if (!recorded) return foreignCall(event.type);
  }
  return OK;
}

/** The end-of-call report: the call log completed once, whatever the platform replays. */
async function callEnded(deps: CallEventDeps, event: EventOf<"call-ended">): Promise<CallAnswer> {
  const { callId, caller } = event.call;
  if (!callId) return OK;
  // Applied once per call: a replayed report changes nothing. The marker is written after the call row, so a
  // failure in between leaves the report to be applied by the platform's retry rather than lost.
  const { receipt } = event;
  const [seen] = await deps.db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, receipt.provider), eq(webhookEvents.eventId, receipt.eventId)))
    .limit(1);
  if (seen) return OK;
  const biz = await businessFor(deps, event.call);
  const recorded = await recordCall(deps.db, {
    providerCallId: callId,
    userId: biz?.userId ?? null,
    ...ends(event.call, biz),
    status: "ended",
    startedAt: event.startedAt,
    endedAt: event.endedAt,
    endedReason: event.endedReason,
    transcript: biz ? event.transcript : null,
    summary: biz ? event.summary : null,
    // A business that turned recording off keeps no recording link, even if the platform sent one.
    recordingUrl: biz?.recordingEnabled ? event.recordingUrl : null,
    screening: silent(event) ? "silent" : null,
    sandbox: deps.sandbox,
  });
  // No "applied" marker for a report that changed nothing: the call's own business's report must still apply.
  if (!recorded) return foreignCall(event.type);
  // Before the marker: a failure here leaves the report to the platform's retry, and the text's key keeps it to one.
  // A reminder call we placed: its outcome. The booking link is for callers who rang us, never for the callee.
  const reminder = biz ? await reminderOfCall(deps, biz.userId, event.call) : null;
  if (reminder)
    await endReminderCall(deps, reminder, { callId, endedReason: event.endedReason, startedAt: event.startedAt, endedAt: event.endedAt });
  else if (biz) await linkAfterHangUp(deps, biz, callId, caller, event.endedReason);
  // The marker and the owner's call.ended webhook commit together: a replayed report publishes nothing twice.
  await deps.jobs.ready();
  await deps.db.transaction(async (tx) => {
    const [applied] = await tx
      .insert(webhookEvents)
      .values({ provider: receipt.provider, eventId: receipt.eventId, type: receipt.type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    // A Try call is the owner playing a caller: no call came in, so the owner's other tools are not told of one.
    if (applied && biz && !callId.startsWith(TRY_CALL_PREFIX)) await publishCallEnded({ db: tx, jobs: deps.jobs }, biz.userId, callId, tx);
  });
  return OK;
}

/** Calls this short in which the caller said nothing are no one's: a pocket dial, a robocall's silence, a line test. */
export const SILENT_UNDER_SECONDS = 10;

/**
 * A call that ended within SILENT_UNDER_SECONDS with not one word from the caller in its transcript: kept out of
 * usage, as "silent" (insights still show it among the calls abandoned). A report without both times or without a
 * transcript is not judged.
 */
function silent(event: EventOf<"call-ended">): boolean {
  if (!event.startedAt || !event.endedAt || event.transcript == null) return false;
  const span = event.endedAt.getTime() - event.startedAt.getTime();
  if (span < 0 || span >= SILENT_UNDER_SECONDS * 1000) return false;
  // Any words not the receptionist's (the caller's, or a line no speaker tag names) are someone speaking.
  return !parseTranscript(event.transcript).some((l) => l.speaker !== "receptionist" && l.text.trim() !== "");
}

type Handler<K extends keyof CallEvents> = (deps: CallEventDeps, event: EventOf<K>) => Promise<CallAnswer>;

/** What answers each event: one handler per event type, the compiler checking that none is missing. */
const HANDLERS: { [K in keyof CallEvents]: Handler<K> } = {
  "assistant-request": assistantRequest,
  "tool-calls": toolCalls,
  "status-update": statusUpdate,
  "call-ended": callEnded,
  other: () => Promise.resolve(OK),
};

/** Answers one event of a call. */
export function handleCallEvent<K extends keyof CallEvents>(deps: CallEventDeps, event: EventOf<K>): Promise<CallAnswer> {
  const handler: Handler<K> = HANDLERS[event.type];
  return handler(deps, event);
}
