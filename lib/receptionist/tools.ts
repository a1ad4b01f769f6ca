// The receptionist's tools, as the voice platform calls them. Every answer is one short line in the call's language;
// every slot offered comes from the availability engine; every booking goes through lib/booking.
import { callerMessages, REQUEST_CATEGORIES, REQUEST_URGENCIES } from "@/db/schema";
import { isCalendarDate, zonedWallTimeToUtc } from "@/lib/time/zoned-time";
import { CalendarUnavailableError, HORIZON_DAYS, type Appointment, type BookingDeps } from "@/lib/booking/core";
import { findSlots } from "@/lib/booking/busy-time";
import {
  book,
  cancel as cancelAppointment,
  reschedule as rescheduleAppointment,
  upcomingForCaller,
  type Refusal,
} from "@/lib/booking/commands";
import type { Interval } from "@/lib/availability/availability";
import { countryOfBusiness, toE164 } from "@/lib/phone/phone";
import { JOB } from "@/lib/jobs/queue";
import type { Business, CallLanguage } from "@/lib/business/business";
import { entryLine, lookupKnowledge } from "@/lib/knowledge/knowledge.service";
import { ensureCall, raiseOutcome } from "./calls";
import { checkBirthDate, checkCode, identitiesOf, sendCode } from "./identity";
import { sayer, slotReference, speakDay, speakList, speakSlot, speakTime, type Say } from "./speech";
import { addDays, daysBetween, localToday, readWhen, speakCalendarDay } from "./when";

export const BOOKING_TOOLS = [
  "check_availability",
  "book_appointment",
  "find_my_appointments",
  "reschedule_appointment",
  "cancel_appointment",
] as const;
export const MESSAGE_TOOL = "take_message";
/** Searches the owner's answers, prices and policies (only offered when there are too many for the instructions). */
export const LOOKUP_TOOL = "lookup_info";
/** Proving the caller holds an appointment's phone when the caller ID is another number or hidden. */
export const IDENTITY_TOOLS = ["send_verification_code", "verify_code", "verify_identity"] as const;


export type ToolContext = {
  deps: BookingDeps;
  biz: Business;
  language: CallLanguage;
  /** The caller ID, normalized; the default phone for bookings and the key for "my appointments". */
  callerNumber: string | null;
  providerCallId: string;
  toolCallId: string;
};

export type ToolAnswer = { result: string } | { error: string };

type Args = Record<string, unknown>;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_OFFERED = 4;
const SEARCH_DAYS = 14;

export async function runTool(ctx: ToolContext, name: string, args: Args): Promise<ToolAnswer> {
  const say = sayer(ctx.language);
  const bookingTool = (BOOKING_TOOLS as readonly string[]).includes(name) || (IDENTITY_TOOLS as readonly string[]).includes(name);
  if (bookingTool && !ctx.biz.entitled) return { result: say("bookingDisabled") };
  try {
    switch (name) {
      case "check_availability":
        return { result: await checkAvailability(ctx, say, args) };
      case "book_appointment":
        return { result: await bookAppointment(ctx, say, args) };
      case "find_my_appointments":
        return { result: await findMine(ctx, say) };
      case "reschedule_appointment":
        return { result: await reschedule(ctx, say, args) };
      case "cancel_appointment":
        return { result: await cancel(ctx, say, args) };
      case "send_verification_code":
        return { result: await sendVerification(ctx, say, args) };
      case "verify_code":
        return { result: await verify(ctx, say, args) };
      case "verify_identity":
        if (!ctx.biz.birthDateCheck) return { error: say("unknownTool") };
        return { result: await verifyIdentity(ctx, say, args) };
      case MESSAGE_TOOL:
        return { result: await takeMessage(ctx, say, args) };
      case LOOKUP_TOOL:
        return { result: await lookupInfo(ctx, say, args) };
      default:
        return { error: say("unknownTool") };
    }
  } catch (e) {
    if (e instanceof CalendarUnavailableError) return { error: say("calendarUnavailable") };
    throw e;
  }
}

/** The owner's entries that best answer the question, in their words; "I don't know, shall I take a message" otherwise. */
async function lookupInfo(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const question = text(args.question, 300) ?? text(args.query, 300);
  if (!question) return say("lookupNeedsQuestion");
  const found = await lookupKnowledge(ctx.deps.db, ctx.biz.userId, ctx.language, question);
  if (!found.length) return say("lookupNothing");
  return say("lookupFound", { entries: found.map(entryLine).join(" | ") });
}

const text = (v: unknown, max = 500): string | null => {
  if (typeof v !== "string" && typeof v !== "number") return null;
  const s = String(v).trim().replace(/\s+/g, " ");
  return s ? s.slice(0, max) : null;
};

/**
 * The phone number a tool was given, read in the business's country ("06 98 76 54 32" at a Paris practice is
 * +33698765432): the caller ID when the model gave none (or words without digits, "same as this one"), undefined when
 * it gave digits that make no number, so the caller is asked again rather than booked with a number nobody can text.
 */
function phoneArgument(raw: string | null, biz: Business, callerNumber: string | null): string | null | undefined {
  if (!raw || !/\d/.test(raw)) return callerNumber;
  return toE164(raw, countryOfBusiness(biz)) ?? undefined;
}

/**
 * A day the caller can book: not past, not beyond the horizon. Null when it is fine, else the sentence the model passes on
 * (today's date or the last bookable day included, so it can ask again without guessing).
 */
function dayProblem(ctx: ToolContext, say: Say, date: string): string | null {
  const now = ctx.deps.now ? ctx.deps.now() : new Date();
  const today = localToday(now, ctx.biz.timeZone);
  const ahead = daysBetween(today, date);
  if (ahead < 0) return say("pastDate", { today: speakCalendarDay(today, ctx.language) });
  if (ahead > HORIZON_DAYS)
    return say("beyondHorizon", { days: HORIZON_DAYS, last: speakCalendarDay(addDays(today, HORIZON_DAYS), ctx.language) });
  return null;
}

function dayStart(date: string, timeZone: string): Date | null {
  return zonedWallTimeToUtc(date, "00:00", timeZone) ?? zonedWallTimeToUtc(date, "01:00", timeZone);
}

function offer(slots: Interval[], ctx: ToolContext): string {
  const { language, biz } = ctx;
  const sameDay = slots.every((s) => speakDay(s.start, language, biz.timeZone) === speakDay(slots[0]!.start, language, biz.timeZone));
  const items = slots.map((s) => {
    const spoken = sameDay ? speakTime(s.start, language, biz.timeZone) : speakSlot(s.start, language, biz.timeZone);
    return `${spoken} [${slotReference(s.start, biz.timeZone)}]`;
  });
  return speakList(items, language);
}

function partOfDayFilter(args: Args, ctx: ToolContext): (s: Interval) => boolean {
  const part = text(args.partOfDay ?? args.part_of_day, 20)?.toLowerCase();
  if (!part) return () => true;
  const hourOf = (d: Date) => Number(slotReference(d, ctx.biz.timeZone).slice(11, 13));
  if (/morning|matin|mañana/.test(part)) return (s) => hourOf(s.start) < 12;
  if (/afternoon|après|apres|tarde/.test(part)) return (s) => hourOf(s.start) >= 12 && hourOf(s.start) < 17;
  if (/evening|soir|noche/.test(part)) return (s) => hourOf(s.start) >= 17;
  return () => true;
}

async function checkAvailability(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const { deps, biz, language } = ctx;
  const now = deps.now ? deps.now() : new Date();
  const { date, time, unreadable } = readWhen(args);
  if (unreadable) return say(unreadable === "time" ? "timeUnreadable" : "invalidDateTime");
  const problem = date ? dayProblem(ctx, say, date) : null;
  if (problem) return problem;
  const keep = partOfDayFilter(args, ctx);
  if (date && time) {
    const start = zonedWallTimeToUtc(date, time, biz.timeZone);
    if (!start) return say("invalidDateTime");
    const from = new Date(start.getTime() - 3 * DAY_MS);
    const slots = await findSlots(deps, biz, from, new Date(start.getTime() + 4 * DAY_MS));
    if (slots.some((s) => s.start.getTime() === start.getTime())) {
      return say("slotFree", { slot: `${speakSlot(start, language, biz.timeZone)} [${slotReference(start, biz.timeZone)}]` });
    }
    const nearest = [...slots]
      .sort((a, b) => Math.abs(a.start.getTime() - start.getTime()) - Math.abs(b.start.getTime() - start.getTime()))
      .slice(0, 3);
    nearest.sort((a, b) => a.start.getTime() - b.start.getTime());
    return nearest.length ? say("slotNotFree", { slots: offer(nearest, ctx) }) : say("nothingFree");
  }
  if (date) {
    const from = dayStart(date, biz.timeZone);
    if (!from) return say("invalidDateTime");
    const dayEnd = new Date(from.getTime() + DAY_MS + 2 * 60 * 60 * 1000);
    const today = (await findSlots(deps, biz, from, dayEnd))
      .filter((s) => slotReference(s.start, biz.timeZone).startsWith(date))
      .filter(keep);
    if (today.length)
      return say("slotsOnDay", { day: speakDay(from, language, biz.timeZone), slots: offer(today.slice(0, MAX_OFFERED), ctx) });
    const later = (await findSlots(deps, biz, dayEnd, new Date(dayEnd.getTime() + SEARCH_DAYS * DAY_MS))).filter(keep);
    if (!later.length) return say("nothingFree");
    const day = speakDay(new Date(from.getTime() + 12 * 60 * 60 * 1000), language, biz.timeZone);
    // A closed day says so, and why when the owner gave a reason, rather than "nothing is free".
    const closure = biz.closures.find((c) => c.from <= date && date <= c.to && !c.openTime);
    const key = closure ? (closure.reason ? "closedOnDayBecause" : "closedOnDay") : "noneOnDay";
    return say(key, { day, reason: closure?.reason ?? "", slots: offer(later.slice(0, MAX_OFFERED), ctx) });
  }
  const soon = (await findSlots(deps, biz, now, new Date(now.getTime() + SEARCH_DAYS * DAY_MS))).filter(keep);
  if (!soon.length) return say("nothingFree");
  return say("nextFree", { slots: offer(soon.slice(0, MAX_OFFERED), ctx) });
}

async function bookAppointment(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const { deps, biz, language } = ctx;
  const { date, time, unreadable } = readWhen(args);
  const name = text(args.name ?? args.patientName ?? args.fullName, 120);
  const phone = phoneArgument(text(args.phone ?? args.phoneNumber, 40), biz, ctx.callerNumber);
  if (phone === undefined) return say("phoneUnreadable");
  const emailRaw = text(args.email, 254);
  const email = emailRaw && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailRaw) ? emailRaw.toLowerCase() : null;
  const reason = text(args.reason, 500);
  // Asked only when the owner turned the birth-date check on; otherwise never kept, whatever the model passes.
  const birthRaw = biz.birthDateCheck ? text(args.dateOfBirth ?? args.birthDate ?? args.date_of_birth, 40) : null;
  const birthDate = birthRaw ? readBirthDate(birthRaw, ctx) : null;
  const missing = [
    !name && "name",
    !date && "date",
    !time && "time",
    !phone && "phone",
    biz.birthDateCheck && !birthRaw && "dateOfBirth",
  ].filter(Boolean) as string[];
  if (unreadable) return say(unreadable === "time" ? "timeUnreadable" : "invalidDateTime");
  if (birthRaw && !birthDate) return say("birthDateUnreadable");
  if (missing.length) return stillNeeded(ctx, say, missing);
  const problem = dayProblem(ctx, say, date!);
  if (problem) return problem;
  const start = zonedWallTimeToUtc(date!, time!, biz.timeZone);
  if (!start) return say("invalidDateTime");
  // A date of birth proves nothing unless whoever gave it holds the number: kept only for the caller ID or a number this
  // call proved, else anyone could book under a patient's number with a made-up birth date and then "prove" it.
  const call = { userId: biz.userId, providerCallId: ctx.providerCallId };
  const provenBirthDate = birthDate && (await identitiesOf(deps, call, ctx.callerNumber)).includes(phone!) ? birthDate : null;
  const outcome = await book(deps, biz, {
    source: "phone",
    start,
    patientName: name!,
    patientPhone: phone,
    patientEmail: email,
    patientBirthDate: provenBirthDate,
    reason,
    language,
    bookingKey: ctx.toolCallId,
    callId: await ensureCall(deps.db, ctx.providerCallId, biz.userId),
  });
  if (!outcome.ok) return unavailableAnswer(ctx, say, outcome.reason, outcome.alternatives);
  await raiseOutcome(deps.db, ctx.providerCallId, biz.userId, "booked");
  return say(email ? "bookedWithEmail" : "booked", {
    name: outcome.appointment.patientName,
    slot: speakSlot(outcome.appointment.startsAt, language, biz.timeZone),
  });
}

function unavailableAnswer(ctx: ToolContext, say: Say, reason: Refusal, alternatives: Interval[]): string {
  if (!alternatives.length) return say("nothingClose");
  return say(reason === "taken" ? "slotTaken" : "slotUnavailable", { slots: offer(alternatives, ctx) });
}

function describe(a: Appointment, ctx: ToolContext): string {
  return `${speakSlot(a.startsAt, ctx.language, ctx.biz.timeZone)} [${a.id}]`;
}

/**
 * The caller's upcoming appointments: booked with their caller ID, or with a number this call proved it holds (a code
 * texted to it). Nothing when neither: the answer then says how to prove it.
 */
async function mine(ctx: ToolContext): Promise<Appointment[]> {
  const phones = await identitiesOf(ctx.deps, { userId: ctx.biz.userId, providerCallId: ctx.providerCallId }, ctx.callerNumber);
  const found = (await Promise.all(phones.map((p) => upcomingForCaller(ctx.deps, ctx.biz.userId, p)))).flat();
  return found.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

async function findMine(ctx: ToolContext, say: Say): Promise<string> {
  const list = await mine(ctx);
  if (!list.length) return say(ctx.callerNumber ? "noAppointmentsVerify" : "noCallerIdVerify");
  return say("yourAppointments", {
    list: speakList(
      list.map((a) => describe(a, ctx)),
      ctx.language,
      "conjunction",
    ),
  });
}

/** The appointment the caller means: the id given, else their only upcoming one. Only ever one of the caller's own. */
async function pick(ctx: ToolContext, say: Say, args: Args): Promise<Appointment | string> {
  const list = await mine(ctx);
  if (!list.length) return say(ctx.callerNumber ? "noAppointmentsVerify" : "noCallerIdVerify");
  const id = text(args.appointmentId ?? args.appointment_id ?? args.id, 64);
  if (id) return list.find((a) => a.id === id) ?? say("appointmentNotFoundVerify");
  if (list.length === 1) return list[0]!;
  return say("whichAppointment", {
    list: speakList(
      list.map((a) => describe(a, ctx)),
      ctx.language,
    ),
  });
}

/**
 * Texts a one-time code to the number the caller says the appointment was booked with. The answer is the same whether
 * or not that number has an appointment here: a caller must never learn who is a patient.
 */
async function sendVerification(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const raw = text(args.phone ?? args.phoneNumber, 40);
  if (!raw || !/\d/.test(raw)) return say("verificationNeedsPhone");
  const phone = toE164(raw, countryOfBusiness(ctx.biz));
  if (!phone) return say("phoneUnreadable");
  if (phone === ctx.callerNumber) return say("verificationSameNumber");
  const call = { userId: ctx.biz.userId, providerCallId: ctx.providerCallId };
  if ((await identitiesOf(ctx.deps, call, null)).includes(phone)) return say("verificationAlreadyDone");
  if (!ctx.biz.line) return say("verificationUnavailable");
  const has = (await upcomingForCaller(ctx.deps, ctx.biz.userId, phone)).length > 0;
  // No text to a number with nothing booked here, but the same words and the same code bookkeeping: the caller learns
  // nothing either way, now or when they read back a code.
  if ((await sendCode(ctx.deps, call, phone, ctx.language, has)) === "limit") return say("verificationLimit");
  return say("verificationSent");
}

async function verify(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const given = text(args.code, 20);
  if (!given) return say("verificationNeedsCode");
  const checked = await checkCode(ctx.deps, { userId: ctx.biz.userId, providerCallId: ctx.providerCallId }, given);
  if (!checked.ok) return say(`verification.${checked.reason}`);
  const list = await mine(ctx);
  return say("verificationDone", {
    list: speakList(
      list.map((a) => describe(a, ctx)),
      ctx.language,
      "conjunction",
    ),
  });
}

/** "Before I can do that I still need the …": the fields named in the call's language. */
function stillNeeded(ctx: ToolContext, say: Say, fields: string[]): string {
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
function readBirthDate(raw: string, ctx: ToolContext): string | null {
  const iso = raw.replace(
    /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
    (_, y: string, m: string, d: string) => `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`,
  );
  if (!isCalendarDate(iso) || iso < "1900-01-01") return null;
  const today = localToday(ctx.deps.now ? ctx.deps.now() : new Date(), ctx.biz.timeZone);
  return iso <= today ? iso : null;
}

/**
 * The other proof, when the owner turned it on: the full name and date of birth of an upcoming appointment booked with
 * the number the caller gives (for a landline, or a phone not to hand). The same answer whether the number has nothing
 * booked or the details differ.
 */
async function verifyIdentity(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const rawPhone = text(args.phone ?? args.phoneNumber, 40);
  const name = text(args.name ?? args.patientName ?? args.fullName, 120);
  const birthRaw = text(args.dateOfBirth ?? args.birthDate ?? args.date_of_birth, 40);
  const missing = [!(rawPhone && /\d/.test(rawPhone)) && "phone", !name && "name", !birthRaw && "dateOfBirth"].filter(Boolean) as string[];
  if (missing.length) return stillNeeded(ctx, say, missing);
  const phone = toE164(rawPhone!, countryOfBusiness(ctx.biz));
  if (!phone) return say("phoneUnreadable");
  if (phone === ctx.callerNumber) return say("verificationSameNumber");
  const birthDate = readBirthDate(birthRaw!, ctx);
  if (!birthDate) return say("birthDateUnreadable");
  const call = { userId: ctx.biz.userId, providerCallId: ctx.providerCallId };
  if (!(await identitiesOf(ctx.deps, call, null)).includes(phone)) {
    const checked = await checkBirthDate(ctx.deps, call, phone, name!, birthDate);
    if (checked !== "ok") return say(`identity.${checked}`);
  }
  const list = await mine(ctx);
  return say("identityDone", {
    list: speakList(
      list.map((a) => describe(a, ctx)),
      ctx.language,
      "conjunction",
    ),
  });
}

async function reschedule(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const chosen = await pick(ctx, say, args);
  if (typeof chosen === "string") return chosen;
  const { date, time, unreadable } = readWhen(args);
  if (unreadable) return say(unreadable === "time" ? "timeUnreadable" : "invalidDateTime");
  if (!date || !time) return stillNeeded(ctx, say, [!date && "date", !time && "time"].filter(Boolean) as string[]);
  const problem = dayProblem(ctx, say, date);
  if (problem) return problem;
  const start = zonedWallTimeToUtc(date, time, ctx.biz.timeZone);
  if (!start) return say("invalidDateTime");
  // The appointment's own number: the caller ID, or one this call proved it holds.
  const move = { source: "phone" as const, appointmentId: chosen.id, start, callerPhone: chosen.patientPhone };
  const outcome = await rescheduleAppointment(ctx.deps, ctx.biz, move);
  if (!outcome.ok) {
    return outcome.reason === "notFound" ? say("appointmentNotFound") : unavailableAnswer(ctx, say, outcome.reason, outcome.alternatives);
  }
  await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "rescheduled");
  return say("rescheduled", { slot: speakSlot(outcome.appointment.startsAt, ctx.language, ctx.biz.timeZone) });
}

async function cancel(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const chosen = await pick(ctx, say, args);
  if (typeof chosen === "string") return chosen;
  const which = { source: "phone" as const, appointmentId: chosen.id, callerPhone: chosen.patientPhone };
  const cancelled = await cancelAppointment(ctx.deps, ctx.biz, which);
  if (!cancelled) return say("appointmentNotFound");
  await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "cancelled");
  return say("cancelled", { slot: speakSlot(cancelled.startsAt, ctx.language, ctx.biz.timeZone) });
}

async function takeMessage(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const body = text(args.message ?? args.body ?? args.text, 2000);
  if (!body) return say("messageMissing");
  const name = text(args.name ?? args.callerName, 120);
  const phone = phoneArgument(text(args.phone ?? args.phoneNumber, 40), ctx.biz, ctx.callerNumber);
  if (phone === undefined) return say("phoneUnreadable");
  // A category or urgency the model made up is "other" / "normal": the request is never lost over a word.
  const category = oneOf(REQUEST_CATEGORIES, text(args.category, 40)?.toLowerCase(), "other");
  const urgency = oneOf(REQUEST_URGENCIES, text(args.urgency, 20)?.toLowerCase(), "normal");
  const [row] = await ctx.deps.db
    .insert(callerMessages)
    .values({
      userId: ctx.biz.userId,
      providerCallId: ctx.providerCallId,
      toolCallId: ctx.toolCallId,
      callerName: name,
      callerPhone: phone,
      body,
      category,
      urgency,
    })
    .onConflictDoNothing()
    .returning({ id: callerMessages.id });
  if (row) await ctx.deps.jobs.send(JOB.messageTaken, { messageId: row.id });
  await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "message", body);
  return say("messageTaken", { business: ctx.biz.businessName });
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null | undefined, fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;
}
