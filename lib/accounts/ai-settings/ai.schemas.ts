import { z } from "zod";
import { AI_LANGUAGES, VOICES, voiceSpeaks, type VoiceId } from "@/lib/accounts/account/options";
import type { CallLanguage } from "@/lib/accounts/business/business";

export const DEFAULT_FIRST_MESSAGE = "Hello, how can I help you today?";
export const DEFAULT_AGENT_NAME = "AI Assistant";
export const DEFAULT_VOICE = "voice_english_female_1";

/**
 * The defaults in the assistant's own language: the documented English ones, and their French and Spanish
 * counterparts, so a French or Spanish assistant never greets callers in English because a field was left blank. Each
 * language's voice is also the one a call in that language gets when the owner's voice is of another language. The
 * receptionist is a woman in every language, as the copy calls her ("she", "elle", "ella"), until the owner picks another
 * voice.
 */
export const AI_DEFAULTS = {
  en: { language: "en", voiceId: DEFAULT_VOICE, firstMessage: DEFAULT_FIRST_MESSAGE, agentName: DEFAULT_AGENT_NAME },
  fr: {
    language: "fr",
    voiceId: "voice_french_female_1",
    firstMessage: "Bonjour, comment puis-je vous aider ?",
    agentName: "Assistant IA",
  },
  es: { language: "es", voiceId: "voice_spanish_female_1", firstMessage: "Hola, ¿en qué puedo ayudarle?", agentName: "Asistente IA" },
} as const satisfies Record<CallLanguage, { language: CallLanguage; voiceId: VoiceId; firstMessage: string; agentName: string }>;

const fields = {
  language: z.enum(AI_LANGUAGES),
  voiceId: z.enum(VOICES),
  firstMessage: z.union([z.string().trim().max(500), z.null()]),
  agentName: z.union([z.string().trim().max(80), z.null()]),
};

export const aiParametersSchema = z.object({
  language: fields.language.optional(),
  voiceId: fields.voiceId.optional(),
  firstMessage: fields.firstMessage.optional(),
  agentName: fields.agentName.optional(),
});
export type AiParametersInput = z.output<typeof aiParametersSchema>;
export type AiParameters = { language: CallLanguage; voiceId: string; firstMessage: string; agentName: string };

/** The dashboard form: every field present; blank texts are allowed and become the defaults on the server. */
export const aiParametersFormSchema = z
  .object({
    language: fields.language,
    voiceId: fields.voiceId,
    firstMessage: z.string().trim().max(500),
    agentName: z.string().trim().max(80),
  })
  // The server refuses it too (ai.service.ts), where a field left out of the body is the stored or default one.
  .refine((v) => voiceSpeaks(v.voiceId, v.language), { message: "voiceNotInLanguage", path: ["voiceId"] });
