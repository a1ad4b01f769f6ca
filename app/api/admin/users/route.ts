import { listProfiles } from "@/lib/accounts/accounts.repository";
import { requireAdmin } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route(async (req) => {
  const ctx = appContext();
  await requireAdmin(ctx.db, ctx.session, req);
  return json({ users: await listProfiles(ctx.db) });
});
