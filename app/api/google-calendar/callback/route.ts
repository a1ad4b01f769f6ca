import { consentCallback, consentReplyPage } from "@/lib/scheduling/calendar/consent-reply";
import { env } from "@/lib/platform/env";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Google's redirect back into the consent popup (`${APP_URL}/api/google-calendar/callback`, registered in Google Cloud).
 * It does not exchange the code itself: it hands it to the dashboard window that opened the popup, which posts it to
 * POST /api/google-calendar/authorize like the sandbox's code. The state must have been signed for the signed-in user
 * (GET /api/google-calendar/consent), or the code is not passed on.
 */
export const GET = route.owner(
  { roles: ROLES.everyone, session: "optional", response: { 200: { "text/html": null } } },
  async ({ req, ctx, auth, locale }) =>
    consentReplyPage(
      consentCallback(new URL(req.url).searchParams, ctx.session.secret, auth?.userId ?? null),
      new URL(env().appUrl).origin,
      locale,
    ),
);
