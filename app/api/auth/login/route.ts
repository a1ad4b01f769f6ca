import { login } from "@/lib/accounts/accounts.service";
import { loginSchema } from "@/lib/accounts/accounts.schemas";
import { sessionCookieHeader } from "@/lib/auth/session";
import { clientIp } from "@/lib/http/client-ip";
import { json, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const POST = route(async (req) => {
  const ctx = appContext();
  const creds = await readJson(req, loginSchema);
  const { token, user, expiresAt } = await login(ctx, creds, clientIp(req));
  return json({ token, user }, { headers: { "set-cookie": sessionCookieHeader(ctx.session, token, expiresAt) } });
});
