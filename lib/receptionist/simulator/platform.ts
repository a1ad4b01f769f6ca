// The stand-in's platform side: what Vapi does around the model, played as Vapi would. The server messages it sends our
// webhook (the envelope of every message, a tool call, the end-of-call report), and what it reads from the assistant
// the webhook answered (the transfer line, the idle prompts and the line that ends a silent call, what the instructions
// hold of the owner's knowledge).
import type { CallLanguage } from "@/lib/accounts/business/business";
import { translate } from "@/lib/platform/i18n/translate";
import { knowledgeLead } from "../assistant/assistant";
import { readReply, type ToolReply } from "../tools/replies";
import type { SimState } from "./state";

/** Vapi's silence timeout: the third silence in a row ends the call. */
export const SILENCES_BEFORE_END = 3;

const t = (s: SimState, key: string, params: Record<string, string> = {}) => translate(s.language, `Simulator.${key}`, params);
const say = (s: SimState, key: string) => translate(s.language, `Receptionist.${key}`);

/** Sends one server message ({ message }) to the webhook and returns its JSON answer. */
export type Transport = (payload: { message: Record<string, unknown> }) => Promise<Record<string, unknown>>;

export function envelope(s: SimState, message: Record<string, unknown>) {
  return {
    message: { call: { id: s.callId, customer: { number: s.caller } }, phoneNumber: { number: s.line }, timestamp: Date.now(), ...message },
  };
}

/** One tool call through the webhook; a caller speaking another language than the call's gets the answer in theirs. */
export async function callTool(transport: Transport, s: SimState, name: string, args: Record<string, unknown>): Promise<ToolReply> {
  s.toolCalls += 1;
  const id = `${s.callId}-tool-${s.toolCalls}`;
  const withLanguage = s.language !== s.callLanguage ? { ...args, language: s.language } : args;
  const answer = await transport(
    envelope(s, { type: "tool-calls", toolCallList: [{ id, type: "function", function: { name, arguments: withLanguage } }] }),
  );
  const results = (answer.results as { toolCallId: string; result?: string; error?: string }[] | undefined) ?? [];
  const mine = results.find((r) => r.toolCallId === id);
  return readReply(mine?.result ?? mine?.error ?? "");
}

export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const line = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim().slice(0, 500) : null);

/** The transfer tool's spoken line, when the assistant can put the caller through to a person. */
export function transferLine(s: SimState, tools: unknown[]): string | null {
  const tool = tools.map(obj).find((x) => x.type === "transferCall");
  if (!tool) return null;
  const destination = obj(list(tool.destinations)[0]);
  return line(destination.message) ?? say(s, "transferring");
}

/**
 * What the platform says when the caller goes quiet: the assistant's hooks on the caller's silence (each "say" of a
 * hook, as many times as it may fire, the last hook ending the call), else Vapi's older idle messages, else our own.
 */
export function idlePlan(s: SimState, assistant: Obj): { idle: string[]; idleEnd: string | null } {
  const hooks = list(assistant.hooks)
    .map(obj)
    .filter((h) => h.on === "customer.speech.timeout")
    .sort((a, b) => Number(obj(a.options).timeoutSeconds ?? 0) - Number(obj(b.options).timeoutSeconds ?? 0));
  const said = (h: Obj): string[] =>
    list(h.do)
      .map(obj)
      .filter((d) => d.type === "say")
      .flatMap((d) => (Array.isArray(d.exact) ? d.exact : [d.exact]).map(line).filter((x): x is string => !!x));
  const ends = (h: Obj) =>
    list(h.do)
      .map(obj)
      .some((d) => d.type === "tool" && obj(d.tool).type === "endCall");
  const idle: string[] = [];
  let idleEnd: string | null = null;
  for (const h of hooks) {
    const lines = said(h);
    if (ends(h)) {
      idleEnd = lines.join(" ") || say(s, "goodbye");
      break;
    }
    const times = Math.max(1, Math.min(3, Number(obj(h.options).triggerMaxCount ?? 1)));
    for (let i = 0; i < times && lines.length; i++) idle.push(lines[i % lines.length]!);
  }
  if (!idle.length) {
    const messages = list(obj(assistant.messagePlan).idleMessages)
      .map(line)
      .filter((x): x is string => !!x);
    idle.push(...(messages.length ? messages : [t(s, "idle")]));
  }
  while (idle.length < SILENCES_BEFORE_END - 1) idle.push(idle[idle.length - 1]!);
  return { idle: idle.slice(0, SILENCES_BEFORE_END - 1), idleEnd: idleEnd ?? line(assistant.endCallMessage) ?? say(s, "goodbye") };
}

/** What the assistant was given of the owner's knowledge: the search tool, or the entries its instructions list. */
export function knowledgeOf(assistant: Obj, tools: unknown[], language: CallLanguage): SimState["knowledge"] {
  const lookup = tools.some((tool) => obj(obj(tool).function).name === "lookup_info");
  const prompt = list(obj(assistant.model).messages)
    .map((m) => obj(m).content)
    .find((c): c is string => typeof c === "string");
  const lead = `${knowledgeLead(language)}: `;
  const line = prompt?.split("\n").find((l) => l.startsWith(lead));
  const facts = line ? line.slice(lead.length).split(" | ").slice(0, 30) : [];
  return { lookup, facts };
}

/** The end-of-call report, as the platform would send it: transcript, a summary, the times and the reason. */
export async function endCall(transport: Transport, s: SimState, now = new Date(), endedReason = "customer-ended-call"): Promise<SimState> {
  s.stage = "ended";
  const transcript = s.transcript.map((turn) => `${turn.role === "assistant" ? "AI" : "User"}: ${turn.text}`).join("\n");
  const summary = s.outcomes.length
    ? s.outcomes.map((o) => t(s, `summary.${o.kind}`, { slot: o.slot ?? "" })).join(" ")
    : t(s, "summary.none");
  await transport(
    envelope(s, {
      type: "end-of-call-report",
      endedReason,
      startedAt: s.startedAt,
      endedAt: now.toISOString(),
      artifact: { transcript },
      analysis: { summary },
    }),
  );
  return s;
}
