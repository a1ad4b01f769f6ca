import { requireAdmin } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { listAvailable } from "@/lib/numbers/numbers.service";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route(async (req) => {
  const ctx = appContext();
  await requireAdmin(ctx.db, ctx.session, req);
  return json({ phoneNumbers: await listAvailable(ctx.db) });
});
