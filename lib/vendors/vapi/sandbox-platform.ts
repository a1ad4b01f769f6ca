// Vapi's side of a call, for the offline stand-in (lib/receptionist/simulator) when it reaches our server over HTTP
// (`npm run call:simulate`, the conversation and erasure suites): each call event written as the server message Vapi
// sends, and our answer read back as Vapi reads it, the transient assistant included. The inverse of webhook.ts and
// assistant.ts: an assistant read back is the one we defined (assistant.test.ts).
import { z } from "zod";
import type { CallLanguage } from "@/lib/accounts/business/business";
import type { AssistantDefinition, AssistantTool } from "@/lib/receptionist/assistant/assistant";
import type { VoiceId } from "@/lib/receptionist/assistant/voices";
import type { CallAnswer, CallEvent } from "@/lib/receptionist/events/call-events";
import { AZURE_VOICES } from "./assistant";
import { vapiAnswerResponse } from "./vapi.responses";

type Message = Record<string, unknown>;

const iso = (d: Date | null) => d?.toISOString();

/** One call event as the server message Vapi posts to our server URL. */
export function vapiMessage(event: CallEvent): { message: Message } {
  const { callId, caller, line } = event.call;
  const call = { id: callId ?? undefined, customer: caller ? { number: caller } : undefined };
  const base = { call, phoneNumber: line ? { number: line } : undefined, timestamp: Date.now() };
  switch (event.type) {
    case "tool-calls": {
      const toolCallList = event.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.args } }));
      return { message: { ...base, type: event.type, toolCallList } };
    }
    case "status-update": {
      const { status, endedReason } = event;
      return { message: { ...base, type: event.type, status, endedReason, call: { ...call, startedAt: iso(event.startedAt) } } };
    }
    case "call-ended":
      return {
        message: {
          ...base,
          type: "end-of-call-report",
          endedReason: event.endedReason,
          startedAt: iso(event.startedAt),
          endedAt: iso(event.endedAt),
          artifact: { transcript: event.transcript, recordingUrl: event.recordingUrl ?? undefined },
          analysis: { summary: event.summary },
        },
      };
    default:
      return { message: { ...base, type: event.type } };
  }
}

const language = z.enum(["en", "fr", "es"] satisfies CallLanguage[]);
const param = z.object({
  type: z.literal("string"),
  description: z.string().optional(),
  pattern: z.string().optional(),
  format: z.literal("email").optional(),
  enum: z.array(z.string()).optional(),
});
const spokenLine = z.object({
  type: z.string(),
  content: z.string(),
  timingMilliseconds: z.number().optional(),
  endCallAfterSpokenEnabled: z.boolean().optional(),
});
const functionTool = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string(),
    description: z.string(),
    parameters: z.object({ type: z.literal("object"), properties: z.record(z.string(), param), required: z.array(z.string()) }),
  }),
  messages: z.array(spokenLine.extend({ contents: z.array(z.object({ text: z.string(), language })) })),
});
const tool = z.discriminatedUnion("type", [
  functionTool,
  z.object({
    type: z.literal("transferCall"),
    destinations: z
      .array(
        z.object({
          number: z.string(),
          name: z.string(),
          message: z.string(),
          description: z.string(),
          transferPlan: z
            .object({
              summaryPlan: z.object({ messages: z.array(z.object({ role: z.string(), content: z.string() })) }),
              fallbackPlan: z.object({ message: z.string() }),
            })
            .optional(),
        }),
      )
      .min(1),
  }),
  z.object({ type: z.literal("endCall") }),
]);
const silenceHook = z.object({
  on: z.literal("customer.speech.timeout"),
  options: z.object({ timeoutSeconds: z.number(), triggerMaxCount: z.number() }),
  do: z.array(z.looseObject({ type: z.string(), exact: z.union([z.string(), z.array(z.string())]).optional() })),
});
const assistant = z.object({
  name: z.string(),
  firstMessage: z.string(),
  model: z.object({ messages: z.tuple([z.object({ role: z.literal("system"), content: z.string() })]), tools: z.array(tool) }),
  voice: z.object({ voiceId: z.string() }),
  transcriber: z.object({ keyterm: z.array(z.string()) }),
  stopSpeakingPlan: z.object({ acknowledgementPhrases: z.array(z.string()) }),
  hooks: z.tuple([silenceHook, silenceHook]),
  artifactPlan: z.object({ recordingEnabled: z.boolean() }),
  analysisPlan: z.object({
    summaryPlan: z.object({ enabled: z.boolean(), messages: z.array(z.object({ role: z.string(), content: z.string() })).default([]) }),
  }),
  endCallMessage: z.string(),
  maxDurationSeconds: z.number(),
  metadata: z.object({ userId: z.string(), language, timeZone: z.string() }),
});

function toolOf(t: z.infer<typeof tool>): AssistantTool {
  if (t.type === "endCall") return { type: "endCall" };
  if (t.type === "transferCall") {
    const briefed = t.destinations.find((d) => d.transferPlan)?.transferPlan;
    const summaryPrompt = briefed?.summaryPlan.messages.find((m) => m.role === "system")?.content;
    return {
      type: "transfer",
      destinations: t.destinations.map((d) => ({
        number: d.number,
        name: d.name,
        message: d.message,
        description: d.description,
        noAnswer: d.transferPlan?.fallbackPlan.message ?? null,
      })),
      warm: summaryPrompt ? { summaryPrompt } : null,
    };
  }
  const line = (type: string) => {
    const m = t.messages.find((x) => x.type === type);
    if (!m) throw new Error(`tool ${t.function.name} has no ${type} message`);
    return m;
  };
  const [start, delayed, failed] = [line("request-start"), line("request-response-delayed"), line("request-failed")];
  const byLanguage = start.contents.map(({ language: l }) => {
    const text = (m: typeof start) => m.contents.find((c) => c.language === l)?.text ?? m.content;
    return { language: l, lines: { start: text(start), delayed: text(delayed), failed: text(failed) } };
  });
  const spoken = {
    start: start.content,
    delayed: delayed.content,
    failed: failed.content,
    delayedAfterMs: delayed.timingMilliseconds ?? 0,
    byLanguage,
  };
  const complete = t.messages.find((x) => x.type === "request-complete" && x.endCallAfterSpokenEnabled === true);
  const closing = complete
    ? { content: complete.content, byLanguage: complete.contents.map((c) => ({ language: c.language, text: c.text })) }
    : undefined;
  return { type: "function", ...t.function, spoken, ...(closing ? { closing } : {}) };
}

/** Vapi's transient assistant read back into our definition: what a call on the platform would run. */
export function assistantDefinitionOf(raw: unknown): AssistantDefinition {
  const a = assistant.parse(raw);
  const voice = (Object.keys(AZURE_VOICES) as VoiceId[]).find((id) => AZURE_VOICES[id] === a.voice.voiceId);
  if (!voice) throw new Error(`unknown voice ${a.voice.voiceId}`);
  const said = (hook: z.infer<typeof silenceHook>) => hook.do.flatMap((d) => (d.type === "say" ? [d.exact ?? []].flat() : []));
  const [prompt, end] = a.hooks;
  return {
    name: a.name,
    language: a.metadata.language,
    firstMessage: a.firstMessage,
    systemPrompt: a.model.messages[0].content,
    tools: a.model.tools.map(toolOf),
    voice,
    keyterms: a.transcriber.keyterm,
    recording: a.artifactPlan.recordingEnabled,
    summary: a.analysisPlan.summaryPlan.enabled,
    summaryPrompt: a.analysisPlan.summaryPlan.messages.find((m) => m.role === "system")?.content ?? "",
    endCallMessage: a.endCallMessage,
    maxDurationSeconds: a.maxDurationSeconds,
    acknowledgements: a.stopSpeakingPlan.acknowledgementPhrases,
    silence: {
      promptAfterSeconds: prompt.options.timeoutSeconds,
      prompts: said(prompt),
      maxPrompts: prompt.options.triggerMaxCount,
      endAfterSeconds: end.options.timeoutSeconds,
      goodbye: said(end).join(" "),
    },
    metadata: a.metadata,
  };
}

/** Our server URL's answer (its JSON body), read as Vapi reads it. */
export function callAnswerOf(body: unknown): CallAnswer {
  const b = vapiAnswerResponse.parse(body);
  if (b.assistant) return { type: "assistant", assistant: assistantDefinitionOf(b.assistant) };
  if (b.error !== undefined) return { type: "refused", error: b.error };
  if (b.results) {
    const results = b.results.map(({ toolCallId, name, result, error }) =>
      result !== undefined ? { toolCallId, name, result } : { toolCallId, name, error: error ?? "" },
    );
    return { type: "tool-results", results };
  }
  return { type: "ok" };
}

/**
 * The stand-in's events through Vapi's format: `post` delivers one server message to our server URL (over HTTP, or to
 * the webhook handler in-process) and returns its JSON answer.
 */
export function vapiTransport(post: (body: { message: Message }) => Promise<unknown>): (event: CallEvent) => Promise<CallAnswer> {
  return async (event) => callAnswerOf(await post(vapiMessage(event)));
}
