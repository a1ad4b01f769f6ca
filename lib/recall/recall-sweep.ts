// The recall sweep: each business with its booking page on and recall intervals set texts its due callers (due.ts), at
// most once per appointment, a number that opted out never. The workers enqueue it every hour and a business is swept
// during its own daytime only (RECALL_HOURS): the text invites a booking, it must not wake anyone.
//
// Once, whatever runs at once: a text is claimed by inserting its recall_texts row, whose unique index (business,
// number, service, due date) lets one of two sweeps through; the claim and the job that sends the text commit together,
// so a text is queued exactly when its claim exists. The claim and the sending are two steps: the job re-checks what may
// have changed in between (an opt-out, the page turned off) and withdraws the claim rather than send.
import { eq } from "drizzle-orm";
import { bookingPages, recallTexts, serviceRecalls, users } from "@/db/schema";
import { loadBusiness } from "@/lib/accounts/business/business";
import { formatterFor } from "@/lib/platform/time/zoned-time";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { enabledBookingSlug } from "@/lib/booking-page/link";
import { dueCallers } from "./due";
import { linkRecallBookings, recallIntervals } from "./recall.service";

export type RecallDeps = Pick<BookingDeps, "db" | "jobs" | "now">;

/**
 * Texts per business per run: a practice turning recall on with a long history sends its first texts over a few runs
 * (and hours) rather than all at once, and a run stays short.
 */
export const RECALL_TEXTS_PER_RUN = 100;

/** The local hours a sweep texts in, [from, to): office hours, when a caller can also ring the practice. */
export const RECALL_HOURS = { from: 9, to: 18 } as const;

/** Whether `now` is within RECALL_HOURS in the business's time zone. */
export function inRecallHours(timeZone: string, now: Date): boolean {
  const hour = localHour(now, timeZone);
  return hour >= RECALL_HOURS.from && hour < RECALL_HOURS.to;
}

/**
 * Claims and queues the recall texts of one business due now; the number queued. None while its booking page is off
 * (the text is its link), without a line to text from, or outside a live trial or subscription.
 */
export async function sendDueRecalls(deps: RecallDeps, userId: string): Promise<number> {
  const now = deps.now?.() ?? new Date();
  if (!(await enabledBookingSlug(deps.db, userId))) return 0;
  const biz = await loadBusiness(deps.db, userId, now);
  if (!biz?.line || !biz.entitled) return 0;
  const intervals = await recallIntervals(deps.db, biz);
  if (!intervals.length) return 0;
  await linkRecallBookings(deps.db, userId);
  // The queue is started before the transaction that sends with it (lib/platform/jobs/queue.ts says why).
  await deps.jobs.ready();
  return deps.db.transaction(async (tx) => {
    // A caller's erasure locks the owner's row: it waits for these claims, or they wait for it and see its deletes.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("key share");
    const due = await dueCallers(tx, { userId, timeZone: biz.timeZone, intervals, now, limit: RECALL_TEXTS_PER_RUN, textable: true });
    let queued = 0;
    for (const c of due) {
      const [claimed] = await tx
        .insert(recallTexts)
        .values({ userId, phone: c.phone, service: c.service, afterAppointmentId: c.appointmentId, dueOn: c.dueOn, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: recallTexts.id });
      if (!claimed) continue;
      await deps.jobs.send("recall-text", { recallTextId: claimed.id }, { tx, fairShare: userId });
      queued++;
    }
    return queued;
  });
}

/** The hour of the day at `at` in `timeZone`, 0–23. */
function localHour(at: Date, timeZone: string): number {
  return Number(
    formatterFor(timeZone)
      .formatToParts(at)
      .find((p) => p.type === "hour")?.value ?? 0,
  );
}

/**
 * The sweep's job: every business that may send recalls, in its daytime. One business failing does not keep the others
 * from their texts; the job then fails, so the queue retries it (what was claimed is not claimed again).
 */
export async function runRecallSweep(deps: RecallDeps): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const owners = await deps.db
    .selectDistinct({ userId: users.id, timeZone: users.timeZone })
    .from(bookingPages)
    .innerJoin(serviceRecalls, eq(serviceRecalls.userId, bookingPages.userId))
    .innerJoin(users, eq(users.id, bookingPages.userId))
    .where(eq(bookingPages.enabled, true));
  const failures: unknown[] = [];
  for (const owner of owners) {
    if (!inRecallHours(owner.timeZone, now)) continue;
    await sendDueRecalls({ ...deps, now: () => now }, owner.userId).catch((e: unknown) => failures.push(e));
  }
  if (failures.length) throw failures[0];
}
