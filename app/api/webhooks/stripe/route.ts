import { stripeWebhookResponse } from "@/lib/billing/billing.responses";
import { receiveStripeWebhook } from "@/lib/vendors/stripe/webhook";
import { json, readBody } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";
import { forgetBusinesses } from "@/lib/accounts/business/business";
import { billingDeps } from "@/lib/server/checkout-link";
import { countedWebhook } from "@/lib/server/metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Stripe's events (checkout completed, subscription created/updated/deleted, invoice paid/failed). The signature is
 * checked on the raw bytes with STRIPE_WEBHOOK_SECRET (in the sandbox the generated one, which the sandbox checkout
 * signs with) before anything is parsed: 401 otherwise, nothing changed. A replay answers 200 and changes nothing.
 */
export const POST = route.webhook({ response: { 200: stripeWebhookResponse } }, async ({ req }) => {
  const outcome = await countedWebhook("stripe", async () =>
    receiveStripeWebhook(billingDeps(), await readBody(req), req.headers.get("stripe-signature")),
  );
  // A subscription that started or ended changes what calls may do: the businesses kept for calls are read anew.
  if (!outcome.duplicate) forgetBusinesses();
  return json({ received: true, duplicate: outcome.duplicate });
});
