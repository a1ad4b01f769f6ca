import { getUserSubscription } from "@/lib/admin/admin.service";
import { requireAdmin } from "@/lib/auth/session";
import { idParam } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route<{ id: string }>(async (req, { params }) => {
  const ctx = appContext();
  await requireAdmin(ctx.db, ctx.session, req);
  return json(await getUserSubscription(ctx.db, idParam(params.id, "userNotFound")));
});
