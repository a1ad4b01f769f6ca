import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { selfServiceSlotsResponse } from "@/lib/scheduling/self-service/self-service.responses";
import { selfServiceSlotsQuerySchema } from "@/lib/scheduling/self-service/self-service.schemas";
import { selfServiceLimits, selfServiceSlots } from "@/lib/scheduling/self-service/self-service.service";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The free times of one day (the business's date) the appointment can move to. */
export const GET = route.public(
  { params: { token: (t) => t }, query: selfServiceSlotsQuerySchema, response: { 200: selfServiceSlotsResponse } },
  async ({ req, ctx, params, input }) => {
    await takeAttempt(ctx.db, selfServiceLimits(clientIp(req)));
    return json(await selfServiceSlots(ctx.selfService, params.token, input.query.date), { headers: { "cache-control": "no-store" } });
  },
);
