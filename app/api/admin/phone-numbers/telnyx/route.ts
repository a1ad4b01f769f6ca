import { requireAdmin } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { listPool, syncPool } from "@/lib/numbers/numbers.service";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

/** The provider's number pool (spec §7: the segment carries the telephony provider's name), synced from the account. */
export const GET = route(async (req, { log }) => {
  const ctx = appContext();
  await requireAdmin(ctx.db, ctx.session, req);
  try {
    await syncPool(ctx.db, ctx.providers.telephony);
  } catch (e) {
    // Telnyx unreachable: the pool as we last knew it, rather than nothing.
    log.error({ name: (e as Error).name }, "number pool sync failed");
  }
  return json({ phoneNumbers: await listPool(ctx.db) });
});
