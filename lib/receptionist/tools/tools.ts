// The receptionist's tools, as the voice platform calls them. Every answer is a reply (lib/receptionist/tools/replies.ts): the
// words the caller hears, whole and in their language, and apart from them what the model passes back; every time
// offered comes from the availability engine; every booking goes through lib/scheduling/booking.
import { callerMessages, REQUEST_URGENCIES } from "@/db/schema";
import { callerPhone } from "./caller-phone";
import { dialRefusal, servedCountries, textRefusal } from "@/lib/platform/phone/number-kinds";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { CalendarUnavailableError, HORIZON_DAYS, type Appointment } from "@/lib/scheduling/booking/core";
import { agendaOf } from "@/lib/scheduling/booking/busy-time";
import { book, cancel as cancelAppointment, reschedule as rescheduleAppointment, type Refusal } from "@/lib/scheduling/booking/commands";
import { practitionerAsked, serviceAsked, withWhom, type Who } from "./practitioner-choice";
import type { Interval } from "@/lib/scheduling/availability/availability";
import { countryOfBusiness, formatPhone } from "@/lib/platform/phone/phone";
import { JOB } from "@/lib/platform/jobs/queue";
import { publishSafely, taskCreatedEvent } from "@/lib/accounts/webhooks/publish";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { phoneChannels } from "@/lib/messaging/notifications/channels";
import type { ConfirmationChannel } from "@/db/schema";
import type { CallLanguage } from "@/lib/accounts/business/business";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { entryLine, lookupKnowledge, namesNotIn } from "@/lib/receptionist/knowledge/knowledge.service";
import { answerAvailability, horizonEnd, knownWindowFor, whyNotBookable } from "./availability-answer";
import { dayIsFull } from "./full-day";
import { readPartOfDay, type PartOfDay } from "./parts-of-day";
import { ensureCall, raiseOutcome } from "../calls/call-log";
import type { CallMemory } from "../calls/call-memory";
import { identitiesOf } from "./identity";
import { offerTimes, sentence, spoken, type ToolReply } from "./replies";
import { dayProblem, now, readBirthDate, settle, stillNeeded, text, type Args, type ToolContext } from "./context";
import { findMine, pick, sendVerification, verify, verifyIdentity } from "./my-appointments";

export type { ToolContext };
export { settle };
import { ownerWords } from "../speech/owner-text";
import { sayer, speakList, speakSlot, type Say } from "../speech/speech";
import { localToday, readWhen, unreadableWords } from "../speech/when";
import { categoryFor, toBusiness, wordsFor } from "../speech/wording";
import { personName } from "@/lib/platform/format/person-name";
import { nextOpening, openingWords } from "./opening";
import { reportSpam, spamKind } from "../screening/spam";
import { addToWaitlistTool, WAITLIST_TOOL } from "./waitlist-tool";
import { BOOKING_LINK_TOOL, textBookingLink } from "./booking-link-tool";

export const BOOKING_TOOLS = [
  "check_availability",
  "book_appointment",
  "find_my_appointments",
  "reschedule_appointment",
  "cancel_appointment",
] as const;
/** The tools that look for or take a slot: a call that runs one wanted an appointment (the insights' booking success). */
export const APPOINTMENT_TOOLS: readonly string[] = ["check_availability", "book_appointment"];
export const MESSAGE_TOOL = "take_message";
/** Searches the owner's answers, prices and policies (only offered when there are too many for the instructions). */
export const LOOKUP_TOOL = "lookup_info";
/** Reports the call as a robocall, a sales pitch or other spam: screened out of the numbers, then ended. */
export const SPAM_TOOL = "report_spam";
/** Proving the caller holds an appointment's phone when the caller ID is another number or hidden. */
export const IDENTITY_TOOLS = ["send_verification_code", "verify_code", "verify_identity"] as const;

export type ToolAnswer = { result: ToolReply } | { error: string };

const CALL_LANGUAGES: readonly CallLanguage[] = ["en", "fr", "es"];

export async function runTool(context: ToolContext, name: string, args: Args): Promise<ToolAnswer> {
  const answer = await answerTool(context, name, args);
  // The times just offered: a booking that names only the time ("the 10:30, please") is on the day it was offered.
  const slots = "result" in answer ? answer.result.slots : undefined;
  const offered = slots?.map(({ date, time }) => ({ date, time }));
  // Written only when they change: an answer that repeats the last times costs no write.
  if (offered?.length && JSON.stringify(offered) !== JSON.stringify(context.memory.offered)) await settle(context, { offered });
  return answer;
}

async function answerTool(context: ToolContext, name: string, args: Args): Promise<ToolAnswer> {
  // A caller who switched language hears the answers in theirs: the model says which once, and the rest of the call is
  // in it until it says another (a small model leaves it out of the next tool call).
  const asked = CALL_LANGUAGES.find((l) => l === text(args.language, 5)?.toLowerCase());
  const ctx = { ...context, language: asked ?? context.memory.language ?? context.language };
  if (asked && asked !== context.memory.language) await settle(ctx, { language: asked });
  const say = sayer(ctx.language);
  const bookingTool = (BOOKING_TOOLS as readonly string[]).includes(name) || (IDENTITY_TOOLS as readonly string[]).includes(name);
  if (bookingTool && !ctx.biz.entitled) return { result: spoken(say("bookingDisabled")) };
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
        return { result: spoken(await sendVerification(ctx, say, args)) };
      case "verify_code":
        return { result: await verify(ctx, say, args) };
      case "verify_identity":
        if (!ctx.biz.birthDateCheck) return { error: say("unknownTool") };
        return { result: await verifyIdentity(ctx, say, args) };
      case MESSAGE_TOOL:
        return { result: spoken(await takeMessage(ctx, say, args)) };
      case LOOKUP_TOOL:
        return { result: spoken(await lookupInfo(ctx, say, args)) };
      case WAITLIST_TOOL:
        return { result: await addToWaitlistTool(ctx, say, args) };
      case BOOKING_LINK_TOOL:
        return { result: spoken(await textBookingLink(ctx, say, args)) };
      case SPAM_TOOL: {
        // The platform says the goodbye (the tool's closing line) and hangs up: the answer itself has nothing to say, so
        // a model that reads it aloud does not say goodbye twice.
        const report = await reportSpam(ctx, say, spamKind(args.kind));
        return "kept" in report ? { error: report.kept } : { result: spoken("") };
      }
      default:
        return { error: say("unknownTool") };
    }
  } catch (e) {
    if (e instanceof CalendarUnavailableError) return { error: say("calendarUnavailable") };
    throw e;
  }
}

/**
 * The owner's entries that best answer the question, in their words; "I don't know, shall I take a message" otherwise.
 * A name the question asks about that the entries never mention ("Cigna" against "we accept Delta Dental and Aetna") is
 * said to be unknown, so the model never turns a list into a "no".
 */
async function lookupInfo(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const question = text(args.question, 300) ?? text(args.query, 300);
  if (!question) return say("lookupNeedsQuestion");
  const found = await lookupKnowledge(ctx.deps.db, ctx.biz.userId, ctx.language, question);
  if (!found.length) return say("lookupNothing");
  // The owner's entries, cleaned as in the instructions (nothing that could pass for a mark or a rule), but not marked:
  // this answer is read aloud, and "Here is what we have on that" already says whose words follow.
  const lines = found.map((e) => ownerWords(entryLine(e, ctx.language)));
  const unknown = namesNotIn(question, lines);
  if (unknown.length) return say("lookupUnknown", { entries: lines.join(" | "), names: speakList(unknown, ctx.language) });
  return say("lookupFound", { entries: lines.join(" | ") });
}

/** The part of the day the model passed, in any of the words it might use; null for none (or one it made up). */
function partOfDay(args: Args): PartOfDay | null {
  return readPartOfDay(args.partOfDay ?? args.part_of_day);
}

/**
 * Free times for the day, time or part of the day asked. The busy times of the window the answer needs are read once
 * (the view the call's start warmed, in the common case); only when nothing is free in it is the whole horizon read.
 */
async function checkAvailability(ctx: ToolContext, say: Say, args: Args): Promise<ToolReply> {
  const { deps, biz, language } = ctx;
  const at = now(ctx);
  const { date, time, unreadable } = readWhen(args);
  if (unreadable) return spoken(unreadableWords(unreadable, language, localToday(at, biz.timeZone)));
  const problem = date ? dayProblem(ctx, say, date) : null;
  if (problem) return spoken(problem);
  if (date && time && !zonedWallTimeToUtc(date, time, biz.timeZone)) return spoken(say("invalidDateTime"));
  const who = await practitionerAsked(ctx, say, args);
  if ("reply" in who) return who.reply;
  const what = await serviceAsked(ctx, say, args, who);
  if ("reply" in what) return what.reply;
  const question = { date, time: date ? time : null, part: partOfDay(args) };
  const ask = async (known: { from: Date; to: Date }) =>
    answerAvailability({
      biz,
      language,
      now: at,
      question,
      known,
      seats: (await agendaOf(deps, biz, known.from, known.to, { only: who.only, service: what.service })).seats,
      practitioner: biz.practitioners.find((p) => p.id === who.only?.[0]),
    });
  const answer = (await ask(knownWindowFor(question, at, biz.timeZone))) ?? (await ask({ from: at, to: horizonEnd(at) }));
  return withWhom(say, who, answer ?? spoken(say("availability.nothingFree", { days: HORIZON_DAYS })), language);
}

async function bookAppointment(ctx: ToolContext, say: Say, args: Args): Promise<ToolReply> {
  const { deps, biz, language } = ctx;
  const when = readWhen(args);
  const { time, unreadable } = when;
  // "The 10:30, please": a time without its day is the one just offered at that time, when only one was.
  const date = when.date ?? (time ? offeredDay(ctx.memory, time) : null);
  // Who the appointment is for is asked for each booking, never carried over: "and one for me" after a booking for a
  // child must not be booked in the child's name. The name is kept for a message later in the call.
  const name = text(args.name ?? args.patientName ?? args.fullName, 120);
  if (name && name !== ctx.memory.patientName) await settle(ctx, { patientName: name });
  // Who is calling, when the appointment is for someone else (a parent for a child).
  const callerName = await callerNamed(ctx, args.callerName);
  const reading = await callerPhone(ctx, say, { ...args, phone: args.phone ?? args.phoneNumber }, { keep: true, mobile: true });
  if ("ask" in reading) return spoken(reading.ask);
  const { phone } = reading;
  const channel = await channelAsked(ctx, args.channel);
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
  if (unreadable) return spoken(unreadableWords(unreadable, language, localToday(now(ctx), biz.timeZone)));
  if (birthRaw && !birthDate) return spoken(say("birthDateUnreadable"));
  if (missing.length) return spoken(stillNeeded(ctx, say, missing));
  const problem = dayProblem(ctx, say, date!);
  if (problem) return spoken(problem);
  const start = zonedWallTimeToUtc(date!, time!, biz.timeZone);
  if (!start) return spoken(say("invalidDateTime"));
  const who = await practitionerAsked(ctx, say, args);
  if ("reply" in who) return who.reply;
  const what = await serviceAsked(ctx, say, args, who);
  if ("reply" in what) return what.reply;
  // A date of birth proves nothing unless whoever gave it holds the number: kept only for the caller ID or a number this
  // call proved, else anyone could book under a patient's number with a made-up birth date and then "prove" it.
  const call = { userId: biz.userId, providerCallId: ctx.providerCallId };
  const provenBirthDate = birthDate && (await identitiesOf(deps, call, ctx.callerNumber)).includes(phone!) ? birthDate : null;
  const outcome = await book(deps, biz, {
    source: "phone",
    start,
    practitionerId: who.only?.[0],
    service: what.service,
    patientName: name!,
    patientPhone: phone,
    // The number the caller rang from stays on the appointment when the confirmations go elsewhere: a later call from
    // it finds the appointment.
    callerPhone: ctx.callerNumber && ctx.callerNumber !== phone ? ctx.callerNumber : null,
    patientEmail: email,
    // Who booked it, when they are not the patient (a parent for a child): the texts and lists say whose it is.
    callerName: callerName && callerName.toLowerCase() !== name!.toLowerCase() ? callerName : null,
    notifyChannel: channel,
    patientBirthDate: provenBirthDate,
    reason,
    language,
    bookingKey: ctx.toolCallId,
    callId: await ensureCall(deps.db, ctx.providerCallId, biz.userId),
  });
  if (!outcome.ok)
    return withWhom(say, who, await refusal(ctx, say, outcome.reason, start, outcome.alternatives, who, what.service), language);
  await raiseOutcome(deps.db, ctx.providerCallId, biz.userId, "booked");
  const a = outcome.appointment;
  const slot = speakSlot(a.startsAt, language, biz.timeZone);
  // In a practice of several, the caller hears who with, asked for or not; the one asked for was said first already.
  const practitioner = practitionerToName(biz.practitioners, a.practitionerId);
  const booked = practitioner
    ? say("bookedWith", { name: a.patientName, slot, practitioner: personName(practitioner, language) })
    : say("booked", { name: a.patientName, slot });
  return spoken(`${booked} ${await confirmationWords(ctx, say, a)}`);
}

/**
 * The caller's own name when they book for someone else, remembered for the rest of the call; the one given earlier
 * when this call leaves it out.
 */
async function callerNamed(ctx: ToolContext, raw: unknown): Promise<string | null> {
  const given = text(raw, 120);
  if (given && given !== ctx.memory.callerName) await settle(ctx, { callerName: given });
  return given ?? ctx.memory.callerName ?? null;
}

/** The day of the one time offered at `time` in this call's last answer with times; null when none or several were. */
function offeredDay(memory: CallMemory, time: string): string | null {
  const days = (memory.offered ?? []).filter((o) => o.time === time).map((o) => o.date);
  return new Set(days).size === 1 ? days[0]! : null;
}

/**
 * The channel the caller asked for their confirmation ("just a text", "by WhatsApp"), remembered for the rest of the
 * call; the one asked earlier when this call leaves it out; null when they never asked (the business's default).
 */
async function channelAsked(ctx: ToolContext, raw: unknown): Promise<ConfirmationChannel | null> {
  const said = text(raw, 40)?.toLowerCase() ?? "";
  const asked: ConfirmationChannel | null = /whats/.test(said)
    ? /sms|text|both|deux|ambos|los dos/.test(said)
      ? "both"
      : "whatsapp"
    : /sms|text|mensaje|message/.test(said)
      ? "sms"
      : /both|deux|ambos|los dos/.test(said)
        ? "both"
        : null;
  if (asked && asked !== ctx.memory.channel) await settle(ctx, { channel: asked });
  return asked ?? ctx.memory.channel ?? null;
}

/**
 * Where the confirmation goes, as the caller must hear it: by the phone channels it really goes by (the one the caller
 * asked for, else the business's default; from the business's line, to a number that has not opted out of it), by email
 * when one was given; the number named when it is not the one they ring from.
 */
async function confirmationWords(ctx: ToolContext, say: Say, a: Appointment): Promise<string> {
  const channels: string[] = [];
  // A number that takes no text (a landline) is never texted: the caller is not promised one.
  const noText = a.patientPhone !== null && textRefusal(a.patientPhone) !== null;
  if (a.patientPhone && ctx.biz.line && !noText) {
    for (const channel of phoneChannels(a.notifyChannel, ctx.biz.confirmationChannel)) {
      if (!(await isOptedOut(ctx.deps.db, ctx.biz.userId, a.patientPhone, channel))) channels.push(say(`channels.${channel}`));
    }
  }
  if (a.patientEmail) channels.push(say("channels.email"));
  if (!channels.length) return say(noText ? "confirmationNoText" : "confirmationNone");
  const by = speakList(channels, ctx.language, "conjunction");
  if (a.patientPhone && a.patientPhone !== ctx.callerNumber) {
    return say("confirmationTo", { number: formatPhone(a.patientPhone, countryOfBusiness(ctx.biz)), channels: by });
  }
  return say("confirmationBy", { channels: by });
}

/**
 * A booking or a move the commands refused: why (closed that day, outside the hours, taken a moment ago, not free; the
 * day fully booked when nothing is left on it), and the closest free times, each with its day.
 */
async function refusal(
  ctx: ToolContext,
  say: Say,
  reason: Refusal,
  start: Date,
  alternatives: Interval[],
  who: Who = {},
  service: string | null = null,
): Promise<ToolReply> {
  const { biz, language } = ctx;
  // Why, on the week and days away of the practitioner asked for; full or not for the service's own length.
  const asked = biz.practitioners.find((p) => p.id === who.only?.[0]);
  const full = await dayIsFull(ctx.deps, biz, start, who.only, service);
  const why =
    reason === "taken"
      ? [say("slotTaken"), whyNotBookable(biz, language, start, asked, full)].filter(Boolean).join(" ")
      : (whyNotBookable(biz, language, start, asked, full) ??
        sentence(say("availability.notFree", { slot: speakSlot(start, language, biz.timeZone) })));
  if (!alternatives.length) return spoken(`${why} ${say("nothingClose")}`);
  const offered = offerTimes(
    alternatives.map((s) => s.start),
    language,
    biz.timeZone,
  );
  return { say: `${why} ${sentence(say("availability.closest", { offers: offered.words }))}`, slots: offered.slots };
}

async function reschedule(ctx: ToolContext, say: Say, args: Args): Promise<ToolReply> {
  const { date, time, unreadable } = readWhen(args);
  if (unreadable) return spoken(unreadableWords(unreadable, ctx.language, localToday(now(ctx), ctx.biz.timeZone)));
  if (!date || !time) return spoken(stillNeeded(ctx, say, [!date && "date", !time && "time"].filter(Boolean) as string[]));
  const problem = dayProblem(ctx, say, date);
  if (problem) return spoken(problem);
  const start = zonedWallTimeToUtc(date, time, ctx.biz.timeZone);
  if (!start) return spoken(say("invalidDateTime"));
  const chosen = await pick(ctx, say, args);
  if (!("id" in chosen)) return chosen;
  // The appointment's own number: the caller ID, or one this call proved it holds.
  const move = { source: "phone" as const, appointmentId: chosen.id, start, callerPhone: chosen.patientPhone };
  const outcome = await rescheduleAppointment(ctx.deps, ctx.biz, move);
  if (!outcome.ok)
    return outcome.reason === "notFound"
      ? spoken(say("appointmentNotFound"))
      : // Why, on the week and days away of whoever the appointment is with.
        refusal(ctx, say, outcome.reason, start, outcome.alternatives, { only: [chosen.practitionerId] }, chosen.service);
  await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "rescheduled");
  const moved = say("rescheduled", { slot: speakSlot(outcome.appointment.startsAt, ctx.language, ctx.biz.timeZone) });
  return spoken(`${moved} ${await confirmationWords(ctx, say, outcome.appointment)}`);
}

async function cancel(ctx: ToolContext, say: Say, args: Args): Promise<ToolReply> {
  const chosen = await pick(ctx, say, args);
  if (!("id" in chosen)) return chosen;
  const which = { source: "phone" as const, appointmentId: chosen.id, callerPhone: chosen.patientPhone };
  const cancelled = await cancelAppointment(ctx.deps, ctx.biz, which);
  if (!cancelled) return spoken(say("appointmentNotFound"));
  await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "cancelled");
  return spoken(say("cancelled", { slot: speakSlot(cancelled.startsAt, ctx.language, ctx.biz.timeZone) }));
}

async function takeMessage(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const body = text(args.message ?? args.body ?? args.text, 2000);
  if (!body) return say("messageMissing");
  // Who is calling: the name given now, else the one this call gave (the caller's, or the patient's when they are one).
  const name = text(args.name ?? args.callerName, 120) ?? ctx.memory.callerName ?? ctx.memory.patientName ?? null;
  const reading = await callerPhone(ctx, say, { ...args, phone: args.phone ?? args.phoneNumber }, { keep: true, mobile: false });
  if ("ask" in reading) return reading.ask;
  let { phone } = reading;
  // The owner calls this number back: one a person answers, in a country the practice serves, or the caller is asked
  // for another (a premium or satellite number left as a "call back" is toll fraud by message). A caller who gave no
  // number and calls from one we would not dial (a tourist's own mobile) still leaves the message, without it, and hears
  // that no one can call them back on it.
  const refused = phone !== null && dialRefusal(phone, servedCountries(ctx.biz)) !== null;
  const typed = text(args.phone ?? args.phoneNumber, 40) !== null;
  if (refused && (typed || phone !== ctx.callerNumber)) return say("phoneNoCallback");
  if (refused) phone = null;
  // A category that is not one of this business's, or an urgency the model made up, is "other" / "normal".
  const category = categoryFor(wordsFor(ctx.biz), text(args.category, 40)?.toLowerCase());
  const urgency = (REQUEST_URGENCIES as readonly string[]).includes(text(args.urgency, 20)?.toLowerCase() ?? "")
    ? (text(args.urgency, 20)!.toLowerCase() as (typeof REQUEST_URGENCIES)[number])
    : "normal";
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
    .returning({ id: callerMessages.id, createdAt: callerMessages.createdAt });
  if (row) await ctx.deps.jobs.send(JOB.messageTaken, { messageId: row.id });
  if (row) await publishSafely(ctx.deps, ctx.biz.userId, taskCreatedEvent({ ...row, category, urgency }));
  await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "message", body);
  const taken = say("messageTaken", { toBusiness: toBusiness(ctx.biz.businessName, ctx.language) });
  if (refused) return `${taken} ${say("messageNoCallback")}`;
  // At night or on a closed day, the caller hears when someone can call back: not "soon" while everyone is at home.
  const opening = nextOpening(ctx.biz, now(ctx));
  if (opening.openNow || !opening.at) return taken;
  return `${taken} ${say("callbackFrom", openingWords(opening.at, ctx.language, ctx.biz.timeZone))}`;
}
