// The call log. One row per provider call id, written by whichever message arrives first (assistant-request,
// status-update, a tool call or the end-of-call report) and completed by the others, so every message is idempotent
// and order-independent.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calls } from "@/db/schema";

export type CallOutcome = "booked" | "rescheduled" | "cancelled" | "message" | "no_action";

// A call that booked and also left a message is a booking: the strongest outcome wins.
const RANK: Record<CallOutcome, number> = { no_action: 0, message: 1, cancelled: 2, rescheduled: 3, booked: 4 };

export type CallFacts = {
  providerCallId: string;
  userId: string | null;
  fromNumber?: string | null;
  toNumber?: string | null;
  status?: string | null;
  startedAt?: Date | null;
  endedAt?: Date | null;
  endedReason?: string | null;
  transcript?: string | null;
  summary?: string | null;
  recordingUrl?: string | null;
  language?: string | null;
  sandbox?: boolean;
};

/** Inserts the call or fills in what this message knows; an "ended" call never goes back to "in-progress". */
export async function recordCall(db: Db, f: CallFacts): Promise<void> {
  const durationSeconds =
    f.startedAt && f.endedAt ? Math.max(0, Math.round((f.endedAt.getTime() - f.startedAt.getTime()) / 1000)) : null;
  const set: Record<string, unknown> = { updatedAt: new Date() };
  if (f.userId) set.userId = f.userId;
  if (f.fromNumber) set.fromNumber = f.fromNumber;
  if (f.toNumber) set.toNumber = f.toNumber;
  if (f.startedAt) set.startedAt = f.startedAt;
  if (f.endedAt) set.endedAt = f.endedAt;
  if (durationSeconds !== null) set.durationSeconds = durationSeconds;
  if (f.endedReason) set.endedReason = f.endedReason;
  if (f.transcript) set.transcript = f.transcript;
  if (f.summary) set.summary = f.summary;
  if (f.recordingUrl) set.recordingUrl = f.recordingUrl;
  if (f.language) set.language = f.language;
  if (f.status) set.status = sql`case when ${calls.status} = 'ended' then 'ended' else ${f.status} end`;
  await db
    .insert(calls)
    .values({
      providerCallId: f.providerCallId,
      userId: f.userId,
      fromNumber: f.fromNumber ?? null,
      toNumber: f.toNumber ?? null,
      status: f.status ?? "in-progress",
      startedAt: f.startedAt ?? null,
      endedAt: f.endedAt ?? null,
      durationSeconds,
      endedReason: f.endedReason ?? null,
      transcript: f.transcript ?? null,
      summary: f.summary ?? null,
      recordingUrl: f.recordingUrl ?? null,
      language: f.language ?? null,
      sandbox: f.sandbox ?? false,
    })
    .onConflictDoUpdate({ target: calls.providerCallId, set });
}

/** Raises the call's outcome (booked beats message beats nothing); the row is created if the call is new to us. */
export async function raiseOutcome(db: Db, providerCallId: string, userId: string, outcome: CallOutcome, message?: string): Promise<void> {
  const rankOf = sql`(case ${calls.outcome} ${sql.raw(
    Object.entries(RANK)
      .map(([k, v]) => `when '${k}' then ${v}`)
      .join(" "),
  )} else 0 end)`;
  const updated = await db
    .update(calls)
    .set({
      outcome: sql`case when ${rankOf} < ${RANK[outcome]} then ${outcome} else ${calls.outcome} end`,
      ...(message ? { message } : {}),
    })
    .where(eq(calls.providerCallId, providerCallId))
    .returning({ id: calls.id });
  if (updated.length) return;
  // First we hear of this call: create it, then raise.
  await recordCall(db, { providerCallId, userId });
  await raiseOutcome(db, providerCallId, userId, outcome, message);
}

/** The call's row id (creating the row if this is the first we hear of the call). */
export async function ensureCall(db: Db, providerCallId: string, userId: string): Promise<string> {
  await recordCall(db, { providerCallId, userId });
  const [row] = await db.select({ id: calls.id }).from(calls).where(eq(calls.providerCallId, providerCallId)).limit(1);
  return row!.id;
}
