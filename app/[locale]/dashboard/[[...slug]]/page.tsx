import { getTranslations, setRequestLocale } from "next-intl/server";
import { SandboxBadge } from "@/components/ui/sandbox-badge";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { Locale } from "@/lib/i18n/routing";
import { localeRedirect } from "@/lib/i18n/server-navigation";

// Placeholder until the dashboard (issue #4): it already checks the session on the server, not only in the proxy.
export default async function DashboardPage({ params }: { params: Promise<{ locale: string; slug?: string[] }> }) {
  const { locale, slug = [] } = await params;
  setRequestLocale(locale);
  const user = await getCurrentUser();
  if (!user) return localeRedirect(locale as Locale, "/login");
  if (slug[0] === "admin" && user.type !== "admin") return localeRedirect(locale as Locale, "/dashboard/profile");
  const t = await getTranslations("DashboardPage");
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <SandboxBadge />
      </div>
      <p className="mt-2 text-slate-600">{t("signedInAs", { name: user.fullName })}</p>
      {user.type === "admin" && <p className="mt-1 text-sm text-slate-500">{t("admin")}</p>}
    </main>
  );
}
