// The assistant's defaults, apart from the schemas so that a page can show them without loading zod.
import type { VoiceId } from "@/lib/accounts/account/options";
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
