import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { IntlIsland } from "@/components/intl-island";
import { LinkProblem } from "@/components/self-service/link-problem";
import { SelfServiceRoot } from "@/components/self-service/self-service";
import { byId } from "@/lib/scheduling/booking/core";
import { readSelfServiceToken } from "@/lib/scheduling/booking/self-service-link";
import { requireSecret } from "@/lib/platform/env";
import type { Locale } from "@/lib/platform/i18n/routing";
import { appContext } from "@/lib/server/context";

type Props = { params: Promise<{ locale: Locale; token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "SelfService" });
  // The token is a key to one appointment: never indexed, and no Referer carries it to another site.
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * A caller's self-service link. The signature, expiry and appointment are checked here, so a dead link gets a page that
 * says so at once, with its status: 404 for an altered link or one whose appointment is gone (not-found.tsx). An expired
 * link is a real one whose time has passed: its page says so. The appointment itself is read through the rate-limited
 * API. Only a link we signed reaches the database: nobody can probe appointment ids through this page.
 */
export default async function SelfServicePage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const read = readSelfServiceToken(requireSecret("AUTH_SECRET"), token);
  if (!read.ok && read.reason === "invalid") notFound();
  if (!read.ok) return <LinkProblem reason="expired" />;
  if (!(await byId(appContext().db, read.appointmentId))) notFound();
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <IntlIsland namespaces={["SelfService", "DaySlots"]}>
        <SelfServiceRoot token={token} />
      </IntlIsland>
    </main>
  );
}
