// The stand-in's platform side: what a voice platform does around the model, told to our receptionist as our own call
// events (the call's start, each tool call, the end-of-call report), and what it takes from the assistant it was
// answered (the transfer line, the prompts on silence and the line that ends a silent call, what the instructions hold
// of the owner's knowledge). In-process the events go straight to handleCallEvent; over HTTP the voice platform's
// sandbox adapter (lib/vendors/vapi/sandbox-platform.ts) writes them as that platform's messages.
import type { CallLanguage } from "@/lib/accounts/business/business";
import { translate } from "@/lib/platform/i18n/translate";
import { knowledgeLead, type AssistantDefinition } from "../assistant/assistant";
import { OWNER_TEXT_CLOSE, ownerTextOf, ownerTextOpen } from "../speech/owner-text";
import type { CallAnswer, CallEvent, CallFacts } from "../events/call-events";
import { readReply, type ToolReply } from "../tools/replies";
import { lookupInfo } from "../tools/lookup-info";
import { speechStyleOf, type SpeechStyle } from "../speech/speech";
import { TRADES, type SimState, type Trade, type TransferTarget } from "./state";

/** The platform's silence timeout: the third silence in a row ends the call. */
export const SILENCES_BEFORE_END = 3;

const t = (s: SimState, key: string, params: Record<string, string> = {}) => translate(s.language, `Simulator.${key}`, params);
const say = (s: SimState, key: string) => translate(s.language, `Receptionist.${key}`);

/** Tells the receptionist one event of the call and returns its answer: in-process, or through a platform's adapter. */
export type Transport = (event: CallEvent) => Promise<CallAnswer>;

/** What every event says of the call: its id, our line and the caller. */
export const callFacts = (s: SimState): CallFacts => ({ callId: s.callId, line: s.line, caller: s.caller, userId: null });

/**
 * One tool call. A caller speaking another language than the call's gets the answers in theirs: the tools are told once,
 * when the caller switches (and again if they switch back), and keep it for the rest of the call, as the tool's
 * description says; a model following it leaves it out afterwards.
 */
export async function callTool(transport: Transport, s: SimState, name: string, args: Record<string, unknown>): Promise<ToolReply> {
  s.toolCalls += 1;
  const id = `${s.callId}-tool-${s.toolCalls}`;
  const told = s.languageTold ?? s.callLanguage;
  const withLanguage = s.language !== told ? { ...args, language: s.language } : args;
  s.languageTold = s.language;
  const answer = await transport({ type: "tool-calls", call: callFacts(s), toolCalls: [{ id, name, args: withLanguage }] });
  const mine = answer.type === "tool-results" ? answer.results.find((r) => r.toolCallId === id) : undefined;
  return readReply(!mine ? "" : "result" in mine ? mine.result : mine.error);
}

const line = (v: string | undefined): string | null => (v?.trim() ? v.trim().slice(0, 500) : null);
const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whom the assistant can put the caller through to: its transfer tool's destinations, each with whom its instructions
 * say to try when that one does not answer (the number in "Not answered: try only … (+1…)."), as a model reads them.
 */
export function transferTargets(s: SimState, def: AssistantDefinition): SimState["transfer"] {
  const tool = def.tools.find((x) => x.type === "transfer");
  if (!tool) return null;
  const backupSaid = new RegExp(
    escape(translate(def.language, "Receptionist.routing.ifNoAnswerBackup"))
      .replace("\\{name\\}", ".+?")
      .replace("\\{phone\\}", "(\\+\\d+)"),
  );
  // The instructions read as a model reads them: the owner's words without their marks.
  const prompt = ownerTextOf(def.systemPrompt);
  const destinations = tool.destinations.slice(0, 10).map((d, i): TransferTarget => {
    // The destination's own line of the instructions: "2. Front desk (+1…): billing questions. Not answered: …".
    const from = prompt.indexOf(`${i + 1}. ${d.name} (${d.number})`);
    const to = from < 0 ? -1 : prompt.indexOf(` ${i + 2}. `, from);
    const own = from < 0 ? "" : prompt.slice(from, to < 0 ? undefined : to).split("\n")[0]!;
    return {
      name: d.name.slice(0, 80),
      number: d.number,
      description: d.description.slice(0, 400),
      message: line(d.message) ?? say(s, "transferring"),
      noAnswer: line(d.noAnswer ?? undefined),
      backup: backupSaid.exec(own)?.[1] ?? null,
    };
  });
  return { destinations };
}

/**
 * How the business says dates and times, as the stand-in reads it from the call: the day first in a country whose
 * English says it so (its zone and line); the 24-hour clock when English instructions say the hours that way ("09:00"
 * rather than "9:00 AM"); French and Spanish instructions say nothing of the owner's English clock: the 12-hour one.
 */
export function speechStyleOfCall(s: SimState, def: AssistantDefinition): SpeechStyle {
  const clock = def.language === "en" && !/\d (AM|PM)\b/.test(def.systemPrompt) ? "24h" : "12h";
  return { dayFirst: speechStyleOf({ timeZone: s.timeZone, line: s.line }).dayFirst, clock };
}

/** The trade whose warning-sign question the instructions say to ask a caller who says it is urgent; null for none. */
export function tradeOf(def: AssistantDefinition): Trade | null {
  return (
    TRADES.find((trade) => def.systemPrompt.includes(translate(def.language, `Receptionist.instructions.urgentQuestion.${trade}`))) ?? null
  );
}

/**
 * What the platform says when the caller goes quiet: the assistant's prompts, each line once, as many times as they may
 * be said (the platform says at most two before the third silence ends the call), then its goodbye.
 */
export function idlePlan(s: SimState, def: AssistantDefinition): { idle: string[]; idleEnd: string } {
  const prompts = def.silence.prompts.map(line).filter((x): x is string => !!x);
  const times = Math.max(1, Math.min(SILENCES_BEFORE_END - 1, def.silence.maxPrompts));
  const idle: string[] = [];
  for (let i = 0; i < times && prompts.length; i++) idle.push(prompts[i % prompts.length]!);
  if (!idle.length) idle.push(t(s, "idle"));
  while (idle.length < SILENCES_BEFORE_END - 1) idle.push(idle[idle.length - 1]!);
  return { idle, idleEnd: line(def.silence.goodbye) ?? line(def.endCallMessage) ?? say(s, "goodbye") };
}

/**
 * The practitioners as the instructions list them, as a model reads them: the names of their block, each without the
 * services and lengths in brackets after it ("Javier Ortega (Fisioterapia 45 min), Lucía Martín" → both names).
 */
export function teamOf(def: AssistantDefinition): string[] {
  const open = ownerTextOpen("practitioners");
  const from = def.systemPrompt.indexOf(open);
  const to = from < 0 ? -1 : def.systemPrompt.indexOf(OWNER_TEXT_CLOSE, from);
  if (to < 0) return [];
  const block = def.systemPrompt.slice(from + open.length, to);
  const names: string[] = [];
  let depth = 0;
  let name = "";
  // Commas inside brackets separate a practitioner's services, not practitioners.
  for (const c of block) {
    if (c === "(") depth += 1;
    if (depth === 0 && c === ",") {
      names.push(name);
      name = "";
    } else if (depth === 0) name += c;
    if (c === ")") depth = Math.max(0, depth - 1);
  }
  names.push(name);
  return names
    .map((n) => n.trim().slice(0, 120))
    .filter(Boolean)
    .slice(0, 50);
}

/** What the assistant was given of the owner's knowledge: the search tool, or the entries its instructions list. */
export function knowledgeOf(def: AssistantDefinition, language: CallLanguage): SimState["knowledge"] {
  const lookup = def.tools.some((tool) => tool.type === "function" && tool.name === lookupInfo.name);
  const lead = `${knowledgeLead(language)}: `;
  const entries = def.systemPrompt.split("\n").find((l) => l.startsWith(lead));
  return { lookup, facts: entries ? ownerTextOf(entries.slice(lead.length)).split(" | ").slice(0, 30) : [] };
}

/** The call's progress, as the platform reports it. */
export async function statusUpdate(transport: Transport, s: SimState, status: "in-progress" | "forwarding"): Promise<void> {
  const startedAt = status === "in-progress" ? new Date(s.startedAt) : null;
  await transport({ type: "status-update", call: callFacts(s), status, startedAt, endedReason: null });
}

/**
 * The call log's summary, as the platform's summary model writes it: who called when they gave their name, what they
 * asked, then what was done ("Marie Dupont called. The caller asked: “How much is a cleaning?”. The caller booked…").
 */
export function summaryOf(s: SimState): string {
  const who = s.forOther ? s.callerName : s.name;
  const asked = s.outcomes.filter((o) => o.kind === "asked" && o.slot).map((o) => o.slot!.replace(/[.\s]+$/u, ""));
  const done = s.outcomes.filter((o) => o.kind !== "asked");
  return [
    ...(who ? [t(s, "summary.caller", { name: who })] : []),
    ...(asked.length ? [t(s, "summary.asked", { questions: asked.join(" / ") })] : []),
    ...(done.length ? done.map((o) => t(s, `summary.${o.kind}`, { slot: o.slot ?? "" })) : [t(s, "summary.none")]),
  ].join(" ");
}

/** The end-of-call report, as the platform would send it: transcript, a summary, the times and the reason. */
export async function endCall(transport: Transport, s: SimState, now = new Date(), endedReason = "customer-ended-call"): Promise<SimState> {
  s.stage = "ended";
  const transcript = s.transcript.map((turn) => `${turn.role === "assistant" ? "AI" : "User"}: ${turn.text}`).join("\n");
  const summary = summaryOf(s);
  await transport({
    type: "call-ended",
    call: callFacts(s),
    startedAt: new Date(s.startedAt),
    endedAt: now,
    endedReason,
    transcript,
    summary,
    recordingUrl: null,
    // One report per call: a replay of it changes nothing.
    receipt: { provider: "simulator", eventId: `${s.callId}:call-ended`, type: "call-ended" },
  });
  return s;
}
