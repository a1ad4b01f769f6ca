// What the assistant's parameters routes answer, as a zod schema for the route declarations' `response`
// (lib/server/api-route.ts), written from AiParameters (lib/accounts/ai-settings/ai.schemas.ts).
import { z } from "zod";
import { AI_LANGUAGES } from "@/lib/accounts/account/options";

export const aiParametersResponse = z
  .strictObject({ language: z.enum(AI_LANGUAGES), voiceId: z.string(), firstMessage: z.string(), agentName: z.string() })
  .meta({ title: "AiParameters" });

/**
 * What the AI page reads: the parameters in use (the defaults of the call's language while none are saved, `saved`
 * false) and, read-only, the opening line callers hear with them.
 */
export const aiParametersInUseResponse = aiParametersResponse
  .extend({ saved: z.boolean(), spokenGreeting: z.string() })
  .meta({ title: "AiParametersInUse" });
