import { updateProfile } from "@/lib/accounts/accounts.service";
import { updateProfileSchema } from "@/lib/accounts/accounts.schemas";
import { requireUser } from "@/lib/auth/session";
import { json, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const PUT = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const update = await readJson(req, updateProfileSchema);
  return json(await updateProfile(ctx.db, auth.userId, update));
});
