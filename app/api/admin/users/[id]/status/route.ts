import { z } from "zod";
import { setUserActive } from "@/lib/admin/admin.service";
import { requireAdmin } from "@/lib/auth/session";
import { idParam } from "@/lib/http/params";
import { json, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

const bodySchema = z.object({ isActive: z.boolean("mustBeBoolean") });

export const PUT = route<{ id: string }>(async (req, { params }) => {
  const ctx = appContext();
  const admin = await requireAdmin(ctx.db, ctx.session, req);
  const userId = idParam(params.id, "userNotFound");
  const { isActive } = await readJson(req, bodySchema);
  return json(await setUserActive(ctx.db, admin.userId, userId, isActive));
});
