import { getProfile } from "@/lib/accounts/accounts.service";
import { requireUser } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await getProfile(ctx.db, auth.userId));
});
