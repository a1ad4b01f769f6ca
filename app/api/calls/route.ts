import { requireUser } from "@/lib/auth/session";
import { listCalls } from "@/lib/calls/calls.service";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json({ calls: await listCalls(ctx.db, auth.userId) });
});
