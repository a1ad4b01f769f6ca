// The sandbox stand-in for the voice platform: a deterministic conversation engine that plays Vapi's part and drives
// our real webhook path (assistant-request, status-update, tool-calls, end-of-call-report). It understands a small,
// fixed set of phrases in English, French and Spanish; the booking, the messages and the call log it produces are real.
// What the platform itself does (idle prompts on silence, the transfer to a person) it takes from the assistant the
// webhook answered, as Vapi would. Used by the dashboard's "Try your receptionist" page (in-process), by
// `npm run call:simulate` (over HTTP) and by the conversation suite (tests/conversations).
import { z } from "zod";
import { isCalendarDate, zonedWallTimeToUtc } from "@/lib/time/zoned-time";
import { translate } from "@/lib/i18n/translate";
import { countryOfBusiness, emergencyNumber } from "@/lib/phone/phone";
import type { CallLanguage } from "@/lib/business/business";
import { KNOWLEDGE_LINE } from "./assistant";
import { speakSlot } from "./speech";
import { addDays, localToday } from "./when";

/** Sends one server message ({ message }) to the webhook and returns its JSON answer. */
export type Transport = (payload: { message: Record<string, unknown> }) => Promise<Record<string, unknown>>;

export type Turn = { role: "assistant" | "caller"; text: string };
type Stage =
  | "intent"
  | "name"
  | "reason"
  | "birthDate"
  | "email"
  | "day"
  | "choose"
  | "confirm"
  | "confirmCancel"
  | "verifyPhone"
  | "verifyCode"
  | "verifyIdentity"
  | "message"
  | "anything"
  | "ended";
type OutcomeKind = "booked" | "rescheduled" | "cancelled" | "message" | "transferred";
type Outcome = { kind: OutcomeKind; slot?: string };
export type PartOfDay = "morning" | "afternoon" | "evening";
/** A day, a time or a part of the day the caller named, kept until the booking can use it. */
export type Want = { date: string | null; time: string | null; part: PartOfDay | null };

export type SimState = {
  v: 1;
  callId: string;
  line: string;
  caller: string;
  language: CallLanguage;
  timeZone: string;
  messageOnly: boolean;
  /** The assistant asks the date of birth when booking and can check a name and date of birth (verify_identity). */
  birthDateCheck: boolean;
  stage: Stage;
  flow: "book" | "reschedule" | "cancel" | "message" | null;
  name: string | null;
  reason: string | null;
  email: string | null;
  birthDate: string | null;
  /** A number the caller said (as they said it): the tools get it instead of the caller ID. */
  phone: string | null;
  /** What the caller asked for before they were asked ("tomorrow at 10" in the first sentence). */
  want: Want;
  /** What the platform says before putting the caller through, when the assistant has a transfer tool; else null. */
  transfer: string | null;
  /**
   * The owner's answers, prices and policies as the assistant got them: searched during the call (lookup_info), or the
   * lines of its instructions (a small set); none: the stand-in knows no price and no policy.
   */
  knowledge: { lookup: boolean; facts: string[] };
  /** The platform's idle prompts, one per silence, then the line it ends the call with. */
  idle: string[];
  idleEnd: string | null;
  /** Caller turns in a row with nothing said. */
  silences: number;
  offers: string[];
  chosen: string | null;
  appointmentId: string | null;
  toolCalls: number;
  outcomes: Outcome[];
  transcript: Turn[];
  startedAt: string;
};

export type SimReply = { state: SimState; reply: string; ended: boolean };

const REF = /\[(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\]/g;
const UUID = /\[([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]/;
const NO_WANT: Want = { date: null, time: null, part: null };
/** Vapi's silence timeout: the third silence in a row ends the call. */
const SILENCES_BEFORE_END = 3;

const t = (s: SimState, key: string, params: Record<string, string> = {}) => translate(s.language, `Simulator.${key}`, params);
const say = (s: SimState, key: string, params: Record<string, string> = {}) => translate(s.language, `Receptionist.${key}`, params);

/** What a person would hear: the tool's text without the bracketed references meant for the model. */
export function spoken(text: string): string {
  return text
    .replace(/\s*\[[^\]]+\]/g, "")
    .replace(/\s+([,.])/g, "$1")
    .trim();
}

function envelope(s: SimState, message: Record<string, unknown>) {
  return {
    message: { call: { id: s.callId, customer: { number: s.caller } }, phoneNumber: { number: s.line }, timestamp: Date.now(), ...message },
  };
}

function assistantSays(s: SimState, text: string): SimReply {
  s.transcript.push({ role: "assistant", text });
  return { state: s, reply: text, ended: s.stage === "ended" };
}

async function callTool(transport: Transport, s: SimState, name: string, args: Record<string, unknown>): Promise<string> {
  s.toolCalls += 1;
  const id = `${s.callId}-tool-${s.toolCalls}`;
  const answer = await transport(
    envelope(s, { type: "tool-calls", toolCallList: [{ id, type: "function", function: { name, arguments: args } }] }),
  );
  const results = (answer.results as { toolCallId: string; result?: string; error?: string }[] | undefined) ?? [];
  const mine = results.find((r) => r.toolCallId === id);
  return mine?.result ?? mine?.error ?? "";
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const line = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim().slice(0, 500) : null);

/** The transfer tool's spoken line, when the assistant can put the caller through to a person. */
function transferLine(s: SimState, tools: unknown[]): string | null {
  const tool = tools.map(obj).find((x) => x.type === "transferCall");
  if (!tool) return null;
  const destination = obj(list(tool.destinations)[0]);
  return line(destination.message) ?? say(s, "transferring");
}

/**
 * What the platform says when the caller goes quiet: the assistant's hooks on the caller's silence (each "say" of a
 * hook, as many times as it may fire, the last hook ending the call), else Vapi's older idle messages, else our own.
 */
function idlePlan(s: SimState, assistant: Obj): { idle: string[]; idleEnd: string | null } {
  const hooks = list(assistant.hooks)
    .map(obj)
    .filter((h) => h.on === "customer.speech.timeout")
    .sort((a, b) => Number(obj(a.options).timeoutSeconds ?? 0) - Number(obj(b.options).timeoutSeconds ?? 0));
  const said = (h: Obj): string[] =>
    list(h.do)
      .map(obj)
      .filter((d) => d.type === "say")
      .flatMap((d) => (Array.isArray(d.exact) ? d.exact : [d.exact]).map(line).filter((x): x is string => !!x));
  const ends = (h: Obj) =>
    list(h.do)
      .map(obj)
      .some((d) => d.type === "tool" && obj(d.tool).type === "endCall");
  const idle: string[] = [];
  let idleEnd: string | null = null;
  for (const h of hooks) {
    const lines = said(h);
    if (ends(h)) {
      idleEnd = lines.join(" ") || say(s, "goodbye");
      break;
    }
    const times = Math.max(1, Math.min(3, Number(obj(h.options).triggerMaxCount ?? 1)));
    for (let i = 0; i < times && lines.length; i++) idle.push(lines[i % lines.length]!);
  }
  if (!idle.length) {
    const messages = list(obj(assistant.messagePlan).idleMessages)
      .map(line)
      .filter((x): x is string => !!x);
    idle.push(...(messages.length ? messages : [t(s, "idle")]));
  }
  while (idle.length < SILENCES_BEFORE_END - 1) idle.push(idle[idle.length - 1]!);
  return { idle: idle.slice(0, SILENCES_BEFORE_END - 1), idleEnd: idleEnd ?? line(assistant.endCallMessage) ?? say(s, "goodbye") };
}

export async function startCall(transport: Transport, o: { line: string; caller: string; callId: string; now?: Date }): Promise<SimReply> {
  const now = o.now ?? new Date();
  const s: SimState = {
    v: 1,
    callId: o.callId,
    line: o.line,
    caller: o.caller,
    language: "en",
    timeZone: "UTC",
    messageOnly: false,
    birthDateCheck: false,
    stage: "intent",
    flow: null,
    name: null,
    reason: null,
    email: null,
    birthDate: null,
    phone: null,
    want: { ...NO_WANT },
    transfer: null,
    knowledge: { lookup: false, facts: [] },
    idle: [],
    idleEnd: null,
    silences: 0,
    offers: [],
    chosen: null,
    appointmentId: null,
    toolCalls: 0,
    outcomes: [],
    transcript: [],
    startedAt: now.toISOString(),
  };
  const answer = await transport(envelope(s, { type: "assistant-request" }));
  if (typeof answer.error === "string") {
    s.stage = "ended";
    return assistantSays(s, answer.error);
  }
  const assistant = obj(answer.assistant);
  // The call's language is the assistant's metadata: the transcriber's is "multi", for callers of any of our languages.
  const language = obj(assistant.metadata).language;
  s.language = language === "fr" || language === "es" ? language : "en";
  const timeZone = obj(assistant.metadata).timeZone;
  s.timeZone = typeof timeZone === "string" && isTimeZone(timeZone) ? timeZone : "UTC";
  const tools = list(obj(assistant.model).tools);
  s.messageOnly = !tools.some((tool) => obj(obj(tool).function).name === "book_appointment");
  s.birthDateCheck = tools.some((tool) => obj(obj(tool).function).name === "verify_identity");
  s.transfer = transferLine(s, tools);
  s.knowledge = knowledgeOf(assistant, tools);
  Object.assign(s, idlePlan(s, assistant));
  s.stage = s.messageOnly ? "message" : "intent";
  await transport(
    envelope(s, {
      type: "status-update",
      status: "in-progress",
      call: { id: s.callId, customer: { number: s.caller }, startedAt: s.startedAt },
    }),
  );
  return assistantSays(s, typeof assistant.firstMessage === "string" ? assistant.firstMessage : "");
}

// --- understanding the caller: a fixed, small vocabulary -------------------------------------------------------------
const norm = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’']/g, "'")
    .trim();
const YES =
  /\b(yes|yeah|yep|sure|ok|okay|correct|right|please do|oui|d'accord|exact|parfait|volontiers|si|vale|claro|perfecto|de acuerdo)\b/;
const NO = /\b(no|nope|non|nada|pas|not)\b/;
const DONE =
  /\b(that's all|that is all|nothing else|bye|goodbye|c'est tout|rien d'autre|au revoir|merci|eso es todo|nada mas|adios|gracias)\b/;
const EMERGENCY =
  /\b(emergency|chest pain|can't breathe|cannot breathe|bleeding|unconscious|urgence|douleur (a la|dans la) poitrine|saigne|inconscient|emergencia|dolor en el pecho|sangr)/;
// Asking for a diagnosis, a medicine or a dose: the receptionist never answers those.
const ADVICE =
  /\b(should i take|can i take|what (medicine|medication|pill|drug|dose|dosage)|how (much|many) \w+ (should|can) i|dosage|is (it|this) serious|what do you recommend|dois-je prendre|je peux prendre|puis-je prendre|quel (medicament|traitement|dosage)|quelle dose|posologie|c'est grave|est-ce grave|que me conseillez|debo tomar|puedo tomar|que (medicamento|medicina|pastilla|dosis)|cuant[ao]s? \w+ (debo|puedo) tomar|dosis|es grave|que me recomienda)/;
// Asking for a person rather than the assistant.
const PERSON =
  /\b((speak|talk) (to|with) (a|an|the|someone|somebody|anyone|dr|doctor|reception)\b|real person|human being|a human|put me through|transfer me|operator|parler (a|avec) (quelqu'un|une personne|un humain|un etre humain|une vraie personne|le docteur|le medecin|la secretaire|dr)|parler au (docteur|medecin|dr)|passez-moi|me passer (le|la|quelqu'un)|hablar con (alguien|una persona|un humano|el doctor|la doctora|el medico|la recepcionista)|paseme|pasame con|una persona real)/;
// Asking what something costs, or about a policy: answered from the owner's entries only.
const QUESTION =
  /\b(how much|price|prices|cost|costs|fee|fees|insurance|parking|combien (coute|ca coute|cela coute|vaut|est-ce)|prix|tarifs?|mutuelle|stationnement|se garer|cuanto (cuesta|vale|cobran)|precios?|aparcamiento|aparcar|aseguradora)\b/;
const INTENTS: [Exclude<SimState["flow"], null>, RegExp][] = [
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
const ORDINALS: [RegExp, number][] = [
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
const NO_TEXTS =
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
 * day is named. A weekday is the next such day after today; a date without a year is the next one to come.
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

/** "in the morning", "l'après-midi", "por la tarde" … → the part of the day; null when none is named. */
export function parsePartOfDay(text: string): PartOfDay | null {
  const n = norm(text);
  if (/\b(morning|matin|matinee)\b/.test(n) || n.replace(SPANISH_MORNING, "\u0000") !== n) return "morning";
  if (/\b(afternoon|apres-midi|apres midi|tarde)\b/.test(n)) return "afternoon";
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
    /\b(?:at|a|vers|around|sobre|a las|a la|hacia las)\s+(\d{1,2})()\b(?!\s?(?:[:h.\/-]\d|st\b|nd\b|rd\b|th\b|er\b|de\b|of\b))/g,
    /\bhalf past (\d{1,2})()\b/g,
  ];
  for (const [index, re] of patterns.entries()) {
    for (const m of n.matchAll(re)) {
      let hour = Number(m[1]);
      let minute = Number(m[2] || 0);
      const after = n.slice((m.index ?? 0) + m[0].length);
      if (index === 5) minute = 30;
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
function withoutPhone(text: string, phone: string): string {
  return text.replace(phone, " ").replace(/\s+/g, " ").trim();
}

function saysOnlyANumber(text: string, phone: string): boolean {
  const rest = norm(withoutPhone(text, phone)).replace(
    /\b(my|number|phone|mobile|cell|is|it's|it|the|on|at|call|me|you|can|reach|c'est|le|la|mon|numero|de|telephone|portable|vous|pouvez|me|joindre|au|mi|es|el|movil|puede|llamar|al|en|su)\b/g,
    "",
  );
  return rest.replace(/[^a-z]/g, "").length < 3;
}

function pickOffer(text: string, offers: string[]): string | null {
  const time = parseTime(text);
  if (time) return offers.find((o) => o.endsWith(` ${time}`)) ?? null;
  const n = norm(text);
  for (const [re, index] of ORDINALS) {
    if (re.test(n)) return index === -1 ? (offers.at(-1) ?? null) : (offers[index] ?? null);
  }
  return null;
}

function cleanName(text: string): string {
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
function identityName(rest: string): string {
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

function speakRef(s: SimState, ref: string): string {
  const at = zonedWallTimeToUtc(ref.slice(0, 10), ref.slice(11), s.timeZone);
  return at ? speakSlot(at, s.language, s.timeZone) : ref;
}

function offered(s: SimState, result: string): boolean {
  s.offers = [...result.matchAll(REF)].map((m) => m[1]!).slice(0, 10);
  return s.offers.length > 0;
}

/** The day, time and part of the day named in a sentence (a number said in it is not a time). */
function wantOf(text: string, now: Date, s: SimState): Want {
  const phone = findPhone(text);
  const clean = phone ? withoutPhone(text, phone) : text;
  return { date: parseDay(clean, now, s.timeZone), time: parseTime(clean), part: parsePartOfDay(clean) };
}

const wantsSomething = (w: Want) => !!(w.date || w.time || w.part);

/** The caller's appointments as the tool reads them; the first one's id is kept for the change. */
async function lookUpAppointment(transport: Transport, s: SimState): Promise<{ found: boolean; text: string }> {
  const result = await callTool(transport, s, "find_my_appointments", {});
  s.appointmentId = UUID.exec(result)?.[1] ?? null;
  return { found: !!s.appointmentId, text: spoken(result) };
}

/** Asks the calendar for what the caller named; one free time at the time they asked is read back at once. */
async function offerTimes(transport: Transport, s: SimState, w: Want, before = ""): Promise<SimReply> {
  const lead = before ? `${before} ` : "";
  s.want = { ...NO_WANT };
  if (!w.date && !w.part) {
    // A time without a day: keep the time, ask the day.
    s.want = { ...NO_WANT, time: w.time };
    s.stage = "day";
    return assistantSays(s, `${lead}${t(s, s.flow === "reschedule" ? "askNewDay" : "askDay")}`);
  }
  const args: Record<string, unknown> = {};
  if (w.date) args.date = w.date;
  if (w.date && w.time) args.time = w.time;
  if (w.part && !(w.date && w.time)) args.partOfDay = w.part;
  const result = await callTool(transport, s, "check_availability", args);
  if (!offered(s, result)) {
    s.stage = "day";
    // A tool answer that already asks the caller something ("Which day before then?") needs no second question.
    const answer = spoken(result);
    return assistantSays(s, `${lead}${answer}${answer.endsWith("?") ? "" : ` ${t(s, "askDay")}`}`);
  }
  if (w.date && w.time && s.offers.length === 1 && s.offers[0] === `${w.date} ${w.time}`) {
    s.chosen = s.offers[0]!;
    s.stage = "confirm";
    return assistantSays(s, `${lead}${readBack(s)}`);
  }
  s.stage = "choose";
  return assistantSays(s, `${lead}${spoken(result)} ${t(s, "whichOne")}`);
}

/** After the details, the day: what the caller already said, else the question. */
async function askDayOrOffer(transport: Transport, s: SimState): Promise<SimReply> {
  if (s.want.date || s.want.part) return offerTimes(transport, s, s.want);
  s.stage = "day";
  return assistantSays(s, t(s, "askDay"));
}

function readBack(s: SimState): string {
  const slot = speakRef(s, s.chosen!);
  return s.flow === "reschedule" ? t(s, "readBackMove", { slot }) : t(s, "readBack", { name: s.name ?? "", slot });
}

async function startFlow(transport: Transport, s: SimState, flow: Exclude<SimState["flow"], null>): Promise<SimReply> {
  s.flow = flow;
  if (flow === "book") {
    s.stage = "name";
    return assistantSays(s, t(s, "askName"));
  }
  if (flow === "message") {
    s.stage = "message";
    return assistantSays(s, t(s, "askMessage"));
  }
  const { found, text: first } = await lookUpAppointment(transport, s);
  if (!found) {
    s.want = { ...NO_WANT };
    // None under the caller ID: the tool asks for the number it was booked with, to text it a code.
    s.stage = "verifyPhone";
    return assistantSays(s, first);
  }
  return changeFound(transport, s, flow, first);
}

/** The caller's appointment is found (by caller ID, or by a number they proved they hold): on with the change. */
async function changeFound(transport: Transport, s: SimState, flow: SimState["flow"], first: string): Promise<SimReply> {
  if (flow === "cancel") {
    s.stage = "confirmCancel";
    return assistantSays(s, `${first} ${t(s, "confirmCancel")}`);
  }
  if (wantsSomething(s.want)) return offerTimes(transport, s, s.want, first);
  s.stage = "day";
  return assistantSays(s, `${first} ${t(s, "askNewDay")}`);
}

/** The caller said nothing: the platform's idle prompt, and after the last one it ends the call. */
async function silence(transport: Transport, s: SimState, now: Date): Promise<SimReply> {
  s.silences += 1;
  if (s.silences < SILENCES_BEFORE_END) {
    const idle = s.idle.length ? s.idle : [t(s, "idle")];
    return assistantSays(s, idle[Math.min(s.silences, idle.length) - 1]!);
  }
  s.stage = "ended";
  const reply = assistantSays(s, s.idleEnd ?? say(s, "goodbye"));
  await endCall(transport, s, now, "silence-timed-out");
  return reply;
}

/** A request for a person: put through when the assistant can transfer, else a message for the team. */
async function person(transport: Transport, s: SimState, now: Date): Promise<SimReply> {
  if (!s.transfer) {
    s.flow = "message";
    s.stage = "message";
    return assistantSays(s, t(s, "noTransfer"));
  }
  s.stage = "ended";
  s.outcomes.push({ kind: "transferred" });
  const reply = assistantSays(s, s.transfer);
  await transport(envelope(s, { type: "status-update", status: "forwarding" }));
  await endCall(transport, s, now, "assistant-forwarded-call");
  return reply;
}

/** One caller turn; an empty one is a silence. */
export async function callerSays(transport: Transport, s: SimState, raw: string, now = new Date()): Promise<SimReply> {
  const text = raw.trim().slice(0, 500);
  if (s.stage === "ended") return { state: s, reply: "", ended: true };
  if (!text) return silence(transport, s, now);
  s.silences = 0;
  s.transcript.push({ role: "caller", text });
  const n = norm(text);
  if (EMERGENCY.test(n))
    return assistantSays(s, t(s, "emergency", { number: emergencyNumber(countryOfBusiness({ timeZone: s.timeZone, line: s.line })) }));
  if (PERSON.test(n)) return person(transport, s, now);
  if (ADVICE.test(n)) {
    s.flow = "message";
    s.stage = "message";
    return assistantSays(s, t(s, "noAdvice"));
  }
  const phone = findPhone(text);
  if (phone && s.stage !== "message") s.phone = phone;

  switch (s.stage) {
    case "intent":
    case "anything": {
      if (s.stage === "anything" && !QUESTION.test(n) && (DONE.test(n) || (NO.test(n) && !INTENTS.some(([, re]) => re.test(n)))))
        return hangUp(transport, s, now);
      // "How much is a scaling?" is a question, even when it names an appointment.
      if (QUESTION.test(n)) return answerQuestion(transport, s, text);
      const want = wantOf(text, now, s);
      // "Can I come tomorrow at 10?" asks for an appointment without saying so.
      const intent = INTENTS.find(([, re]) => re.test(n))?.[0] ?? (want.date || want.part ? "book" : undefined);
      if (intent) {
        s.want = intent === "book" || intent === "reschedule" ? want : { ...NO_WANT };
        return startFlow(transport, s, intent);
      }
      if (DONE.test(n)) return hangUp(transport, s, now);
      return assistantSays(s, t(s, "help"));
    }
    case "name":
      if (phone && saysOnlyANumber(text, phone)) return assistantSays(s, t(s, "askNameAgain"));
      s.name = cleanName(phone ? withoutPhone(text, phone) : text) || null;
      if (!s.name) return assistantSays(s, t(s, "askName"));
      s.stage = "reason";
      return assistantSays(s, t(s, "askReason", { name: s.name }));
    case "reason":
      // A number is the phone to confirm to, never the reason for the visit: keep it, ask the reason again.
      if (phone && saysOnlyANumber(text, phone)) return assistantSays(s, t(s, "askReasonAgain"));
      s.reason = (phone ? withoutPhone(text, phone) : text).replace(/[.!,;\s]+$/, "").slice(0, 500) || null;
      if (s.birthDateCheck) {
        s.stage = "birthDate";
        return assistantSays(s, t(s, "askBirthDate"));
      }
      s.stage = "email";
      return assistantSays(s, t(s, "askEmail"));
    case "birthDate": {
      const born = parseBirthDate(text, s.language);
      if (!born) return assistantSays(s, t(s, "askBirthDateAgain"));
      s.birthDate = born.date;
      s.stage = "email";
      return assistantSays(s, t(s, "askEmail"));
    }
    case "email": {
      s.email =
        /[^\s@]+@[^\s@]+\.[^\s@]+/
          .exec(text)?.[0]
          ?.replace(/[.,;]+$/, "")
          .toLowerCase() ?? null;
      const want = wantOf(text, now, s);
      if (wantsSomething(want))
        s.want = { date: want.date ?? s.want.date, time: want.time ?? (want.date ? null : s.want.time), part: want.part ?? null };
      return askDayOrOffer(transport, s);
    }
    case "day": {
      const want = wantOf(text, now, s);
      if (!want.date && !want.part) {
        if (!want.time && DONE.test(n)) return hangUp(transport, s, now);
        if (want.time) s.want = { ...NO_WANT, time: want.time };
        return assistantSays(s, t(s, "askDayAgain"));
      }
      // A time said earlier ("at 10", then "Thursday") goes with the day.
      return offerTimes(transport, s, { ...want, time: want.time ?? (want.date ? s.want.time : null) });
    }
    case "choose": {
      const picked = pickOffer(text, s.offers);
      if (picked) {
        s.chosen = picked;
        s.stage = "confirm";
        return assistantSays(s, readBack(s));
      }
      const want = wantOf(text, now, s);
      // Another day, or another time or part of the day than those offered: ask the calendar again.
      if (wantsSomething(want)) return offerTimes(transport, s, { ...want, date: want.date ?? s.offers[0]?.slice(0, 10) ?? null });
      // None of them: "no thanks, that's all" ends the call, a plain "no" leaves room for something else.
      if (DONE.test(n)) return hangUp(transport, s, now);
      if (NO.test(n)) {
        s.stage = "anything";
        return assistantSays(s, t(s, "anythingElse"));
      }
      return assistantSays(s, t(s, "pickAgain"));
    }
    case "confirm": {
      const want = wantOf(text, now, s);
      const [chosenDate, chosenTime] = s.chosen!.split(" ") as [string, string];
      // "No, actually Thursday": a change of mind at the read-back asks the calendar for the new day or time.
      const changed = (want.date && want.date !== chosenDate) || (want.time && want.time !== chosenTime) || (want.part && !want.date);
      if (changed) return offerTimes(transport, s, { ...want, date: want.date ?? chosenDate });
      if (!YES.test(n) || NO.test(n)) {
        s.stage = "day";
        return assistantSays(s, t(s, s.flow === "reschedule" ? "askNewDay" : "askDay"));
      }
      const result =
        s.flow === "reschedule"
          ? await callTool(transport, s, "reschedule_appointment", { appointmentId: s.appointmentId, date: chosenDate, time: chosenTime })
          : await callTool(transport, s, "book_appointment", {
              date: chosenDate,
              time: chosenTime,
              name: s.name,
              reason: s.reason,
              ...(s.birthDate ? { dateOfBirth: s.birthDate } : {}),
              ...(s.phone ? { phone: s.phone } : {}),
              ...(s.email ? { email: s.email } : {}),
            });
      if (offered(s, result)) {
        s.stage = "choose";
        return assistantSays(s, `${spoken(result)} ${t(s, "whichOne")}`);
      }
      const ok = result.startsWith(
        say(s, s.flow === "reschedule" ? "rescheduled" : "booked")
          .split("{")[0]!
          .trim(),
      );
      if (ok) s.outcomes.push({ kind: s.flow === "reschedule" ? "rescheduled" : "booked", slot: speakRef(s, s.chosen!) });
      s.stage = "anything";
      return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
    }
    case "confirmCancel": {
      s.stage = "anything";
      if (!YES.test(n) || NO.test(n)) return assistantSays(s, t(s, "anythingElse"));
      const result = await callTool(transport, s, "cancel_appointment", { appointmentId: s.appointmentId });
      if (result.startsWith(say(s, "cancelled").split("{")[0]!.trim())) s.outcomes.push({ kind: "cancelled" });
      return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
    }
    case "verifyPhone": {
      // The number the appointment was booked with, to text it a code; "no, that's all" gives up.
      if (!phone) {
        if (DONE.test(n)) return hangUp(transport, s, now);
        if (NO.test(n)) {
          s.stage = "anything";
          return assistantSays(s, t(s, "anythingElse"));
        }
        return assistantSays(s, say(s, "verificationNeedsPhone"));
      }
      // A landline, or a phone not to hand: the name and date of birth instead, when the assistant can check them.
      if (s.birthDateCheck && NO_TEXTS.test(n)) {
        s.stage = "verifyIdentity";
        return assistantSays(s, t(s, "askIdentity"));
      }
      const result = await callTool(transport, s, "send_verification_code", { phone });
      const sent = result === say(s, "verificationSent");
      s.stage = sent ? "verifyCode" : "anything";
      return assistantSays(s, sent ? spoken(result) : `${spoken(result)} ${t(s, "anythingElse")}`);
    }
    case "verifyCode": {
      const digits = text.replace(/\D/g, "");
      if (digits.length !== 6) {
        if (DONE.test(n)) return hangUp(transport, s, now);
        return assistantSays(s, say(s, "verificationNeedsCode"));
      }
      const result = await callTool(transport, s, "verify_code", { code: digits });
      const id = UUID.exec(result)?.[1];
      if (id) {
        s.appointmentId = id;
        return changeFound(transport, s, s.flow, spoken(result));
      }
      if (result === say(s, "verification.wrong")) return assistantSays(s, spoken(result));
      s.stage = "anything";
      return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
    }
    case "verifyIdentity": {
      const born = parseBirthDate(text, s.language);
      const name = born ? identityName(text.normalize("NFC").replace(born.said, " ")) : "";
      if (!born || !name || !s.phone) {
        if (DONE.test(n)) return hangUp(transport, s, now);
        return assistantSays(s, t(s, "askIdentity"));
      }
      const result = await callTool(transport, s, "verify_identity", { phone: s.phone, name, dateOfBirth: born.date });
      const id = UUID.exec(result)?.[1];
      if (id) {
        s.appointmentId = id;
        return changeFound(transport, s, s.flow, spoken(result));
      }
      if (result === say(s, "identity.wrong")) return assistantSays(s, spoken(result));
      s.stage = "anything";
      return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
    }
    case "message": {
      // "No thanks" to the offer of a message is no message.
      if (n.split(/\s+/).length <= 4 && (DONE.test(n) || NO.test(n))) {
        if (DONE.test(n) && !NO.test(n)) return hangUp(transport, s, now);
        s.stage = "anything";
        return assistantSays(s, t(s, "anythingElse"));
      }
      // "Yes, please ask her to call me back" answers the offer; the message is what follows the yes.
      const body = text.replace(/^\s*(yes|yeah|oui|si|sí)(?=[\s,.!]|$)[\s,.!]*/i, "").trim() || text;
      const result = await callTool(transport, s, "take_message", { message: body, name: s.name, ...(s.phone ? { phone: s.phone } : {}) });
      s.outcomes.push({ kind: "message" });
      s.stage = "anything";
      return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
    }
  }
  return assistantSays(s, t(s, "help"));
}

/**
 * The stand-in answers a question as a model bound by its instructions would: from a search when it has lookup_info,
 * from the entries in its instructions otherwise (the one sharing the most words with the question), and with "I don't
 * know" and the offer of a message when neither holds the answer; the caller's next words are then that message.
 */
async function answerQuestion(transport: Transport, s: SimState, text: string): Promise<SimReply> {
  let result: string;
  if (s.knowledge.lookup) result = await callTool(transport, s, "lookup_info", { question: text });
  else {
    const best = bestFacts(s.knowledge.facts, text);
    result = best.length ? say(s, "lookupFound", { entries: best.join(" | ") }) : say(s, "lookupNothing");
  }
  if (result === say(s, "lookupNothing")) {
    s.flow = "message";
    s.stage = "message";
    return assistantSays(s, result);
  }
  s.stage = "anything";
  return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
}

// Words that ask rather than name what is asked about.
const QUESTION_WORDS = new Set(
  "how much many does cost costs price prices what your you take accept combien coute prix tarif quel quelle vous acceptez est cuanto cuesta precio cual aceptan usted".split(
    " ",
  ),
);

/** The entries sharing the most words (their first five letters: a crude stem) with the question; none when none do. */
function bestFacts(facts: string[], question: string): string[] {
  const stems = (text: string) =>
    new Set(
      norm(text)
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length >= 4 && !QUESTION_WORDS.has(w))
        .map((w) => w.slice(0, 5)),
    );
  const asked = stems(question);
  let best: string[] = [];
  let top = 0;
  for (const fact of facts) {
    const score = [...stems(fact)].filter((w) => asked.has(w)).length;
    if (score > top) [best, top] = [[fact], score];
    else if (score === top && score > 0) best.push(fact);
  }
  return best.slice(0, 2);
}

/** What the assistant was given of the owner's knowledge: the search tool, or the entries its instructions list. */
function knowledgeOf(assistant: Obj, tools: unknown[]): SimState["knowledge"] {
  const lookup = tools.some((tool) => obj(obj(tool).function).name === "lookup_info");
  const prompt = list(obj(assistant.model).messages)
    .map((m) => obj(m).content)
    .find((c): c is string => typeof c === "string");
  const line = prompt?.split("\n").find((l) => l.startsWith(KNOWLEDGE_LINE));
  const facts = line
    ? line
        .slice(line.indexOf("): ") + 3)
        .split(" | ")
        .slice(0, 30)
    : [];
  return { lookup, facts };
}

async function hangUp(transport: Transport, s: SimState, now: Date): Promise<SimReply> {
  s.stage = "ended";
  const reply = assistantSays(s, say(s, "goodbye"));
  await endCall(transport, s, now, "assistant-ended-call");
  return reply;
}

/** The end-of-call report, as the platform would send it: transcript, a summary, the times and the reason. */
export async function endCall(transport: Transport, s: SimState, now = new Date(), endedReason = "customer-ended-call"): Promise<SimState> {
  s.stage = "ended";
  const transcript = s.transcript.map((turn) => `${turn.role === "assistant" ? "AI" : "User"}: ${turn.text}`).join("\n");
  const summary = s.outcomes.length
    ? s.outcomes.map((o) => t(s, `summary.${o.kind}`, { slot: o.slot ?? "" })).join(" ")
    : t(s, "summary.none");
  await transport(
    envelope(s, {
      type: "end-of-call-report",
      endedReason,
      startedAt: s.startedAt,
      endedAt: now.toISOString(),
      artifact: { transcript },
      analysis: { summary },
    }),
  );
  return s;
}

const SLOT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const stateSchema = z.object({
  v: z.literal(1),
  callId: z.string().max(120),
  line: z.string().max(20),
  caller: z.string().max(20),
  language: z.enum(["en", "fr", "es"]),
  timeZone: z.string().max(64).refine(isTimeZone),
  messageOnly: z.boolean(),
  birthDateCheck: z.boolean().default(false),
  stage: z.enum([
    "intent",
    "name",
    "reason",
    "birthDate",
    "email",
    "day",
    "choose",
    "confirm",
    "confirmCancel",
    "verifyPhone",
    "verifyCode",
    "verifyIdentity",
    "message",
    "anything",
    "ended",
  ]),
  flow: z.enum(["book", "reschedule", "cancel", "message"]).nullable(),
  name: z.string().max(120).nullable(),
  reason: z.string().max(500).nullable(),
  email: z.string().max(254).nullable(),
  // Fields added later default, so a call started before an update carries on.
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null),
  phone: z.string().max(40).nullable().default(null),
  want: z
    .object({
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullable(),
      time: z
        .string()
        .regex(/^\d{2}:\d{2}$/)
        .nullable(),
      part: z.enum(["morning", "afternoon", "evening"]).nullable(),
    })
    .default({ date: null, time: null, part: null }),
  transfer: z.string().max(500).nullable().default(null),
  knowledge: z.object({ lookup: z.boolean(), facts: z.array(z.string().max(2400)).max(30) }).default({ lookup: false, facts: [] }),
  idle: z.array(z.string().max(500)).max(5).default([]),
  idleEnd: z.string().max(500).nullable().default(null),
  silences: z.number().int().min(0).max(10).default(0),
  offers: z.array(z.string().regex(SLOT)).max(10),
  chosen: z.string().regex(SLOT).nullable(),
  appointmentId: z.string().uuid().nullable(),
  toolCalls: z.number().int().min(0).max(1000),
  outcomes: z
    .array(
      z.object({ kind: z.enum(["booked", "rescheduled", "cancelled", "message", "transferred"]), slot: z.string().max(200).optional() }),
    )
    .max(50),
  transcript: z.array(z.object({ role: z.enum(["assistant", "caller"]), text: z.string().max(2000) })).max(400),
  startedAt: z.string().datetime(),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A state sent back by a browser, checked field by field (the caller of this function checks whose call it is). */
export function parseSimState(value: unknown): SimState | null {
  const parsed = stateSchema.safeParse(value);
  if (!parsed.success) return null;
  const s = parsed.data as SimState;
  // A stage that needs a chosen slot or an appointment must have one.
  if (s.stage === "confirm" && !s.chosen) return null;
  if (s.stage === "confirmCancel" && !s.appointmentId) return null;
  return s;
}
