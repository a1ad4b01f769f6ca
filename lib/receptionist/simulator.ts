// The sandbox stand-in for the voice platform: a deterministic conversation engine that plays Vapi's part and drives
// our real webhook path (assistant-request, status-update, tool-calls, end-of-call-report). It understands a small,
// fixed set of phrases in English, French and Spanish; the booking, the messages and the call log it produces are real.
// Used by the dashboard's "Try your receptionist" page (in-process) and by `npm run call:simulate` (over HTTP).
import { z } from "zod";
import { zonedWallTimeToUtc } from "@/lib/appointments/zoned-time";
import { translate } from "@/lib/i18n/translate";
import type { CallLanguage } from "./business";
import { emergencyNumber } from "./phone";
import { slotReference, speakSlot } from "./speech";

/** Sends one server message ({ message }) to the webhook and returns its JSON answer. */
export type Transport = (payload: { message: Record<string, unknown> }) => Promise<Record<string, unknown>>;

export type Turn = { role: "assistant" | "caller"; text: string };
type Stage = "intent" | "name" | "reason" | "email" | "day" | "choose" | "confirm" | "confirmCancel" | "message" | "anything" | "ended";
type Outcome = { kind: "booked" | "rescheduled" | "cancelled" | "message"; slot?: string };

export type SimState = {
  v: 1;
  callId: string;
  line: string;
  caller: string;
  language: CallLanguage;
  timeZone: string;
  messageOnly: boolean;
  stage: Stage;
  flow: "book" | "reschedule" | "cancel" | "message" | null;
  name: string | null;
  reason: string | null;
  email: string | null;
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

const t = (s: SimState, key: string, params: Record<string, string> = {}) => translate(s.language, `Simulator.${key}`, params);
const say = (s: SimState, key: string, params: Record<string, string> = {}) => translate(s.language, `Receptionist.${key}`, params);

/** What a person would hear: the tool's text without the bracketed references meant for the model. */
export function spoken(text: string): string {
  return text.replace(/\s*\[[^\]]+\]/g, "").replace(/\s+([,.])/g, "$1").trim();
}

function envelope(s: SimState, message: Record<string, unknown>) {
  return { message: { call: { id: s.callId, customer: { number: s.caller } }, phoneNumber: { number: s.line }, timestamp: Date.now(), ...message } };
}

function assistantSays(s: SimState, text: string): SimReply {
  s.transcript.push({ role: "assistant", text });
  return { state: s, reply: text, ended: s.stage === "ended" };
}

async function callTool(transport: Transport, s: SimState, name: string, args: Record<string, unknown>): Promise<string> {
  s.toolCalls += 1;
  const id = `${s.callId}-tool-${s.toolCalls}`;
  const answer = await transport(envelope(s, { type: "tool-calls", toolCallList: [{ id, type: "function", function: { name, arguments: args } }] }));
  const results = (answer.results as { toolCallId: string; result?: string; error?: string }[] | undefined) ?? [];
  const mine = results.find((r) => r.toolCallId === id);
  return mine?.result ?? mine?.error ?? "";
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
    stage: "intent",
    flow: null,
    name: null,
    reason: null,
    email: null,
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
  const assistant = answer.assistant as {
    firstMessage: string;
    transcriber: { language: CallLanguage };
    metadata?: { timeZone?: string };
    model: { tools: { function?: { name: string } }[] };
  };
  s.language = assistant.transcriber.language;
  s.timeZone = assistant.metadata?.timeZone ?? "UTC";
  s.messageOnly = !assistant.model.tools.some((tool) => tool.function?.name === "book_appointment");
  s.stage = s.messageOnly ? "message" : "intent";
  await transport(envelope(s, { type: "status-update", status: "in-progress", call: { id: s.callId, customer: { number: s.caller }, startedAt: s.startedAt } }));
  return assistantSays(s, assistant.firstMessage);
}

// --- understanding the caller: a fixed, small vocabulary -------------------------------------------------------------
const norm = (text: string) => text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[’']/g, "'").trim();
const YES = /\b(yes|yeah|yep|sure|ok|okay|correct|right|please do|oui|d'accord|exact|parfait|volontiers|si|vale|claro|perfecto|de acuerdo)\b/;
const NO = /\b(no|nope|non|nada|pas|not)\b/;
const DONE = /\b(that's all|that is all|nothing else|bye|goodbye|c'est tout|rien d'autre|au revoir|merci|eso es todo|nada mas|adios|gracias)\b/;
const EMERGENCY = /\b(emergency|chest pain|can't breathe|cannot breathe|bleeding|unconscious|urgence|douleur (a la|dans la) poitrine|saigne|inconscient|emergencia|dolor en el pecho|sangr)/;
const INTENTS: [Exclude<SimState["flow"], null>, RegExp][] = [
  ["cancel", /\b(cancel|annul|cancelar|anular)/],
  ["reschedule", /\b(reschedul|move|change|deplac|report|changer|cambiar|mover)/],
  ["message", /\b(message|call me back|rappel|mensaje|recado)/],
  ["book", /\b(book|appointment|rendez|rdv|reserv|cita|consult|see the doctor|voir le)/],
];
const WEEKDAYS: Record<string, number> = {
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
  dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6,
  domingo: 0, lunes: 1, martes: 2, miercoles: 3, jueves: 4, viernes: 5, sabado: 6,
};
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

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const x = new Date(Date.UTC(y, m - 1, d + days));
  return x.toISOString().slice(0, 10);
}

/** "tomorrow", "lundi", "2026-12-01" … → YYYY-MM-DD in the business's zone; null when no day is named. */
export function parseDay(text: string, now: Date, timeZone: string): string | null {
  const n = norm(text);
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(n);
  if (iso) return iso[1]!;
  const today = slotReference(now, timeZone).slice(0, 10);
  if (/day after tomorrow|apres-demain|apres demain|pasado manana/.test(n)) return addDays(today, 2);
  if (/\b(tomorrow|demain|manana)\b/.test(n)) return addDays(today, 1);
  if (/\b(today|aujourd'hui|hoy)\b/.test(n)) return today;
  for (const [word, dow] of Object.entries(WEEKDAYS)) {
    if (new RegExp(`\\b${word}\\b`).test(n)) {
      const [y, m, d] = today.split("-").map(Number) as [number, number, number];
      const current = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
      return addDays(today, ((dow - current + 7) % 7) || 7);
    }
  }
  return null;
}

/** "10:30", "10h30", "10 h", "2 pm" → "HH:mm"; null when there is no time. */
export function parseTime(text: string): string | null {
  const n = norm(text);
  const m = /\b(\d{1,2})(?:[:h](\d{2})?|\s*h\b)?\s*(am|pm|a\.m\.|p\.m\.)?/.exec(n);
  if (!m || (!m[2] && !m[3] && !/[:h]/.test(m[0]))) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  if (m[3]?.startsWith("p") && hour < 12) hour += 12;
  if (m[3]?.startsWith("a") && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
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
    .replace(/^\s*(my name is|my name's|i am|i'm|it's|this is|je m'appelle|je m’appelle|je suis|c'est|c’est|moi c'est|me llamo|soy|mi nombre es)\s+/i, "")
    .replace(/[.!]+$/, "")
    .trim()
    .slice(0, 120);
}

function speakRef(s: SimState, ref: string): string {
  const at = zonedWallTimeToUtc(ref.slice(0, 10), ref.slice(11), s.timeZone);
  return at ? speakSlot(at, s.language, s.timeZone) : ref;
}

function offered(s: SimState, result: string): boolean {
  s.offers = [...result.matchAll(REF)].map((m) => m[1]!);
  return s.offers.length > 0;
}

/** The caller's appointments as the tool reads them; the first one's id is kept for the change. */
async function lookUpAppointment(transport: Transport, s: SimState): Promise<{ found: boolean; text: string }> {
  const result = await callTool(transport, s, "find_my_appointments", {});
  s.appointmentId = UUID.exec(result)?.[1] ?? null;
  return { found: !!s.appointmentId, text: spoken(result) };
}

async function askForDay(transport: Transport, s: SimState, text: string, now: Date): Promise<SimReply> {
  const date = parseDay(text, now, s.timeZone);
  if (!date) return assistantSays(s, t(s, "askDayAgain"));
  const time = parseTime(text);
  const result = await callTool(transport, s, "check_availability", time ? { date, time } : { date });
  if (!offered(s, result)) return assistantSays(s, `${spoken(result)} ${t(s, "askDay")}`);
  if (time && s.offers.length === 1) {
    s.chosen = s.offers[0]!;
    s.stage = "confirm";
    return assistantSays(s, readBack(s));
  }
  s.stage = "choose";
  return assistantSays(s, `${spoken(result)} ${t(s, "whichOne")}`);
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
    s.stage = "anything";
    return assistantSays(s, `${first} ${t(s, "anythingElse")}`);
  }
  if (flow === "cancel") {
    s.stage = "confirmCancel";
    return assistantSays(s, `${first} ${t(s, "confirmCancel")}`);
  }
  s.stage = "day";
  return assistantSays(s, `${first} ${t(s, "askNewDay")}`);
}

export async function callerSays(transport: Transport, s: SimState, raw: string, now = new Date()): Promise<SimReply> {
  const text = raw.trim().slice(0, 500);
  if (s.stage === "ended") return { state: s, reply: "", ended: true };
  s.transcript.push({ role: "caller", text });
  const n = norm(text);
  if (EMERGENCY.test(n)) return assistantSays(s, t(s, "emergency", { number: emergencyNumber(s.line) }));

  switch (s.stage) {
    case "intent":
    case "anything": {
      if (s.stage === "anything" && (DONE.test(n) || (NO.test(n) && !INTENTS.some(([, re]) => re.test(n))))) return hangUp(transport, s, now);
      const intent = INTENTS.find(([, re]) => re.test(n))?.[0];
      if (intent) return startFlow(transport, s, intent);
      if (DONE.test(n)) return hangUp(transport, s, now);
      return assistantSays(s, t(s, "help"));
    }
    case "name":
      s.name = cleanName(text) || null;
      if (!s.name) return assistantSays(s, t(s, "askName"));
      s.stage = "reason";
      return assistantSays(s, t(s, "askReason", { name: s.name }));
    case "reason":
      s.reason = text.replace(/[.!]+$/, "").slice(0, 500) || null;
      s.stage = "email";
      return assistantSays(s, t(s, "askEmail"));
    case "email":
      s.email = /[^\s@]+@[^\s@]+\.[^\s@]+/.exec(text)?.[0]?.replace(/[.,;]+$/, "").toLowerCase() ?? null;
      s.stage = "day";
      return assistantSays(s, t(s, "askDay"));
    case "day":
      return askForDay(transport, s, text, now);
    case "choose": {
      const picked = pickOffer(text, s.offers);
      if (!picked) {
        if (parseDay(text, now, s.timeZone)) return askForDay(transport, s, text, now);
        return assistantSays(s, t(s, "pickAgain"));
      }
      s.chosen = picked;
      s.stage = "confirm";
      return assistantSays(s, readBack(s));
    }
    case "confirm": {
      if (!YES.test(n)) {
        s.stage = "day";
        return assistantSays(s, t(s, "askDay"));
      }
      const [date, time] = s.chosen!.split(" ") as [string, string];
      const result =
        s.flow === "reschedule"
          ? await callTool(transport, s, "reschedule_appointment", { appointmentId: s.appointmentId, date, time })
          : await callTool(transport, s, "book_appointment", { date, time, name: s.name, reason: s.reason, ...(s.email ? { email: s.email } : {}) });
      if (offered(s, result)) {
        s.stage = "choose";
        return assistantSays(s, `${spoken(result)} ${t(s, "whichOne")}`);
      }
      const ok = result.startsWith(say(s, s.flow === "reschedule" ? "rescheduled" : "booked").split("{")[0]!.trim());
      if (ok) s.outcomes.push({ kind: s.flow === "reschedule" ? "rescheduled" : "booked", slot: speakRef(s, s.chosen!) });
      s.stage = "anything";
      return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
    }
    case "confirmCancel": {
      s.stage = "anything";
      if (!YES.test(n)) return assistantSays(s, t(s, "anythingElse"));
      const result = await callTool(transport, s, "cancel_appointment", { appointmentId: s.appointmentId });
      if (result.startsWith(say(s, "cancelled").split("{")[0]!.trim())) s.outcomes.push({ kind: "cancelled" });
      return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
    }
    case "message": {
      const result = await callTool(transport, s, "take_message", { message: text, name: s.name });
      s.outcomes.push({ kind: "message" });
      s.stage = "anything";
      return assistantSays(s, `${spoken(result)} ${t(s, "anythingElse")}`);
    }
  }
  return assistantSays(s, t(s, "help"));
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

const stateSchema = z.object({
  v: z.literal(1),
  callId: z.string().max(120),
  line: z.string().max(20),
  caller: z.string().max(20),
  language: z.enum(["en", "fr", "es"]),
  timeZone: z.string().max(64).refine(isTimeZone),
  messageOnly: z.boolean(),
  stage: z.enum(["intent", "name", "reason", "email", "day", "choose", "confirm", "confirmCancel", "message", "anything", "ended"]),
  flow: z.enum(["book", "reschedule", "cancel", "message"]).nullable(),
  name: z.string().max(120).nullable(),
  reason: z.string().max(500).nullable(),
  email: z.string().max(254).nullable(),
  offers: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).max(10),
  chosen: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).nullable(),
  appointmentId: z.string().uuid().nullable(),
  toolCalls: z.number().int().min(0).max(1000),
  outcomes: z.array(z.object({ kind: z.enum(["booked", "rescheduled", "cancelled", "message"]), slot: z.string().max(200).optional() })).max(50),
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
