import { heldCheckoutsResponse } from "@/lib/billing/billing.responses";
import { listHeldCheckouts } from "@/lib/billing/held-checkouts";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Subscriptions paid with the signed-in account's email that its owner can still attach (POST /api/subscription/claim-held).
export const GET = route.owner({ roles: ROLES.owner, response: { 200: heldCheckoutsResponse } }, async ({ ctx, auth }) =>
  json({ checkouts: await listHeldCheckouts(ctx.db, auth.userId) }),
);
