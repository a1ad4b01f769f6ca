// What the billing routes answer (held checkouts, the sandbox checkout, Stripe's webhook), as zod schemas for the route
// declarations' `response` (lib/server/api-route.ts), written from held-checkouts.ts and the routes' own answers.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const heldCheckoutsResponse = z.strictObject({
  checkouts: z.array(z.strictObject({ id: z.string().describe("The checkoutId to claim it with."), heldAt: instant })),
});

export const adminHeldCheckoutsResponse = z.strictObject({
  checkouts: z.array(
    z.strictObject({
      checkoutId: z.string(),
      userId: z.string(),
      email: z.string(),
      heldAt: instant,
      claimedAt: instant.nullable(),
      subscription: z.strictObject({
        provider: z.string().nullable(),
        providerSubscriptionId: z.string().describe("Finds the payer at the provider."),
        status: z.string().nullable(),
        attached: z.boolean(),
        live: z.boolean(),
      }),
    }),
  ),
});

export const sandboxCheckoutResponse = z.strictObject({
  sessionId: z.string(),
  redirect: z.string().describe("The thank-you page, in the checkout's language."),
});

export const stripeWebhookResponse = z.strictObject({
  received: z.boolean(),
  duplicate: z.boolean().describe("A replay: nothing changed."),
});
