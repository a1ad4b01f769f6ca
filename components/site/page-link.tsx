import { getLocale } from "next-intl/server";
import type { ComponentProps } from "react";
import type { Locale } from "@/lib/platform/i18n/routing";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";

/**
 * A plain <a> to one of our pages in the current language (or another one), rendered on the server. Public pages use it
 * instead of next-intl's client Link so they ship no i18n runtime to the browser. Switching language goes through the
 * prefixed path ("/en/privacy"), where the proxy stores the choice in NEXT_LOCALE and redirects to the canonical URL.
 */
export async function PageLink({ href, locale, ...rest }: Omit<ComponentProps<"a">, "href"> & { href: string; locale?: Locale }) {
  const current = await getLocale();
  const target = locale && locale !== current ? `/${locale}${href === "/" ? "" : href}` : localizedPath(current, href);
  return <a href={target} {...rest} />;
}
