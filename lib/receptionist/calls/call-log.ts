// The call log. One row per provider call id, written by whichever message arrives first (assistant-request,
// status-update, a tool call or the end-of-call report) and completed by the others, so every message is idempotent
// and order-independent.
//
// A call id comes from the platform's payload, not from us: every write is scoped by the business the message came in
// on, so a message naming another business's call id changes nothing of that call (first writer owns the row).
import { and, eq, isNull, or, sql, type SQL, type WithSubquery } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calls } from "@/db/schema";

import type { CallOutcome, CallScreening } from "@/db/schema";
export type { CallOutcome };

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
  /** A call the practice placed (a reminder call): from its line, to the callee. */
  direction?: "inbound" | "outbound";
  /** The receptionist looked for or booked a time on this call: the caller wanted an appointment. */
  wantedBooking?: boolean;
  /** Kept out of the numbers, and why (CALL_SCREENINGS); once set, never cleared by a later message. */
  screening?: CallScreening | null;
};

// No phone call lasts a week: a longer span is a malformed pair of timestamps (and past 2^31 s not even an integer
// column's value), so no duration is stored.
const MAX_CALL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Which existing row a message may fill in: its own business's call, or a call no business holds yet (the message
 * claims it). A message no business answers for (its line was released mid-call) may still close the call that came
 * in on that same line.
 */
function writableBy(f: Pick<CallFacts, "userId" | "toNumber">): SQL | undefined {
  if (f.userId) return or(isNull(calls.userId), eq(calls.userId, f.userId));
  return f.toNumber ? or(isNull(calls.userId), eq(calls.toNumber, f.toNumber)) : isNull(calls.userId);
}

/**
 * Inserts the call or fills in what this message knows; an "ended" call never goes back to "in-progress". False when
 * the call id belongs to another business's call: nothing was written.
 */
export async function recordCall(db: Db, f: CallFacts, alongside?: WithSubquery): Promise<boolean> {
  return (await writeCall(db, f, alongside)) !== null;
}

/**
 * recordCall, answering the row's id (null when nothing was written). `alongside`: a write that goes with this one (a
 * data-modifying CTE, run whatever this one does), sent in the same statement: one round trip for both.
 */
async function writeCall(db: Db, f: CallFacts, alongside?: WithSubquery): Promise<string | null> {
  const span = f.startedAt && f.endedAt ? Math.max(0, Math.round((f.endedAt.getTime() - f.startedAt.getTime()) / 1000)) : null;
  const durationSeconds = span !== null && span <= MAX_CALL_SECONDS ? span : null;
  const set: Record<string, unknown> = { updatedAt: new Date() };
  // A call belongs to the business it was first recorded for: no later message can move it to another one.
  if (f.userId) set.userId = sql`coalesce(${calls.userId}, ${f.userId})`;
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
  if (f.wantedBooking) set.wantedBooking = true;
  if (f.direction === "outbound") set.direction = "outbound";
  if (f.screening) set.screening = sql`coalesce(${calls.screening}, ${f.screening})`;
  if (f.status) set.status = sql`case when ${calls.status} = 'ended' then 'ended' else ${f.status} end`;
  // What the caller settled lives only as long as the call (call-memory.ts).
  if (f.status === "ended" || f.status === "failed") set.memory = null;
  const written = await (alongside ? db.with(alongside) : db)
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
      direction: f.direction ?? "inbound",
      wantedBooking: f.wantedBooking ?? false,
      screening: f.screening ?? null,
    })
    .onConflictDoUpdate({ target: calls.providerCallId, set, setWhere: writableBy(f) })
    .returning({ id: calls.id });
  return written[0]?.id ?? null;
}

/**
 * Raises the call's outcome (booked beats message beats nothing); the row is created if the call is new to us. Another
 * business's call id is left alone.
 */
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
    .where(and(eq(calls.providerCallId, providerCallId), eq(calls.userId, userId)))
    .returning({ id: calls.id });
  if (updated.length) return;
  // First we hear of this call (or no business held it yet): record it as this business's, then raise. Once recorded,
  // the row is this business's, so the second pass updates it.
  if (!(await recordCall(db, { providerCallId, userId }))) return;
  await raiseOutcome(db, providerCallId, userId, outcome, message);
}

/** The call's row id (creating the row if this is the first we hear of the call); null for another business's call id. */
export async function ensureCall(db: Db, providerCallId: string, userId: string): Promise<string | null> {
  // A row written for this business is its own (writableBy), so the id written is the answer.
  return writeCall(db, { providerCallId, userId });
}
