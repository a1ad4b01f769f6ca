import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { selfServiceViewResponse } from "@/lib/scheduling/self-service/self-service.responses";
import { selfServiceCancel, selfServiceLimits } from "@/lib/scheduling/self-service/self-service.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The caller cancels their appointment (up to the owner's cut-off); the owner's calendar and the caller are told. */
export const POST = route.public(
  { params: { token: (t) => t }, response: { 200: selfServiceViewResponse } },
  async ({ req, ctx, params }) => {
    await takeAttempt(ctx.db, selfServiceLimits(clientIp(req)));
    return json(await selfServiceCancel(ctx.selfService, params.token));
  },
);
