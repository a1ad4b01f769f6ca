// Locale-aware redirects and paths for server components, without next-intl's navigation module: importing that one
// registers its client Link with the page, which then ships the i18n runtime to the browser.
import { redirect } from "next/navigation";
import { defaultLocale, type Locale } from "./routing";

/** "/login" in English, "/fr/login" in French (English is unprefixed: localePrefix "as-needed"). */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

export function localeRedirect(locale: Locale, path: string): never {
  redirect(localizedPath(locale, path));
}
