import { getTranslations, setRequestLocale } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { IntlIsland } from "@/components/intl-island";
import { PublicShell } from "@/components/site/public-shell";
import type { Locale } from "@/lib/platform/i18n/routing";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

export const generateMetadata = localeMetadata("ForgotPasswordPage", "/forgot-password", { index: false });

export default async function ForgotPasswordPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("ForgotPasswordPage");
  return (
    <PublicShell path="/forgot-password">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mb-8 mt-2 text-slate-700">{t("lead")}</p>
      <IntlIsland namespaces={["ForgotPasswordPage", "Fields", "Validation", "Common"]}>
        <ForgotPasswordForm />
      </IntlIsland>
    </PublicShell>
  );
}
