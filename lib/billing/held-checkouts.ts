// Held checkouts: paid on the hosted page with an account's email by a payer nothing proved to be the account's owner
// (lib/billing/lifecycle.ts, holdCheckout). The account's billing record was left as it was; the checkout's
// subscription stays unattached, its own events keeping its state, so the payer's money is not lost. The account's
// owner, told by email, can claim it from the Subscription page if the payment was theirs; otherwise support sorts it
// out with the payer, from the admin list below (GET /api/admin/held-checkouts).
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { billingCheckouts, subscriptions, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { deriveSubscription, type SubscriptionRecord, type SubscriptionView } from "@/lib/accounts/subscriptions/subscription-status";
import { isRaceError } from "./race";

const isLive = (r: SubscriptionRecord, now: Date) => deriveSubscription(r, now).subscription?.status === true;

export type HeldCheckout = { id: string; heldAt: string };

/**
 * What the owner can still claim: held for the account, unclaimed, the subscription unattached and live. Nothing while
 * the account pays for a live subscription of its own: a claim would be refused (two subscriptions would bill).
 */
export async function listHeldCheckouts(db: Db, userId: string, now = new Date()): Promise<HeldCheckout[]> {
  const [mine] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (mine?.providerSubscriptionId && isLive(mine, now)) return [];
  const rows = await db
    .select({ id: billingCheckouts.sessionId, heldAt: billingCheckouts.createdAt, sub: subscriptions })
    .from(billingCheckouts)
    .innerJoin(subscriptions, eq(subscriptions.providerSubscriptionId, billingCheckouts.heldSubscriptionId))
    .where(and(eq(billingCheckouts.userId, userId), isNull(billingCheckouts.claimedAt), isNull(subscriptions.userId)))
    .orderBy(desc(billingCheckouts.createdAt));
  return rows.filter((r) => isLive(r.sub, now)).map((r) => ({ id: r.id, heldAt: r.heldAt.toISOString() }));
}

/**
 * The signed-in owner attaches a subscription held for their account. Only while it is still held for them, unattached
 * and live; it replaces the account's record (the in-app trial, an ended subscription), as a checkout naming the
 * account would, but never a live subscription at the provider (that would leave one of the two billing unseen).
 * Locks: the held checkout, then the subscription's row, then the account's (the order billing events take for the
 * last two), so a concurrent claim or event waits.
 */
export async function claimHeldCheckout(db: Db, userId: string, checkoutId: string, now = new Date()): Promise<SubscriptionView> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attachHeld(db, userId, checkoutId, now);
    } catch (e) {
      // A subscription event for the account inserted its record meanwhile: the retry reads it.
      if (attempt < 3 && isRaceError(e)) continue;
      throw e;
    }
  }
}

async function attachHeld(db: Db, userId: string, checkoutId: string, now: Date): Promise<SubscriptionView> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(billingCheckouts)
      .where(
        and(
          eq(billingCheckouts.sessionId, checkoutId),
          eq(billingCheckouts.userId, userId),
          isNotNull(billingCheckouts.heldSubscriptionId),
        ),
      )
      .for("update")
      .limit(1);
    if (!held || held.claimedAt) throw new AppError("not_found", "heldCheckoutNotFound");
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, held.heldSubscriptionId!))
      .for("update")
      .limit(1);
    if (!sub || sub.userId) throw new AppError("not_found", "heldCheckoutNotFound");
    if (!isLive(sub, now)) throw new AppError("conflict", "heldCheckoutEnded");
    const [mine] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update").limit(1);
    if (mine?.providerSubscriptionId && isLive(mine, now)) throw new AppError("conflict", "alreadySubscribed");
    if (mine) await tx.delete(subscriptions).where(eq(subscriptions.id, mine.id));
    const [attached] = await tx
      .update(subscriptions)
      .set({ userId, trialEndingNotifiedAt: null, lapsedNotifiedAt: null, numberReleasedAt: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    await tx.update(billingCheckouts).set({ claimedAt: now }).where(eq(billingCheckouts.sessionId, held.sessionId));
    return deriveSubscription(attached!, now);
  });
}

export type AdminHeldCheckout = {
  checkoutId: string;
  userId: string;
  email: string;
  heldAt: string;
  claimedAt: string | null;
  /** The payer's subscription at the provider: support finds the payer by it (the email is the account's, not theirs). */
  subscription: { provider: string | null; providerSubscriptionId: string; status: string | null; attached: boolean; live: boolean };
};

/** Every held checkout, newest first (at most 200): what support looks at to sort out a payer's subscription. */
export async function listHeldCheckoutsForAdmin(db: Db, now = new Date()): Promise<AdminHeldCheckout[]> {
  const rows = await db
    .select({ held: billingCheckouts, email: users.email, sub: subscriptions })
    .from(billingCheckouts)
    .innerJoin(users, eq(users.id, billingCheckouts.userId))
    .leftJoin(subscriptions, eq(subscriptions.providerSubscriptionId, billingCheckouts.heldSubscriptionId))
    .where(isNotNull(billingCheckouts.heldSubscriptionId))
    .orderBy(desc(billingCheckouts.createdAt))
    .limit(200);
  return rows.map(({ held, email, sub }) => ({
    checkoutId: held.sessionId,
    userId: held.userId,
    email,
    heldAt: held.createdAt.toISOString(),
    claimedAt: held.claimedAt?.toISOString() ?? null,
    subscription: {
      provider: sub?.provider ?? null,
      providerSubscriptionId: held.heldSubscriptionId!,
      status: sub?.status ?? null,
      attached: !!sub?.userId,
      live: !!sub && isLive(sub, now),
    },
  }));
}
