// The conversation suite's scenario format: plain, typed data. One scenario is a business (in a known zone, at a fixed
// clock), what is already in its calendar, one or more calls (two calls are played at the same time), and how the
// result is judged: the state the calls leave (appointments, calendar events, outbox, call rows, tools used) and what
// the assistant must and must not say. Each call carries a script for the deterministic stand-in and a persona and goal
// for a real model playing the caller.
import type { DayHours, WorkingHours } from "@/db/schema";

export type Lang = "en" | "fr" | "es";

/** A day relative to the fixed "today" in the business's zone ("+0" today, "+1" tomorrow), or an ISO date. */
export type DayRef = `+${number}` | `${number}-${number}-${number}`;
/** "HH:mm", wall-clock time in the business's zone. */
export type Clock = `${number}:${number}`;

/** What each scenario is there to cover; the suite checks every one is covered in the scenario list. */
export type Cover =
  | "book-today"
  | "book-tomorrow"
  | "book-weekday"
  | "book-date"
  | "book-part-of-day"
  | "date-in-first-sentence"
  | "full-day"
  | "out-of-hours"
  | "calendar-block"
  | "beyond-horizon"
  | "reschedule"
  | "cancel"
  | "cancel-other-number"
  | "cancel-verified"
  | "cancel-birth-date"
  | "book-birth-date"
  | "closure"
  | "price-known"
  | "price-unknown"
  | "message"
  | "emergency"
  | "medical-advice"
  | "transfer"
  | "person-without-transfer"
  | "national-number"
  | "phone-not-reason"
  | "silence"
  | "change-of-mind"
  | "two-callers"
  | "opening"
  | "closed-weekday"
  | "closure-time"
  | "part-after-closing"
  | "other-day-named"
  | "which-appointment"
  | "unknown-item"
  | "business-words"
  | "caller-language"
  | "two-practitioners"
  | "practitioner-asked"
  // What a call remembers, and defaults true to life:
  /** A public holiday asked for: said closed with its name, then the nearest open times. */
  | "public-holiday"
  /** A caller of another language is answered in it by tool calls that no longer say the language. */
  | "language-kept"
  /** The practitioner asked for is kept by tool calls that no longer name them; "anyone" clears it. */
  | "practitioner-kept"
  /** A warm transfer by purpose whose destination does not answer: its backup, or a message, never another destination. */
  | "transfer-fallback"
  /** Two appointments told apart by what they are for or whose they are. */
  | "appointments-told-apart"
  /** A part of the day as the language divides it (a Spanish "tarde" from 16:00, "after school"). */
  | "afternoon-by-language"
  /** A day asked with no free time is said to be fully booked, then the next times with their days; no false "earliest". */
  | "full-day-said"
  /** The confirmation by the one channel the caller asked for. */
  | "one-channel"
  /** A caller from the United Kingdom: a UK number read as one (asked which country when said in national form), confirmed to it in international form. */
  | "uk-caller"
  /** A parent books for a child: the appointment is the child's, the texts say whose and who booked. */
  | "booking-for-child"
  /** "It's urgent": the trade's warning-sign question before any time is offered. */
  | "trade-red-flag"
  /** A date that does not exist ("le 31 février") is said not to exist. */
  | "impossible-date"
  /** The same appointment cancelled twice: the second time is said already cancelled. */
  | "cancel-twice";

export type BusinessSpec = {
  /** The owner's phone (E.164): with it the assistant can put callers through (transferCall). Default none. */
  ownerPhone?: string;
  /** What the business is (an option of the registration form); default "medical". */
  type?: string;
  /** The business's name; default the language's practice (Smith Family Practice, Cabinet Martin, Clínica Sol). */
  name?: string;
  /** The owner's own greeting (AI configuration), said after the disclosure. */
  greeting?: string;
  agentName?: string;
  /** Changes to the default hours (Monday to Friday 09:00–18:00, Saturday 09:00–12:00, Sunday closed). */
  hours?: Partial<WorkingHours>;
  /** The privacy setting: the assistant asks the date of birth when booking and can check a name and date of birth. */
  birthDateCheck?: boolean;
  /** Practitioners besides the owner (who is the first, on the practice's hours), in the practice's order. */
  practitioners?: { name: string; hours?: WorkingHours }[];
  /** "GB": a practice in London (its zone, a UK line, British dates) instead of the language's place. */
  country?: "GB";
  /** The business's address: its region decides its public holidays (a Spanish community, a US state). */
  address?: string;
  /**
   * Whom callers are put through to (the Transfers page): each destination with what it is for (none: anything), the
   * index of its backup, and `answers: false` for one that does not pick up (a warm transfer then comes back).
   */
  routing?: {
    warm?: boolean;
    destinations: { name: string; phone: string; when?: string; backup?: number; answers?: false }[];
  };
};

export type SetupStep =
  /** An appointment already booked (by phone, through the booking module), for a reschedule or a cancel. */
  | { appointment: { on: DayRef; at: Clock; name: string; phone: string; reason?: string; birthDate?: string } }
  /** A busy event in the sandbox calendar (not one of our appointments). */
  | { calendarBlock: { on: DayRef; from: Clock; to: Clock; summary: string } }
  /** Every free slot of the day booked by other patients (they are left out of the judgement). */
  | { fillDay: { on: DayRef } }
  /** A closure of the owner's (closed those days), with the reason the receptionist may give. */
  | { closure: { from: DayRef; to: DayRef; reason?: string } }
  /** An entry of the owner's knowledge, in the scenario's language; `many` adds that many unrelated prices beside it (searched then). */
  | { knowledge: { kind: "faq" | "price" | "policy"; title: string; details: string; many?: number } };

export type CallSpec = {
  /** The caller ID (E.164). */
  from: string;
  /**
   * Another mobile the caller holds (E.164), e.g. the one their appointment was booked with: they read its texts. In the
   * stand-in's script, "{code}" is the last six-digit code texted to it; a real model is shown its texts as they arrive.
   */
  holds?: string;
  /** The stand-in caller's lines, in order; "" is a silence. */
  script: string[];
  /** Who the caller is, for a model playing them (in English; the caller speaks the scenario's language). */
  persona: string;
  /** What the caller wants and how they answer; the model ends the call with the end marker when it is done. */
  goal: string;
};

export type ApptExpect = {
  on?: DayRef;
  at?: Clock;
  /** The start is within [from, to). */
  between?: [Clock, Clock];
  /** The start is on none of these days. */
  notOn?: DayRef[];
  /** "caller": the first call's caller ID. */
  phone?: "caller" | string;
  name?: RegExp;
  reason?: RegExp;
  /** YYYY-MM-DD, or null for none kept. */
  birthDate?: string | null;
  status?: "booked" | "cancelled";
  /** Who it is with: a name of business.practitioners, or "owner". */
  practitioner?: string;
};

export type OutboxExpect = {
  channel: "sms" | "whatsapp" | "email";
  /** "caller": the first call's caller ID; "booked": the phone on the one booked appointment; "owner": the owner's email. */
  to: "caller" | "booked" | "owner" | string;
  /** Default 1. */
  count?: number;
  /** Default "sent". */
  status?: "sent" | "failed";
  body?: RegExp;
};

export type CallExpect = {
  /** Default "ended". */
  status?: string;
  outcome?: "booked" | "rescheduled" | "cancelled" | "message" | "no_action";
  endedReason?: string;
};

export type TransferExpect = {
  /** The number dialled (E.164). */
  to: string;
  answered: boolean;
};

/** `first` is said, and before anything matching `then` (a warning-sign question before any time offered). */
export type OrderCheck = { first: RegExp; then: RegExp; why: string };

export type SayCheck = {
  re: RegExp;
  /** Where to look: the first assistant turn, or any assistant turn (default). */
  turn?: "opening" | "any";
  /** Checked with this driver only (wording the stand-in uses, which a model may put differently). */
  driver?: "standin" | "llm";
  why: string;
};

export type Expectations = {
  /** Every appointment of the business afterwards (those of setup included, fill-ins excluded), matched one to one. */
  appointments?: ApptExpect[];
  /** Sandbox calendar events afterwards (fill-ins excluded). Booked appointments always need their event. */
  calendarEvents?: number;
  /** Every message the calls caused (those of setup excluded), matched one to one. */
  outbox?: OutboxExpect[];
  /** One per call, matched one to one (calls played at the same time may end in either order). */
  calls?: CallExpect[];
  tools?: { called?: string[]; notCalled?: string[] };
  /** Every transfer tried, in order (none: []). */
  transfers?: TransferExpect[];
  say?: SayCheck[];
  sayBefore?: OrderCheck[];
  notSay?: SayCheck[];
};

export type Scenario = {
  id: string;
  language: Lang;
  title: string;
  covers: Cover[];
  business?: BusinessSpec;
  setup?: SetupStep[];
  calls: CallSpec[];
  expect: Expectations;
};

export type { DayHours };
