// One attempt at a time per endpoint, and at most a few per practice: an endpoint is leased (busy_until) for the length
// of an attempt before it is made, and given back right after. A receiver that answers slowly then holds at most
// MAX_BUSY_ENDPOINTS_PER_PRACTICE delivery workers, and only its own practice's deliveries wait for it; every other
// practice's go through the remaining workers. A process that dies mid-attempt leaves a lease that simply runs out.
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";

/** How many of one practice's endpoints may have an attempt in flight at once. */
export const MAX_BUSY_ENDPOINTS_PER_PRACTICE = 2;
/**
 * How long a lease holds: longer than an attempt can last (the destination check, then the receiver's 10 s), so it only
 * runs out by itself when the process that took it died.
 */
export const LEASE_MS = 30_000;
/** A delivery whose endpoint is busy is queued again this much later (with a little spread, so waiting jobs do not herd). */
export const BUSY_RETRY_MS = 1_000;

export const busyRetryAt = (now: Date) => new Date(now.getTime() + BUSY_RETRY_MS + Math.floor(Math.random() * BUSY_RETRY_MS));

/**
 * Takes the endpoint for one attempt: the time the lease holds until, or null when the endpoint is busy or its practice
 * already has its share of endpoints busy. The practice's leases are taken one at a time (a transaction's lock), so two
 * workers leasing two of its endpoints at once both count each other.
 */
export async function leaseEndpoint(db: Db, userId: string, endpointId: string, now: Date): Promise<Date | null> {
  const until = new Date(now.getTime() + LEASE_MS);
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-lease:${userId}`}, 0))`);
    const busy = sql`(select count(*) from ${webhookEndpoints} o where o.user_id = ${userId} and o.busy_until > ${at})`;
    const leased = await tx
      .update(webhookEndpoints)
      .set({ busyUntil: until })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          eq(webhookEndpoints.userId, userId),
          or(isNull(webhookEndpoints.busyUntil), lte(webhookEndpoints.busyUntil, now)),
          sql`${busy} < ${MAX_BUSY_ENDPOINTS_PER_PRACTICE}`,
        ),
      )
      .returning({ id: webhookEndpoints.id });
    return leased.length > 0 ? until : null;
  });
}

/** Gives the endpoint back after the attempt: only the lease this attempt took (one that ran out may be someone else's). */
export async function releaseEndpoint(db: Db, endpointId: string, until: Date): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ busyUntil: null })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.busyUntil, until)));
}
