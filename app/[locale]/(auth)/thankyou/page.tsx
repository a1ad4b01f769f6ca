import { getTranslations, setRequestLocale } from "next-intl/server";
import { AutoRefresh } from "@/components/site/auto-refresh";
import { PublicShell } from "@/components/site/public-shell";
import { getCurrentUser } from "@/lib/server/current-user";
import { checkoutSummary, sandboxSetupLink } from "@/lib/billing/checkout-outcome";
import { appContext } from "@/lib/server/context";
import { env } from "@/lib/platform/env";
import { formatLongDate } from "@/lib/platform/format/intl";
import { PageLink } from "@/components/site/page-link";
import type { Locale } from "@/lib/platform/i18n/routing";
import { providerModes } from "@/lib/vendors/registry";
import { contactPhone } from "@/lib/platform/site/contact";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ session_id?: string | string[] }> };

export const generateMetadata = localeMetadata("ThankYouPage", "/thankyou", { index: false });

/**
 * After the hosted checkout (?session_id= names it). What it says comes from the server: whether the checkout started the
 * free trial (nothing charged) or a paid plan, and whether the payer has an account to sign into (their session, or
 * the account the checkout's webhook linked) or one to set up from the email, whose address it names. A checkout whose
 * webhook has not arrived yet shows "confirming" and refreshes.
 */
export default async function ThankYouPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sessionId = (await searchParams).session_id;
  const [t, common, user] = await Promise.all([getTranslations("ThankYouPage"), getTranslations("Common"), getCurrentUser()]);
  const db = appContext().db;
  const checkout = typeof sessionId === "string" ? await checkoutSummary(db, sessionId) : null;
  const state = user
    ? "hasAccount"
    : checkout?.account === "ready"
      ? "accountReady"
      : typeof sessionId === "string" && !checkout
        ? "confirming"
        : "checkEmail";
  const { PUBLIC_CONTACT_EMAIL: email } = env();
  const phone = contactPhone(env(), locale);
  const modes = providerModes(env());
  const sandboxMail = state === "checkEmail" && modes.email === "sandbox";
  const setupLink = sandboxMail && modes.billing === "sandbox" ? await sandboxSetupLink(db, checkout) : undefined;
  const [title, text] =
    checkout?.plan === "trial"
      ? [t("trialTitle"), t("trialText", { date: formatLongDate(checkout.trialEndsAt, locale, checkout.timeZone) })]
      : checkout?.plan === "paid"
        ? [t("title"), t("text")]
        : [t("thanksTitle"), t("thanksText")];
  return (
    <PublicShell path="/thankyou">
      <div className="rounded-2xl border border-emerald-300 bg-emerald-50 p-8 text-center">
        <svg
          aria-hidden="true"
          className="mx-auto text-emerald-700"
          width="48"
          height="48"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3 3 7-7" />
        </svg>
        <h1 className="mt-4 text-3xl font-bold text-emerald-950">{title}</h1>
        <p className="mt-2 text-emerald-950" data-testid="thankyou-plan" data-plan={checkout?.plan ?? "unknown"}>
          {text}
        </p>
        {(state === "confirming" || setupLink === null) && <AutoRefresh seconds={3} />}
        <p className="mt-4 text-slate-800" data-testid="thankyou-next" data-state={state} role="status">
          {state === "checkEmail" && checkout?.email ? t("checkEmailTo", { email: checkout.email }) : t(state)}
        </p>
        {sandboxMail && (
          <div
            className="mt-4 rounded-lg border border-amber-400 bg-amber-50 p-4 text-left text-amber-950"
            data-testid="thankyou-sandbox-mail"
          >
            <p>{t("sandboxMail")}</p>
            {setupLink && (
              <a className="btn-primary mt-3" href={setupLink}>
                {t("openSetupLink")}
              </a>
            )}
            {setupLink === null && <p className="mt-2">{t("mailOnItsWay")}</p>}
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {state === "hasAccount" && (
            <PageLink className="btn-primary" href="/dashboard">
              {common("goToDashboard")}
            </PageLink>
          )}
          {state === "accountReady" && (
            <PageLink className="btn-primary" href="/login">
              {t("signIn")}
            </PageLink>
          )}
          <PageLink className="btn-secondary" href="/">
            {common("returnHome")}
          </PageLink>
        </div>
      </div>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("support")}{" "}
        <a className="font-semibold text-indigo-800 underline" href={`mailto:${email}`}>
          {email}
        </a>
        {" · "}
        <a className="font-semibold text-indigo-800 underline" href={`tel:${phone.replace(/[^+\d]/g, "")}`}>
          {phone}
        </a>
      </p>
    </PublicShell>
  );
}
