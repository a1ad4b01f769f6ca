import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { env } from "@/lib/platform/env";
import { routing } from "@/lib/platform/i18n/routing";
import "../globals.css";

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  // An unknown locale segment is the layout's 404; its metadata is read in the default language meanwhile.
  const t = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale, namespace: "Metadata" });
  return {
    metadataBase: new URL(env().appUrl),
    title: t("title"),
    description: t("description"),
    applicationName: "Recepta",
    icons: { icon: "/favicon.svg" },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4338ca" };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  // Every page renders per request, never prerendered: Next.js can only put the request's CSP nonce (proxy.ts) on the
  // scripts of a page it renders for that request, and a prerendered page's scripts would all be blocked.
  await connection();
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "Common" });
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-indigo-800 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          {t("skipToContent")}
        </a>
        {/* No i18n provider here: client islands get their messages from <IntlIsland>, or plain strings as props,
            so a page without a form ships no i18n runtime. */}
        {children}
      </body>
    </html>
  );
}
