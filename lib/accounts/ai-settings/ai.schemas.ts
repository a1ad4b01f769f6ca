import { z } from "zod";
import { AI_LANGUAGES, VOICES, voiceSpeaks } from "@/lib/accounts/account/options";
import type { CallLanguage } from "@/lib/accounts/business/business";

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
