// Spec §3/§4: what the profile says about the subscription, derived from the billing record.
//   trialing with a future trial end   → subscriptionType "trial"
//   any other record                   → "subscribed", subscription.status true only while active (else lapsed)
//   no record                          → absent (null)
export type SubscriptionRecord = {
  status: string;
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
  const active = ACTIVE.has(record.status) && (!record.currentPeriodEnd || record.currentPeriodEnd > now);
  return {
    subscriptionType: "subscribed",
    subscription: { status: active, startTime: start, endTime: record.currentPeriodEnd?.toISOString() ?? null },
  };
}
