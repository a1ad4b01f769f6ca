import { claimHeldCheckout } from "@/lib/billing/held-checkouts";
import { claimHeldSchema } from "@/lib/billing/held-checkouts.schemas";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";
import { subscriptionViewResponse } from "@/lib/accounts/subscriptions/subscriptions.responses";

export const runtime = "nodejs";

// The owner attaches a subscription held for their account ({ checkoutId }): the subscription view after it, 404 when it
// is no longer held for them, 409 when it has ended or the account already has a live provider subscription.
export const POST = route.owner(
  { roles: ROLES.owner, body: claimHeldSchema, response: { 200: subscriptionViewResponse } },
  async ({ ctx, auth, input }) => json(await claimHeldCheckout(ctx.db, auth.userId, input.body.checkoutId)),
);
