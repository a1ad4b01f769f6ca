import { profileResponse } from "@/lib/accounts/account/accounts.responses";
import { getProfile } from "@/lib/accounts/account/accounts.service";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ response: { 200: profileResponse } }, async ({ ctx, auth }) =>
  json(await getProfile(ctx.db, auth.userId)),
);
