import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { selfServiceViewResponse } from "@/lib/scheduling/self-service/self-service.responses";
import { selfServiceLimits, selfServiceView } from "@/lib/scheduling/self-service/self-service.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The caller's appointment behind a self-service link (no session: the signed link is the key; rate limited). */
export const GET = route.public(
  { params: { token: (t) => t }, response: { 200: selfServiceViewResponse } },
  async ({ req, ctx, params }) => {
    await takeAttempt(ctx.db, selfServiceLimits(clientIp(req)));
    return json(await selfServiceView(ctx.selfService, params.token), { headers: { "cache-control": "no-store" } });
  },
);
