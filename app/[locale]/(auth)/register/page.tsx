import { getTranslations, setRequestLocale } from "next-intl/server";
import { RegisterWizard } from "@/components/auth/register-wizard";
import { IntlIsland } from "@/components/intl-island";
import { PublicShell } from "@/components/site/public-shell";
import type { Locale } from "@/lib/platform/i18n/routing";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }> };

export const generateMetadata = localeMetadata("RegisterPage", "/register");

export default async function RegisterPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("RegisterPage");
  return (
    <PublicShell path="/register">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      <IntlIsland
        namespaces={["RegisterPage", "BusinessFields", "Fields", "Validation", "Options", "WorkingHoursFields", "TimeZoneField", "Common"]}
      >
        <RegisterWizard />
      </IntlIsland>
    </PublicShell>
  );
}
