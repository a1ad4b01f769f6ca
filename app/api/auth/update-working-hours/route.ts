import { updateProfile } from "@/lib/accounts/accounts.service";
import { updateWorkingHoursSchema } from "@/lib/accounts/accounts.schemas";
import { requireUser } from "@/lib/auth/session";
import { json, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

/** Answers the updated profile (the contract leaves the answer open; the dashboard refreshes from it). */
export const PUT = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  const { workingHours } = await readJson(req, updateWorkingHoursSchema);
  return json(await updateProfile(ctx.db, auth.userId, { workingHours }));
});
