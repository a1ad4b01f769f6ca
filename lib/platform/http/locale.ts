// The language of a request that has no React tree (route handlers, the proxy): the stored preference cookie, then
// Accept-Language. Reading the request is the HTTP edge's job; lib/platform/i18n stays free of Request and cookies.
import { defaultLocale, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "@/lib/platform/i18n/routing";
import { readCookie } from "./cookies";

/** The user's language for an API answer: the stored preference cookie, then Accept-Language, then English. */
export function localeOf(req: Request): Locale {
  const cookie = readCookie(req.headers.get("cookie"), LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  const header = req.headers.get("accept-language") ?? "";
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.find((r) => r.trim().startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0] ?? "", q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  return ranked.map((r) => r.lang).find(isLocale) ?? defaultLocale;
}

/**
 * Stores `locale` as the visitor's preference (next-intl's NEXT_LOCALE cookie, as its proxy would), so the next
 * unprefixed page opens in it. Sent when an account signs in or changes its language: the account's saved language is
 * the one its dashboard speaks, on any device.
 */
export function localeCookieHeader(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
}
