import { sandboxCancel } from "@/lib/vendors/stripe/sandbox-checkout";
import { env } from "@/lib/platform/env";
import { json } from "@/lib/platform/http/route";
import { getProfile } from "@/lib/accounts/account/accounts.service";
import { providerModes } from "@/lib/vendors/registry";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";
import { billingDeps } from "@/lib/server/checkout-link";
import { subscriptionViewResponse } from "@/lib/accounts/subscriptions/subscriptions.responses";

export const runtime = "nodejs";

/** The sandbox portal's "Cancel subscription": a signed customer.subscription.deleted through the webhook receiver. */
export const POST = route.owner(
  { roles: ROLES.owner, available: () => providerModes(env()).billing === "sandbox", response: { 200: subscriptionViewResponse } },
  async ({ ctx, auth }) => {
    await sandboxCancel(billingDeps(), auth.userId);
    const { subscriptionType, subscription } = await getProfile(ctx.db, auth.userId);
    return json({ subscriptionType, subscription });
  },
);
