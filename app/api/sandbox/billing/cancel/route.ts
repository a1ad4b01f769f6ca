import { requireUser } from "@/lib/auth/session";
import { sandboxCancel } from "@/lib/billing/sandbox-billing";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { json, route } from "@/lib/http/route";
import { getProfile } from "@/lib/accounts/accounts.service";
import { providerModes } from "@/lib/providers/registry";
import { appContext } from "@/lib/server/context";
import { billingDeps } from "@/lib/server/checkout-link";

export const runtime = "nodejs";

/** The sandbox portal's "Cancel subscription": a signed customer.subscription.deleted through the webhook receiver. */
export const POST = route(async (req) => {
  if (providerModes(env()).billing !== "sandbox") throw new AppError("not_found", "notFound");
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  await sandboxCancel(billingDeps(), auth.userId);
  const { subscriptionType, subscription } = await getProfile(ctx.db, auth.userId);
  return json({ subscriptionType, subscription });
});
