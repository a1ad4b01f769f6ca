// What follows a committed booking change: the calendar, the caller's and owner's messages, the reminder, and the
// waitlist's turn at a slot the change freed.
import { eq } from "drizzle-orm";
import { appointments } from "@/db/schema";
import type { Business } from "@/lib/accounts/business/business";
import { logger } from "@/lib/platform/log/logger";
import { appointmentEvent, publishEvent } from "@/lib/accounts/webhooks/publish";
import { type Appointment, type BookingDeps, beforeDeadline, calendarOf, clock } from "./core";
import { syncAppointmentToCalendar } from "./calendar-sync";

const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/** A slot a change left free: who it was with, and when it started. */
export type FreedSlot = Pick<Appointment, "practitionerId" | "startsAt">;

type ChangeKind = "confirmation" | "reschedule" | "cancellation";

/**
 * What the caller is told of a change: by default the change itself; a reassignment tells them only when the owner
 * chose to ("reassignment", null for nothing), since the time they keep has not moved.
 */
export type CallerNotice = ChangeKind | "reassignment" | null;

/**
 * What follows any change, after the commit: the calendar (so the owner sees it at once; on failure a job retries), the
 * caller's and owner's messages, and the reminder, side by side. A cancellation frees its slot, a move or a reassignment
 * the one it left (`freed`): whoever made the change, the people on the waitlist are offered it (a job).
 */
export async function afterChange(
  deps: BookingDeps,
  biz: Business,
  appt: Appointment,
  kind: ChangeKind,
  freed: FreedSlot | null = kind === "cancellation" ? appt : null,
  notice: CallerNotice = kind,
): Promise<void> {
  const calendar = async () => {
    if (!calendarOf(biz, appt.practitionerId)) return;
    try {
      // On a call a calendar still writing at the deadline finishes in the retry job (the event id is ours, so a write
      // that lands late and the job's write are one event).
      await beforeDeadline(() => syncAppointmentToCalendar(deps, biz, appt.id, appt), deps.deadline);
    } catch {
      await deps.db.update(appointments).set({ calendarSyncStatus: "retrying" }).where(eq(appointments.id, appt.id));
      await deps.jobs.send("calendar-sync", { appointmentId: appt.id }, { singletonKey: `calendar:${appt.id}` });
    }
  };
  const remindAt = new Date(appt.startsAt.getTime() - REMINDER_BEFORE_MS);
  const remind = kind !== "cancellation" && remindAt.getTime() > clock(deps).getTime();
  const messages = async () => {
    await Promise.all([
      notice &&
        deps.jobs.send("appointment-notice", { appointmentId: appt.id, kind: notice, version: appt.version }, { fairShare: biz.userId }),
      // An older version's reminder still fires, finds the version changed and sends nothing.
      remind &&
        deps.jobs.send(
          "appointment-reminder",
          { appointmentId: appt.id, version: appt.version },
          { startAfter: remindAt, singletonKey: `reminder:${appt.id}:${appt.version}`, fairShare: biz.userId },
        ),
    ]);
    await deps.db
      .update(appointments)
      .set({ reminderAt: remind ? remindAt : null })
      .where(eq(appointments.id, appt.id));
  };
  // The owner's other tools hear of it too (their webhooks), beside the messages.
  const webhooks = () => publishEvent(deps, biz.userId, appointmentEvent(kind, appt));
  const [calendarDone, messagesDone, webhooksDone] = await Promise.allSettled([calendar(), messages(), webhooks()]);
  // Once the calendar has let go of the slot (its event deleted or moved), or it would still read busy to the offers.
  const waitlist = freed
    ? await Promise.allSettled([
        deps.jobs.send("waitlist-slot", {
          userId: biz.userId,
          practitionerId: freed.practitionerId,
          startsAt: freed.startsAt.toISOString(),
        }),
      ])
    : [];
  for (const done of [calendarDone, messagesDone, webhooksDone, ...waitlist]) if (done.status === "rejected") throw done.reason;
}

/**
 * afterChange once the change is committed: the booking stands whatever happens next, so a failure here (the queue
 * unreachable a moment) is logged rather than turned into "try again" for a caller whose slot is already theirs.
 */
export async function afterChangeSafely(
  deps: BookingDeps,
  biz: Business,
  appt: Appointment,
  kind: ChangeKind,
  freed?: FreedSlot | null,
  notice?: CallerNotice,
): Promise<void> {
  const follow = async () => {
    try {
      await afterChange(deps, biz, appt, kind, freed, notice);
    } catch (e) {
      logger().error({ kind, appointmentId: appt.id, name: (e as Error).name }, "appointment follow-up failed");
    }
  };
  // On a call the caller hears the booking as soon as it is committed; the rest follows the answer.
  await (deps.afterAnswer ? deps.afterAnswer(follow) : follow());
}
