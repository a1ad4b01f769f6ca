import { sandboxCheckout } from "@/lib/billing/sandbox-billing";
import { sandboxCheckoutSchema } from "@/lib/billing/sandbox.schemas";
import { assertNotLimited, recordFailure } from "@/lib/auth/rate-limit";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { json, readJson, route } from "@/lib/http/route";
import { localizedPath } from "@/lib/i18n/paths";
import { providerModes } from "@/lib/providers/registry";
import { billingDeps } from "@/lib/server/checkout-link";

export const runtime = "nodejs";

/** Sandbox checkouts per client address per 15 minutes: each one can create an account and send an email. */
const SANDBOX_CHECKOUTS_PER_WINDOW = 20;

/**
 * The sandbox checkout's "Start my free trial": builds and signs the events Stripe would send and delivers them to our
 * webhook receiver (same verification), then names the thank-you page. Only while billing is the sandbox.
 */
export const POST = route(async (req) => {
  if (providerModes(env()).billing !== "sandbox") throw new AppError("not_found", "notFound");
  const input = await readJson(req, sandboxCheckoutSchema);
  const deps = billingDeps();
  const keys = [{ key: `sandbox-checkout:ip:${clientIp(req)}`, max: SANDBOX_CHECKOUTS_PER_WINDOW }];
  await assertNotLimited(deps.db, keys);
  await recordFailure(deps.db, keys);
  const { sessionId } = await sandboxCheckout(deps, input);
  return json({ sessionId, redirect: `${localizedPath(input.locale, "/thankyou")}?session_id=${sessionId}` });
});
