import { getTranslations } from "next-intl/server";

/** An address no practice has: a 404 whose page says so in the visitor's language. */
export default async function BookingPageNotFound() {
  const t = await getTranslations("BookingPage");
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="rounded-2xl border border-red-300 bg-red-50 p-6" data-testid="booking-page-not-found">
        <h1 className="text-2xl font-bold text-red-900">{t("notFoundTitle")}</h1>
        <p className="mt-2 text-red-900">{t("notFoundText")}</p>
      </div>
    </main>
  );
}
