// The caller's own appointments: the ones a call may name, move or cancel (booked with the caller ID, or with a number
// the call proved it holds), as the caller hears them (find_my_appointments), and the one a change is about.
import { upcomingForCaller } from "@/lib/scheduling/booking/commands";
import { byId, type Appointment } from "@/lib/scheduling/booking/core";
import { cancelledForCaller } from "@/lib/scheduling/booking/lookups";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { identitiesOf } from "./identity";
import { spoken, type AppointmentRef, type ToolReply } from "./replies";
import { sayer, speakList, speakSlot, type Say } from "../speech/speech";
import { personName } from "@/lib/platform/format/person-name";
import { now, text, type ToolContext } from "./context";
import { answer, defineTool } from "./tool";

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
export async function mine(ctx: ToolContext): Promise<Appointment[]> {
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

export const findMyAppointments = defineTool({
  name: "find_my_appointments",
  spokenKey: "lookingUp",
  entitled: true,
  offered: (_, o) => o.canBook,
  params: () => ({}),
  async run(ctx, say) {
    const list = await mine(ctx);
    if (!list.length) return answer(say(ctx.callerNumber ? "noAppointmentsVerify" : "noCallerIdVerify"));
    const { words, refs } = appointmentRefs(list, ctx);
    return answer({ say: say(list.length === 1 ? "yourAppointment" : "yourAppointments", { list: words }), appointments: refs });
  },
});

/**
 * The appointment a change is about: only one of the caller's own, named by the id find_my_appointments gave. Without an
 * id (or with one that is not theirs) nothing is changed: the caller is asked which one, with their appointments.
 */
export async function pick(ctx: ToolContext, say: Say, id: string | undefined): Promise<Appointment | ToolReply> {
  if (ctx.bound) return (await boundAppointment(ctx)) ?? spoken(say("appointmentNotFound"));
  const list = await mine(ctx);
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

/** A reminder call's own appointment, while it is booked and to come; null once it was cancelled or is over. */
export async function boundAppointment(ctx: ToolContext): Promise<Appointment | null> {
  if (!ctx.bound) return null;
  const a = await byId(ctx.deps.db, ctx.bound);
  return a && a.userId === ctx.biz.userId && a.status === "booked" && a.endsAt.getTime() > now(ctx).getTime() ? a : null;
}
