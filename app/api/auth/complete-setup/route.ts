import { completeSetup } from "@/lib/accounts/accounts.service";
import { completeSetupSchema } from "@/lib/accounts/accounts.schemas";
import { successResponse } from "@/lib/http/http.responses";
import { clientIp } from "@/lib/http/client-ip";
import { json } from "@/lib/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.public({ body: completeSetupSchema, response: { 200: successResponse } }, async ({ req, ctx, input }) => {
  await completeSetup(ctx.db, input.body, clientIp(req));
  return json({ success: true });
});
