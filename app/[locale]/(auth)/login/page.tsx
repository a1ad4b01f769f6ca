import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { IntlIsland } from "@/components/intl-island";
import { PublicShell } from "@/components/site/public-shell";
import { getCurrentUser } from "@/lib/server/current-user";
import { pathInLocale } from "@/lib/platform/http/page-path";
import { isLocale, type Locale } from "@/lib/platform/i18n/routing";
import { localeMetadata } from "@/lib/platform/site/page-metadata";

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ expired?: string; deleted?: string }> };

export const generateMetadata = localeMetadata("LoginPage", "/login");

export default async function LoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Signed in already (a live session cookie): straight to the dashboard, in the account's language. Signing out ends
  // the session on the server, so someone who just signed out stays here.
  const user = await getCurrentUser();
  if (user) redirect(pathInLocale("/dashboard", isLocale(user.locale) ? user.locale : locale));
  const { expired, deleted } = await searchParams;
  const t = await getTranslations("LoginPage");
  return (
    <PublicShell path="/login">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mb-8 mt-2 text-slate-700">{t("lead")}</p>
      <IntlIsland namespaces={["LoginPage", "Fields", "Validation"]}>
        <LoginForm expired={expired === "true"} deleted={deleted === "true"} />
      </IntlIsland>
    </PublicShell>
  );
}
