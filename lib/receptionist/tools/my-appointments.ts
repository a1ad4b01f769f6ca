// The caller's own appointments: the ones a call may name, move or cancel (booked with the caller ID, or with a number
// the call proved it holds), as the caller hears them, and the proofs that open another number's.
import type { Appointment } from "@/lib/scheduling/booking/core";
import { upcomingForCaller } from "@/lib/scheduling/booking/commands";
import { cancelledForCaller } from "@/lib/scheduling/booking/lookups";
import { countryOfBusiness, toE164 } from "@/lib/platform/phone/phone";
import { textRefusal } from "@/lib/platform/phone/number-kinds";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { checkBirthDate, checkCode, identitiesOf, sendCode } from "./identity";
import { spoken, type AppointmentRef, type ToolReply } from "./replies";
import { sayer, speakList, speakSlot, type Say } from "../speech/speech";
import { personName } from "@/lib/platform/format/person-name";
import { now, readBirthDate, stillNeeded, text, type Args, type ToolContext } from "./context";

/**
 * The caller's appointments as the model gets them, with the id to pass back: each by its day and time, what it is for
 * (its service, else the reason given), who it is with in a practice of several, and whose it is when they are not all
 * the same person's ("Wednesday, December 9 at 11:00 AM, colouring, for Léa Martin"). "Cancel the colouring one" then
 * names one.
 */
export function appointmentRefs(list: Appointment[], ctx: ToolContext): { words: string; refs: AppointmentRef[] } {
  const refs = list.map((a) => ({ say: appointmentWords(ctx, a, list), id: a.id }));
  return {
    words: speakList(
      refs.map((r) => r.say),
      ctx.language,
      "conjunction",
    ),
    refs,
  };
}

/**
 * The caller's upcoming appointments: booked with their caller ID (or from it, for another number), or with a number this
 * call proved it holds (a code texted to it). Nothing when neither: the answer then says how to prove it.
 */
async function mine(ctx: ToolContext): Promise<Appointment[]> {
  const phones = await identitiesOf(ctx.deps, { userId: ctx.biz.userId, providerCallId: ctx.providerCallId }, ctx.callerNumber);
  const found = (await Promise.all(phones.map((p) => upcomingForCaller(ctx.deps, ctx.biz.userId, p)))).flat();
  const unique = [...new Map(found.map((a) => [a.id, a])).values()];
  return unique.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** One appointment as said in a list of the caller's (`among`: the whole list, to tell apart whose is whose). */
function appointmentWords(ctx: ToolContext, a: Appointment, among: Appointment[]): string {
  const say = sayer(ctx.language);
  const slot = speakSlot(a.startsAt, ctx.language, ctx.biz.timeZone);
  const practitioner = practitionerToName(ctx.biz.practitioners, a.practitionerId);
  const purpose = a.service ?? text(a.reason, 60);
  const people = new Set(among.map((x) => x.patientName.trim().toLowerCase()));
  return [
    practitioner ? say("slotWith", { slot, practitioner: personName(practitioner, ctx.language) }) : slot,
    purpose,
    people.size > 1 ? say("appointmentFor", { name: a.patientName }) : null,
  ]
    .filter(Boolean)
    .join(", ");
}

export async function findMine(ctx: ToolContext, say: Say): Promise<ToolReply> {
  const list = await mine(ctx);
  if (!list.length) return spoken(say(ctx.callerNumber ? "noAppointmentsVerify" : "noCallerIdVerify"));
  const { words, refs } = appointmentRefs(list, ctx);
  return { say: say(list.length === 1 ? "yourAppointment" : "yourAppointments", { list: words }), appointments: refs };
}

/**
 * The appointment a change is about: only one of the caller's own, named by the id find_my_appointments gave. Without an
 * id (or with one that is not theirs) nothing is changed: the caller is asked which one, with their appointments.
 */
export async function pick(ctx: ToolContext, say: Say, args: Args): Promise<Appointment | ToolReply> {
  const list = await mine(ctx);
  const id = text(args.appointmentId ?? args.appointment_id ?? args.id, 64);
  // The same cancel twice (the model retries, or the caller asks again): it is done, said as such, not "I found nothing".
  const gone = id && !list.some((a) => a.id === id) ? await cancelledOfCaller(ctx, id) : null;
  if (gone) {
    const already = say("alreadyCancelled", { appointment: appointmentWords(ctx, gone, [gone]) });
    if (!list.length) return spoken(already);
    const others = appointmentRefs(list, ctx);
    return { say: `${already} ${say("othersStill", { list: others.words, count: list.length })}`, appointments: others.refs };
  }
  if (!list.length) return spoken(say(ctx.callerNumber ? "noAppointmentsVerify" : "noCallerIdVerify"));
  const chosen = id ? list.find((a) => a.id === id) : undefined;
  if (chosen) return chosen;
  const { words, refs } = appointmentRefs(list, ctx);
  if (id) return { say: say("appointmentNotAmongYours", { list: words }), appointments: refs };
  return { say: say(list.length === 1 ? "confirmWhich" : "whichAppointment", { list: words }), appointments: refs };
}

/** An appointment of this caller's (a number this call holds) that is cancelled already; null for any other id. */
async function cancelledOfCaller(ctx: ToolContext, id: string): Promise<Appointment | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const phones = await identitiesOf(ctx.deps, { userId: ctx.biz.userId, providerCallId: ctx.providerCallId }, ctx.callerNumber);
  const found = await cancelledForCaller(ctx.deps, ctx.biz.userId, id, phones);
  return found && found.startsAt.getTime() > now(ctx).getTime() ? found : null;
}

/**
 * Texts a one-time code to the number the caller says the appointment was booked with. The answer is the same whether
 * or not that number has an appointment here: a caller must never learn who is a patient.
 */
export async function sendVerification(ctx: ToolContext, say: Say, args: Args): Promise<string> {
  const raw = text(args.phone ?? args.phoneNumber, 40);
  if (!raw || !/\d/.test(raw)) return say("verificationNeedsPhone");
  const phone = toE164(raw, countryOfBusiness(ctx.biz));
  if (!phone) return say("phoneUnreadable");
  if (phone === ctx.callerNumber) return say("verificationSameNumber");
  // A landline or a premium number takes no text: the caller hears so now rather than waiting for a code that never
  // comes. It says nothing about who is a patient (any number of that kind gets the same answer).
  if (textRefusal(phone)) return say("verificationNoText");
  const call = { userId: ctx.biz.userId, providerCallId: ctx.providerCallId };
  if ((await identitiesOf(ctx.deps, call, null)).includes(phone)) return say("verificationAlreadyDone");
  if (!ctx.biz.line) return say("verificationUnavailable");
  const has = (await upcomingForCaller(ctx.deps, ctx.biz.userId, phone)).length > 0;
  // No text to a number with nothing booked here, but the same words and the same code bookkeeping: the caller learns
  // nothing either way, now or when they read back a code.
  if ((await sendCode(ctx.deps, call, phone, ctx.language, has)) === "limit") return say("verificationLimit");
  return say("verificationSent");
}

export async function verify(ctx: ToolContext, say: Say, args: Args): Promise<ToolReply> {
  const given = text(args.code, 20);
  if (!given) return spoken(say("verificationNeedsCode"));
  const checked = await checkCode(ctx.deps, { userId: ctx.biz.userId, providerCallId: ctx.providerCallId }, given);
  if (!checked.ok) return spoken(say(`verification.${checked.reason}`));
  const { words, refs } = appointmentRefs(await mine(ctx), ctx);
  return { say: say("verificationDone", { list: words }), appointments: refs };
}

/**
 * The other proof, when the owner turned it on: the full name and date of birth of an upcoming appointment booked with
 * the number the caller gives (for a landline, or a phone not to hand). The same answer whether the number has nothing
 * booked or the details differ.
 */
export async function verifyIdentity(ctx: ToolContext, say: Say, args: Args): Promise<ToolReply> {
  const rawPhone = text(args.phone ?? args.phoneNumber, 40);
  const name = text(args.name ?? args.patientName ?? args.fullName, 120);
  const birthRaw = text(args.dateOfBirth ?? args.birthDate ?? args.date_of_birth, 40);
  const missing = [!(rawPhone && /\d/.test(rawPhone)) && "phone", !name && "name", !birthRaw && "dateOfBirth"].filter(Boolean) as string[];
  if (missing.length) return spoken(stillNeeded(ctx, say, missing));
  const phone = toE164(rawPhone!, countryOfBusiness(ctx.biz));
  if (!phone) return spoken(say("phoneUnreadable"));
  if (phone === ctx.callerNumber) return spoken(say("verificationSameNumber"));
  const birthDate = readBirthDate(birthRaw!, ctx);
  if (!birthDate) return spoken(say("birthDateUnreadable"));
  const call = { userId: ctx.biz.userId, providerCallId: ctx.providerCallId };
  if (!(await identitiesOf(ctx.deps, call, null)).includes(phone)) {
    const checked = await checkBirthDate(ctx.deps, call, phone, name!, birthDate);
    if (checked !== "ok") return spoken(say(`identity.${checked}`));
  }
  const { words, refs } = appointmentRefs(await mine(ctx), ctx);
  return { say: say("identityDone", { list: words }), appointments: refs };
}
