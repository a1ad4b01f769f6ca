import { sandboxCheckout } from "@/lib/vendors/stripe/sandbox-checkout";
import { sandboxCheckoutSchema } from "@/lib/billing/sandbox.schemas";
import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { authenticate } from "@/lib/accounts/auth/session";
import { sandboxCheckoutResponse } from "@/lib/billing/billing.responses";
import { env } from "@/lib/platform/env";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { providerModes } from "@/lib/vendors/registry";
import { route } from "@/lib/server/api-route";
import { billingDeps } from "@/lib/server/checkout-link";

export const runtime = "nodejs";

/** Sandbox checkouts per client address per 15 minutes: each one can create an account and send an email. */
const SANDBOX_CHECKOUTS_PER_WINDOW = 20;

/**
 * The sandbox checkout's "Start my free trial": builds and signs the events Stripe would send and delivers them to our
 * webhook receiver (same verification), then names the thank-you page. Only while billing is the sandbox.
 */
export const POST = route.public(
  { available: () => providerModes(env()).billing === "sandbox", body: sandboxCheckoutSchema, response: { 200: sandboxCheckoutResponse } },
  async ({ req, ctx, input: { body: input } }) => {
    const deps = billingDeps();
    const keys = [{ key: `sandbox-checkout:ip:${clientIp(req)}`, max: SANDBOX_CHECKOUTS_PER_WINDOW }];
    // Counted before the work, in one statement per key: a burst of parallel checkouts cannot all pass the check first.
    await takeAttempt(deps.db, keys);
    // The reference is proof the checkout is the account's (lib/billing/lifecycle.ts): the page carries it in its link,
    // where anyone could type another one, so it counts only when the signed-in visitor is that account, as a reference
    // our own server put in a Checkout Session would.
    const auth = input.clientReferenceId ? await authenticate(ctx.db, ctx.session, req) : null;
    const clientReferenceId = auth && auth.userId === input.clientReferenceId ? input.clientReferenceId : null;
    const { sessionId } = await sandboxCheckout(deps, { ...input, clientReferenceId });
    return json({ sessionId, redirect: `${localizedPath(input.locale, "/thankyou")}?session_id=${sessionId}` });
  },
);
