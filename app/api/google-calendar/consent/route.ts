import { signConsentState } from "@/lib/scheduling/calendar/consent-state";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { googleAuthUrl, googleCalendarOptions } from "@/lib/vendors/google/calendar";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The first page of the consent popup (its protocol: lib/platform/shared/calendar-consent.ts): on to Google's consent screen, with a state
 * signed for this user that the callback checks. Only with Google configured; the sandbox has its own consent page.
 */
export const GET = route.owner({ roles: ROLES.everyone, response: { 302: null } }, async ({ ctx, auth }) => {
  const google = googleCalendarOptions(env());
  if (!google) throw new AppError("not_found", "notFound");
  const location = googleAuthUrl(google, signConsentState(ctx.session.secret, auth.userId));
  return new Response(null, { status: 302, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
});
