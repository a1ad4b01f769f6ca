import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { IntlIsland } from "@/components/intl-island";
import { BookingFlowRoot } from "@/components/booking/booking-flow";
import { bookingPageFirstDay, bookingPageState } from "@/lib/booking-page/booking-page.service";
import type { Locale } from "@/lib/platform/i18n/routing";
import { formatPhone, phoneHref } from "@/lib/platform/phone/format";
import { appContext } from "@/lib/server/context";

/** Read once per request: the metadata and the page share it. */
const pageState = cache((slug: string) => bookingPageState(appContext().bookingPage, slug));

type Props = { params: Promise<{ locale: Locale; slug: string }>; searchParams: Promise<{ via?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  const t = await getTranslations({ locale, namespace: "BookingPage" });
  const page = await pageState(slug);
  const name = page?.state === "open" ? page.view.businessName : page?.businessName;
  return { title: name ? t("metaTitleOf", { business: name }) : t("metaTitle") };
}

/**
 * A practice's public booking page. The practice, its services and who callers may see are rendered here; choosing a
 * time, proving the number with a texted code and booking happen in the client island through the rate-limited API.
 * An unknown address is a 404; a page turned off (or a practice without a live plan or a line) says to call instead.
 */
export default async function BookingPage({ params, searchParams }: Props) {
  const { locale, slug } = await params;
  const { via } = await searchParams;
  setRequestLocale(locale);
  const t = await getTranslations("BookingPage");
  const page = await pageState(slug);
  if (!page) notFound();
  if (page.state === "closed") {
    const tel = phoneHref(page.phone);
    return (
      <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="rounded-2xl border border-amber-300 bg-amber-50 p-6" data-testid="booking-page-closed">
          <p className="text-sm font-semibold uppercase tracking-wide text-amber-900">{page.businessName}</p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{t("closedTitle")}</h1>
          <p className="mt-2 text-slate-800">
            {page.phone && tel
              ? t.rich("closedCall", {
                  phone: () => (
                    <a href={tel} className="font-semibold text-indigo-800 underline">
                      {formatPhone(page.phone, page.country)}
                    </a>
                  ),
                })
              : t("closedNoPhone")}
          </p>
        </div>
      </main>
    );
  }
  const v = page.view;
  const tel = phoneHref(v.businessPhone);
  // The page opens on the first day with a free time for the service it shows first, not on a closed or full today.
  const firstDay = await bookingPageFirstDay(appContext().bookingPage, slug, { service: v.services[0]?.name });
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-800">{v.businessName}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{t("title")}</h1>
        {v.businessAddress && <p className="mt-2 text-slate-700">{v.businessAddress}</p>}
        {v.businessPhone && tel && (
          <p className="mt-1 text-slate-700">
            {t.rich("orCall", {
              phone: () => (
                <a href={tel} className="font-semibold text-indigo-800 underline">
                  {formatPhone(v.businessPhone, v.country)}
                </a>
              ),
            })}
          </p>
        )}
      </header>
      <IntlIsland namespaces={["BookingPage", "DaySlots", "Fields", "Validation"]}>
        <BookingFlowRoot slug={slug} view={v} firstDay={firstDay} via={via === "recall" ? "recall" : undefined} />
      </IntlIsland>
      <p className="mt-8 text-xs text-slate-600">{t("footer", { business: v.businessName })}</p>
    </main>
  );
}
