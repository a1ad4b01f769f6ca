import { sessionResponse } from "@/lib/accounts/account/accounts.responses";
import { login } from "@/lib/accounts/account/accounts.service";
import { loginSchema } from "@/lib/accounts/account/accounts.schemas";
import { sessionCookieHeader } from "@/lib/accounts/auth/session";
import { clientIp } from "@/lib/platform/http/client-ip";
import { localeCookieHeader } from "@/lib/platform/http/locale";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.public({ body: loginSchema, response: { 200: sessionResponse } }, async ({ req, ctx, input }) => {
  const { token, user, expiresAt } = await login(ctx, input.body, clientIp(req));
  // The account's language becomes this browser's too: the dashboard opens in it, and so do later unprefixed visits.
  const headers: [string, string][] = [
    ["set-cookie", sessionCookieHeader(ctx.session, token, expiresAt)],
    ["set-cookie", localeCookieHeader(user.locale)],
  ];
  return json({ token, user }, { headers });
});
