import { sessionResponse } from "@/lib/accounts/account/accounts.responses";
import { register } from "@/lib/accounts/account/accounts.service";
import { registerSchema } from "@/lib/accounts/account/accounts.schemas";
import { sessionCookieHeader } from "@/lib/accounts/auth/session";
import { env } from "@/lib/platform/env";
import { clientIp } from "@/lib/platform/http/client-ip";
import { localeCookieHeader } from "@/lib/platform/http/locale";
import { json } from "@/lib/platform/http/route";
import { keepHolidaysFilled } from "@/lib/scheduling/closures/holidays";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.public({ body: registerSchema, response: { 201: sessionResponse } }, async ({ req, ctx, input, afterAnswer }) => {
  const source = { clientIp: clientIp(req), attemptsPerHour: env().REGISTRATION_LIMIT_PER_HOUR };
  const { token, user, expiresAt } = await register(ctx, input.body, source);
  // A new business is closed on its public holidays from the start.
  await afterAnswer(() => keepHolidaysFilled(ctx.db, user.id));
  const headers: [string, string][] = [
    ["set-cookie", sessionCookieHeader(ctx.session, token, expiresAt)],
    ["set-cookie", localeCookieHeader(user.locale)],
  ];
  return json({ token, user }, { status: 201, headers });
});
