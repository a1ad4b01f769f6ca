import { AppError } from "@/lib/errors";
import { localizedPath } from "@/lib/i18n/paths";
import type { BillingPort } from "@/lib/ports/billing";

// The sandbox checkout and portal are pages of this app that take Stripe's query parameters. Paying there sends a
// signed checkout.session.completed to our own webhook (lib/vendors/stripe/sandbox-checkout.ts): nothing is charged.
export function createSandboxBilling(appUrl: string): BillingPort {
  return {
    kind: "sandbox",
    checkoutHref({ email, userId, locale }) {
      const url = new URL(localizedPath(locale, "/sandbox/checkout"), appUrl);
      if (email) url.searchParams.set("prefilled_email", email);
      if (userId) url.searchParams.set("client_reference_id", userId);
      return url.toString();
    },
    async createCheckoutSession() {
      // The sandbox checkout is the page itself; it never makes a session on a provider.
      throw new AppError("unavailable", "providerNotAvailable", { provider: "Stripe" });
    },
    portalHref({ email, locale }) {
      const url = new URL(localizedPath(locale, "/sandbox/portal"), appUrl);
      url.searchParams.set("prefilled_email", email);
      return url.toString();
    },
    async createPortalSession() {
      throw new AppError("unavailable", "providerNotAvailable", { provider: "Stripe" });
    },
    async cancelSubscription() {
      // A sandbox subscription exists only as our own row (nothing was charged anywhere): erasing the row ends it.
    },
  };
}
