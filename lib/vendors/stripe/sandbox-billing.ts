import { localizedPath } from "@/lib/platform/i18n/paths";
import type { BillingPort, CheckoutLinkInput } from "@/lib/ports/billing";

// The sandbox checkout and portal are pages of this app that take Stripe's query parameters. Paying there sends a
// signed checkout.session.completed to our own webhook (lib/vendors/stripe/sandbox-checkout.ts): nothing is charged.
export function createSandboxBilling(appUrl: string): BillingPort {
  const checkoutHref = ({ email, userId, locale }: CheckoutLinkInput) => {
    const url = new URL(localizedPath(locale, "/sandbox/checkout"), appUrl);
    if (email) url.searchParams.set("prefilled_email", email);
    if (userId) url.searchParams.set("client_reference_id", userId);
    return url.toString();
  };
  return {
    kind: "sandbox",
    checkoutHref,
    async createCheckoutSession({ email, userId, locale }) {
      // The sandbox's hosted checkout is a page of ours: the session is its address, personalized as Stripe's would be,
      // so "Start free trial" through /api/billing/checkout works in both modes.
      return { url: checkoutHref({ email, userId, locale }) };
    },
    portalHref({ email, locale }) {
      const url = new URL(localizedPath(locale, "/sandbox/portal"), appUrl);
      url.searchParams.set("prefilled_email", email);
      return url.toString();
    },
    async createPortalSession({ locale }) {
      // The sandbox portal shows the signed-in owner's own subscription: its address is the session.
      return { url: new URL(localizedPath(locale, "/sandbox/portal"), appUrl).toString() };
    },
    async cancelSubscription() {
      // A sandbox subscription exists only as our own row (nothing was charged anywhere): erasing the row ends it.
    },
  };
}
