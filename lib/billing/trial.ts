// The signed-in trial start (the landing page's "Start free trial" for a user who is already signed in): one 7-day
// trial per account, recorded as the billing record the receptionist and the subscription page read.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscriptions } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { deriveSubscription, type SubscriptionView } from "@/lib/accounts/subscriptions/subscription-status";
import { PRO_PLAN } from "@/lib/accounts/subscriptions/plan";

export async function startTrial(db: Db, userId: string, now = new Date()): Promise<SubscriptionView> {
  const trialEndsAt = new Date(now.getTime() + PRO_PLAN.trial.days * 24 * 60 * 60 * 1000);
  const [created] = await db
    .insert(subscriptions)
    .values({ userId, status: "trialing", trialEndsAt, currentPeriodStart: now, currentPeriodEnd: trialEndsAt, lastEventAt: now })
    .onConflictDoNothing({ target: subscriptions.userId })
    .returning();
  if (created) return deriveSubscription(created, now);
  // Any billing record means the trial was used (or a subscription exists): a second trial is not given.
  const [existing] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (existing && deriveSubscription(existing, now).subscription?.status) return deriveSubscription(existing, now);
  throw new AppError("conflict", "trialAlreadyUsed");
}
