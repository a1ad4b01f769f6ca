import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { IntlIsland } from "@/components/intl-island";
import { SelfServiceRoot } from "@/components/self-service/self-service";
import { readSelfServiceToken } from "@/lib/booking/self-service-link";
import { requireSecret } from "@/lib/env";
import type { Locale } from "@/lib/i18n/routing";

type Props = { params: Promise<{ locale: Locale; token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "SelfService" });
  // The token is a key to one appointment: never indexed, and no Referer carries it to another site.
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * A caller's self-service link. The signature and expiry are checked here, so an altered or expired link gets a page
 * that says so at once; the appointment itself is read through the rate-limited API.
 */
export default async function SelfServicePage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const read = readSelfServiceToken(requireSecret("AUTH_SECRET"), token);
  const t = await getTranslations("SelfService");
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      {read.ok ? (
        <IntlIsland namespaces={["SelfService"]}>
          <SelfServiceRoot token={token} />
        </IntlIsland>
      ) : (
        <div className="rounded-2xl border border-red-300 bg-red-50 p-6" data-testid="self-service-problem">
          <h1 className="text-2xl font-bold text-red-900">{t(read.reason === "expired" ? "expiredTitle" : "invalidTitle")}</h1>
          <p className="mt-2 text-red-900">{t(read.reason === "expired" ? "expiredText" : "invalidText")}</p>
        </div>
      )}
    </main>
  );
}
