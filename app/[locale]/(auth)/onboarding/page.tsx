import { getTranslations, setRequestLocale } from "next-intl/server";
import { PublicShell } from "@/components/site/public-shell";
import { getCurrentUser } from "@/lib/server/current-user";
import { formatPlanPrice, formatTrialEnd, PRO_PLAN } from "@/lib/accounts/subscriptions/plan";
import { PageLink } from "@/components/site/page-link";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";
import type { Locale } from "@/lib/platform/i18n/routing";
import { checkoutHref } from "@/lib/server/checkout-link";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

export const generateMetadata = localeMetadata("OnboardingPage", "/onboarding", { index: false });

/** The welcome page: who you are, when the 7-day trial ends (today + 7 days), and the plan to upgrade to. */
export default async function OnboardingPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await getCurrentUser();
  if (!user) return localeRedirect(locale, "/login");
  const [t, common, plan] = await Promise.all([getTranslations("OnboardingPage"), getTranslations("Common"), getTranslations("Plan")]);
  const upgradeHref = checkoutHref(user, locale);
  return (
    <PublicShell path="/onboarding" wide>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("welcome", { name: user.fullName })}</h1>
      <p className="mt-2 text-lg text-slate-700">{t("lead")}</p>

      <section className="mt-8 rounded-2xl border border-emerald-300 bg-emerald-50 p-6" aria-labelledby="trial-title">
        <h2 id="trial-title" className="text-xl font-semibold text-emerald-950">
          {t("trialTitle")}
        </h2>
        <p className="mt-1 text-emerald-950" data-testid="trial-end">
          {t("trialEnds", { date: formatTrialEnd(locale, new Date(), user.timeZone) })}
        </p>
        <PageLink className="btn-primary mt-4" href="/dashboard">
          {common("goToDashboard")}
        </PageLink>
      </section>

      <section className="mt-8 rounded-2xl border border-slate-200 p-6" aria-labelledby="upgrade-title">
        <h2 id="upgrade-title" className="text-xl font-semibold text-slate-900">
          {t("upgradeTitle")}
        </h2>
        <p className="mt-1 text-slate-700">{t("upgradeText")}</p>
        <p className="mt-4 text-2xl font-bold text-slate-900" data-testid="upgrade-price">
          {plan("pricePerMonth", { price: formatPlanPrice(locale) })}
        </p>
        <ul className="mt-4 space-y-1 text-slate-700">
          {PRO_PLAN.features.map((f) => (
            <li key={f}>• {plan(`features.${f}`)}</li>
          ))}
        </ul>
        {/* The checkout opens in this tab, as everywhere: on a phone a new tab is lost behind the page. */}
        <a className="btn-secondary mt-6" href={upgradeHref}>
          {t("upgrade")}
        </a>
      </section>
    </PublicShell>
  );
}
