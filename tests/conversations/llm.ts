// Driver B: a real language model plays the assistant, another prompt plays the caller, over any OpenAI-compatible
// chat-completions endpoint with tool calling (llama.cpp's llama-server --jinja, Ollama, a hosted API).
//
// The assistant model gets exactly what the voice platform would give it: the system prompt and the tools of the
// webhook's assistant-request answer. This driver plays the platform around it, as Vapi does: it speaks the first
// message, runs every function tool call through the webhook's tool-calls message and hands the result back (role
// "tool", the call's tool_call_id), speaks the tools' request-start lines, puts the caller through when the model calls
// the transfer tool, says the idle prompts when the caller is silent and ends the call on the third silence, and sends
// the end-of-call report. The caller model ends the call with END_MARKER.
import { translate } from "@/lib/platform/i18n/translate";
import type { VapiDeps } from "@/lib/vendors/vapi/webhook";
import {
  CLOCK,
  placeOf,
  drainMessages,
  textsTo,
  judge,
  newCallRecord,
  preparePractice,
  recordingWebhook,
  summarize,
  webhookDeps,
  type CallRecord,
  type Practice,
  type RunResult,
} from "./harness";
import type { Lang, Scenario } from "./types";

export type ModelEndpoint = {
  /** e.g. http://localhost:8080/v1 (llama-server), http://localhost:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey?: string;
  /** The model that plays the assistant. */
  model: string;
  /** The model that plays the caller (default: the same). */
  callerModel?: string;
  /** Per request; default 60 s. */
  timeoutMs?: number;
  /** Caller turns before the driver hangs up; default 16. */
  maxTurns?: number;
  /** Tool round trips within one assistant turn; default 6. */
  maxToolRounds?: number;
  /** The caller model's temperature; default 0.4. */
  callerTemperature?: number;
};

export const END_MARKER = "[END]";
export const SILENCE_MARKER = "[SILENCE]";
const SILENCES_BEFORE_END = 3;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

export type ChatToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };
export type ChatTool = { type: "function"; function: { name: string; description?: string; parameters?: unknown } };

/** What the platform does itself when the model calls one of its own tools. */
type PlatformTool = { kind: "transfer"; messages: Map<string, string | null>; noAnswer: Map<string, string | null> } | { kind: "end" };

/**
 * Vapi's tool list as chat-completions tools: function tools as they are (their `function` object, unchanged; Vapi's
 * own fields such as `messages` stay with the platform); the transfer and end-call tools as functions the model can
 * call, which the platform carries out. Other platform tools are left out and named.
 */
export function chatTools(vapiTools: unknown[]): { tools: ChatTool[]; platform: Map<string, PlatformTool>; skipped: string[] } {
  const tools: ChatTool[] = [];
  const platform = new Map<string, PlatformTool>();
  const skipped: string[] = [];
  for (const raw of vapiTools) {
    const tool = obj(raw);
    const own = obj(tool.function);
    if (tool.type === "function" && text(own.name)) {
      tools.push({ type: "function", function: tool.function as ChatTool["function"] });
    } else if (tool.type === "transferCall") {
      const destinations = list(tool.destinations).map(obj);
      const name = text(own.name) ?? "transferCall";
      tools.push({
        type: "function",
        function: text(own.name)
          ? (tool.function as ChatTool["function"])
          : {
              name,
              description: `Puts the caller through to a person. ${destinations
                .map((d) => text(d.description))
                .filter(Boolean)
                .join(" ")}`.trim(),
              parameters: {
                type: "object",
                properties: {
                  destination: {
                    type: "string",
                    enum: destinations.map((d) => String(d.number ?? "")),
                    description: "The number to transfer to.",
                  },
                },
                required: ["destination"],
              },
            },
      });
      // What the caller hears depends on who the model chose: each destination's own line, and a warm transfer's line
      // when that one does not answer.
      platform.set(name, {
        kind: "transfer",
        messages: new Map(destinations.map((d) => [String(d.number ?? ""), text(d.message)])),
        noAnswer: new Map(destinations.map((d) => [String(d.number ?? ""), text(obj(obj(d.transferPlan).fallbackPlan).message)])),
      });
    } else if (tool.type === "endCall") {
      const name = text(own.name) ?? "endCall";
      tools.push({
        type: "function",
        function: text(own.name)
          ? (tool.function as ChatTool["function"])
          : { name, description: "Ends the call, after saying goodbye.", parameters: { type: "object", properties: {} } },
      });
      platform.set(name, { kind: "end" });
    } else {
      skipped.push(String(tool.type ?? "unknown"));
    }
  }
  return { tools, platform, skipped };
}

export class ModelError extends Error {}

/** One chat-completions request; any failure (HTTP error, timeout, an answer without a message) is a ModelError. */
export async function complete(
  ep: ModelEndpoint,
  body: Obj,
  label: string,
): Promise<{ content: string | null; toolCalls: ChatToolCall[] }> {
  const timeoutMs = ep.timeoutMs ?? 60_000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(`${ep.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(ep.apiKey ? { authorization: `Bearer ${ep.apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const raw = await res.text();
    if (!res.ok) throw new ModelError(`${label}: HTTP ${res.status} from the endpoint: ${raw.replace(/\s+/g, " ").slice(0, 200)}`);
    let json: Obj;
    try {
      json = obj(JSON.parse(raw));
    } catch {
      throw new ModelError(`${label}: the endpoint's answer is not JSON`);
    }
    const message = obj(obj(list(json.choices)[0]).message);
    if (!Object.keys(message).length) throw new ModelError(`${label}: the answer has no choices[0].message`);
    let n = 0;
    const toolCalls = list(message.tool_calls).map((c): ChatToolCall => {
      const call = obj(c);
      const fn = obj(call.function);
      const args = fn.arguments;
      return {
        // Some servers leave the id out; the tool result must still name the call it answers.
        id: text(call.id) ?? `call_${Date.now().toString(36)}_${++n}`,
        type: "function",
        function: { name: String(fn.name ?? ""), arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}) },
      };
    });
    return { content: typeof message.content === "string" ? message.content : null, toolCalls };
  } catch (e) {
    if (e instanceof ModelError) throw e;
    if ((e as Error).name === "AbortError") throw new ModelError(`${label}: no answer from the endpoint within ${timeoutMs} ms`);
    const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
    throw new ModelError(`${label}: cannot reach ${ep.baseUrl}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

const LANGUAGE: Record<Lang, string> = { en: "English", fr: "French", es: "Spanish" };

/** The caller's instructions: who they are and what they want, in the scenario's language, and how to end. */
export function callerPrompt(sc: Scenario, index: number): string {
  const call = sc.calls[index]!;
  const language = LANGUAGE[sc.language];
  return [
    `You are role-playing a person who phones ${sc.business?.name ?? placeOf(sc).businessName}. The other side of the conversation is the practice's phone receptionist, a virtual assistant.`,
    `Speak only ${language}, as people speak on the phone: one or two short sentences per turn, no lists, no markdown, no stage directions. Never speak for the receptionist.`,
    `Who you are: ${call.persona}`,
    `What you want: ${call.goal}`,
    `You call from ${call.from}. Give only the details above; if you are asked something you do not know, say so.`,
    `When the conversation is over (your goal is reached or cannot be reached, or the receptionist says goodbye), say a short goodbye in ${language} and end your message with ${END_MARKER}.`,
    `To stay silent for a turn, answer exactly ${SILENCE_MARKER}.`,
  ].join("\n");
}

/** What the caller's other phone has received so far, for a caller model that can read it. */
async function textsOnPhone(phone: string): Promise<string> {
  await drainMessages();
  const texts = await textsTo(phone);
  return texts.length
    ? `Texts received on your mobile ${phone}, oldest first: ${texts.map((t) => `"${t}"`).join("; ")}`
    : `No text has arrived on your mobile ${phone} yet.`;
}

/** The platform's spoken line when a tool starts (Vapi's request-start message), in the call's language. */
function requestStart(vapiTools: unknown[], name: string, language: Lang): string | null {
  return toolLine(vapiTools, name, language, (m) => m.type === "request-start");
}

/** A tool's closing line, after which the platform ends the call (`request-complete` with endCallAfterSpokenEnabled). */
function closingLine(vapiTools: unknown[], name: string, language: Lang): string | null {
  return toolLine(vapiTools, name, language, (m) => m.type === "request-complete" && m.endCallAfterSpokenEnabled === true);
}

function toolLine(vapiTools: unknown[], name: string, language: Lang, which: (m: Obj) => boolean): string | null {
  const tool = vapiTools.map(obj).find((t) => obj(t.function).name === name);
  const start = list(tool?.messages).map(obj).find(which);
  if (!start) return null;
  const localized = list(start.contents)
    .map(obj)
    .find((c) => c.language === language);
  return text(localized?.text) ?? text(start.content);
}

/** What the platform says on each silence, and when it ends the call: the assistant's hooks, else a default. */
function idleLines(assistant: Obj, language: Lang): { idle: string[]; end: string } {
  const hooks = list(assistant.hooks)
    .map(obj)
    .filter((h) => h.on === "customer.speech.timeout")
    .sort((a, b) => Number(obj(a.options).timeoutSeconds ?? 0) - Number(obj(b.options).timeoutSeconds ?? 0));
  const idle: string[] = [];
  let end: string | null = null;
  for (const h of hooks) {
    const says = list(h.do)
      .map(obj)
      .filter((d) => d.type === "say")
      .flatMap((d) => (Array.isArray(d.exact) ? d.exact : [d.exact]))
      .map(text)
      .filter((x): x is string => !!x);
    if (
      list(h.do)
        .map(obj)
        .some((d) => d.type === "tool" && obj(d.tool).type === "endCall")
    ) {
      end = says.join(" ");
      break;
    }
    for (let i = 0; i < Math.max(1, Number(obj(h.options).triggerMaxCount ?? 1)) && says.length; i++) idle.push(says[i % says.length]!);
  }
  if (!idle.length) idle.push(translate(language, "Simulator.idle"));
  return { idle, end: end || text(assistant.endCallMessage) || translate(language, "Receptionist.goodbye") };
}

function envelope(p: Practice, rec: CallRecord, message: Obj) {
  return {
    message: {
      call: { id: rec.callId, customer: { number: rec.from } },
      phoneNumber: { number: p.line },
      timestamp: CLOCK.getTime(),
      ...message,
    },
  };
}

/** The conversation so far as the caller model sees it: the receptionist is "user", the caller is "assistant". */
function callerHistory(system: string, rec: CallRecord): ChatMessage[] {
  const out: ChatMessage[] = [{ role: "system", content: system }];
  for (const e of rec.events) {
    if (e.kind === "tool" || e.kind === "transfer") continue;
    const role = e.kind === "assistant" ? "user" : "assistant";
    const said = e.text || (e.kind === "caller" ? SILENCE_MARKER : "");
    const last = out.at(-1)!;
    // Two lines in a row from one side are one turn (some servers require the roles to alternate).
    if (last.role === role && typeof last.content === "string") last.content = `${last.content} ${said}`.trim();
    else out.push(role === "user" ? { role, content: said } : { role, content: said });
  }
  return out;
}

/** Plays one call; the record gets every line, tool call and how it ended. Returns the assistant the webhook gave. */
async function playCall(
  sc: Scenario,
  index: number,
  p: Practice,
  ep: ModelEndpoint,
  rec: CallRecord,
  deps: VapiDeps,
): Promise<Obj | undefined> {
  const transport = recordingWebhook(rec, deps);
  const send = (message: Obj) => transport(envelope(p, rec, message));
  let endedReason = "customer-ended-call";
  let assistant: Obj | undefined;
  try {
    const answer = await send({ type: "assistant-request" });
    if (typeof answer.error === "string") throw new ModelError(`the webhook refused the call: ${answer.error}`);
    assistant = obj(answer.assistant);
    const model = obj(assistant.model);
    const vapiTools = list(model.tools);
    const { tools, platform } = chatTools(vapiTools);
    const history: ChatMessage[] = list(model.messages).map((m) => obj(m) as unknown as ChatMessage);
    const firstMessage = text(assistant.firstMessage) ?? "";
    await send({
      type: "status-update",
      status: "in-progress",
      call: { id: rec.callId, customer: { number: rec.from }, startedAt: CLOCK.toISOString() },
    });
    if (firstMessage) {
      history.push({ role: "assistant", content: firstMessage });
      rec.events.push({ kind: "assistant", text: firstMessage, source: "platform" });
    }
    const { idle, end } = idleLines(assistant, sc.language);
    const callerSystem = callerPrompt(sc, index);
    const holds = sc.calls[index]!.holds;
    let silences = 0;
    let done = false;
    for (let turn = 0; turn < (ep.maxTurns ?? 16) && !done; turn++) {
      const callerReply = await complete(
        ep,
        {
          model: ep.callerModel ?? ep.model,
          messages: callerHistory(holds ? `${callerSystem}\n${await textsOnPhone(holds)}` : callerSystem, rec),
          temperature: ep.callerTemperature ?? 0.4,
          max_tokens: 200,
        },
        "caller model",
      );
      const raw = (callerReply.content ?? "").trim();
      const ends = raw.includes(END_MARKER);
      const said = raw.replaceAll(END_MARKER, "").replaceAll(SILENCE_MARKER, "").trim();
      if (!said && !ends) {
        // Silence: the platform's idle prompt, and the call ends on the third one.
        rec.events.push({ kind: "caller", text: "" });
        silences += 1;
        if (silences < SILENCES_BEFORE_END) {
          rec.events.push({ kind: "assistant", text: idle[Math.min(silences, idle.length) - 1]!, source: "platform" });
          continue;
        }
        rec.events.push({ kind: "assistant", text: end, source: "platform" });
        endedReason = "silence-timed-out";
        rec.endedBy = "silence";
        break;
      }
      silences = 0;
      if (said) {
        rec.events.push({ kind: "caller", text: said });
        history.push({ role: "user", content: said });
      }
      if (ends) {
        rec.endedBy = "caller";
        break;
      }
      for (let round = 0; round < (ep.maxToolRounds ?? 6); round++) {
        const reply = await complete(
          ep,
          {
            model: ep.model,
            messages: history,
            ...(tools.length ? { tools, tool_choice: "auto" } : {}),
            ...(typeof model.temperature === "number" ? { temperature: model.temperature } : {}),
            ...(typeof model.maxTokens === "number" ? { max_tokens: model.maxTokens } : {}),
          },
          "assistant model",
        );
        const spoken = reply.content?.trim() ?? "";
        if (spoken) rec.events.push({ kind: "assistant", text: spoken, source: "model" });
        if (!reply.toolCalls.length) {
          history.push({ role: "assistant", content: reply.content ?? "" });
          break;
        }
        history.push({ role: "assistant", content: reply.content ?? null, tool_calls: reply.toolCalls });
        const functions = reply.toolCalls.filter((c) => !platform.has(c.function.name));
        if (functions.length) {
          for (const c of functions) {
            const line = requestStart(vapiTools, c.function.name, sc.language);
            if (line) rec.events.push({ kind: "assistant", text: line, source: "platform" });
          }
          const answer = await send({
            type: "tool-calls",
            toolCallList: functions.map((c) => ({
              id: c.id,
              type: "function",
              function: { name: c.function.name, arguments: parseArgs(c.function.arguments) },
            })),
          });
          const results = list(answer.results).map(obj);
          let closing: string | null = null;
          for (const c of functions) {
            const r = results.find((x) => x.toolCallId === c.id);
            history.push({ role: "tool", tool_call_id: c.id, content: String(r?.result ?? r?.error ?? "") });
            // A tool that answered (not refused) and whose closing line ends the call: the platform says it and hangs up.
            if (r?.result !== undefined) closing ??= closingLine(vapiTools, c.function.name, sc.language);
          }
          if (closing) {
            rec.events.push({ kind: "assistant", text: closing, source: "platform" });
            endedReason = "assistant-ended-call";
            rec.endedBy = "assistant";
            done = true;
            break;
          }
        }
        const action = reply.toolCalls.map((c) => platform.get(c.function.name)).find(Boolean);
        if (action) {
          if (action.kind === "transfer") {
            const call = reply.toolCalls.find((c) => platform.get(c.function.name) === action)!;
            const asked = String(obj(parseArgs(call.function.arguments)).destination ?? "");
            const chosen = action.messages.has(asked) ? asked : ([...action.messages.keys()][0] ?? "");
            const message = action.messages.get(chosen);
            if (message) rec.events.push({ kind: "assistant", text: message, source: "platform" });
            const noAnswer = action.noAnswer.get(chosen) ?? null;
            const answered = !p.unanswered.includes(chosen) || !noAnswer;
            rec.events.push({ kind: "transfer", to: chosen, answered });
            if (!answered) {
              // A warm transfer nobody answers: the platform says so and hands the caller back to the model.
              rec.events.push({ kind: "assistant", text: noAnswer, source: "platform" });
              history.push({ role: "tool", tool_call_id: call.id, content: noAnswer });
              continue;
            }
            await send({ type: "status-update", status: "forwarding" });
            endedReason = "assistant-forwarded-call";
            rec.endedBy = "transfer";
          } else {
            endedReason = "assistant-ended-call";
            rec.endedBy = "assistant";
          }
          done = true;
          break;
        }
      }
    }
    if (!rec.endedBy) rec.endedBy = "turn-limit";
  } catch (e) {
    rec.error = e instanceof ModelError ? e.message : `driver: ${(e as Error).message}`;
    rec.endedBy = "error";
    endedReason = "pipeline-error-openai-llm-failed";
  }
  const transcript = rec.events
    .filter((e) => e.kind === "assistant" || e.kind === "caller")
    .map((e) => `${e.kind === "assistant" ? "AI" : "User"}: ${(e as { text: string }).text}`)
    .join("\n");
  await send({
    type: "end-of-call-report",
    endedReason,
    startedAt: CLOCK.toISOString(),
    endedAt: CLOCK.toISOString(),
    artifact: { transcript },
  });
  return assistant;
}

function parseArgs(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** One scenario with a real model: its calls at the same time, then the messages, then the judge. */
export async function runWithModel(sc: Scenario, ep: ModelEndpoint): Promise<RunResult> {
  const practice = await preparePractice(sc);
  const deps = webhookDeps();
  const records = sc.calls.map((_, i) => newCallRecord(sc, i));
  const assistants = await Promise.all(records.map((rec, i) => playCall(sc, i, practice, ep, rec, deps)));
  await drainMessages();
  return summarize(sc, "llm", records, await judge(sc, practice, records, "llm"), assistants[0]);
}

/** Scenarios one after the other; a scenario that fails (endpoint down included) never stops the run. */
export async function runModelSuite(list: Scenario[], ep: ModelEndpoint, onResult?: (r: RunResult) => void): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (const sc of list) {
    let result: RunResult;
    try {
      result = await runWithModel(sc, ep);
    } catch (e) {
      result = {
        scenario: sc,
        driver: "llm",
        records: [],
        verdict: { pass: false, failures: [`driver: ${(e as Error).message}`] },
        turns: 0,
        toolCalls: 0,
        toolMs: null,
      };
    }
    results.push(result);
    onResult?.(result);
  }
  return results;
}
