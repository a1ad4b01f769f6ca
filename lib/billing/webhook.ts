// The Stripe webhook, provider-side half: verify the signature on the raw body before anything is read, parse the
// event from its payload, apply it once. The route and the sandbox checkout both come through here.
import { AppError } from "@/lib/errors";
import { verifyStripeSignature } from "@/lib/providers/billing/webhook-signature";
import { InvalidBillingEvent, parseBillingEvent } from "./events";
import { processBillingEvent, type BillingDeps, type BillingOutcome } from "./lifecycle";

export type StripeWebhookDeps = BillingDeps & { secret: string };

export async function receiveStripeWebhook(deps: StripeWebhookDeps, raw: string, signature: string | null): Promise<BillingOutcome> {
  const verified = verifyStripeSignature(raw, signature, deps.secret, (deps.now?.() ?? new Date()).getTime());
  if (verified === null) throw new AppError("unauthorized", "webhookUnauthorized");
  let event;
  try {
    event = parseBillingEvent(verified);
  } catch (e) {
    if (e instanceof InvalidBillingEvent) throw new AppError("bad_request", "invalidWebhookPayload");
    throw e;
  }
  return processBillingEvent(deps, event);
}
