import { practiceListResponse } from "@/lib/accounts/members/members.responses";
import { practicesOf } from "@/lib/accounts/members/members.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The practices the signed-in person works in (the switcher's list), the current one marked. */
export const GET = route.owner({ roles: ROLES.everyone, response: { 200: practiceListResponse } }, async ({ ctx, auth }) =>
  json(await practicesOf(ctx.db, auth)),
);
