import { sessionResponse } from "@/lib/accounts/account/accounts.responses";
import { resetPasswordSchema } from "@/lib/accounts/account/accounts.schemas";
import { resetPassword } from "@/lib/accounts/account/password-reset";
import { sessionCookieHeader } from "@/lib/accounts/auth/session";
import { clientIp } from "@/lib/platform/http/client-ip";
import { localeCookieHeader } from "@/lib/platform/http/locale";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const POST = route.public(
  {
    body: resetPasswordSchema,
    response: { 200: sessionResponse },
    description:
      "Sets a new password from an emailed link's token (used once: an unknown, used or expired token answers 404), ends every session of the account and signs in, as POST /api/auth/login does.",
  },
  async ({ req, ctx, input }) => {
    const { token, user, expiresAt } = await resetPassword(ctx, input.body, clientIp(req));
    // Signed in as by POST /api/auth/login: the account's language becomes this browser's too.
    const headers: [string, string][] = [
      ["set-cookie", sessionCookieHeader(ctx.session, token, expiresAt)],
      ["set-cookie", localeCookieHeader(user.locale)],
    ];
    return json({ token, user }, { headers });
  },
);
