import { json } from "@/lib/platform/http/route";
import { claimedNumberResponse } from "@/lib/accounts/numbers/numbers.responses";
import { claimNumber } from "@/lib/accounts/numbers/numbers.service";
import { keepHolidaysFilled } from "@/lib/scheduling/closures/holidays";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// The REST contract claims with a GET; POST is accepted too. Both are idempotent for the caller.
const claim = route.owner(
  { roles: ROLES.managers, stateChanging: true, response: { 200: claimedNumberResponse } },
  async ({ ctx, auth, afterAnswer }) => {
    const claimed = await claimNumber(ctx.db, auth.userId, ctx.lines);
    // A business whose time zone names no country takes its country, and so its public holidays, from its line.
    await afterAnswer(() => keepHolidaysFilled(ctx.db, auth.userId));
    return json(claimed);
  },
);

export const GET = claim;
export const POST = claim;
