import { register } from "@/lib/accounts/accounts.service";
import { registerSchema } from "@/lib/accounts/accounts.schemas";
import { sessionCookieHeader } from "@/lib/auth/session";
import { json, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const POST = route(async (req) => {
  const ctx = appContext();
  const input = await readJson(req, registerSchema);
  const { token, user, expiresAt } = await register(ctx, input);
  return json({ token, user }, { status: 201, headers: { "set-cookie": sessionCookieHeader(ctx.session, token, expiresAt) } });
});
