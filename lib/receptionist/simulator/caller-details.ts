// How the stand-in hears what a caller says about the details of a booking or a request, in English, French and Spanish:
// the one way they want the confirmation ("just a text"), the country of a number ("my UK mobile"), someone else the
// appointment is for ("it's for my daughter Léa Martin, I'm her mother Sophie"), urgency ("it's urgent", "as soon as
// possible"), and which of several things their words name (an appointment "the colouring one", a desk "about my bill").
import type { ConfirmationChannel } from "@/db/schema";
import { readCountry } from "@/lib/platform/phone/country-names";
import { norm } from "./hearing";

const WHATSAPP = /\bwhats ?app\b/;
const TEXT = /\b(sms|texto|a text|by text|text message|just text|mensaje de texto)\b/;
const NOT_WHATSAPP = /\b(no|not|without|pas de|pas par|sans|sin|ni)\s+(?:\w+\s+)?whats ?app\b/;
const NOT_TEXT = /\b(no|not|without|pas de|pas par|sans|sin|ni)\s+(?:\w+\s+)?(sms|texto|text)\b/;
const BOTH = /\b(both|les deux|ambos|los dos)\b/;

/**
 * The one way the caller wants the confirmation, when they name one: "just a text please" → sms, "only on WhatsApp" →
 * whatsapp, "both" → both; null when they name none (the business's default then applies).
 */
export function channelIn(text: string): ConfirmationChannel | null {
  const n = norm(text);
  const whatsapp = WHATSAPP.test(n) && !NOT_WHATSAPP.test(n);
  const sms = TEXT.test(n) && !NOT_TEXT.test(n);
  if ((whatsapp && sms) || (BOTH.test(n) && (WHATSAPP.test(n) || TEXT.test(n)))) return "both";
  return whatsapp ? "whatsapp" : sms ? "sms" : null;
}

// "a UK number": the country is "UK", not "a UK".
const DETERMINER = /^(a|an|the|my|un|une|le|la|les|mon|ma|el|los|las|mi|del|de|du|des) /;

/**
 * The country a caller names in a sentence ("my UK mobile", "un portable anglais", "del Reino Unido", "it's British"),
 * as they said it, for the tools to read; null when none. Two-letter words are not read as country codes ("es", "de",
 * "it" are words of the sentence), save "UK".
 */
export function countryIn(text: string): string | null {
  const words = norm(text)
    .split(/[^a-z0-9+]+/)
    .filter(Boolean);
  for (let size = 3; size >= 1; size--) {
    for (let i = 0; i + size <= words.length; i++) {
      const said = words.slice(i, i + size).join(" ");
      if ((said.length < 3 && said !== "uk") || /^\d+$/.test(said) || DETERMINER.test(said)) continue;
      if (readCountry(said)) return said;
    }
  }
  return null;
}

// "for my daughter Léa Martin", "pour ma fille Léa Martin", "para mi hija Lucía Pérez": the relative, then the name. The
// words around the name may start a sentence ("Soy su madre"); the name itself is the capitalised words.
const NAME = String.raw`(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)`;
/** Words as alternatives, each also with a capital first letter. */
const anyCase = (words: string) =>
  words
    .split("|")
    .map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`)
    .join("|");
const RELATIVE = `(?:${anyCase(
  "daughter|son|child|kid|boy|girl|baby|husband|wife|partner|mother|mum|mom|father|dad|grandmother|grandfather|grandson|granddaughter|" +
    "fille|fils|enfant|bébé|bebe|mari|femme|compagnon|compagne|mère|mere|père|pere|grand-mère|grand-père|petit-fils|petite-fille|" +
    "hija|hijo|niña|nina|niño|nino|marido|mujer|esposa|esposo|pareja|madre|padre|abuela|abuelo|nieto|nieta",
)})`;
const FOR_RELATIVE = new RegExp(
  String.raw`(?<![\p{L}])(?:${anyCase("for|pour|para")})\s+(?:${anyCase("my|our|ma|mon|notre|mi|nuestro|nuestra")})\s+${RELATIVE}\s*,?\s+${NAME}`,
  "u",
);
// "I'm her mother Sophie Martin", "je suis sa mère, Sophie Martin", "soy su madre, Ana Pérez".
const I_AM = new RegExp(
  String.raw`(?<![\p{L}])(?:${anyCase("i'm|i am|this is|je suis|moi c'est|soy|yo soy")})\s+(?:(?:${anyCase("her|his|their|sa|son|leur|su")})\s+${RELATIVE}\s*,?\s+)?${NAME}`,
  "u",
);

/**
 * Someone else the appointment is for, and the caller's own name when they give it: "It's for my daughter Léa Martin,
 * I'm her mother Sophie Martin" → { name: "Léa Martin", callerName: "Sophie Martin" }; null when they book for themselves.
 */
export function forSomeoneElse(text: string): { name: string; callerName: string | null } | null {
  const said = text.normalize("NFC");
  const patient = FOR_RELATIVE.exec(said);
  if (!patient) return null;
  const rest = said.slice(0, patient.index) + " " + said.slice(patient.index + patient[0].length);
  const caller = I_AM.exec(rest);
  // Names as long as the call's state keeps them: a long sentence heard as a name must not break the call.
  return { name: patient[1]!.trim().slice(0, 120), callerName: caller?.[1]?.trim().slice(0, 120) ?? null };
}

/** The caller's own name, as they give it in a sentence ("…, this is Clark Kent", "soy Emilia Pardo"); null when none. */
export function ownName(text: string): string | null {
  return I_AM.exec(text.normalize("NFC"))?.[1]?.trim().slice(0, 120) ?? null;
}

/** "It's urgent", "it can't wait", "c'est urgent", "es urgente": the caller says it cannot wait. */
export const URGENT =
  /\b(urgent|urgently|can't wait|cannot wait|c'est urgent|ca ne peut pas attendre|ne peut pas attendre|urgente|no puede esperar)\b/;
/** "As soon as possible", "the earliest", "au plus vite", "lo antes posible": the earliest free time. */
export const SOONEST =
  /\b(as soon as possible|asap|earliest|first available|soonest|au plus vite|des que possible|le plus tot possible|au plus tot|le plus vite possible|lo antes posible|cuanto antes|lo mas pronto|lo primero que tenga)\b/;

// Words that say nothing of which one is meant, or of what a call is about: what callers wrap a name or a need in.
const FILLER = new Set(
  (
    "the one for with about that this please want would like can could may hello good morning afternoon put through real human " +
    "doctor cancel move change appointment appointments speak talk someone somebody anyone person " +
    "celui celle pour avec propos rendez vous annuler deplacer parler quelqu personne voudrais veux peux pourrais " +
    "bonjour bonsoir est que qui plait passez moi passer docteur medecin humain vraie " +
    "para con sobre cita citas cancelar cambiar mover hablar alguien persona quiero quisiera queria puedo podria " +
    "hola buenos buenas dias tardes por favor doctor doctora medico pasame paseme real"
  ).split(" "),
);

/** The words of a sentence that can name something: not fillers, at least three letters, cut to a four-letter stem. */
function stems(text: string): Set<string> {
  return new Set(
    norm(text)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !FILLER.has(w))
      .map((w) => w.slice(0, 4)),
  );
}

/**
 * Which of `candidates` the caller's words name: the one sharing the most words with them (a four-letter stem: "bill"
 * names "billing questions", "colouring" names "…, colouring"); when several share as many, the first listed, or none
 * when `ties` is "none"; null when none shares a word.
 */
export function namedAmong(text: string, candidates: string[], ties: "first" | "none" = "first"): number | null {
  const asked = stems(text);
  const scores = candidates.map((c) => [...stems(c)].filter((w) => asked.has(w)).length);
  const top = Math.max(0, ...scores);
  if (!top) return null;
  const best = scores.flatMap((score, i) => (score === top ? [i] : []));
  return best.length > 1 && ties === "none" ? null : best[0]!;
}

/** Whether the caller's sentence says anything of what it is about, besides asking for a person. */
export function saysWhatFor(text: string, without: RegExp): boolean {
  return stems(norm(text).replace(without, " ")).size > 0;
}
