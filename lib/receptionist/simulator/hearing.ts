// How the stand-in hears: a caller's words in English, French and Spanish (a fixed, small vocabulary: days, times, parts
// of the day, numbers, names, yes and no, what they want), and a tool's spoken words, read as a listener who takes
// every time to be on the last day named (the literal reading the conversation suite's second driver books from).
import { asksForSame, matchPractitioners } from "@/lib/scheduling/practitioners/match";
import { addDays, isCalendarDate } from "@/lib/platform/time/zoned-time";
import type { CallLanguage } from "@/lib/accounts/business/business";
import type { PartOfDay } from "../tools/parts-of-day";
import { localToday } from "../speech/when";
import type { SimState } from "./state";

export const norm = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’']/g, "'")
    .trim();
export const YES =
  /\b(yes|yeah|yep|sure|ok|okay|correct|right|please do|oui|d'accord|exact|parfait|volontiers|si|vale|claro|perfecto|de acuerdo)\b/;
export const NO = /\b(no|nope|non|nada|pas|not)\b/;
export const DONE =
  /\b(that's all|that is all|nothing else|bye|goodbye|c'est tout|rien d'autre|au revoir|merci|eso es todo|nada mas|adios|gracias)\b/;
export const EMERGENCY =
  /\b(emergency|chest pain|can't breathe|cannot breathe|bleeding|unconscious|urgence|douleur (a la|dans la) poitrine|saigne|inconscient|emergencia|dolor en el pecho|sangr)/;
// Asking for a diagnosis, a medicine or a dose: the receptionist never answers those.
export const ADVICE =
  /\b(should i take|can i take|what (medicine|medication|pill|drug|dose|dosage)|how (much|many) \w+ (should|can) i|dosage|is (it|this) serious|what do you recommend|dois-je prendre|je peux prendre|puis-je prendre|quel (medicament|traitement|dosage)|quelle dose|posologie|c'est grave|est-ce grave|que me conseillez|debo tomar|puedo tomar|que (medicamento|medicina|pastilla|dosis)|cuant[ao]s? \w+ (debo|puedo) tomar|dosis|es grave|que me recomienda)/;
// Asking for a person rather than the assistant.
export const PERSON =
  /\b((speak|talk) (to|with) (a|an|the|someone|somebody|anyone|dr|doctor|reception)\b|real person|human being|a human|put me through|transfer me|operator|parler (a|avec) (quelqu'un|une personne|un humain|un etre humain|une vraie personne|le docteur|le medecin|la secretaire|dr)|parler au (docteur|medecin|dr)|passez-moi|me passer (le|la|quelqu'un)|hablar con (alguien|una persona|un humano|el doctor|la doctora|el medico|la recepcionista)|paseme|pasame con|una persona real)/;
// Asking what something costs, or about a policy: answered from the owner's entries only.
export const QUESTION =
  /\b(how much|price|prices|cost|costs|fee|fees|insurance|parking|combien (coute|ca coute|cela coute|vaut|est-ce)|prix|tarifs?|mutuelle|stationnement|se garer|cuanto (cuesta|vale|cobran)|precios?|aparcamiento|aparcar|aseguradora)\b/;
export const INTENTS: [Exclude<SimState["flow"], null>, RegExp][] = [
  ["cancel", /\b(cancel|annul|cancelar|anular)/],
  ["reschedule", /\b(reschedul|move|change|deplac|report|changer|cambiar|mover)/],
  ["message", /\b(message|call me back|rappel|mensaje|recado)/],
  ["book", /\b(book|appointment|come in|rendez|rdv|reserv|cita|consult|see the doctor|voir le|venir|pasar|creneau|hueco)/],
];
const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  dimanche: 0,
  lundi: 1,
  mardi: 2,
  mercredi: 3,
  jeudi: 4,
  vendredi: 5,
  samedi: 6,
  domingo: 0,
  lunes: 1,
  martes: 2,
  miercoles: 3,
  jueves: 4,
  viernes: 5,
  sabado: 6,
};
const MONTHS: Record<string, number> = {
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  janvier: 1,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  decembre: 12,
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  setiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
};
const MONTH = Object.keys(MONTHS).join("|");
// Ordinal words first: "the second one" is the second, not "one".
export const ORDINALS: [RegExp, number][] = [
  [/\b(first|1st|premier|premiere|primero|primera)\b/, 0],
  [/\b(second|2nd|deuxieme|seconde|segundo|segunda)\b/, 1],
  [/\b(third|3rd|troisieme|tercero|tercera)\b/, 2],
  [/\b(fourth|4th|quatrieme|cuarto|cuarta)\b/, 3],
  [/\b(last|dernier|derniere|ultimo|ultima)\b/, -1],
  [/\b(one|un|une|uno|una|1)\b/, 0],
  [/\b(two|deux|dos|2)\b/, 1],
  [/\b(three|trois|tres|3)\b/, 2],
  [/\b(four|quatre|cuatro|4)\b/, 3],
];

// A number an appointment was booked with that takes no texts (a landline), or a phone the caller does not have with them.
export const NO_TEXTS =
  /\b(landline|home phone|land line|can't (get|receive) (texts|a text|sms)|cannot (get|receive) (texts|a text|sms)|don't have (it|that phone|my (mobile|cell|phone)) with me|fixe|ne (recoit|peut pas recevoir) (pas )?(de )?(sms|texto)|pas de sms|pas mon portable|fijo|no (recibe|puede recibir) (sms|mensajes)|no tengo (el movil|ese movil|el telefono) (aqui|conmigo))/;

/**
 * A date of birth said with its year: "7 March 1984", "March 7th, 1984", "le 2 novembre 1962", "2 de noviembre de 1962",
 * "1962-11-02", or digits (07/03/1984: day first in French and Spanish, month first in English). `said` is the words as
 * they were in the sentence, so the rest of it can be read as the name.
 */
export function parseBirthDate(text: string, language: CallLanguage): { date: string; said: string } | null {
  // Composed first, so the accents dropped for matching leave every index where it was in `text`.
  const said = text.normalize("NFC");
  const n = said.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  const forms: [RegExp, (m: RegExpExecArray) => [number, number, number]][] = [
    [/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => [+m[1]!, +m[2]!, +m[3]!]],
    [
      new RegExp(`\\b(?:le |el )?(\\d{1,2})(?:st|nd|rd|th|er)?(?: of| de)? (${MONTH})(?:,? de|,)? (\\d{4})\\b`, "i"),
      (m) => [+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!],
    ],
    [new RegExp(`\\b(${MONTH}) (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`, "i"), (m) => [+m[3]!, MONTHS[m[1]!.toLowerCase()]!, +m[2]!]],
    [/\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/, (m) => (language === "en" ? [+m[3]!, +m[1]!, +m[2]!] : [+m[3]!, +m[2]!, +m[1]!])],
  ];
  for (const [re, parts] of forms) {
    const m = re.exec(n);
    if (!m) continue;
    const [y, mo, d] = parts(m);
    const day = new Date(Date.UTC(y, mo - 1, d));
    if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
    return { date: day.toISOString().slice(0, 10), said: said.slice(m.index, m.index + m[0].length) };
  }
  return null;
}

// "por la mañana" is "in the morning"; "mañana" on its own is "tomorrow".
const SPANISH_MORNING = /\b(por|de|en|a|esta) la manana\b|\besta manana\b/g;

/**
 * "tomorrow", "lundi", "el 17 de junio", "June 17", "2026-12-01" … → YYYY-MM-DD in the business's zone; null when no
 * day is named. A weekday is the next such day after today; a date without a year is the next one to come. A day its
 * month does not have ("le 31 février") comes back as said, "2027-02-31", which no calendar has.
 */
export function parseDay(text: string, now: Date, timeZone: string): string | null {
  const n = norm(text);
  const today = localToday(now, timeZone);
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(n);
  if (iso && isCalendarDate(iso[1]!)) return iso[1]!;
  const dayMonth = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er)?\\s+(?:of\\s+|de\\s+)?(${MONTH})\\b`).exec(n);
  const monthDay = new RegExp(`\\b(${MONTH})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(n);
  const named = dayMonth
    ? { day: Number(dayMonth[1]), month: MONTHS[dayMonth[2]!]! }
    : monthDay
      ? { day: Number(monthDay[2]), month: MONTHS[monthDay[1]!]! }
      : null;
  if (named) {
    const year = Number(today.slice(0, 4));
    const pad = (x: number) => String(x).padStart(2, "0");
    for (const y of [year, year + 1]) {
      const date = `${y}-${pad(named.month)}-${pad(named.day)}`;
      if (isCalendarDate(date) && date >= today) return date;
    }
    // "Le 31 février": a day no calendar has, passed on as said (in the month's next coming year) for the tool to say so.
    if (named.day >= 1 && named.day <= 31) {
      const y = `${year}-${pad(named.month)}` >= today.slice(0, 7) ? year : year + 1;
      const date = `${y}-${pad(named.month)}-${pad(named.day)}`;
      if (!isCalendarDate(date)) return date;
    }
  }
  if (/day after tomorrow|apres-demain|apres demain|pasado manana/.test(n)) return addDays(today, 2);
  const relative = n.replace(SPANISH_MORNING, " ");
  if (/\b(tomorrow|demain|manana)\b/.test(relative)) return addDays(today, 1);
  if (
    /\b(today|tonight|this (morning|afternoon|evening)|aujourd'hui|ce matin|cet apres-midi|ce soir|hoy|esta (manana|tarde|noche))\b/.test(n)
  )
    return today;
  for (const [word, dow] of Object.entries(WEEKDAYS)) {
    if (new RegExp(`\\b${word}\\b`).test(n)) {
      const [y, m, d] = today.split("-").map(Number) as [number, number, number];
      const current = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
      return addDays(today, (dow - current + 7) % 7 || 7);
    }
  }
  return null;
}

/**
 * "in the morning", "l'après-midi", "por la tarde", "at lunchtime", "after school" … → the part of the day; null when
 * none is named.
 */
export function parsePartOfDay(text: string): PartOfDay | null {
  const n = norm(text);
  // "After school", "after work", "at the end of the day": the last hours of the afternoon, whatever the business's
  // hours make of them.
  if (
    /\b(late afternoon|after (school|work)|end of the day|fin d'apres-midi|apres l'ecole|apres le travail|(en )?fin de journee|(salida|despues) del (cole|colegio|trabajo)|a ultima hora|final de la tarde)\b/.test(
      n,
    )
  )
    return "lateAfternoon";
  if (/\b(morning|matin|matinee)\b/.test(n) || n.replace(SPANISH_MORNING, "\u0000") !== n) return "morning";
  if (/\b(afternoon|apres-midi|apres midi|tarde)\b/.test(n)) return "afternoon";
  if (/\b(lunchtime|at lunch|midday|a midi|entre midi et deux|heure du dejeuner|(al|a) mediodia|hora de comer)\b/.test(n)) return "midday";
  if (/\b(evening|tonight|soir|soiree|noche)\b/.test(n)) return "evening";
  return null;
}

const MERIDIEM = /^\s*(am|pm|a\.m\.|p\.m\.)/;
const HALF = /^\s*(?:h|heures?)?\s*(et demie|y media)\b/;
const QUARTER = /^\s*(?:h|heures?)?\s*(et quart|y cuarto)\b/;

/**
 * "10:30", "10h30", "10 h", "2 pm", "at 10", "à 10 heures", "a las 4 y media" → "HH:mm"; null when there is no time.
 * Without am/pm, 1 to 6 o'clock is the afternoon (nobody books at 3 in the night), unless "du matin" / "in the morning".
 */
export function parseTime(text: string): string | null {
  const n = norm(text);
  const patterns: RegExp[] = [
    /\b(\d{1,2})\s?[:h.]\s?(\d{2})\b/g,
    /\b(\d{1,2})()\s?(?=am\b|pm\b|a\.m\.|p\.m\.)/g,
    /\b(\d{1,2})()\s?h\b/g,
    /\b(\d{1,2})()\s?(?=heures?\b|o'clock\b|hrs?\b)/g,
    // "A las 5 de la tarde": the hour and the part of the day it is in.
    /\b(\d{1,2})()\s+(?=de la (?:tarde|noche|manana)\b)/g,
    /\b(?:at|a|vers|around|sobre|a las|a la|hacia las)\s+(\d{1,2})()\b(?!\s?(?:[:h.\/-]\d|st\b|nd\b|rd\b|th\b|er\b|de\b|of\b))/g,
    /\bhalf past (\d{1,2})()\b/g,
  ];
  for (const [index, re] of patterns.entries()) {
    for (const m of n.matchAll(re)) {
      let hour = Number(m[1]);
      let minute = Number(m[2] || 0);
      const after = n.slice((m.index ?? 0) + m[0].length);
      if (index === 6) minute = 30;
      else if (!m[2] && HALF.test(after)) minute = 30;
      else if (!m[2] && QUARTER.test(after)) minute = 15;
      const meridiem = MERIDIEM.exec(after)?.[1];
      if (hour > 23 || minute > 59) continue;
      if (meridiem) {
        if (hour > 12) continue;
        if (meridiem.startsWith("p") && hour < 12) hour += 12;
        if (meridiem.startsWith("a") && hour === 12) hour = 0;
      } else if (hour >= 1 && hour <= 6 && !/\b(morning|matin|manana)\b/.test(n)) {
        hour += 12;
      } else if (hour < 12 && /\b(afternoon|evening|apres-midi|soir|tarde|noche)\b/.test(n) && hour > 0) {
        hour += 12;
      }
      return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
    }
  }
  return null;
}

const PHONE = /(?:\+|\()?\b\d[\d\s().-]{6,}\d\b/g;

/** A phone number said in the sentence (at least 9 digits, as said: "06 98 76 54 32", "+1 212 555 0187"); else null. */
export function findPhone(text: string): string | null {
  for (const m of text.matchAll(PHONE)) {
    const digits = m[0].replace(/\D/g, "");
    if (digits.length >= 9 && digits.length <= 15 && !/^\d{4}-\d{2}-\d{2}/.test(m[0].trim())) return m[0].trim();
  }
  return null;
}

/** The sentence without the number in it: what is left of "my number is 06 98 76 54 32" is no reason for a visit. */
export function withoutPhone(text: string, phone: string): string {
  return text.replace(phone, " ").replace(/\s+/g, " ").trim();
}

export function saysOnlyANumber(text: string, phone: string): boolean {
  const rest = norm(withoutPhone(text, phone)).replace(
    /\b(my|number|phone|mobile|cell|is|it's|it|the|on|at|call|me|you|can|reach|c'est|le|la|mon|numero|de|telephone|portable|vous|pouvez|me|joindre|au|mi|es|el|movil|puede|llamar|al|en|su)\b/g,
    "",
  );
  return rest.replace(/[^a-z]/g, "").length < 3;
}

export function pickOffer(text: string, offers: string[]): string | null {
  const time = parseTime(text);
  if (time) return offers.find((o) => o.endsWith(` ${time}`)) ?? null;
  const n = norm(text);
  for (const [re, index] of ORDINALS) {
    if (re.test(n)) return index === -1 ? (offers.at(-1) ?? null) : (offers[index] ?? null);
  }
  return null;
}

export function cleanName(text: string): string {
  return text
    .replace(
      /^\s*(my name is|my name's|i am|i'm|it's|this is|je m'appelle|je m’appelle|je suis|c'est|c’est|moi c'est|me llamo|soy|mi nombre es)\s+/i,
      "",
    )
    .replace(/[.!]+$/, "")
    .trim()
    .slice(0, 120);
}

/** The name in "Marie Dupont, born on 2 November 1962" once the date is taken out. */
export function identityName(rest: string): string {
  return cleanName(
    rest
      .replace(
        /(?<![\p{L}\p{N}])(born( on)?|date of birth|n[ée]e?( le)?|date de naissance|nacid[oa]( el)?|fecha de nacimiento)(?![\p{L}\p{N}])/giu,
        " ",
      )
      .replace(/[\s,;:]+/g, " ")
      .trim(),
  );
}

// --- the words of a tool's answer, as a listener hears them ----------------------------------------------------------

const MONTH_NAMES = Object.keys(MONTHS).join("|");
// "Tuesday, June 8" / "mardi 8 juin" / "1er juin" / "martes 8 de junio": a day and a month, in any of the languages.
const SAID_DAY = new RegExp(`\\b(?:(${MONTH_NAMES})\\s+(\\d{1,2})|(\\d{1,2})(?:er)?\\s+(?:de\\s+)?(${MONTH_NAMES}))\\b`, "g");
// "3:30 PM" / "15 h 30" / "9 h" / "15:30".
const SAID_TIME = /\b(\d{1,2})(?::(\d{2})\s?([ap])\.?m\.?|:(\d{2})|\s?h(?:\s?(\d{2}))?)(?![\d:])/gi;

/**
 * The times a tool's spoken words offer, as "YYYY-MM-DD HH:mm", in the order said: the times of the last sentence that
 * says any, each on the last day named before it, or on `sameDay` (the day the caller asked about) when none was. A
 * listener takes nothing else from them: a time whose day the words leave out is booked on the day the caller had in mind.
 */
export function heardTimes(words: string, now: Date, timeZone: string, sameDay: string | null): string[] {
  const n = norm(words);
  const today = localToday(now, timeZone);
  const marks: { at: number; day?: string; time?: string }[] = [];
  for (const m of n.matchAll(SAID_DAY)) {
    const month = MONTHS[(m[1] ?? m[4])!]!;
    const day = Number(m[2] ?? m[3]);
    const year = Number(today.slice(0, 4));
    const pad = (x: number) => String(x).padStart(2, "0");
    const date = [year, year + 1].map((y) => `${y}-${pad(month)}-${pad(day)}`).find((d) => isCalendarDate(d) && d >= today);
    if (date) marks.push({ at: m.index ?? 0, day: date });
  }
  for (const m of n.matchAll(SAID_TIME)) {
    let hour = Number(m[1]);
    const minute = m[2] ?? m[4] ?? m[5] ?? "00";
    if (m[3]) {
      if (hour < 1 || hour > 12) continue;
      hour = (hour % 12) + (m[3].toLowerCase() === "p" ? 12 : 0);
    }
    if (hour > 23 || Number(minute) > 59) continue;
    marks.push({ at: m.index ?? 0, time: `${String(hour).padStart(2, "0")}:${minute}` });
  }
  marks.sort((a, b) => a.at - b.at);
  // The times offered are those of the last sentence that says times ("… is not free. The closest I can offer is …");
  // the days named anywhere before them say which day they are on.
  const sentences = [...n.matchAll(/(?:^|[.!?]\s+)(?=\S)/g)].map((m) => (m.index ?? 0) + m[0].length);
  const lastTime = marks.filter((m) => m.time).at(-1);
  const from = lastTime ? Math.max(0, ...sentences.filter((i) => i <= lastTime.at)) : 0;
  let day = sameDay;
  const out: string[] = [];
  for (const mark of marks) {
    if (mark.day) day = mark.day;
    else if (mark.time && day && mark.at >= from) out.push(`${day} ${mark.time}`);
  }
  return out;
}

// Words only one of the three languages uses, as callers say them.
const LANGUAGE_WORDS: Record<CallLanguage, RegExp> = {
  en: /\b(i|i'd|i'm|my|the|would|like|please|appointment|tomorrow|hello|hi|yes|thanks|thank|you|want|need|can|could|book|cancel|speak|is|it|this)\b/g,
  fr: /\b(je|j'aimerais|voudrais|mon|ma|le|la|les|rendez-vous|demain|bonjour|oui|merci|vous|est|c'est|pour|avec|annuler|un|une|des|pouvez)\b/g,
  es: /\b(quisiera|quiero|mi|el|los|las|cita|manana|hola|si|gracias|usted|es|para|con|cancelar|una|unos|puede|necesito|por favor)\b/g,
};

/**
 * The supported language a caller's sentence is clearly in, or null: three words or more, and at least two more words of
 * that language than of any other ("sí" or "ok" alone says nothing).
 */
export function languageOf(text: string): CallLanguage | null {
  const n = norm(text);
  if (n.split(/\s+/).length < 3) return null;
  const scores = (Object.keys(LANGUAGE_WORDS) as CallLanguage[]).map((l) => ({ l, n: n.match(LANGUAGE_WORDS[l])?.length ?? 0 }));
  scores.sort((a, b) => b.n - a.n);
  return scores[0]!.n >= 2 && scores[0]!.n - scores[1]!.n >= 2 ? scores[0]!.l : null;
}

// "avec le Dr Roux", "with Dr. Camille Roux", "con la Dra. Ruiz": a title, then the name's capitalised words.
const WITH_WHOM =
  /\b(?:[Ww]ith|[Aa]vec|[Cc]on)\s+(?:(?:le|la|el|the)\s+)?((?:[Dd]ra?\.?|[Dd]octeure?|[Dd]octora?|[Pp]rof\.?)\s+\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)/u;

// "Actually, anyone is fine", "peu importe le praticien", "con quien sea": the caller no longer minds who.
const ANYONE =
  /\b(anyone|anybody|whoever|no preference|n'importe qui|n'importe lequel|peu importe (qui|lequel|le praticien|le medecin|le docteur)|avec qui vous voulez|cualquiera|me da igual (quien|con quien|el medico|la doctora)|con quien sea)\b/;

// The words before a practitioner's name: "with", "avec", "con", "see", "voir", "ver", "chez".
const BEFORE_NAME = /^(with|avec|con|see|voir|ver|chez)$/i;
// Punctuation around a said word: "¿Y", "Javier?", "Ortega…", "(Roux)".
const word = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

/**
 * The practitioner named in the words, matched among the team as the tools match a name (matchPractitioners): the most
 * words after "with", "avec", "con"… that fit someone ("con Javier Ortega el jueves" → Javier Ortega), or, when `bare`,
 * the whole sentence ("Javier", answering "which one would you like?"). One fit is that practitioner's full name, as the
 * instructions list it; several are the words as said, for the tools to ask which; null when no one fits.
 */
export function teamMemberIn(text: string, team: readonly string[], bare = false): string | null {
  if (!team.length) return null;
  const people = team.map((name) => ({ name }));
  const words = text.split(/\s+/).map(word).filter(Boolean);
  const heard = (said: string[]) => {
    const fits = matchPractitioners(said.join(" "), people);
    if (fits.length === 1) return fits[0]!.name;
    if (!fits.length) return null;
    // Several fit: the fewest words that fit the same ones ("Javier", not "Javier el"), for the tools to ask which.
    let k = said.length;
    while (k > 1 && matchPractitioners(said.slice(0, k - 1).join(" "), people).length === fits.length) k--;
    return said.slice(0, k).join(" ");
  };
  for (const [i, w] of words.entries()) {
    if (!BEFORE_NAME.test(w)) continue;
    for (let k = Math.min(words.length, i + 6); k > i + 1; k--) {
      const found = heard(words.slice(i + 1, k));
      if (found) return found;
    }
  }
  // Alone, a sentence is a name only when it is not a day, a part of the day or a time: tools forgive a letter, so "le
  // matin" would otherwise be Dr Martin, and "mardi" Dr Mardi.
  if (!bare || words.length > 5) return null;
  if (parsePartOfDay(text) || parseTime(text) || parseDay(text, new Date(), "UTC")) return null;
  return heard(words);
}

/**
 * Who the caller asks to see: one of the team by name (teamMemberIn), a title and a name after "with" ("avec le Dr
 * Roux", someone the tools will say they do not find), "same" for the one they saw last time ("le même dentiste que la
 * dernière fois"), "anyone" when they no longer mind; null when they name no one.
 */
export function practitionerIn(text: string, team: readonly string[] = [], bare = false): string | null {
  const member = teamMemberIn(text, team, bare);
  if (member) return member;
  const named = WITH_WHOM.exec(text);
  if (named) return named[1]!;
  if (ANYONE.test(norm(text))) return "anyone";
  return asksForSame(text) ? "same" : null;
}
