// What the caller settled during one call (the language they speak, the practitioner and service they asked for, where
// and how the confirmation goes, who the appointment is for, the times last offered), kept on the call's row while
// the call lasts. The voice platform sends each tool call on its own, and a small model often leaves out what the
// caller said three turns ago: a tool call that leaves one of these out uses the call's value, one that gives a new
// value replaces it. In the database, not in a process: the next tool call of the same call may reach another
// instance. Cleared when the call ends (call-log.ts, abandoned.ts).
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calls, type CallMemory } from "@/db/schema";
import { ensureCall } from "./call-log";

export type { CallMemory };

export type CallKey = { providerCallId: string; userId: string };

/** Calls in these states take no more memory: the call is over. */
const OVER = ["ended", "failed"];

/** The call's memory: empty for a call new to us, one that has ended, or another business's call id. */
export async function recallMemory(db: Db, call: CallKey): Promise<CallMemory> {
  const [row] = await db
    .select({ memory: calls.memory })
    .from(calls)
    .where(and(eq(calls.providerCallId, call.providerCallId), eq(calls.userId, call.userId)))
    .limit(1);
  return row?.memory ?? {};
}

/**
 * Adds what a tool call settled to the call's memory: each key given replaces the call's value (null included: "anyone
 * is fine" clears the practitioner), the others stay. One statement, so two writes of one call never lose each other's
 * keys. Nothing is kept for a call that is over or is another business's.
 */
export async function remember(db: Db, call: CallKey, patch: CallMemory): Promise<void> {
  if (!Object.keys(patch).length) return;
  const merge = async () =>
    db
      .update(calls)
      .set({ memory: sql`coalesce(${calls.memory}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
      .where(and(eq(calls.providerCallId, call.providerCallId), eq(calls.userId, call.userId), notInArray(calls.status, OVER)))
      .returning({ id: calls.id });
  if ((await merge()).length) return;
  // The first we hear of this call is a tool call (the platform's messages can arrive in any order): record the call
  // as this business's, then keep the memory on it.
  if (await ensureCall(db, call.providerCallId, call.userId)) await merge();
}
