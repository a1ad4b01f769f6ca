import { startTrial } from "@/lib/billing/trial";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";
import { subscriptionViewResponse } from "@/lib/accounts/subscriptions/subscriptions.responses";

export const runtime = "nodejs";

// The signed-in trial start: a 7-day trial for an account that never had one (409 otherwise).
export const POST = route.owner({ roles: ROLES.owner, response: { 200: subscriptionViewResponse } }, async ({ ctx, auth }) =>
  json(await startTrial(ctx.db, auth.userId)),
);
