import { AppError } from "@/lib/errors";
import { receiveStripeWebhook } from "@/lib/billing/webhook";
import { errorResponse, json, MAX_BODY_BYTES } from "@/lib/http/route";
import { localeOf } from "@/lib/i18n/translate";
import { billingDeps } from "@/lib/server/checkout-link";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Stripe's events (checkout completed, subscription created/updated/deleted, invoice paid/failed). The signature is
 * checked on the raw bytes with STRIPE_WEBHOOK_SECRET (in the sandbox the generated one, which the sandbox checkout
 * signs with) before anything is parsed: 401 otherwise, nothing changed. A replay answers 200 and changes nothing.
 */
export async function POST(req: Request): Promise<Response> {
  const locale = localeOf(req);
  try {
    if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) throw new AppError("payload_too_large", "bodyTooLarge");
    const raw = await req.text();
    if (raw.length > MAX_BODY_BYTES) throw new AppError("payload_too_large", "bodyTooLarge");
    const outcome = await receiveStripeWebhook(billingDeps(), raw, req.headers.get("stripe-signature"));
    return json({ received: true, duplicate: outcome.duplicate });
  } catch (error) {
    return errorResponse(error, locale);
  }
}
