import type { Metadata } from "next";
import type { Locale } from "@/lib/platform/i18n/routing";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { IntlIsland } from "@/components/intl-island";
import { Logo } from "@/components/site/logo";
import { SandboxConsent } from "@/components/sandbox/sandbox-consent";
import { getCurrentUser } from "@/lib/server/current-user";
import { env } from "@/lib/platform/env";
import { calendarModes } from "@/lib/vendors/registry";

export async function generateMetadata({ params }: { params: Promise<{ locale: Locale }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: "SandboxConsent" });
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

/**
 * The sandbox's stand-in for Google's or Microsoft's consent popup (`?provider=microsoft`; Google's without): the same
 * question, and on "Allow" a short-lived code signed for that provider, sent back to the window that opened it
 * (the message of lib/platform/shared/calendar-consent.ts), exactly as the provider's popup flow hands one over.
 */
export default async function SandboxCalendarConsentPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ provider?: string }>;
}) {
  const [{ locale }, query] = await Promise.all([params, searchParams]);
  setRequestLocale(locale);
  const provider = query.provider === "microsoft" ? "microsoft" : "google";
  if (calendarModes(env())[provider] !== "sandbox") notFound();
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations("SandboxConsent")]);
  return (
    <main id="main" className="mx-auto max-w-md px-6 py-10">
      <Logo />
      <p className="mt-6 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">{t("badge")}</p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{t("title")}</h1>
      {user ? (
        <>
          <p className="mt-2 text-slate-700">{t("lead", { email: user.email })}</p>
          <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-800">
            <li>{t("scopeFreeBusy")}</li>
            <li>{t("scopeEvents")}</li>
            <li>{t("scopeIdentity")}</li>
          </ul>
          <p className="mt-4 text-sm text-slate-600">{t("sandboxText", { provider: provider === "microsoft" ? "Microsoft" : "Google" })}</p>
          <IntlIsland namespaces={["SandboxConsent"]}>
            <SandboxConsent provider={provider} />
          </IntlIsland>
        </>
      ) : (
        <p className="mt-2 text-slate-700" role="alert">
          {t("signedOut")}
        </p>
      )}
    </main>
  );
}
