import { authenticate } from "@/lib/accounts/auth/session";
import { openCheckout } from "@/lib/billing/checkout";
import { AppError } from "@/lib/platform/errors";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { isLocale } from "@/lib/platform/i18n/routing";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * "Start free trial" / "Upgrade" with Stripe and a price id: creates the Checkout Session on click and sends the
 * browser to it (303). The signed-in account (if any) comes from the session, never from the query.
 */
export const GET = route.public(
  {
    stateChanging: { page: "/#pricing" },
    response: { 303: null },
  },
  async ({ req, ctx, locale: requestLocale }) => {
    const asked = new URL(req.url).searchParams.get("locale");
    const locale = isLocale(asked) ? asked : requestLocale;
    const auth = await authenticate(ctx.db, ctx.session, req);
    let url: string;
    try {
      url = await openCheckout(ctx.db, ctx.providers.billing, ctx.session.appUrl, auth?.userId ?? null, locale);
    } catch (e) {
      // Already subscribed: the subscription page (and its Manage Subscription) instead of a second subscription.
      if (!(e instanceof AppError && e.messageKey === "alreadySubscribed")) throw e;
      url = `${ctx.session.appUrl}${localizedPath(locale, "/dashboard/subscription")}`;
    }
    return new Response(null, { status: 303, headers: { location: url, "cache-control": "no-store" } });
  },
);
