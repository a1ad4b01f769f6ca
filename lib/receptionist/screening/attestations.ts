// The caller ID's STIR/SHAKEN attestation. The carrier signs it on the call it hands us (Telnyx's call.initiated),
// while the voice platform that answers the call knows nothing of it, and the two messages arrive in either order:
// whichever comes second puts the attestation on the call's row. Until then it waits in caller_attestations, keyed by
// line and caller, for two minutes; it holds phone numbers, so nothing stays there longer than ten.
import { and, desc, eq, exists, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { ATTESTATION_KEEP_MS, callerAttestations, calls, phoneNumbers, webhookEvents, type Attestation } from "@/db/schema";

/**
 * How far apart the carrier's message and the call's row may be and still be one call. The platform records the call
 * within a second or two of the carrier's start time; two minutes leaves room for a slow or retried webhook.
 */
export const ATTESTATION_WINDOW_MS = 2 * 60_000;
/**
 * The platform records a call after the carrier started it, so a row created well before the start time is an earlier
 * call from the same caller (one that had no attestation); this much earlier is still read as clock skew.
 */
const CLOCK_SKEW_MS = 15_000;

/**
 * What the carrier said of one incoming call: our line and the caller ID, both in E.164; the attestation level; whether
 * the carrier verified the signature (null: it did not say); `at`, when the call started by the carrier's clock.
 */
export type CarrierAttestation = { line: string; caller: string; attestation: Attestation; verified: boolean | null; at: Date };

/** The provider's once-only key for the event that carried an attestation. */
export type AttestationReceipt = { provider: string; eventId: string; type: string };

/**
 * The two sides for one line and caller (the carrier's event, the call's row) take their turn. The call's row is
 * written before its side asks, so whichever asks second sees what the other committed: the call, which it then puts
 * the attestation on, or the waiting attestation, which it then takes. Without it both could look at the same moment,
 * each miss the other, and the attestation would wait beside its call. Held until the transaction ends.
 */
async function lockCaller(tx: Pick<Tx, "execute">, line: string, caller: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`caller-attestation:${line}:${caller}`}, 0))`);
}

/**
 * Puts the attestation on the call it is about when the platform has recorded it already (the latest call from this
 * caller on this line, of the business holding the line, created from about the start time to two minutes after, still
 * without one), otherwise keeps it for the call to take (a later attestation for the same line and caller replaces an
 * earlier one). With `once`, the provider's event that carried it, applied in the same transaction as the event's id is
 * recorded: a redelivered event changes nothing (it would otherwise leave an attestation waiting for the caller's next
 * call). Answers where it went, or "duplicate". Waiting attestations older than ten minutes are deleted first.
 */
export async function recordAttestation(
  db: Db,
  a: CarrierAttestation,
  once?: AttestationReceipt,
): Promise<"call" | "waiting" | "duplicate"> {
  await forgetStale(db, a.at);
  return db.transaction(async (tx) => {
    if (once) {
      const [fresh] = await tx
        .insert(webhookEvents)
        .values({ provider: once.provider, eventId: once.eventId, type: once.type })
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId });
      if (!fresh) return "duplicate";
    }
    await lockCaller(tx, a.line, a.caller);
    // Through the line's business, so the lookup reads that business's calls by time (its index) rather than them all.
    const business = tx.select({ userId: phoneNumbers.assignedToUserId }).from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, a.line));
    const call = tx
      .select({ id: calls.id })
      .from(calls)
      .where(
        and(
          inArray(calls.userId, business),
          eq(calls.toNumber, a.line),
          eq(calls.fromNumber, a.caller),
          isNull(calls.callerAttestation),
          gte(calls.createdAt, new Date(a.at.getTime() - CLOCK_SKEW_MS)),
          lte(calls.createdAt, new Date(a.at.getTime() + ATTESTATION_WINDOW_MS)),
        ),
      )
      .orderBy(desc(calls.createdAt))
      .limit(1);
    const updated = await tx
      .update(calls)
      .set({ callerAttestation: a.attestation, callerVerified: a.verified })
      .where(eq(calls.id, call))
      .returning({ id: calls.id });
    if (updated.length > 0) return "call";
    const waiting = { attestation: a.attestation, verified: a.verified, receivedAt: a.at };
    await tx
      .insert(callerAttestations)
      .values({ line: a.line, caller: a.caller, ...waiting })
      // A retried older event never replaces the attestation of a call that started after it.
      .onConflictDoUpdate({
        target: [callerAttestations.line, callerAttestations.caller],
        set: waiting,
        setWhere: lte(callerAttestations.receivedAt, a.at),
      });
    return "waiting";
  });
}

/**
 * Deletes the waiting attestations no call will take any more (they hold phone numbers). A statement of its own, outside
 * any transaction, that skips the rows another writer holds: a sweep that held them (or waited for them) while that
 * writer waited for a row it had swept could deadlock the two; a row skipped goes with the next sweep.
 */
async function forgetStale(db: Db, at: Date): Promise<void> {
  const stale = db
    .select({ line: callerAttestations.line, caller: callerAttestations.caller })
    .from(callerAttestations)
    .where(lt(callerAttestations.receivedAt, new Date(at.getTime() - ATTESTATION_KEEP_MS)))
    .for("update", { skipLocked: true });
  await db.delete(callerAttestations).where(inArray(sql`(${callerAttestations.line}, ${callerAttestations.caller})`, stale));
}

/**
 * For a call the platform has just recorded: moves the attestation waiting for this line and caller (the carrier's
 * start time at most two minutes before `now`) onto the call's row, found by its provider call id and only if it is
 * that line's call from that caller and has none yet, and deletes it from the waiting ones, in one statement. Called
 * twice, the second finds nothing to move. True when it moved one. A call without a caller ID (or line) takes none.
 */
export async function takeAttestation(
  db: Db,
  call: { line: string | null; caller: string | null; providerCallId: string; now: Date },
): Promise<boolean> {
  const { line, caller, providerCallId, now } = call;
  if (!line || !caller) return false;
  return db.transaction(async (tx) => {
    await lockCaller(tx, line, caller);
    const theCall = and(
      eq(calls.providerCallId, providerCallId),
      eq(calls.toNumber, line),
      eq(calls.fromNumber, caller),
      isNull(calls.callerAttestation),
    );
    // Deleted only when the call can take it: an attestation is never dropped on the way.
    const taken = tx.$with("taken").as(
      tx
        .delete(callerAttestations)
        .where(
          and(
            eq(callerAttestations.line, line),
            eq(callerAttestations.caller, caller),
            gte(callerAttestations.receivedAt, new Date(now.getTime() - ATTESTATION_WINDOW_MS)),
            exists(tx.select({ id: calls.id }).from(calls).where(theCall)),
          ),
        )
        .returning({ attestation: callerAttestations.attestation, verified: callerAttestations.verified }),
    );
    const moved = await tx
      .with(taken)
      .update(calls)
      .set({ callerAttestation: sql`${taken.attestation}`, callerVerified: sql`${taken.verified}` })
      .from(taken)
      .where(theCall)
      .returning({ id: calls.id });
    return moved.length > 0;
  });
}
