// Our assistant definition (lib/receptionist/assistant/assistant.ts) as the transient assistant answered to Vapi's
// `assistant-request`, with Vapi's own tuning for a phone line. Typed as Vapi's CreateAssistantDto: Vapi refuses an
// assistant with a field it does not know, and a refused assistant ends the call before the caller hears anything.
import type { Vapi } from "@vapi-ai/server-sdk";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import {
  assistantFor,
  truncateText,
  type AssistantDefinition,
  type AssistantOptions,
  type AssistantTool,
} from "@/lib/receptionist/assistant/assistant";
import type { VoiceId } from "@/lib/receptionist/assistant/voices";

/** Vapi's limit on an assistant's name. */
const NAME_MAX = 40;
/** The longest key term the transcriber takes. */
const KEYTERM_MAX = 50;

/**
 * Our voices → the Azure neural voices Vapi speaks them with, each a multilingual one: it reads text of any of our
 * languages in the language of the text, with the same timbre, so an assistant that answers a caller in the caller's
 * language keeps its voice (a monolingual voice reads Spanish with an English accent). Each voice's first name
 * (lib/receptionist/assistant/voices.ts) is the Azure voice's. All seven, and their genders, are in Microsoft's table of
 * multilingual voices (azure-docs, speech-service/includes/language-support/multilingual-voices.md), where the es-ES
 * ones were marked public preview (East US, West Europe and Southeast Asia only). Not confirmed: that Vapi's Azure
 * provider serves every one of them (its SDK types voiceId as any string, so the type check cannot tell).
 */
export const AZURE_VOICES: Record<VoiceId, string> = {
  voice_english_male_1: "en-US-AndrewMultilingualNeural",
  voice_english_male_2: "en-US-BrianMultilingualNeural",
  voice_english_female_1: "en-US-EmmaMultilingualNeural",
  voice_french_male_1: "fr-FR-RemyMultilingualNeural",
  voice_french_female_1: "fr-FR-VivienneMultilingualNeural",
  voice_spanish_male_1: "es-ES-TristanMultilingualNeural",
  voice_spanish_female_1: "es-ES-IsidoraMultilingualNeural",
};

/** Where Vapi sends the call's messages, and the shared secret it sends with them (lib/vendors/vapi/auth.ts). */
export type VapiServer = { serverUrl: string; webhookSecret: string };

function vapiTool(tool: AssistantTool): Vapi.OpenAiModelToolsItem {
  if (tool.type === "transfer") {
    const { warm } = tool;
    return {
      type: "transferCall",
      // Every destination listed: the model chooses one by its description (what it is for), and after a no-answer only
      // its backup, as its noAnswer line says.
      destinations: tool.destinations.map((d): Vapi.CreateTransferCallToolDtoDestinationsItem => ({
        type: "number",
        number: d.number,
        name: d.name,
        description: d.description,
        message: d.message,
        ...(warm && d.noAnswer
          ? {
              // Vapi puts the caller on hold, dials, and once a person answers tells them what the call is about
              // (the summary is made from the transcript with our prompt, in the call's language), then connects the
              // caller. Nobody answers: the caller hears `noAnswer` and the assistant carries on (no hang-up).
              transferPlan: {
                mode: "warm-transfer-experimental",
                summaryPlan: {
                  enabled: true,
                  messages: [
                    { role: "system", content: warm.summaryPrompt },
                    { role: "user", content: "{{transcript}}" },
                  ],
                },
                fallbackPlan: { message: d.noAnswer, endCallEnabled: false },
              },
            }
          : {}),
      })),
    };
  }
  if (tool.type === "endCall") return { type: "endCall" };
  // Vapi's tool messages: the first does not block the tool call, so the caller hears it while the tool runs. Each comes
  // in every language a caller may speak (`contents`, the call's own first), which Vapi picks by the language it hears.
  const { spoken } = tool;
  const variants = (line: "start" | "delayed" | "failed"): Vapi.TextContent[] =>
    spoken.byLanguage.map((v) => ({ type: "text", text: v.lines[line], language: v.language }));
  const messages: Vapi.CreateFunctionToolDtoMessagesItem[] = [
    { type: "request-start", content: spoken.start, contents: variants("start"), blocking: false },
    { type: "request-response-delayed", content: spoken.delayed, contents: variants("delayed"), timingMilliseconds: spoken.delayedAfterMs },
    { type: "request-failed", content: spoken.failed, contents: variants("failed") },
  ];
  // The tool's last word, said by the platform, which then ends the call.
  if (tool.closing) {
    messages.push({
      type: "request-complete",
      content: tool.closing.content,
      contents: tool.closing.byLanguage.map((v) => ({ type: "text", text: v.text, language: v.language })),
      endCallAfterSpokenEnabled: true,
    });
  }
  const fn: Vapi.OpenAiModelToolsItem.Function = {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    messages,
  };
  return fn;
}

/**
 * How the voice pipeline listens and answers, chosen for a phone line where callers pause, read out numbers and call
 * from noisy places.
 */
function voicePipeline(def: AssistantDefinition) {
  const language: CallLanguage = def.language;
  const startSpeakingPlan: Vapi.StartSpeakingPlan = {
    // Vapi's default: long enough not to talk over a breath, short enough not to feel slow.
    waitSeconds: 0.4,
    // The end-of-turn model understands "I'd like… Tuesday… no, Wednesday" in English; Vapi says it is English only,
    // so French and Spanish use the transcription timings below.
    ...(language === "en" ? { smartEndpointingPlan: { provider: "livekit" as const } } : {}),
    // Without punctuation the caller is probably mid-sentence; after digits they are probably reading a number.
    transcriptionEndpointingPlan: { onPunctuationSeconds: 0.1, onNoPunctuationSeconds: 1.5, onNumberSeconds: 1.0 },
    // After we asked for a number or a name, let the caller take their time: digits and spelling come with pauses.
    customEndpointingRules: [
      {
        type: "assistant",
        regex: "(phone|number|spell|email|numéro|téléphone|épeler|adresse e-mail|número|teléfono|deletrear|correo)",
        regexOptions: [{ type: "ignore-case", enabled: true }],
        timeoutSeconds: 2.5,
      },
    ],
  };
  const stopSpeakingPlan: Vapi.StopSpeakingPlan = {
    // A cough or a single "mm" does not cut the assistant off; two words do.
    numWords: 2,
    voiceSeconds: 0.2,
    backoffSeconds: 1,
    // Listening noises are not interruptions.
    acknowledgementPhrases: def.acknowledgements,
  };
  const { silence } = def;
  const hooks: Vapi.CreateAssistantDtoHooksItem[] = [
    {
      // A caller who went quiet hears a prompt, not silence.
      name: "idle-prompt",
      on: "customer.speech.timeout",
      options: { timeoutSeconds: silence.promptAfterSeconds, triggerMaxCount: silence.maxPrompts, triggerResetMode: "onUserSpeech" },
      do: [{ type: "say", exact: silence.prompts }],
    },
    {
      // Still nothing: the line is dead or the caller has gone; say goodbye and free the line.
      name: "silence-end",
      on: "customer.speech.timeout",
      options: { timeoutSeconds: silence.endAfterSeconds, triggerMaxCount: 1, triggerResetMode: "onUserSpeech" },
      do: [
        { type: "say", exact: silence.goodbye },
        { type: "tool", tool: { type: "endCall" } },
      ],
    },
  ];
  return {
    startSpeakingPlan,
    stopSpeakingPlan,
    // Callers ring from waiting rooms, streets and cars: remove background voices before transcription.
    backgroundSpeechDenoisingPlan: { smartDenoisingPlan: { enabled: true } },
    // Vapi adds office noise to phone calls by default; a medical practice's line is clearer without it.
    backgroundSound: "off" as const,
    hooks,
  };
}

/** Our assistant definition as Vapi's transient assistant, its messages sent to `server`. */
export function vapiAssistant(def: AssistantDefinition, server: VapiServer): Vapi.CreateAssistantDto {
  return {
    name: truncateText(def.name, NAME_MAX),
    firstMessage: def.firstMessage,
    firstMessageMode: "assistant-speaks-first",
    // The disclosure is heard in full: it is what tells the caller they speak to an AI and are recorded.
    firstMessageInterruptionsEnabled: false,
    model: {
      provider: "openai",
      // Chosen over gpt-4o-mini for its instruction following and tool calling at a similar latency and price.
      model: "gpt-4.1-mini",
      // Low: the same question gets the same answer; dates and names are copied, not paraphrased.
      temperature: 0.2,
      // Tool-call arguments count against it: a booking with a long reason must not be cut off.
      maxTokens: 400,
      messages: [{ role: "system", content: def.systemPrompt }],
      tools: def.tools.map(vapiTool),
    },
    voice: { provider: "azure", voiceId: AZURE_VOICES[def.voice] },
    transcriber: {
      provider: "deepgram",
      model: "nova-3",
      // Deepgram's multilingual mode: a caller speaking English, French or Spanish (or switching mid-sentence) is
      // transcribed in their own words whatever the call's language, where a one-language model would transcribe a
      // Spanish caller as garbled French. Key terms work with it (Deepgram, since November 2025).
      language: "multi",
      keyterm: def.keyterms.map((t) => truncateText(t, KEYTERM_MAX)),
    },
    ...voicePipeline(def),
    server: { url: server.serverUrl, timeoutSeconds: 20, headers: { "x-vapi-secret": server.webhookSecret } },
    serverMessages: ["tool-calls", "status-update", "end-of-call-report"],
    artifactPlan: { recordingEnabled: def.recording },
    // The summary names the caller and what they asked: the platform's own prompt says only what the call was about.
    analysisPlan: {
      summaryPlan: {
        enabled: def.summary,
        messages: [
          { role: "system", content: def.summaryPrompt },
          { role: "user", content: "{{transcript}}" },
        ],
      },
    },
    endCallMessage: def.endCallMessage,
    maxDurationSeconds: def.maxDurationSeconds,
    metadata: def.metadata,
  };
}

/** The Vapi assistant for one inbound call to this business. */
export function buildAssistant(b: Business, o: AssistantOptions & VapiServer): Vapi.CreateAssistantDto {
  return vapiAssistant(assistantFor(b, o), o);
}
