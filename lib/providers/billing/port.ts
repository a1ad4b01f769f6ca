/** The hosted checkout and billing portal (Stripe). Webhook processing lives in lib/billing (issue #6). */
export interface BillingPort {
  readonly kind: "stripe" | "sandbox";
  checkoutUrl(input: { email?: string | null; userId?: string | null }): Promise<string>;
  portalUrl(input: { email: string }): Promise<string>;
}
