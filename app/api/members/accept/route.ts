import { sessionResponse } from "@/lib/accounts/account/accounts.responses";
import { acceptInvitationSchema } from "@/lib/accounts/members/members.schemas";
import { acceptInvitation } from "@/lib/accounts/members/members.service";
import { sessionCookieHeader } from "@/lib/accounts/auth/session";
import { clientIp } from "@/lib/platform/http/client-ip";
import { localeCookieHeader } from "@/lib/platform/http/locale";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/**
 * Joins the practice an invitation names and signs in, working in it: 404 for a link that names nothing, 410 once it
 * is used or expired. An email that already signs in here joins with that account's password.
 */
export const POST = route.public({ body: acceptInvitationSchema, response: { 200: sessionResponse } }, async ({ req, ctx, input }) => {
  const { token, user, expiresAt } = await acceptInvitation(ctx, input.body, clientIp(req));
  const headers: [string, string][] = [
    ["set-cookie", sessionCookieHeader(ctx.session, token, expiresAt)],
    ["set-cookie", localeCookieHeader(user.locale)],
  ];
  return json({ token, user }, { headers });
});
