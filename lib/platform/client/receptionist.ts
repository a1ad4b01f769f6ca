// What the dashboard reads about the receptionist's work: the answers of /api/outbox, /api/calendar/events and
// /api/receptionist/try as the API declares them, and the small pure helpers the call pages share.
import type { Answer } from "./api";

export type OutboxList = Answer<"/api/outbox">;
export type OutboxMessage = OutboxList["messages"][number];
export type OutboxChannel = OutboxMessage["channel"];

export type SandboxCalendarEvents = Answer<"/api/calendar/events">;

export type TryTurn = Answer<"/api/receptionist/try", "post">;
/** The state is the server's: the page keeps it and sends it back unchanged. */
export type TryState = TryTurn["state"];
export type CallLanguage = NonNullable<TryTurn["language"]>;

/** What an owner still has to do before a test call (GET /api/receptionist/try), in the order to do it. */
export type TryReadiness = Answer<"/api/receptionist/try">;
export type TryStep = TryReadiness["missing"][number];

/** The dashboard page where each step is done; a deactivated account has none (support reactivates it). */
export const TRY_STEP_PAGE: Record<TryStep, string | null> = {
  account: null,
  calendar: "/dashboard/calendar",
  subscription: "/dashboard/subscription",
  number: "/dashboard/phone-number",
};

/** 185 → "3:05": a call's length as a phone shows it. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Only web addresses become links or audio sources: a stored "javascript:" or "data:" URL is shown as nothing. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export type TranscriptLine = { speaker: "receptionist" | "caller" | null; text: string };

const SPEAKER = /^(AI|Assistant|Bot|Agent|User|Customer|Caller)\s*:\s*/i;
// Vapi's transcript usually has one turn per line, but some reports run the turns together on one line
// ("AI: Hello. User: I'd like an appointment."): a speaker tag after a sentence's end starts a new turn too.
const INLINE_TURN = /(?<=[.!?…])\s+(?=(?:AI|Assistant|Bot|Agent|User|Customer|Caller)\s*:\s)/i;

/** "AI: …\nUser: …" → the turns of the dialogue; text with no speaker tag continues the turn before it. */
export function parseTranscript(transcript: string): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const raw of transcript.split(/\r?\n/).flatMap((l) => l.split(INLINE_TURN))) {
    const line = raw.trim();
    if (!line) continue;
    const m = SPEAKER.exec(line);
    if (m) {
      const caller = /^(user|customer|caller)$/i.test(m[1]!);
      lines.push({ speaker: caller ? "caller" : "receptionist", text: line.slice(m[0].length) });
    } else if (lines.length > 0) {
      lines[lines.length - 1]!.text += ` ${line}`;
    } else {
      lines.push({ speaker: null, text: line });
    }
  }
  return lines;
}

/**
 * What a caller can say next to the sandbox conversation engine, in the call's language (not the dashboard's: an English
 * dashboard can try a French receptionist): the answers to what the receptionist just asked (the conversation's stage),
 * and a reason for the visit that fits the business. They are the caller's words, so they live here beside the engine's
 * vocabulary rather than in the interface's message catalogues. None for the checks of a caller's identity: those are
 * the caller's own numbers and codes to type.
 */
export function suggestionsFor(language: CallLanguage, stage: string, businessType: string | null): string[] {
  const p = PHRASES[language];
  switch (stage) {
    case "intent":
      return [p.book, p.move, p.cancel, p.message];
    case "name":
      return [p.name];
    case "reason":
      return [p.reasons[businessType ?? ""] ?? p.reasons.medical!];
    case "birthDate":
      return [p.birthDate];
    case "email":
      return [p.no, p.email];
    case "day":
      return [p.tomorrow, p.tomorrowAfternoon, p.nextMonday];
    case "choose":
    case "whichAppointment":
      return [p.first, p.second];
    case "confirm":
    case "confirmCancel":
      return [p.yes, p.no];
    case "urgent":
      // The answer to the trade's warning-sign question: no (the earliest time is looked for) or yes (an emergency).
      return [p.no, p.yes];
    case "country":
      return [p.country];
    case "transferWhat":
      return [p.about];
    case "message":
      return [p.messageText];
    case "anything":
      return [p.done, p.book];
    default:
      return [];
  }
}

type Phrases = {
  book: string;
  move: string;
  cancel: string;
  message: string;
  name: string;
  /** By business type; "medical" also stands for a business that has not said its type. */
  reasons: Record<string, string>;
  birthDate: string;
  email: string;
  tomorrow: string;
  tomorrowAfternoon: string;
  nextMonday: string;
  first: string;
  second: string;
  yes: string;
  no: string;
  messageText: string;
  done: string;
  /** Where a number given in national form is from, when the receptionist asks. */
  country: string;
  /** What a call is about, when the receptionist asks before putting the caller through. */
  about: string;
};

const PHRASES: Record<CallLanguage, Phrases> = {
  en: {
    book: "I'd like to book an appointment",
    move: "I need to move my appointment",
    cancel: "I'd like to cancel my appointment",
    message: "I'd like to leave a message",
    name: "Marie Curie",
    reasons: {
      medical: "A check-up",
      dental: "A cleaning",
      restaurant: "Dinner for two",
      beauty: "A haircut",
      fitness: "A personal training session",
      consultancy: "A first meeting",
      legal: "A first consultation",
      accounting: "My tax return",
      real_estate: "A flat viewing",
      hotel: "A room for two nights",
      education: "A trial lesson",
      retail: "Picking up an order",
    },
    birthDate: "12 March 1985",
    email: "marie.curie@example.com",
    tomorrow: "Tomorrow",
    tomorrowAfternoon: "Tomorrow afternoon",
    nextMonday: "Monday morning",
    first: "The first one",
    second: "The second one",
    yes: "Yes",
    no: "No",
    messageText: "Please call me back about my bill",
    done: "No, that's all",
    country: "It's a UK number",
    about: "It's about my bill",
  },
  fr: {
    book: "Je voudrais prendre rendez-vous",
    move: "Je dois déplacer mon rendez-vous",
    cancel: "Je voudrais annuler mon rendez-vous",
    message: "Je voudrais laisser un message",
    name: "Marie Curie",
    reasons: {
      medical: "Un contrôle",
      dental: "Un détartrage",
      restaurant: "Un dîner pour deux",
      beauty: "Une coupe",
      fitness: "Une séance de coaching",
      consultancy: "Un premier échange",
      legal: "Une première consultation",
      accounting: "Ma déclaration d'impôts",
      real_estate: "Une visite d'appartement",
      hotel: "Une chambre pour deux nuits",
      education: "Un cours d'essai",
      retail: "Retirer une commande",
    },
    birthDate: "12 mars 1985",
    email: "marie.curie@example.com",
    tomorrow: "Demain",
    tomorrowAfternoon: "Demain après-midi",
    nextMonday: "Lundi matin",
    first: "Le premier",
    second: "Le deuxième",
    yes: "Oui",
    no: "Non",
    messageText: "Rappelez-moi au sujet de ma facture",
    done: "Non, merci",
    country: "C'est un numéro anglais",
    about: "C'est au sujet de ma facture",
  },
  es: {
    book: "Quisiera pedir una cita",
    move: "Necesito cambiar mi cita",
    cancel: "Quisiera cancelar mi cita",
    message: "Quisiera dejar un recado",
    name: "Marie Curie",
    reasons: {
      medical: "Una revisión",
      dental: "Una limpieza",
      restaurant: "Una cena para dos",
      beauty: "Un corte de pelo",
      fitness: "Una sesión de entrenamiento",
      consultancy: "Una primera reunión",
      legal: "Una primera consulta",
      accounting: "Mi declaración de la renta",
      real_estate: "Ver un piso",
      hotel: "Una habitación para dos noches",
      education: "Una clase de prueba",
      retail: "Recoger un pedido",
    },
    birthDate: "12 de marzo de 1985",
    email: "marie.curie@example.com",
    tomorrow: "Mañana",
    tomorrowAfternoon: "Mañana por la tarde",
    nextMonday: "El lunes por la mañana",
    first: "La primera",
    second: "La segunda",
    yes: "Sí",
    no: "No",
    messageText: "Llámenme por lo de mi factura",
    done: "No, gracias",
    country: "Es un número del Reino Unido",
    about: "Es por una factura",
  },
};

/** The speech engines' language tags for a call's language. */
export const SPEECH_LANG: Record<CallLanguage, string> = { en: "en-US", fr: "fr-FR", es: "es-ES" };
