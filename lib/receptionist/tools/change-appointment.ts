// reschedule_appointment and cancel_appointment: a change to one of the caller's own appointments (my-appointments.ts
// `pick`), named by the id find_my_appointments gave, through lib/scheduling/booking.
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { cancel, reschedule } from "@/lib/scheduling/booking/commands";
import { raiseOutcome } from "../calls/call-log";
import { speakSlot } from "../speech/speech";
import { localToday, readWhen, unreadableWords } from "../speech/when";
import { confirmationWords, refusal } from "./appointment-answers";
import { dayProblem, now, stillNeeded } from "./context";
import { pick } from "./my-appointments";
import { given, needed, WHEN_ALIASES, words, type ParamKit } from "./params";
import { answer, defineTool } from "./tool";

/** The appointment a change is about, by the id find_my_appointments gave. */
const appointmentId = (p: ParamKit) => needed(p.text("appointmentId", words(64)));
const ID_ALIASES = { appointment_id: "appointmentId", id: "appointmentId" } as const;

export const rescheduleAppointment = defineTool({
  name: "reschedule_appointment",
  spokenKey: "moving",
  entitled: true,
  offered: (_, o) => o.canBook,
  params: (_, p) => ({ appointmentId: appointmentId(p), date: needed(p.date()), time: needed(p.time()), start: p.unoffered(given) }),
  aliases: { ...ID_ALIASES, ...WHEN_ALIASES },
  async run(ctx, say, args) {
    const { date, time, unreadable } = readWhen(args);
    if (unreadable) return answer(unreadableWords(unreadable, ctx.language, localToday(now(ctx), ctx.biz.timeZone)));
    if (!date || !time) return answer(stillNeeded(ctx, say, [!date && "date", !time && "time"].filter(Boolean) as string[]));
    const problem = dayProblem(ctx, say, date);
    if (problem) return answer(problem);
    const start = zonedWallTimeToUtc(date, time, ctx.biz.timeZone);
    if (!start) return answer(say("invalidDateTime"));
    const chosen = await pick(ctx, say, args.appointmentId);
    if (!("id" in chosen)) return answer(chosen);
    // The appointment's own number: the caller ID, or one this call proved it holds.
    const move = { source: "phone" as const, appointmentId: chosen.id, start, callerPhone: chosen.patientPhone };
    const outcome = await reschedule(ctx.deps, ctx.biz, move);
    if (!outcome.ok)
      return answer(
        outcome.reason === "notFound"
          ? say("appointmentNotFound")
          : // Why, on the week and days away of whoever the appointment is with.
            await refusal(ctx, say, outcome.reason, start, outcome.alternatives, { only: [chosen.practitionerId] }, chosen.service),
      );
    await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "rescheduled");
    const moved = say("rescheduled", { slot: speakSlot(outcome.appointment.startsAt, ctx.language, ctx.biz.timeZone) });
    return answer(`${moved} ${await confirmationWords(ctx, say, outcome.appointment)}`);
  },
});

export const cancelAppointment = defineTool({
  name: "cancel_appointment",
  spokenKey: "cancelling",
  entitled: true,
  offered: (_, o) => o.canBook,
  params: (_, p) => ({ appointmentId: appointmentId(p) }),
  aliases: ID_ALIASES,
  async run(ctx, say, args) {
    const chosen = await pick(ctx, say, args.appointmentId);
    if (!("id" in chosen)) return answer(chosen);
    const which = { source: "phone" as const, appointmentId: chosen.id, callerPhone: chosen.patientPhone };
    const cancelled = await cancel(ctx.deps, ctx.biz, which);
    if (!cancelled) return answer(say("appointmentNotFound"));
    await raiseOutcome(ctx.deps.db, ctx.providerCallId, ctx.biz.userId, "cancelled");
    return answer(say("cancelled", { slot: speakSlot(cancelled.startsAt, ctx.language, ctx.biz.timeZone) }));
  },
});
