import { json } from "@/lib/platform/http/route";
import { numberPoolResponse } from "@/lib/accounts/numbers/numbers.responses";
import { poolQuerySchema } from "@/lib/accounts/numbers/numbers.schemas";
import { listPool, poolCountries, syncPool } from "@/lib/accounts/numbers/numbers.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * The provider's number pool (the path names the telephony provider: the API contract fixes it), synced from the
 * account; `?country=FR` narrows it to one country's numbers.
 */
export const GET = route.admin({ query: poolQuerySchema, response: { 200: numberPoolResponse } }, async ({ ctx, log, input }) => {
  try {
    await syncPool(ctx.db, ctx.providers.telephony);
  } catch (e) {
    // Telnyx unreachable: the pool as we last knew it, rather than nothing.
    log.error({ name: (e as Error).name }, "number pool sync failed");
  }
  return json({ phoneNumbers: await listPool(ctx.db, input.query), countries: await poolCountries(ctx.db) });
});
