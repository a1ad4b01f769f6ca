import { setupTokenResponse } from "@/lib/accounts/account/accounts.responses";
import { validateSetupToken } from "@/lib/accounts/account/accounts.service";
import { AppError } from "@/lib/platform/errors";
import { clientIp } from "@/lib/platform/http/client-ip";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.public({ params: { token: (token) => token.trim() }, response: { 200: setupTokenResponse } }, async (call) => {
  const { token } = call.params;
  if (!token) throw new AppError("bad_request", "noTokenProvided");
  if (token.length > 200) throw new AppError("not_found", "invalidSetupToken");
  return json(await validateSetupToken(call.ctx.db, token, clientIp(call.req)));
});
