import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PublicShell } from "@/components/site/public-shell";
import { PageLink } from "@/components/site/page-link";
import { SandboxBadge } from "@/components/ui/sandbox-badge";
import { SandboxCancel } from "@/components/billing/sandbox-cancel";
import { IntlIsland } from "@/components/intl-island";
import { getCurrentUser } from "@/lib/server/current-user";
import { NUMBER_GRACE_DAYS } from "@/lib/billing/account-notices";
import { subscriptionProvider } from "@/lib/billing/checkout";
import { appContext } from "@/lib/server/context";
import { env } from "@/lib/platform/env";
import { formatLongDate } from "@/lib/platform/format/intl";
import type { Locale } from "@/lib/platform/i18n/routing";
import { providerModes } from "@/lib/vendors/registry";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

export const generateMetadata = localeMetadata("SandboxPortal", "/sandbox/portal", { index: false });

/**
 * Where "Manage Subscription" lands when no payment provider is configured: the signed-in owner's subscription as the
 * app records it, and a Cancel that sends the signed cancellation Stripe would send. A trial started in the app
 * without a checkout has nothing to cancel here.
 */
export default async function SandboxPortalPage({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (providerModes(env()).billing !== "sandbox") notFound();
  const [t, user] = await Promise.all([getTranslations("SandboxPortal"), getCurrentUser()]);
  const status = !user?.subscription ? "none" : user.subscriptionType === "trial" ? "trial" : user.subscription.status ? "active" : "ended";
  const provider = user ? await subscriptionProvider(appContext().db, user.id) : null;
  const cancellable = (status === "trial" || status === "active") && provider === "sandbox";
  const inAppTrial = status === "trial" && !provider;
  return (
    <PublicShell path="/sandbox/portal">
      <div className="flex items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
        <SandboxBadge />
      </div>
      <div className="mt-6 rounded-2xl border border-slate-200 p-6">
        {user ? (
          <>
            <p className="text-slate-700">{t("account", { email: user.email })}</p>
            <p className="mt-2 text-lg font-semibold text-slate-900" data-testid="portal-status">
              {t(`status.${status}`, { date: formatLongDate(user.subscription?.endTime, locale, user.timeZone) })}
            </p>
            <p className="mt-4 text-slate-800">{t("text")}</p>
            {inAppTrial && (
              <p className="mt-4 text-slate-800" data-testid="portal-in-app-trial">
                {t("inAppTrial", { date: formatLongDate(user.subscription?.endTime, locale, user.timeZone) })}
              </p>
            )}
            {provider === "sandbox" && (
              <IntlIsland namespaces={["SandboxPortal", "Dashboard"]}>
                <SandboxCancel graceDays={NUMBER_GRACE_DAYS} active={cancellable} />
              </IntlIsland>
            )}
            <PageLink className="btn-primary mt-6" href="/dashboard/subscription">
              {t("back")}
            </PageLink>
          </>
        ) : (
          <>
            <p className="text-slate-800">{t("signedOut")}</p>
            <PageLink className="btn-primary mt-6" href="/login">
              {t("signIn")}
            </PageLink>
          </>
        )}
      </div>
    </PublicShell>
  );
}
