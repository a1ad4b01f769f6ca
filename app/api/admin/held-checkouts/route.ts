import { adminHeldCheckoutsResponse } from "@/lib/billing/billing.responses";
import { listHeldCheckoutsForAdmin } from "@/lib/billing/held-checkouts";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Checkouts paid with an account's email and held for it (newest first): which are still waiting, claimed, or the
// payer's to sort out (the provider's subscription id finds them at the provider).
export const GET = route.admin({ response: { 200: adminHeldCheckoutsResponse } }, async ({ ctx }) =>
  json({ checkouts: await listHeldCheckoutsForAdmin(ctx.db) }),
);
