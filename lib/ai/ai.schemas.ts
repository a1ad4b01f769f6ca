import { z } from "zod";
import { AI_LANGUAGES, VOICES } from "@/lib/accounts/options";

export const DEFAULT_FIRST_MESSAGE = "Hello, how can I help you today?";
export const DEFAULT_AGENT_NAME = "AI Assistant";
export const DEFAULT_VOICE = "voice_english_female_1";

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
