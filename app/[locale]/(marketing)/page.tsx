import { getTranslations, setRequestLocale } from "next-intl/server";
import { DemoPlayer } from "@/components/landing/demo-player";
import { RotatingWord } from "@/components/landing/rotating-word";
import { ScrollProgress } from "@/components/landing/scroll-progress";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { getCurrentUser } from "@/lib/server/current-user";
import { formatPlanPrice, PRO_PLAN } from "@/lib/accounts/subscriptions/plan";
import { env } from "@/lib/platform/env";
import { locales, type Locale } from "@/lib/platform/i18n/routing";
import { AI_LANGUAGES } from "@/lib/accounts/account/options";
import { intlLocale } from "@/lib/platform/format/intl";
import { checkoutHref } from "@/lib/server/checkout-link";
import { startTrialFromLanding } from "@/lib/server/actions/trial";
import { PageLink } from "@/components/site/page-link";
import { localeMetadata } from "@/lib/platform/site/page-metadata";
import { socialProof } from "@/lib/platform/site/social-proof";
import { contactPhone } from "@/lib/platform/site/contact";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ trial?: string | string[] }> };

const PROFESSIONS = ["doctors", "dentists", "restaurants", "accountants", "entrepreneurs", "lawyers"] as const;
const FAQ = ["howItWorks", "calendar", "health", "languages", "trial", "emergency"] as const;

/** The languages calls are answered in and the dashboard's, from the configuration, in the page's words. */
function languageLists(locale: Locale): { callLanguages: string; dashboardLanguages: string } {
  const names = new Intl.DisplayNames([intlLocale(locale)], { type: "language" });
  const list = (codes: readonly string[], type: "conjunction" | "disjunction") =>
    new Intl.ListFormat(intlLocale(locale), { type }).format(codes.map((c) => names.of(c) ?? c));
  return { callLanguages: list(AI_LANGUAGES, "conjunction"), dashboardLanguages: list(locales, "conjunction") };
}

export const generateMetadata = localeMetadata("HomePage", "/");

export default async function HomePage({ params, searchParams }: Props) {
  const { locale } = await params;
  // Back from a trial start that failed (lib/server/actions/trial.ts).
  const trialFailed = (await searchParams).trial === "failed";
  setRequestLocale(locale);
  const [t, plan, demoCall, user] = await Promise.all([
    getTranslations("HomePage"),
    getTranslations("Plan"),
    getTranslations("DemoCall"),
    getCurrentUser(),
  ]);
  const trialHref = checkoutHref(user, locale);
  // A visitor opens the hosted checkout in this tab; a signed-in account that never had a trial starts it
  // here (the trial-start handler); one that had a billing record goes to its subscription page to upgrade.
  const trialCta = (className: string, testId?: string) =>
    !user ? (
      // The checkout opens in this tab: on a phone a new tab is lost behind the page.
      <a className={className} href={trialHref} data-testid={testId}>
        {t("planCta")}
      </a>
    ) : !user.subscription ? (
      <form action={startTrialFromLanding} className="contents">
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className={className} data-testid={testId}>
          {t("planCta")}
        </button>
        {trialFailed && testId && (
          <p role="alert" className="w-full text-sm font-medium text-red-800">
            {t("trialStartFailed")}
          </p>
        )}
      </form>
    ) : (
      <PageLink className={className} href="/dashboard/subscription" data-testid={testId}>
        {t("planCta")}
      </PageLink>
    );
  const price = formatPlanPrice(locale);
  const phone = contactPhone(env(), locale);
  const proof = socialProof(env(), t);
  const lines = demoCall.raw("lines") as { who: "assistant" | "caller"; text: string }[];
  const words = PROFESSIONS.map((p) => t(`professions.${p}`));

  return (
    <>
      <ScrollProgress />
      <SiteHeader path="/" sections />
      <main id="main">
        {/* Hero */}
        <section className="bg-gradient-to-b from-indigo-50 to-white">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 pt-12 sm:px-6 lg:grid-cols-2 lg:pt-20">
            <div>
              <p
                className="inline-flex items-center rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900"
                data-testid="trial-badge"
              >
                {t("trialBadge")}
              </p>
              <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
                {t("heroTitle")} <RotatingWord words={words} />
                <span className="sr-only">{words.join(", ")}</span>
              </h1>
              <p className="mt-5 text-lg leading-relaxed text-slate-700">{t("heroLead")}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                {trialCta("btn-primary")}
                <a className="btn-secondary" href="#demo">
                  {t("listenDemo")}
                </a>
                <a className="btn-secondary" href={`tel:${phone.replace(/[^+\d]/g, "")}`}>
                  {t("callUs")} <span className="ml-1 font-normal">{phone}</span>
                </a>
              </div>
              {proof && (
                <p className="mt-6 text-sm font-medium text-slate-700" data-testid="social-proof">
                  {proof}
                </p>
              )}
              <ul className={`${proof ? "mt-4" : "mt-6"} grid gap-2 text-sm text-slate-700 sm:grid-cols-2`}>
                {(["gdpr", "oauth", "noCard", "cancel"] as const).map((k) => (
                  <li key={k} className="flex items-start gap-2">
                    <Check />
                    {t(`trust.${k}`)}
                  </li>
                ))}
              </ul>
            </div>
            <div id="demo" className="scroll-mt-24 self-center rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-xl font-semibold text-slate-900">{t("demo.title")}</h2>
              <p className="mt-2 text-slate-700">{t("demo.lead")}</p>
              <div className="mt-5">
                <DemoPlayer
                  src={`/audio/demo-call-${locale}.mp3`}
                  labels={{ play: t("demo.play"), pause: t("demo.pause"), nowPlaying: t("demo.nowPlaying") }}
                />
              </div>
              <details className="mt-5 rounded-lg bg-slate-50 p-3">
                <summary className="cursor-pointer text-sm font-semibold text-slate-800">{t("demo.transcript")}</summary>
                <dl className="mt-3 space-y-2 text-sm">
                  {lines.map((line, i) => (
                    <div key={i} className="flex gap-2">
                      <dt className="w-28 shrink-0 font-semibold text-slate-800">{t(`demo.${line.who}`)}</dt>
                      <dd className="text-slate-700">{line.text}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </div>
          </div>
        </section>

        {/* Professions */}
        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="professions-title">
          <h2 id="professions-title" className="text-3xl font-bold tracking-tight text-slate-900">
            {t("professionsTitle")}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">{t("professionsLead")}</p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {PROFESSIONS.map((p) => (
              <li key={p} className="rounded-xl border border-slate-200 px-5 py-4 font-medium text-slate-800">
                {t(`professionItems.${p}`)}
              </li>
            ))}
          </ul>
        </section>

        {/* Features */}
        <section id="features" className="scroll-mt-20 bg-slate-50" aria-labelledby="features-title">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
              {t("featuresTitle")}
            </h2>
            <p className="mt-3 text-lg text-slate-700">{t("featuresLead")}</p>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {PRO_PLAN.features.map((f) => (
                <li key={f} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <h3 className="font-semibold text-slate-900">{plan(`features.${f}`)}</h3>
                  <p className="mt-2 text-slate-700">{t(`featureTexts.${f}`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        {/* Pricing */}
        <section id="pricing" className="scroll-mt-20 mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="pricing-title">
          <h2 id="pricing-title" className="text-3xl font-bold tracking-tight text-slate-900">
            {t("pricingTitle")}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{t("pricingLead")}</p>
          <div className="mt-8 max-w-md rounded-2xl border-2 border-indigo-700 p-8" data-testid="pricing-card">
            <h3 className="text-xl font-semibold text-slate-900">{plan("name")}</h3>
            <p className="mt-1 text-slate-700">{t("planDescription")}</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="text-4xl font-bold text-slate-900" data-testid="plan-price">
                {price}
              </span>
              <span className="text-slate-700">
                {t("perMonth")} {t("exclTax")}
              </span>
            </p>
            <ul className="mt-4 space-y-1 text-sm font-medium text-slate-800">
              <li>{t("planTrial")}</li>
              <li>{t("planNoCard")}</li>
              <li>{t("planCancel")}</li>
            </ul>
            <ul className="mt-6 space-y-2">
              {PRO_PLAN.features.map((f) => (
                <li key={f} className="flex items-start gap-2 text-slate-700">
                  <Check />
                  {plan(`features.${f}`)}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap">{trialCta("btn-primary w-full", "pricing-cta")}</div>
          </div>
        </section>

        {/* FAQ: native disclosure widgets, keyboard- and screen-reader-friendly without JavaScript */}
        <section id="faq" className="scroll-mt-20 bg-slate-50" aria-labelledby="faq-title">
          <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
            <h2 id="faq-title" className="text-3xl font-bold tracking-tight text-slate-900">
              {t("faqTitle")}
            </h2>
            <div className="mt-8 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
              {FAQ.map((q) => (
                <details key={q} className="group px-5 py-4">
                  <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
                    {t(`faq.${q}.question`)}
                    <span aria-hidden="true" className="text-xl text-indigo-700 transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <p className="mt-2 text-slate-700">{t(`faq.${q}.answer`, { price, ...languageLists(locale) })}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}

function Check() {
  return (
    <svg aria-hidden="true" className="mt-0.5 shrink-0 text-emerald-700" width="18" height="18" viewBox="0 0 20 20" fill="currentColor">
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
