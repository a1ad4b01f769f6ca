import { json } from "@/lib/platform/http/route";
import { claimedNumberResponse } from "@/lib/accounts/numbers/numbers.responses";
import { claimNumber } from "@/lib/accounts/numbers/numbers.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// The REST contract claims with a GET; POST is accepted too. Both are idempotent for the caller.
const claim = route.owner({ stateChanging: true, response: { 200: claimedNumberResponse } }, async ({ ctx, auth }) =>
  json(await claimNumber(ctx.db, auth.userId, ctx.lines)),
);

export const GET = claim;
export const POST = claim;
