// book_appointment: books the time asked, for the patient named, through lib/scheduling/booking; the caller hears it
// booked and where the confirmation goes, or why not and the closest free times.
import { CONFIRMATION_CHANNELS, type ConfirmationChannel } from "@/db/schema";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { personName } from "@/lib/platform/format/person-name";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { book } from "@/lib/scheduling/booking/commands";
import { ensureCall, raiseOutcome } from "../calls/call-log";
import type { CallMemory } from "../calls/call-memory";
import { speakSlot } from "../speech/speech";
import { localToday, readWhen, unreadableWords } from "../speech/when";
import { confirmationWords, refusal } from "./appointment-answers";
import { callerPhone } from "./caller-phone";
import { dayProblem, now, readBirthDate, settle, stillNeeded, text, type ToolContext } from "./context";
import { identitiesOf } from "./identity";
import { given, needed, offeredIf, WHEN_ALIASES, WHO_ALIASES, whoParams, words } from "./params";
import { practitionerAsked, serviceAsked, withWhom } from "./practitioner-choice";
import { answer, defineTool } from "./tool";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The channel a caller asked for their confirmation in their words ("just a text", "by WhatsApp"); none for none. */
function channelSaid(v: unknown): ConfirmationChannel | undefined {
  const said = text(v, 40)?.toLowerCase() ?? "";
  if (/whats/.test(said)) return /sms|text|both|deux|ambos|los dos/.test(said) ? "both" : "whatsapp";
  if (/sms|text|mensaje|message/.test(said)) return "sms";
  return /both|deux|ambos|los dos/.test(said) ? "both" : undefined;
}

/** A yes or a no as models send one: a boolean, or the word in any of our languages. */
function yesOrNo(v: unknown): "yes" | "no" | undefined {
  if (typeof v === "boolean") return v ? "yes" : "no";
  const said = text(v, 10)?.toLowerCase();
  if (said && ["yes", "oui", "si", "sí", "true"].includes(said)) return "yes";
  if (said && ["no", "non", "false"].includes(said)) return "no";
  return undefined;
}

export const bookAppointment = defineTool({
  name: "book_appointment",
  spokenKey: "booking",
  entitled: true,
  offered: (_, o) => o.canBook,
  params: (b, p) => ({
    date: needed(p.date()),
    time: needed(p.time()),
    name: needed(p.text("name", words(120))),
    callerName: p.text("callerName", words(120)),
    phone: p.text("phoneOther", given, { example: p.example }),
    country: p.text("country", given),
    channel: p.choice(CONFIRMATION_CHANNELS, channelSaid, "channel"),
    email: p.shaped(
      "email",
      (v) => {
        const raw = text(v, 254);
        return raw && EMAIL.test(raw) ? raw.toLowerCase() : undefined;
      },
      { format: "email" },
    ),
    reason: p.text("reason", words(500)),
    ...whoParams(b, p, b.practitioners.some((x) => x.services.length > 0) || b.services.length > 0),
    // Asked only when the owner turned the birth-date check on; otherwise never kept, whatever the model passes.
    dateOfBirth: needed(offeredIf(b.birthDateCheck, { ...p.date("birthDate", {}), read: words(40) })),
    // Asked only when the practice places reminder calls; a consent is never assumed, so only a clear yes counts.
    callConsent: offeredIf(b.reminderCalls, p.choice(["yes", "no"] as const, yesOrNo, "callConsent")),
    start: p.unoffered(given),
  }),
  aliases: {
    patientName: "name",
    fullName: "name",
    phoneNumber: "phone",
    phoneCountry: "country",
    birthDate: "dateOfBirth",
    date_of_birth: "dateOfBirth",
    ...WHO_ALIASES,
    ...WHEN_ALIASES,
  },
  async run(ctx, say, args) {
    const { deps, biz, language } = ctx;
    const when = readWhen(args);
    const { time, unreadable } = when;
    // "The 10:30, please": a time without its day is the one just offered at that time, when only one was.
    const date = when.date ?? (time ? offeredDay(ctx.memory, time) : null);
    // Who the appointment is for is asked for each booking, never carried over: "and one for me" after a booking for a
    // child must not be booked in the child's name. The name is kept for a message later in the call.
    const name = args.name ?? null;
    if (name && name !== ctx.memory.patientName) await settle(ctx, { patientName: name });
    // Who is calling, when the appointment is for someone else (a parent for a child).
    const callerName = await callerNamed(ctx, args.callerName);
    const reading = await callerPhone(ctx, say, args, { keep: true, mobile: true });
    if ("ask" in reading) return answer(reading.ask);
    const { phone } = reading;
    const channel = await channelAsked(ctx, args.channel);
    const email = args.email ?? null;
    const reason = args.reason ?? null;
    const birthRaw = biz.birthDateCheck ? (args.dateOfBirth ?? null) : null;
    const birthDate = birthRaw ? readBirthDate(birthRaw, ctx) : null;
    const missing = [
      !name && "name",
      !date && "date",
      !time && "time",
      !phone && "phone",
      biz.birthDateCheck && !birthRaw && "dateOfBirth",
    ].filter(Boolean) as string[];
    if (unreadable) return answer(unreadableWords(unreadable, language, localToday(now(ctx), biz.timeZone)));
    if (birthRaw && !birthDate) return answer(say("birthDateUnreadable"));
    if (missing.length) return answer(stillNeeded(ctx, say, missing));
    const problem = dayProblem(ctx, say, date!);
    if (problem) return answer(problem);
    const start = zonedWallTimeToUtc(date!, time!, biz.timeZone);
    if (!start) return answer(say("invalidDateTime"));
    const who = await practitionerAsked(ctx, say, args);
    if ("reply" in who) return answer(who.reply);
    const what = await serviceAsked(ctx, say, args, who);
    if ("reply" in what) return answer(what.reply);
    // A date of birth proves nothing unless whoever gave it holds the number: kept only for the caller ID or a number
    // this call proved, else anyone could book under a patient's number with a made-up birth date and then "prove" it.
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
      callConsent: args.callConsent === "yes",
    });
    if (!outcome.ok)
      return answer(withWhom(say, who, await refusal(ctx, say, outcome.reason, start, outcome.alternatives, who, what.service), language));
    await raiseOutcome(deps.db, ctx.providerCallId, biz.userId, "booked");
    const a = outcome.appointment;
    const slot = speakSlot(a.startsAt, language, biz.timeZone);
    // In a practice of several, the caller hears who with, asked for or not; the one asked for was said first already.
    const practitioner = practitionerToName(biz.practitioners, a.practitionerId);
    const booked = practitioner
      ? say("bookedWith", { name: a.patientName, slot, practitioner: personName(practitioner, language) })
      : say("booked", { name: a.patientName, slot });
    return answer(`${booked} ${await confirmationWords(ctx, say, a)}`);
  },
});

/**
 * The caller's own name when they book for someone else, remembered for the rest of the call; the one given earlier
 * when this call leaves it out.
 */
async function callerNamed(ctx: ToolContext, given: string | undefined): Promise<string | null> {
  if (given && given !== ctx.memory.callerName) await settle(ctx, { callerName: given });
  return given ?? ctx.memory.callerName ?? null;
}

/** The day of the one time offered at `time` in this call's last answer with times; null when none or several were. */
function offeredDay(memory: CallMemory, time: string): string | null {
  const days = (memory.offered ?? []).filter((o) => o.time === time).map((o) => o.date);
  return new Set(days).size === 1 ? days[0]! : null;
}

/**
 * The channel the caller asked for, remembered for the rest of the call; the one asked earlier when this call leaves
 * it out; null when they never asked (the business's default).
 */
async function channelAsked(ctx: ToolContext, asked: ConfirmationChannel | undefined): Promise<ConfirmationChannel | null> {
  if (asked && asked !== ctx.memory.channel) await settle(ctx, { channel: asked });
  return asked ?? ctx.memory.channel ?? null;
}
