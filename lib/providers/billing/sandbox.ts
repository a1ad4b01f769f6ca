import type { BillingPort } from "./port";

// The sandbox checkout and portal are pages of this app (issue #6) that take the same query parameters as Stripe's.
export function createSandboxBilling(appUrl: string): BillingPort {
  return {
    kind: "sandbox",
    async checkoutUrl({ email, userId }) {
      const url = new URL("/sandbox/checkout", appUrl);
      if (email) url.searchParams.set("prefilled_email", email);
      if (userId) url.searchParams.set("client_reference_id", userId);
      return url.toString();
    },
    async portalUrl({ email }) {
      const url = new URL("/sandbox/portal", appUrl);
      url.searchParams.set("prefilled_email", email);
      return url.toString();
    },
  };
}
