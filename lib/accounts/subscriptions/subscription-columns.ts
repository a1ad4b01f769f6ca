// The billing record's columns deriveSubscription reads, for queries that left-join subscriptions onto users (the
// profile, the receptionist's business lookup), and the record they make.
import { subscriptions } from "@/db/schema";
import type { SubscriptionRecord } from "./subscription-status";

export const subscriptionRecordColumns = {
  subStatus: subscriptions.status,
  subProvider: subscriptions.provider,
  subTrialEndsAt: subscriptions.trialEndsAt,
  subPeriodStart: subscriptions.currentPeriodStart,
  subPeriodEnd: subscriptions.currentPeriodEnd,
  subCreatedAt: subscriptions.createdAt,
};

type Row = {
  subStatus: string | null;
  subProvider: string | null;
  subTrialEndsAt: Date | null;
  subPeriodStart: Date | null;
  subPeriodEnd: Date | null;
  subCreatedAt: Date | null;
};

/** The record of a joined row, or null when the account has none. */
export function subscriptionRecordOf(r: Row): SubscriptionRecord | null {
  if (!r.subStatus) return null;
  return {
    status: r.subStatus,
    provider: r.subProvider,
    trialEndsAt: r.subTrialEndsAt,
    currentPeriodStart: r.subPeriodStart,
    currentPeriodEnd: r.subPeriodEnd,
    createdAt: r.subCreatedAt!,
  };
}
