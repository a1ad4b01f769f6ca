// The assistant's voices: the first name each one introduces itself with when the owner gave none, and the voice a call
// gets in its language. Which voices exist and the language of each are the option lists' (lib/accounts/account/options.ts);
// the voice platform's adapter maps each id to its own voice, whose name the first name follows.
import { VOICE_LANGUAGE, voiceSpeaks, type VoiceId } from "@/lib/accounts/account/options";
import { AI_DEFAULTS } from "@/lib/accounts/ai-settings/ai-defaults";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";

export type { VoiceId };
type Voice = { id: VoiceId; language: CallLanguage; name: string; gender: "masculine" | "feminine" };

/** Each voice's first name, spelt as it is said in the voice's language. */
const FIRST_NAMES: Record<VoiceId, string> = {
  voice_english_male_1: "Andrew",
  voice_english_male_2: "Brian",
  voice_english_female_1: "Emma",
  voice_french_male_1: "Rémy",
  voice_french_female_1: "Vivienne",
  voice_spanish_male_1: "Tristán",
  voice_spanish_female_1: "Isidora",
};

/** The voices that are a woman's: French and Spanish say "l'assistante virtuelle", "la asistente virtual". */
const FEMININE = new Set<VoiceId>(["voice_english_female_1", "voice_french_female_1", "voice_spanish_female_1"]);

function voice(id: VoiceId): Voice {
  return { id, language: VOICE_LANGUAGE[id], name: FIRST_NAMES[id], gender: FEMININE.has(id) ? "feminine" : "masculine" };
}

/**
 * The owner's voice when it speaks the call's language, else that language's default voice (AI_DEFAULTS). A French
 * voice reading English (or the reverse) sounds wrong: the voice follows the language. The server saves only a voice
 * of the assistant's language, so this covers a call with no AI configuration (the account's language) and any voice
 * saved before that check.
 */
export function voiceFor(b: Business, language: CallLanguage): Voice {
  const picked = b.ai?.voiceId;
  if (picked && voiceSpeaks(picked, language)) return voice(picked);
  return voice(AI_DEFAULTS[language].voiceId);
}

/** The placeholder agent names of the form, in every language ("AI Assistant", "Assistant IA", "Asistente IA"). */
const PLACEHOLDER_NAMES = new Set(Object.values(AI_DEFAULTS).map((d) => d.agentName.toLowerCase()));

/** The name the assistant introduces itself with: the owner's, else the voice's own first name ("Emma", "Rémy"). */
export function agentNameFor(b: Business, language: CallLanguage): string {
  const own = b.ai?.agentName?.trim();
  // A placeholder is not a name a caller can be told, in whichever language the owner left it.
  if (own && !PLACEHOLDER_NAMES.has(own.toLowerCase())) return own;
  return voiceFor(b, language).name;
}
