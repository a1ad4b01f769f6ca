import { z } from "zod";
import { AI_LANGUAGES, VOICES } from "@/lib/accounts/options";

export const DEFAULT_FIRST_MESSAGE = "Hello, how can I help you today?";
export const DEFAULT_AGENT_NAME = "AI Assistant";
export const DEFAULT_VOICE = "voice_english_female_1";

/**
 * The defaults in the assistant's own language: the documented English ones, and their French counterparts, so a French
 * assistant never greets callers in English because a field was left blank.
 */
export const AI_DEFAULTS = {
  en: { language: "en", voiceId: DEFAULT_VOICE, firstMessage: DEFAULT_FIRST_MESSAGE, agentName: DEFAULT_AGENT_NAME },
  fr: { language: "fr", voiceId: "voice_french_male_1", firstMessage: "Bonjour, comment puis-je vous aider ?", agentName: "Assistant IA" },
} as const satisfies Record<"en" | "fr", { language: "en" | "fr"; voiceId: string; firstMessage: string; agentName: string }>;

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
export type AiParameters = { language: "en" | "fr"; voiceId: string; firstMessage: string; agentName: string };

/** The dashboard form: every field present; blank texts are allowed and become the defaults on the server. */
export const aiParametersFormSchema = z.object({
  language: fields.language,
  voiceId: fields.voiceId,
  firstMessage: z.string().trim().max(500),
  agentName: z.string().trim().max(80),
});
