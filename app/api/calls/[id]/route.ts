import { requireUser } from "@/lib/auth/session";
import { getCall } from "@/lib/calls/calls.service";
import { idParam } from "@/lib/http/params";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route<{ id: string }>(async (req, { params }) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await getCall(ctx.db, auth.userId, idParam(params.id, "callNotFound")));
});
