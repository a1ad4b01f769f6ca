import { requireUser } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { claimNumber } from "@/lib/numbers/numbers.service";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// The contract claims with a GET (spec §7); POST is accepted too. Both are idempotent for the caller.
const claim = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await claimNumber(ctx.db, auth.userId, { voice: ctx.providers.voice, serverUrl: `${ctx.session.appUrl}/api/webhooks/vapi` }));
});

export const GET = claim;
export const POST = claim;
