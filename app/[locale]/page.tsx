import { getTranslations, setRequestLocale } from "next-intl/server";
import { getCurrentUser } from "@/lib/auth/current-user";
import { Link } from "@/lib/i18n/navigation";

// A first landing page; the full marketing page (hero, pricing, FAQ, SEO) is issue #3.
export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("HomePage");
  const user = await getCurrentUser();
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-6 py-24">
      <h1 className="text-4xl font-bold">{t("headline")}</h1>
      <p className="text-lg text-slate-600">{t("lead")}</p>
      <div className="flex gap-4">
        {user ? (
          <Link className="rounded bg-slate-900 px-4 py-2 text-white" href="/dashboard/profile">{t("dashboard")}</Link>
        ) : (
          <>
            <Link className="rounded border px-4 py-2" href="/login">{t("signIn")}</Link>
            <Link className="rounded bg-slate-900 px-4 py-2 text-white" href="/register">{t("startTrial")}</Link>
          </>
        )}
      </div>
    </main>
  );
}
