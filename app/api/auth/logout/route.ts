import { authenticate, clearSessionCookieHeader, endSession } from "@/lib/accounts/auth/session";
import { successResponse } from "@/lib/platform/http/http.responses";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Ends this device's session on the server (the token stops working) and clears the cookie. Always 200. */
export const POST = route.public({ response: { 200: successResponse } }, async ({ req, ctx }) => {
  const auth = await authenticate(ctx.db, ctx.session, req);
  if (auth) await endSession(ctx.db, auth.sessionId);
  return json({ success: true }, { headers: { "set-cookie": clearSessionCookieHeader(ctx.session) } });
});
