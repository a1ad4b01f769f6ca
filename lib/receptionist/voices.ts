// The assistant's voices: the ones an owner can pick, each with the first name the assistant uses when the owner gave
// none, and the voice a call gets in each language. The voice platform's adapter maps each id to its own voice.
import { DEFAULT_AGENT_NAME, AI_DEFAULTS } from "@/lib/ai/ai.schemas";
import type { Business, CallLanguage } from "@/lib/business/business";

/** Our voices: the ones an owner can pick, and the Spanish one every Spanish call uses. */
export type VoiceId =
  "voice_english_male_1" | "voice_english_male_2" | "voice_english_female_1" | "voice_french_male_1" | "voice_spanish_male_1";
type Voice = { id: VoiceId; language: CallLanguage; name: string };

/** The voices an owner can pick, each with the first name the assistant uses when the owner gave none. */
const VOICES: Record<string, Voice> = {
  voice_english_male_1: { id: "voice_english_male_1", language: "en", name: "Andrew" },
  voice_english_male_2: { id: "voice_english_male_2", language: "en", name: "Brian" },
  voice_english_female_1: { id: "voice_english_female_1", language: "en", name: "Emma" },
  voice_french_male_1: { id: "voice_french_male_1", language: "fr", name: "Henri" },
};
const DEFAULT_VOICE: Record<CallLanguage, Voice> = {
  en: VOICES.voice_english_female_1!,
  fr: VOICES.voice_french_male_1!,
  es: { id: "voice_spanish_male_1", language: "es", name: "Álvaro" },
};

export function voiceFor(b: Business, language: CallLanguage): Voice {
  const picked = b.ai ? VOICES[b.ai.voiceId] : undefined;
  if (!picked) return DEFAULT_VOICE[language];
  // A French voice reading English (or the reverse) sounds wrong: the voice follows the language.
  const voiceIsFrench = picked.language === "fr";
  if (language === "es") return DEFAULT_VOICE.es;
  if ((language === "fr") !== voiceIsFrench) return DEFAULT_VOICE[language];
  return picked;
}

/** The name the assistant introduces itself with: the owner's, else the voice's own first name ("Emma", "Henri"). */
export function agentNameFor(b: Business, language: CallLanguage): string {
  const own = b.ai?.agentName?.trim();
  // The form's placeholder defaults ("AI Assistant", "Assistant IA") are not names a caller can be told.
  const placeholders: string[] = [DEFAULT_AGENT_NAME, AI_DEFAULTS.fr.agentName];
  if (own && !placeholders.some((p) => p.toLowerCase() === own.toLowerCase())) return own;
  return voiceFor(b, language).name;
}
