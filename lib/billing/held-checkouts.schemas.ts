import { z } from "zod";

/** The held checkout a claim names: the id GET /api/subscription/held gave (a checkout session id). */
export const claimHeldSchema = z.object({
  checkoutId: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/),
});
