// Where "Start free trial" / "Upgrade" / "Manage Subscription" go: the billing provider's hosted pages (with
// prefilled_email and client_reference_id for a signed-in user), the sandbox pages when no provider is configured.
import type { Profile } from "@/lib/accounts/account/profile";
import type { Locale } from "@/lib/platform/i18n/routing";
import { env, requireSecret } from "@/lib/platform/env";
import type { StripeWebhookDeps } from "@/lib/vendors/stripe/webhook";
import { providerModes } from "@/lib/vendors/registry";
import { appContext } from "./context";

export function checkoutHref(user: Pick<Profile, "id" | "email"> | null, locale: Locale): string {
  return appContext().providers.billing.checkoutHref({ email: user?.email ?? null, userId: user?.id ?? null, locale });
}

export function portalHref(user: Pick<Profile, "email">, locale: Locale): string {
  return appContext().providers.billing.portalHref({ email: user.email, locale });
}

/** What the Stripe webhook (and the sandbox checkout that feeds it) needs. */
export function billingDeps(): StripeWebhookDeps {
  const ctx = appContext();
  return {
    db: ctx.db,
    jobs: ctx.jobs,
    provider: providerModes(env()).billing === "real" ? "stripe" : "sandbox",
    secret: requireSecret("STRIPE_WEBHOOK_SECRET"),
  };
}
