// The hosted checkout and billing portal (Stripe, or the sandbox pages of this app). Webhook processing is provider
// independent and lives in lib/billing; this port only builds links and, for Stripe, creates sessions on the server.
import type { Locale } from "@/lib/platform/i18n/routing";

export type CheckoutLinkInput = { email: string | null; userId: string | null; locale: Locale };

export type CheckoutSessionInput = CheckoutLinkInput & {
  /** The customer already known for this user (reused, so Stripe does not create a second customer). */
  customerId: string | null;
  /** False for an account that already had its trial: the subscription starts at once. */
  trial: boolean;
  /** Absolute URLs: after payment (Stripe fills {CHECKOUT_SESSION_ID}) and on cancel. */
  successUrl: string;
  cancelUrl: string;
};

export interface BillingPort {
  readonly kind: "stripe" | "sandbox";
  /**
   * Where a "Start trial" / "Upgrade" link points. No API call: pages render it. A Payment Link or the sandbox page,
   * personalized with prefilled_email and client_reference_id; or our own /api/billing/checkout, which creates a
   * Checkout Session on click.
   */
  checkoutHref(input: CheckoutLinkInput): string;
  /** A Checkout Session created on the server (Stripe with a price id). */
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ url: string }>;
  /** Where "Manage Subscription" points (prefilled_email). */
  portalHref(input: { email: string; locale: Locale }): string;
  /** A billing portal session for a known customer (Stripe with a secret key). */
  createPortalSession(input: { customerId: string; returnUrl: string; locale: Locale }): Promise<{ url: string }>;
  /**
   * Ends a provider subscription now (account erasure), without a refund or a final invoice. A subscription the
   * provider no longer knows, or one already ended, counts as cancelled.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
}
