import { requireUser } from "@/lib/auth/session";
import { startTrial } from "@/lib/billing/trial";
import { json, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

// The signed-in trial start: a 7-day trial for an account that never had one (409 otherwise).
export const POST = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await startTrial(ctx.db, auth.userId));
});
