// The fixed option lists, one source for forms, routes and the assistant.
import type { ConfirmationChannel } from "@/db/schema";
import type { CallLanguage } from "@/lib/accounts/business/business";

export const BUSINESS_TYPES = [
  "medical",
  "dental",
  "restaurant",
  "beauty",
  "fitness",
  "consultancy",
  "legal",
  "accounting",
  "real_estate",
  "hotel",
  "education",
  "retail",
  "other",
] as const;
export const BUSINESS_SIZES = ["solo", "small", "medium", "large"] as const;
/**
 * How callers' confirmations and reminders go to their phone, as the owner picks it: both (the default), text message
 * only, WhatsApp only. The browser's forms read this list; the database's (db/schema) is the same three.
 */
export const CONFIRMATION_CHANNEL_OPTIONS = ["both", "sms", "whatsapp"] as const satisfies readonly ConfirmationChannel[];
/** How the receptionist and the texts say times in English: "2:30 PM" (the default) or "14:30". */
export const CLOCK_FORMAT_OPTIONS = ["12h", "24h"] as const;
/** The longest self-service cut-off: a week. */
export const MAX_SELF_SERVICE_CUTOFF_HOURS = 168;
export const APPOINTMENT_DURATIONS = ["15", "30", "45", "60", "90", "120", "variable"] as const;
export const SPECIALTIES = [
  "general",
  "cardiology",
  "dermatology",
  "pediatrics",
  "psychiatry",
  "ophthalmology",
  "gynecology",
  "orthopedics",
  "neurology",
  "dentistry",
] as const;
/** The languages the assistant speaks: the spec's English and French, and Spanish, a language of the interface too. */
export const AI_LANGUAGES = ["en", "fr", "es"] as const satisfies readonly CallLanguage[];
/** The voices an owner can pick: the spec's four, a French female voice and a male and a female Spanish voice. */
export const VOICES = [
  "voice_english_male_1",
  "voice_english_male_2",
  "voice_english_female_1",
  "voice_french_male_1",
  "voice_french_female_1",
  "voice_spanish_male_1",
  "voice_spanish_female_1",
] as const;
export type VoiceId = (typeof VOICES)[number];
/**
 * The language each voice is made for. An assistant speaks with a voice of its own language (the form offers only
 * those, the server refuses the others): a French voice reading an English greeting sounds foreign.
 */
export const VOICE_LANGUAGE: Record<VoiceId, CallLanguage> = {
  voice_english_male_1: "en",
  voice_english_male_2: "en",
  voice_english_female_1: "en",
  voice_french_male_1: "fr",
  voice_french_female_1: "fr",
  voice_spanish_male_1: "es",
  voice_spanish_female_1: "es",
};

/** The voices of one language, in the order of VOICES. */
export function voicesOf(language: CallLanguage): VoiceId[] {
  return VOICES.filter((v) => VOICE_LANGUAGE[v] === language);
}

/** Whether a stored or submitted voice id is one of ours and speaks this language. */
export function voiceSpeaks(voiceId: string, language: CallLanguage): voiceId is VoiceId {
  return (VOICE_LANGUAGE as Record<string, CallLanguage | undefined>)[voiceId] === language;
}
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export type Weekday = (typeof WEEKDAYS)[number];

/** `value` when it is one of `options`, else null: a stored value read back as one of the fixed choices. */
export function oneOf<T extends string>(options: readonly T[], value: string | null | undefined): T | null {
  return options.find((option) => option === value) ?? null;
}

/** A practice open morning and afternoon around a lunch break, or with an evening session: three stretches at most. */
export const MAX_DAY_RANGES = 3;
