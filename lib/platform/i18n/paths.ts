import { defaultLocale, type Locale } from "./routing";

/** "/login" in English, "/fr/login" in French (English is unprefixed: localePrefix "as-needed"). Pure: lib/ code uses it. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}
