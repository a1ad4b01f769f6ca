// What every tool of the receptionist reads: the call it answers (the business, the caller, the call's memory), and the
// readings of what a model passes that more than one tool shares (a text, a day, a date of birth, the fields missing).
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import { HORIZON_DAYS, type BookingDeps } from "@/lib/scheduling/booking/core";
import { isCalendarDate } from "@/lib/platform/time/zoned-time";
import { remember, type CallMemory } from "../calls/call-memory";
import { speakList, type Say } from "../speech/speech";
import { addDays, daysBetween, localToday, speakCalendarDay } from "../speech/when";

export type Args = Record<string, unknown>;

export type ToolContext = {
  deps: BookingDeps;
  biz: Business;
  /** The language the answer is in: the call's, or the one the model says the caller switched to. */
  language: CallLanguage;
  /** The caller ID, normalized; the default phone for bookings and the key for "my appointments". */
  callerNumber: string | null;
  providerCallId: string;
  toolCallId: string;
  /**
   * What the caller settled earlier in this call (call-memory.ts): the value a tool call leaves out. Shared by the
   * tool calls of one message, so the second sees what the first settled.
   */
  memory: CallMemory;
  /**
   * A reminder call's appointment, bound on our side when the call was placed: the only one its tools may confirm,
   * move or cancel, whatever id the model names.
   */
  bound?: string;
};

/** Keeps what this tool call settled for the rest of the call (the next tool call may reach another instance). */
export async function settle(ctx: ToolContext, patch: CallMemory): Promise<void> {
  Object.assign(ctx.memory, patch);
  await remember(ctx.deps.db, { providerCallId: ctx.providerCallId, userId: ctx.biz.userId }, patch);
}

export const text = (v: unknown, max = 500): string | null => {
  if (typeof v !== "string" && typeof v !== "number") return null;
  const s = String(v).trim().replace(/\s+/g, " ");
  return s ? s.slice(0, max) : null;
};

export const now = (ctx: ToolContext) => (ctx.deps.now ? ctx.deps.now() : new Date());

/**
 * A day the caller can book: not past, not beyond the horizon. Null when it is fine, else the sentence the model passes on
 * (today's date or the last bookable day included, so it can ask again without guessing).
 */
export function dayProblem(ctx: ToolContext, say: Say, date: string): string | null {
  const today = localToday(now(ctx), ctx.biz.timeZone);
  const ahead = daysBetween(today, date);
  if (ahead < 0) return say("pastDate", { today: speakCalendarDay(today, ctx.language) });
  if (ahead > HORIZON_DAYS)
    return say("beyondHorizon", { days: HORIZON_DAYS, last: speakCalendarDay(addDays(today, HORIZON_DAYS), ctx.language) });
  return null;
}

/** "Before I can do that I still need the …": the fields named in the call's language. */
export function stillNeeded(ctx: ToolContext, say: Say, fields: string[]): string {
  return say("missingDetails", {
    fields: speakList(
      fields.map((f) => say(`fields.${f}`)),
      ctx.language,
      "conjunction",
    ),
  });
}

/**
 * A date of birth as YYYY-MM-DD (the form the tool asks for; a one-digit month or day is padded): a real day between
 * 1900 and today in the business's zone, else null so the caller is asked again rather than a wrong date being kept.
 */
export function readBirthDate(raw: string, ctx: ToolContext): string | null {
  const iso = raw.replace(
    /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
    (_, y: string, m: string, d: string) => `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`,
  );
  if (!isCalendarDate(iso) || iso < "1900-01-01") return null;
  const today = localToday(now(ctx), ctx.biz.timeZone);
  return iso <= today ? iso : null;
}
