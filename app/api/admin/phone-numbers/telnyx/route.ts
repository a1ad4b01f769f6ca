import { requireAdmin } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { listPool } from "@/lib/numbers/numbers.service";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

/** The provider's number pool (spec §7: the segment carries the telephony provider's name). */
export const GET = route(async (req) => {
  const ctx = appContext();
  await requireAdmin(ctx.db, ctx.session, req);
  return json({ phoneNumbers: await listPool(ctx.db) });
});
