// The billing events we act on, in our own terms: what a payment provider's webhook says about a checkout, a
// subscription or an invoice. The provider's adapter reads its payloads into these (Stripe: lib/vendors/stripe/events.ts);
// the lifecycle (lifecycle.ts) applies them and never sees a provider's JSON.
import type { Locale } from "@/lib/platform/i18n/routing";

export type SubscriptionState = {
  subscriptionId: string;
  customerId: string | null;
  status: string;
  trialEnd: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
};

export type BillingEvent =
  | {
      kind: "checkout";
      id: string;
      created: Date;
      sessionId: string;
      /** client_reference_id (or metadata.userId): the account the checkout was opened for. */
      userIdHint: string | null;
      email: string | null;
      name: string | null;
      customerId: string | null;
      subscriptionId: string | null;
      locale: Locale | null;
    }
  | { kind: "subscription"; id: string; created: Date; type: "created" | "updated" | "deleted"; sub: SubscriptionState }
  | { kind: "invoice"; id: string; created: Date; type: "paid" | "payment_failed"; subscriptionId: string | null; periodEnd: Date | null }
  | { kind: "ignored"; id: string; type: string };
