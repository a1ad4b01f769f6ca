// Calls that never got their end. A call row is "in progress" until the platform's end-of-call report (or the Try page's
// hang-up) says otherwise; a report that never comes (the platform lost it, the browser tab was closed without a word)
// would leave the call in progress for ever in the call log. The sweep ends any call with no event for a while as
// "abandoned". A report that arrives later still fills the row in (recordCall keeps the status 'ended').
import { and, eq, lt, notInArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calls } from "@/db/schema";

/** A live call hears from the platform far more often than this (status updates, tool calls, the end report). */
export const ABANDONED_AFTER_MINUTES = 30;

/** What the call log stores as the reason a swept call ended. */
export const ABANDONED_REASON = "abandoned";

/** Statuses after which nothing more is expected. */
const FINAL = ["ended", "failed"];

/**
 * Ends every call whose row has not changed for ABANDONED_AFTER_MINUTES and that is not over yet. The end time is the
 * last thing heard (the row's last change), not the sweep's time, so the duration is what the call really lasted.
 * Returns how many calls it ended.
 */
export async function endAbandonedCalls(db: Db, now = new Date(), idleMinutes = ABANDONED_AFTER_MINUTES): Promise<number> {
  const cutoff = new Date(now.getTime() - idleMinutes * 60_000);
  // In an UPDATE's SET list every column reads its value from before the update, so updated_at below is the old one.
  const lastHeard = sql`coalesce(${calls.endedAt}, ${calls.updatedAt})`;
  const ended = await db
    .update(calls)
    .set({
      status: "ended",
      // What the caller settled lives only as long as the call (call-memory.ts).
      memory: null,
      endedAt: lastHeard,
      endedReason: sql`coalesce(${calls.endedReason}, ${ABANDONED_REASON})`,
      durationSeconds: sql`coalesce(${calls.durationSeconds}, case when ${calls.startedAt} is null then null else greatest(0, round(extract(epoch from (${lastHeard} - ${calls.startedAt}))))::integer end)`,
      updatedAt: now,
    })
    // Written out (not bound parameters) so the planner matches calls_open_idx's predicate.
    .where(and(sql`${calls.status} not in ('ended', 'failed')`, lt(calls.updatedAt, cutoff)))
    .returning({ id: calls.id });
  return ended.length;
}

/**
 * Something happened on the call (the Try page's caller spoke): it is not abandoned. Status updates, bookings and the
 * end report touch the row through recordCall; most turns of a conversation do not.
 */
export async function noteCallActivity(db: Db, providerCallId: string, now = new Date()): Promise<void> {
  await db
    .update(calls)
    .set({ updatedAt: now })
    .where(and(eq(calls.providerCallId, providerCallId), notInArray(calls.status, FINAL)));
}
