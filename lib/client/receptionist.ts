// What the dashboard reads about the receptionist's work: the shapes of /api/outbox, /api/calendar/events and
// /api/receptionist/try as the browser sees them, and the small pure helpers the call pages share.

export type OutboxChannel = "email" | "sms" | "whatsapp";

export type OutboxMessage = {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  links: string[];
  attachments: { filename: string; contentType: string }[];
  status: "queued" | "sent" | "failed";
  provider: "sandbox" | "smtp" | "telnyx";
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

export type OutboxList = { sandbox: Record<OutboxChannel, boolean>; messages: OutboxMessage[] };

export type SandboxCalendarEvent = {
  eventId: string;
  start: string;
  end: string;
  summary: string;
  description: string | null;
  attendeeEmail: string | null;
};

export type SandboxCalendarEvents = { sandbox: true; timeZone: string; events: SandboxCalendarEvent[] };

export type CallLanguage = "en" | "fr" | "es";

/** The state is the server's: the page keeps it and sends it back unchanged. */
export type TryState = Record<string, unknown>;

export type TryTurn = { state: TryState; reply?: string; ended: boolean; language?: CallLanguage; line?: string; caller?: string };

/** What an owner still has to do before a test call (GET /api/receptionist/try), in the order to do it. */
export type TryStep = "account" | "calendar" | "subscription" | "number";
export type TryReadiness = { ready: boolean; missing: TryStep[] };

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
 * What a caller can say to the sandbox conversation engine, in the call's language (not the dashboard's: an English
 * dashboard can try a French receptionist). They are the caller's words, so they live here beside the engine's
 * vocabulary rather than in the interface's message catalogues.
 */
export const EXAMPLE_PHRASES: Record<CallLanguage, string[]> = {
  en: ["I'd like to book an appointment", "Marie Curie", "A check-up", "Tomorrow", "The first one", "Yes", "No, that's all"],
  fr: ["Je voudrais prendre rendez-vous", "Marie Curie", "Un contrôle", "Demain", "Le premier", "Oui", "Non, merci"],
  es: ["Quisiera pedir una cita", "Marie Curie", "Una revisión", "Mañana", "La primera", "Sí", "No, gracias"],
};

/** The speech engines' language tags for a call's language. */
export const SPEECH_LANG: Record<CallLanguage, string> = { en: "en-US", fr: "fr-FR", es: "es-ES" };
