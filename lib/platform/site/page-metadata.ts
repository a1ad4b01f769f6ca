// Per-locale <title>, description, canonical URL, hreflang alternates and Open Graph for public pages.
// English is unprefixed ("/login"), French and Spanish prefixed ("/fr/login"), exactly as the router serves them.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/platform/env";
import { defaultLocale, localeParam, locales, type Locale } from "@/lib/platform/i18n/routing";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";

export { localizedPath };

const OG_LOCALE: Record<Locale, string> = { en: "en_US", fr: "fr_FR", es: "es_ES" };

export function absoluteUrl(path: string): string {
  return `${env().appUrl}${path}`;
}

export function pageMetadata(
  locale: Locale,
  path: string,
  text: { title: string; description?: string },
  opts: { index?: boolean } = {},
): Metadata {
  const languages: Record<string, string> = Object.fromEntries(locales.map((l) => [l, absoluteUrl(localizedPath(l, path))]));
  languages["x-default"] = absoluteUrl(localizedPath(defaultLocale, path));
  const url = absoluteUrl(localizedPath(locale, path));
  return {
    metadataBase: new URL(env().appUrl),
    title: text.title,
    description: text.description,
    alternates: { canonical: url, languages },
    openGraph: {
      type: "website",
      siteName: "Recepta",
      title: text.title,
      description: text.description,
      url,
      locale: OG_LOCALE[locale],
      alternateLocale: locales.filter((l) => l !== locale).map((l) => OG_LOCALE[l]),
      // app/[locale]/opengraph-image.tsx renders the card in the page's language.
      images: [{ url: absoluteUrl(localizedPath(locale, "/opengraph-image")), width: 1200, height: 630, alt: "Recepta" }],
    },
    twitter: {
      card: "summary_large_image",
      title: text.title,
      description: text.description,
      images: [absoluteUrl(localizedPath(locale, "/opengraph-image"))],
    },
    robots: opts.index === false ? { index: false, follow: false } : { index: true, follow: true },
  };
}

/**
 * A page's generateMetadata from its message namespace: title from "metaTitle", description from "metaDescription"
 * when the namespace has one. `export const generateMetadata = localeMetadata("LoginPage", "/login")`.
 */
export function localeMetadata(namespace: string, path: string, opts: { index?: boolean } = {}) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const locale = await localeParam(params);
    const t = await getTranslations({ locale, namespace });
    const text = {
      title: t("metaTitle"),
      description: t.has("metaDescription") ? t("metaDescription") : undefined,
    };
    return pageMetadata(locale, path, text, opts);
  };
}
