// What a thank-you page says about its checkout (?session_id=): whether its account exists and is set up, the plan it
// started, and where the setup email went. A read of what the events applied (lifecycle.ts), nothing more.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { billingCheckouts, notifications, subscriptions, users } from "@/db/schema";
import { deriveSubscription } from "@/lib/accounts/subscriptions/subscription-status";

/**
 * The checkout a thank-you page names (?session_id=): whether its account exists and is set up. A held checkout's
 * payer is not told an account is ready to sign into: it is someone else's until its owner claims the subscription,
 * and that mailbox has been written to.
 */
export async function checkoutOutcome(db: Db, sessionId: string): Promise<"ready" | "pending" | "unknown"> {
  return (await checkoutSummary(db, sessionId))?.account ?? "unknown";
}

export type CheckoutSummary = {
  account: "ready" | "pending";
  /** The address the setup email went to (a held checkout's is the payer's own typing: not shown). */
  email: string | null;
  /** What the checkout started: the free trial (nothing charged yet), a paid plan, or nothing live yet. */
  plan: "trial" | "paid" | null;
  trialEndsAt: Date | null;
  /** The account's time zone, the one its dates are written in. */
  timeZone: string;
  /** The checkout created this account, which is not set up yet: its setup email is this checkout's. */
  setupEmailKey: string | null;
};

/** What a thank-you page says about its checkout: the account, the plan it started, where the setup email went. */
export async function checkoutSummary(db: Db, sessionId: string, now = new Date()): Promise<CheckoutSummary | null> {
  if (!/^[A-Za-z0-9_-]{1,255}$/.test(sessionId)) return null;
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      timeZone: users.timeZone,
      passwordHash: users.passwordHash,
      held: billingCheckouts.heldSubscriptionId,
      createdAccount: billingCheckouts.createdAccount,
    })
    .from(billingCheckouts)
    .innerJoin(users, eq(users.id, billingCheckouts.userId))
    .where(eq(billingCheckouts.sessionId, sessionId))
    .limit(1);
  if (!row) return null;
  const pending = row.passwordHash === null || !!row.held;
  const [billing] = row.held ? [] : await db.select().from(subscriptions).where(eq(subscriptions.userId, row.userId)).limit(1);
  const view = deriveSubscription(billing ?? null, now);
  const plan = view.subscriptionType === "trial" ? "trial" : view.subscription?.status ? "paid" : null;
  return {
    account: pending ? "pending" : "ready",
    email: row.held ? null : row.email,
    plan,
    trialEndsAt: plan === "trial" && view.subscription?.endTime ? new Date(view.subscription.endTime) : null,
    timeZone: row.timeZone,
    setupEmailKey: row.createdAccount && row.passwordHash === null && !row.held ? `account-setup:checkout:${sessionId}` : null,
  };
}

/**
 * Sandbox billing and email: no payment and no email leave this server, so the payer could not otherwise reach the setup
 * link. The link of the setup email this very checkout caused for the account it created (none for an account that
 * existed: that one's owner reads their own mail); null while the email is on its way, undefined when there is none.
 */
export async function sandboxSetupLink(db: Db, checkout: CheckoutSummary | null): Promise<string | null | undefined> {
  if (!checkout?.setupEmailKey) return undefined;
  const [mail] = await db
    .select({ links: notifications.links })
    .from(notifications)
    .where(and(eq(notifications.dedupeKey, checkout.setupEmailKey), eq(notifications.provider, "sandbox")))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return mail?.links.find((l) => l.includes("/setup-account/")) ?? null;
}
