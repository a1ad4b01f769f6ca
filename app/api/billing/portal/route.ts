import { getProfile } from "@/lib/accounts/account/accounts.service";
import { openPortal } from "@/lib/billing/checkout";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { isLocale } from "@/lib/platform/i18n/routing";
import { portalLoginHref } from "@/lib/vendors/stripe/billing";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * "Manage Subscription" with Stripe: a billing portal session for the signed-in account's customer (303). An account
 * Stripe does not know yet goes to the no-code portal login (prefilled_email) when one is configured, else back to
 * its subscription page.
 */
export const GET = route.owner(
  { roles: ROLES.owner, stateChanging: { page: "/dashboard/subscription" }, response: { 303: null } },
  async ({ req, ctx, auth, locale: requestLocale }) => {
    const asked = new URL(req.url).searchParams.get("locale");
    const locale = isLocale(asked) ? asked : requestLocale;
    let url: string;
    try {
      url = await openPortal(ctx.db, ctx.providers.billing, ctx.session.appUrl, auth.userId, locale);
    } catch (e) {
      if (!(e instanceof AppError && e.messageKey === "noBillingAccount")) throw e;
      const { email } = await getProfile(ctx.db, auth.userId);
      url =
        portalLoginHref({ portalLoginUrl: env().STRIPE_PORTAL_URL }, email) ??
        `${ctx.session.appUrl}${localizedPath(locale, "/dashboard/subscription")}`;
    }
    return new Response(null, { status: 303, headers: { location: url, "cache-control": "no-store" } });
  },
);
