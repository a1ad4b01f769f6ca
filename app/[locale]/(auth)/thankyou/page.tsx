import { getTranslations, setRequestLocale } from "next-intl/server";
import { PublicShell } from "@/components/site/public-shell";
import { getCurrentUser } from "@/lib/server/current-user";
import { checkoutOutcome } from "@/lib/billing/lifecycle";
import { appContext } from "@/lib/server/context";
import { env } from "@/lib/env";
import { PageLink } from "@/components/site/page-link";
import type { Locale } from "@/lib/i18n/routing";
import { localeMetadata } from "@/lib/seo/page-metadata";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ session_id?: string | string[] }> };

export const generateMetadata = localeMetadata("ThankYouPage", "/thankyou", { index: false });

/**
 * After the hosted checkout (?session_id= names it). Whether the payer already has an account comes from the server:
 * their session, or the account the checkout's webhook linked (set up → sign in; created by it → the emailed link).
 * A checkout whose webhook has not arrived yet shows "confirming" and refreshes.
 */
export default async function ThankYouPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sessionId = (await searchParams).session_id;
  const [t, common, user] = await Promise.all([getTranslations("ThankYouPage"), getTranslations("Common"), getCurrentUser()]);
  const checkout = typeof sessionId === "string" ? await checkoutOutcome(appContext().db, sessionId) : null;
  const state = user ? "hasAccount" : checkout === "ready" ? "accountReady" : checkout === "unknown" ? "confirming" : "checkEmail";
  const { PUBLIC_CONTACT_EMAIL: email, PUBLIC_CONTACT_PHONE: phone } = env();
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
        <h1 className="mt-4 text-3xl font-bold text-emerald-950">{t("title")}</h1>
        <p className="mt-2 text-emerald-950">{t("text")}</p>
        {state === "confirming" && <meta httpEquiv="refresh" content="4" />}
        <p className="mt-4 text-slate-800" data-testid="thankyou-next" data-state={state} role="status">
          {t(state)}
        </p>
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
