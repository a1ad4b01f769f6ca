import { profileResponse } from "@/lib/accounts/account/accounts.responses";
import { getProfile } from "@/lib/accounts/account/accounts.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ roles: ROLES.everyone, response: { 200: profileResponse } }, async ({ ctx, auth }) =>
  json(await getProfile(ctx.db, auth.userId)),
);
