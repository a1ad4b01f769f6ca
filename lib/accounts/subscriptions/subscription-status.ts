// What the profile says about the subscription, derived from the billing record.
//   trialing with a future trial end   → subscriptionType "trial"
//   any other record                   → "subscribed", subscription.status true only while active (else lapsed)
//   no record                          → absent (null)
export type SubscriptionRecord = {
  status: string;
  /** Null for the trial started in the app; a provider's subscription otherwise. */
  provider?: string | null;
  trialEndsAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  createdAt: Date;
};
export type SubscriptionView = {
  subscriptionType: "subscribed" | "trial" | null;
  subscription: { status: boolean; startTime: string | null; endTime: string | null } | null;
};

const ACTIVE = new Set(["active", "past_due"]);

/**
 * A provider's paid period is renewed by its webhooks (invoice.paid, subscription.updated). If they are late (our
 * endpoint down, Stripe retrying), a paying customer is not cut off at the second the period ends: three days' grace.
 * Trials and the in-app trial end exactly.
 */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export function deriveSubscription(record: SubscriptionRecord | null, now = new Date()): SubscriptionView {
  if (!record) return { subscriptionType: null, subscription: null };
  const start = (record.currentPeriodStart ?? record.createdAt).toISOString();
  if (record.status === "trialing") {
    const end = record.trialEndsAt ?? record.currentPeriodEnd;
    const live = !!end && end > now;
    return live
      ? { subscriptionType: "trial", subscription: { status: true, startTime: start, endTime: end.toISOString() } }
      : { subscriptionType: "subscribed", subscription: { status: false, startTime: start, endTime: end?.toISOString() ?? null } };
  }
  const until =
    record.currentPeriodEnd && record.provider ? new Date(record.currentPeriodEnd.getTime() + RENEWAL_GRACE_MS) : record.currentPeriodEnd;
  const active = ACTIVE.has(record.status) && (!until || until > now);
  return {
    subscriptionType: "subscribed",
    subscription: { status: active, startTime: start, endTime: record.currentPeriodEnd?.toISOString() ?? null },
  };
}
