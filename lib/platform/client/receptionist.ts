// What the dashboard reads about the receptionist's work: the answers of /api/outbox, /api/calendar/events and
// /api/receptionist/try as the API declares them, and the small helpers the call pages share. (A transcript's turns are
// read by lib/platform/shared/transcript.ts, which the server uses too; the Try page's suggestions are the conversation
// engine's, lib/receptionist/simulator/suggestions.ts.)
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

/** The speech engines' language tags for a call's language. */
export const SPEECH_LANG: Record<CallLanguage, string> = { en: "en-US", fr: "fr-FR", es: "es-ES" };
