import { defineRouting } from "next-intl/routing";

export const locales = ["en", "fr", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

// English unprefixed (/login), the others prefixed (/fr/login). The stored preference cookie wins, then Accept-Language.
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: "as-needed",
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE },
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * A page's [locale] segment as one of ours. Next types a segment as any string; the locale layout has already answered
 * 404 to any other, so the fallback is never taken on a page.
 */
export async function localeParam(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  return isLocale(locale) ? locale : defaultLocale;
}

// next-intl's hooks and functions answer our Locale (useLocale(), getLocale(), the `locale` params), not any string.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
  }
}
