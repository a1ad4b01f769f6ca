import { completeSetup } from "@/lib/accounts/account/accounts.service";
import { completeSetupSchema } from "@/lib/accounts/account/accounts.schemas";
import { successResponse } from "@/lib/platform/http/http.responses";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.public({ body: completeSetupSchema, response: { 200: successResponse } }, async ({ req, ctx, input }) => {
  await completeSetup(ctx.db, input.body, clientIp(req));
  return json({ success: true });
});
