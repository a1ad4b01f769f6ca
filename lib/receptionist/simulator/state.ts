// The stand-in's state between two caller turns: plain JSON, so the Try page keeps it in the browser between requests
// and sends it back, checked field by field (parseSimState) before the next turn runs.
import { z } from "zod";
import type { CallLanguage } from "@/lib/accounts/business/business";
import { CONFIRMATION_CHANNELS, type ConfirmationChannel } from "@/db/schema";
import { PARTS_OF_DAY, type PartOfDay } from "../tools/parts-of-day";
import type { SpeechStyle } from "../speech/speech";

export type Reading = "data" | "words";
/**
 * One of the caller's appointments: its id, its start as the words naming it say ("YYYY-MM-DD HH:mm", or null), and
 * those words ("Wednesday, June 9 at 11:00 AM, colouring, for Léa Martin"), by which the caller may name it.
 */
export type KnownAppointment = { id: string; at: string | null; said: string };
/** The trades whose warning-sign question the assistant was told to ask a caller who says it is urgent. */
export const TRADES = ["health", "dental", "physio", "vet"] as const;
export type Trade = (typeof TRADES)[number];
/**
 * One person or desk the assistant can put the caller through to, as its transfer tool lists them: what it is for (its
 * description), what the platform says before putting the caller through and when they do not answer, and the number
 * of whom the instructions say to try then (null: a message is offered).
 */
export type TransferTarget = {
  name: string;
  number: string;
  description: string;
  message: string;
  noAnswer: string | null;
  backup: string | null;
};

export type Turn = { role: "assistant" | "caller"; text: string };
export type Stage =
  | "intent"
  | "name"
  | "reason"
  | "birthDate"
  | "email"
  | "day"
  | "choose"
  | "confirm"
  | "confirmCancel"
  | "whichAppointment"
  | "verifyPhone"
  | "verifyCode"
  | "verifyIdentity"
  | "message"
  | "anything"
  | "urgent"
  | "country"
  | "transferWhat"
  | "ended";
export type OutcomeKind = "booked" | "rescheduled" | "cancelled" | "message" | "transferred" | "asked";
export type Outcome = { kind: OutcomeKind; slot?: string };
/** A day, a time or a part of the day the caller named, kept until the booking can use it. */
export type Want = { date: string | null; time: string | null; part: PartOfDay | null };
/**
 * The day and part of the day the calendar was last asked about: they hold for the caller's next words until they name
 * another ("¿y el viernes?" is Friday afternoon when the afternoon was asked; "and at 5 pm?" is on the day asked).
 */
export type Settled = { date: string | null; part: PartOfDay | null };

export type SimState = {
  v: 1;
  callId: string;
  line: string;
  caller: string;
  /** The call's language, as the assistant was built for it. */
  callLanguage: CallLanguage;
  /** The language spoken now: the caller's, when they speak another supported one (the tools are told so). */
  language: CallLanguage;
  /** The language the tools were last told the caller speaks (null: none told, the call's): they keep it until told another. */
  languageTold: CallLanguage | null;
  timeZone: string;
  /** How the business says dates and times (the day first in the UK; the owner's clock), for the stand-in's own words. */
  style: SpeechStyle;
  /**
   * How tool results are read: "data", as a model that follows its instructions does (the times and ids given apart);
   * "words", as a small model that repeats what it hears does: it books the day and time the spoken words name.
   */
  reading: Reading;
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
  /** The country the caller said that number is from ("my UK mobile"), as they said it; the tools read it. */
  country: string | null;
  /** The one way the caller asked to get the confirmation ("just a text"); null: the business's default. */
  channel: ConfirmationChannel | null;
  /** The appointment is for someone else than the caller ("it's for my daughter Léa Martin"): `name` is theirs. */
  forOther: boolean;
  /** The caller's own name when the appointment is for someone else ("…, I'm her mother Sophie Martin"). */
  callerName: string | null;
  /** The message being left, kept while the caller is asked which country their number is from. */
  message: string | null;
  /** What the caller asked for before they were asked ("tomorrow at 10" in the first sentence). */
  want: Want;
  /** The caller wants the earliest free time ("as soon as possible", or urgent with no warning sign). */
  soonest: boolean;
  /** The trade whose warning-sign question the assistant asks a caller who says it is urgent; null: none to ask. */
  trade: Trade | null;
  /** That question was asked in this call: it is asked once. */
  urgentAsked: boolean;
  /** Whom the assistant can put the caller through to (its transfer tool); null when it cannot. */
  transfer: { destinations: TransferTarget[] } | null;
  /** Numbers that do not answer when the caller is put through (the conversation suite plays a no-answer); none here. */
  unanswered: string[];
  /** Whom the caller was put through to, in order, and whether they answered. */
  transfers: { to: string; answered: boolean }[];
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
  /** The times last offered, "YYYY-MM-DD HH:mm", as this reading took them from the tool's answer. */
  offers: string[];
  chosen: string | null;
  /** The caller's appointments as find_my_appointments gave them: which one a change is about is asked when several. */
  appointments: KnownAppointment[];
  appointmentId: string | null;
  /** The practice has several practitioners: the booking tools take the one the caller asks for. */
  canChoose: boolean;
  /** Who the caller asked to see, as they said it ("Dr Roux", "same", or "anyone"); the tools match it. */
  practitioner: string | null;
  /** Who the tools were last told: they keep it for the rest of the call, so it is passed once, when it changes. */
  practitionerTold: string | null;
  /** The practitioners' names as the instructions list them: a name the caller says is heard among them. */
  team: string[];
  /** What the calendar was last asked for, kept across turns. */
  settled: Settled;
  toolCalls: number;
  outcomes: Outcome[];
  transcript: Turn[];
  startedAt: string;
};

const SLOT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const stateSchema = z.object({
  v: z.literal(1),
  callId: z.string().max(120),
  line: z.string().max(20),
  caller: z.string().max(20),
  language: z.enum(["en", "fr", "es"]),
  callLanguage: z.enum(["en", "fr", "es"]).optional(),
  languageTold: z.enum(["en", "fr", "es"]).nullable().default(null),
  reading: z.enum(["data", "words"]).default("data"),
  timeZone: z.string().max(64).refine(isTimeZone),
  style: z.object({ dayFirst: z.boolean(), clock: z.enum(["12h", "24h"]) }).default({ dayFirst: false, clock: "12h" }),
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
    "whichAppointment",
    "verifyPhone",
    "verifyCode",
    "verifyIdentity",
    "message",
    "anything",
    "urgent",
    "country",
    "transferWhat",
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
  country: z.string().max(60).nullable().default(null),
  channel: z.enum(CONFIRMATION_CHANNELS).nullable().default(null),
  forOther: z.boolean().default(false),
  callerName: z.string().max(120).nullable().default(null),
  message: z.string().max(2000).nullable().default(null),
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
      part: z.enum(PARTS_OF_DAY).nullable(),
    })
    .default({ date: null, time: null, part: null }),
  soonest: z.boolean().default(false),
  trade: z.enum(TRADES).nullable().default(null),
  urgentAsked: z.boolean().default(false),
  // A call started before destinations were kept had only the line said before putting the caller through.
  transfer: z.preprocess(
    (v) =>
      typeof v === "string" ? { destinations: [{ name: "", number: "", description: "", message: v, noAnswer: null, backup: null }] } : v,
    z
      .object({
        destinations: z
          .array(
            z.object({
              name: z.string().max(80),
              number: z.string().max(20),
              description: z.string().max(400),
              message: z.string().max(500),
              noAnswer: z.string().max(500).nullable(),
              backup: z.string().max(20).nullable(),
            }),
          )
          .max(10),
      })
      .nullable()
      .default(null),
  ),
  unanswered: z.array(z.string().max(20)).max(10).default([]),
  transfers: z
    .array(z.object({ to: z.string().max(20), answered: z.boolean() }))
    .max(10)
    .default([]),
  knowledge: z.object({ lookup: z.boolean(), facts: z.array(z.string().max(2400)).max(30) }).default({ lookup: false, facts: [] }),
  idle: z.array(z.string().max(500)).max(5).default([]),
  idleEnd: z.string().max(500).nullable().default(null),
  silences: z.number().int().min(0).max(10).default(0),
  offers: z.array(z.string().regex(SLOT)).max(10),
  chosen: z.string().regex(SLOT).nullable(),
  appointments: z
    .array(z.object({ id: z.string().uuid(), at: z.string().regex(SLOT).nullable(), said: z.string().max(300).default("") }))
    .max(10)
    .default([]),
  appointmentId: z.string().uuid().nullable(),
  canChoose: z.boolean().default(false),
  practitioner: z.string().max(120).nullable().default(null),
  practitionerTold: z.string().max(120).nullable().default(null),
  team: z.array(z.string().max(120)).max(50).default([]),
  settled: z
    .object({
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullable(),
      part: z.enum(PARTS_OF_DAY).nullable(),
    })
    .default({ date: null, part: null }),
  toolCalls: z.number().int().min(0).max(1000),
  outcomes: z
    .array(
      z.object({
        kind: z.enum(["booked", "rescheduled", "cancelled", "message", "transferred", "asked"]),
        slot: z.string().max(200).optional(),
      }),
    )
    .max(50),
  transcript: z.array(z.object({ role: z.enum(["assistant", "caller"]), text: z.string().max(2000) })).max(400),
  startedAt: z.string().datetime(),
});

export function isTimeZone(zone: string): boolean {
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
  const s = { ...parsed.data, callLanguage: parsed.data.callLanguage ?? parsed.data.language } as SimState;
  // A stage that needs a chosen slot or an appointment must have one.
  if (s.stage === "confirm" && !s.chosen) return null;
  if (s.stage === "confirmCancel" && !s.appointmentId) return null;
  return s;
}
