// The Stripe webhook, provider-side half: verify the signature on the raw body before anything is read, parse the
// event from its payload, apply it once. The route and the sandbox checkout both come through here.
import { timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/platform/errors";
import { SIGNATURE_TOLERANCE_SECONDS, signStripePayload, verifyStripeSignature } from "./webhook-signature";
import { InvalidBillingEvent, parseBillingEvent } from "./events";
import { processBillingEvent, type BillingDeps, type BillingOutcome } from "@/lib/billing/lifecycle";

export type StripeWebhookDeps = BillingDeps & { secret: string };

export async function receiveStripeWebhook(deps: StripeWebhookDeps, raw: string, signature: string | null): Promise<BillingOutcome> {
  const nowMs = (deps.now?.() ?? new Date()).getTime();
  const verified = verifyStripeSignature(raw, signature, deps.secret, nowMs);
  if (verified === null) {
    // The SDK reads the JSON after checking the signature and fails the same way for both: a correctly signed body
    // that is no JSON event (not JSON at all, a thin event) is a bad payload (400), not bad credentials (401).
    if (signedBody(raw, signature, deps.secret, nowMs)) throw new AppError("bad_request", "invalidWebhookPayload");
    throw new AppError("unauthorized", "webhookUnauthorized");
  }
  let event;
  try {
    event = parseBillingEvent(verified);
  } catch (e) {
    if (e instanceof InvalidBillingEvent) throw new AppError("bad_request", "invalidWebhookPayload");
    throw e;
  }
  return processBillingEvent(deps, event);
}

/**
 * Stripe's signature check on its own, without reading the body: one of the header's v1 signatures is the HMAC the
 * secret gives for "<t>.<raw body>", and t is within the tolerance. The expected signature is computed by the same
 * SDK helper that signs the sandbox's events, and compared in constant time.
 */
function signedBody(raw: string, header: string | null, secret: string, nowMs: number): boolean {
  if (!header || !secret) return false;
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1] ?? "";
  if (!/^\d{1,12}$/.test(t) || Math.abs(nowMs / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = signStripePayload(raw, secret, Number(t)).match(/v1=([0-9a-f]+)/)?.[1];
  if (!expected) return false;
  const want = Buffer.from(expected, "utf8");
  return parts.some(([k, v]) => {
    if (k !== "v1" || v === undefined) return false;
    const got = Buffer.from(v, "utf8");
    return got.length === want.length && timingSafeEqual(got, want);
  });
}
