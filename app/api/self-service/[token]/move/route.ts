import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { selfServiceViewResponse } from "@/lib/scheduling/self-service/self-service.responses";
import { selfServiceMoveSchema } from "@/lib/scheduling/self-service/self-service.schemas";
import { selfServiceLimits, selfServiceMove } from "@/lib/scheduling/self-service/self-service.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The caller moves their appointment to one of the free times offered (up to the owner's cut-off). */
export const POST = route.public(
  { params: { token: (t) => t }, body: selfServiceMoveSchema, response: { 200: selfServiceViewResponse } },
  async ({ req, ctx, params, input }) => {
    await takeAttempt(ctx.db, selfServiceLimits(clientIp(req)));
    return json(await selfServiceMove(ctx.selfService, params.token, input.body.start));
  },
);
