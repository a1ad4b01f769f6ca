// Stripe's webhook signature, one code path for the real endpoint and the sandbox: the sandbox checkout signs its
// events with generateTestHeaderString and our endpoint verifies every event with constructEvent, exactly as it
// verifies Stripe's own (HMAC-SHA256 of "<t>.<raw body>", 300 s tolerance, any of several v1 signatures).
import Stripe from "stripe";

export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The verified event's JSON, or null when the signature, its timestamp or the secret does not match. */
export function verifyStripeSignature(raw: string, header: string | null, secret: string, nowMs?: number): unknown | null {
  if (!header || !secret) return null;
  try {
    return Stripe.webhooks.constructEvent(raw, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, nowMs);
  } catch {
    return null;
  }
}

/** The Stripe-Signature header for a payload (the sandbox's deliveries and the tests). */
export function signStripePayload(payload: string, secret: string, timestampSeconds?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestampSeconds ? { timestamp: timestampSeconds } : {}) });
}
