// The address a page request asked for, as the proxy saw it, passed on to server components in a request header.
import { isLocale, type Locale } from "@/lib/platform/i18n/routing";

export const PAGE_PATH_HEADER = "x-page-path";

/**
 * The path of `asked` in `locale`, always prefixed ("/en/dashboard" too): the proxy stores a prefixed address's language
 * as the visitor's, so an unprefixed one cannot send the visitor back. The locale prefix asked is dropped, and so is
 * Next's own `_rsc` query parameter; anything else asked keeps its query.
 */
export function pathInLocale(asked: string, locale: Locale): string {
  const url = new URL(asked, "http://x");
  url.searchParams.delete("_rsc");
  const segments = url.pathname.split("/");
  const rest = isLocale(segments[1]) ? `/${segments.slice(2).join("/")}` : url.pathname;
  const path = rest === "/" ? "" : rest.replace(/\/$/, "");
  return `/${locale}${path}${url.search}`;
}
