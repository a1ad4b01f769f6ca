// The parts of a day as each language and its culture divide it, and as a model (or a caller) names them: what "por la
// tarde", "entre midi et deux" or "after school" asks for, in local minutes, before the day's own hours cut it.
import type { CallLanguage } from "@/lib/accounts/business/business";

export const PARTS_OF_DAY = ["morning", "midday", "afternoon", "lateAfternoon", "evening"] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/**
 * Each part as [from, to) in local minutes. Parts overlap, as people's words do:
 * - English: the morning until noon, midday (lunchtime) 12:00–14:00, the afternoon 12:00–17:00, the late afternoon ("after
 *   school", "after work") 16:00–19:00, the evening from 17:00;
 * - French: le matin until noon, midi ("entre midi et deux") 12:00–14:00, l'après-midi from 13:00 (12:30 is "midi et
 *   demi", lunch, not the afternoon) to 18:00, la fin d'après-midi ("après l'école", school ends at 16:30) 16:30–19:00,
 *   le soir from 18:00;
 * - Spanish: la mañana until 14:00, el mediodía 12:00–16:00 (lunch), la tarde from 16:00 to closing, the last of it ("a
 *   la salida del cole", "después del trabajo") 18:00–21:00, la noche from 20:00.
 * The day's hours cut each: at a practice closing at 17:00 the late afternoon is its last times, "por la tarde" at one
 * open 09:00–17:00 is 16:00 and 16:30, and never 12:00.
 */
export const PART_MINUTES: Record<CallLanguage, Record<PartOfDay, [number, number]>> = {
  en: { morning: [0, 720], midday: [720, 840], afternoon: [720, 1020], lateAfternoon: [960, 1140], evening: [1020, 1440] },
  fr: { morning: [0, 720], midday: [720, 840], afternoon: [780, 1080], lateAfternoon: [990, 1140], evening: [1080, 1440] },
  es: { morning: [0, 840], midday: [720, 960], afternoon: [960, 1440], lateAfternoon: [1080, 1260], evening: [1200, 1440] },
};

const plain = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’']/g, "'")
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

// The words of each part in the three languages, in the order they are tried: the late afternoon before the afternoon
// ("late afternoon", "fin d'après-midi", "última hora de la tarde"), the afternoon before midday ("après-midi" holds
// "midi") and before the morning ("mañana por la tarde" is tomorrow afternoon), the evening before the morning too.
const WORDS: [PartOfDay, RegExp][] = [
  [
    "lateAfternoon",
    /\b(late ?afternoon|after (school|work)|end of the (day|afternoon)|school run|fin (d'|de l')apres midi|fin de (la )?journee|apres (l'ecole|le travail|le boulot)|sortie (de l'ecole|des classes)|(salida|despues) del (cole|colegio|trabajo)|(a )?ultima hora(?! de la manana)|final de la tarde)\b/,
  ],
  ["afternoon", /\b(afternoon|after lunch|apres midi|aprem|apres (le )?dejeuner|tarde|despues de comer)\b/],
  ["midday", /\b(midday|noon|lunch ?time|lunch|midi|dejeuner|mediodia|hora de (comer|la comida|almorzar))\b/],
  ["evening", /\b(evening|night|tonight|soir|soiree|noche)\b/],
  ["morning", /\b(morning|matin|matinee|manana)\b/],
];

/**
 * The part of the day a model (or a caller) named, in any of the three languages or as the tool's own value ("midday",
 * "lateAfternoon", "late_afternoon"); null for none, or for words that name no part.
 */
export function readPartOfDay(raw: unknown): PartOfDay | null {
  if (typeof raw !== "string") return null;
  const exact = PARTS_OF_DAY.find((p) => p === raw.trim());
  if (exact) return exact;
  const words = plain(raw.slice(0, 80));
  if (!words) return null;
  return WORDS.find(([, re]) => re.test(words))?.[0] ?? null;
}
