// The tools only a reminder call needs besides the inbound ones: the callee confirms they will come, or asks not to be
// called again. Confirming names no appointment: the call's own is bound on our side (`boundAppointment`).
import { and, eq } from "drizzle-orm";
import { appointments, callOptOuts } from "@/db/schema";
import { speakSlot } from "../speech/speech";
import { now } from "./context";
import { boundAppointment } from "./my-appointments";
import { answer, defineTool } from "./tool";

export const confirmAppointment = defineTool({
  name: "confirm_appointment",
  spokenKey: "noting",
  offered: (_, o) => o.reminder === true,
  params: () => ({}),
  async run(ctx, say) {
    const a = await boundAppointment(ctx);
    if (!a) return answer(say("appointmentNotFound"));
    await ctx.deps.db
      .update(appointments)
      .set({ confirmedAt: now(ctx), confirmedBy: "phone" })
      .where(and(eq(appointments.id, a.id), eq(appointments.userId, ctx.biz.userId), eq(appointments.status, "booked")));
    return answer(say("reminderCall.confirmed", { slot: speakSlot(a.startsAt, ctx.language, ctx.biz.timeZone) }));
  },
});

/**
 * "Don't call me": no more reminder calls from this practice to the caller's number, on any of their appointments,
 * until they agree to one again (a consent given later than this renews it). Offered on every call of a practice that
 * places reminder calls, and on the reminder calls themselves.
 */
export const stopReminderCalls = defineTool({
  name: "stop_reminder_calls",
  spokenKey: "noting",
  offered: (b, o) => o.reminder === true || b.reminderCalls,
  params: () => ({}),
  async run(ctx, say) {
    if (!ctx.callerNumber) return answer(say("reminderCall.noNumber"));
    const at = now(ctx);
    await ctx.deps.db
      .insert(callOptOuts)
      .values({ userId: ctx.biz.userId, phone: ctx.callerNumber, createdAt: at })
      .onConflictDoUpdate({ target: [callOptOuts.userId, callOptOuts.phone], set: { createdAt: at } });
    return answer(say("reminderCall.noMoreCalls"));
  },
});
