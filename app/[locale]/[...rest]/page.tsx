import { localeRedirect } from "@/lib/platform/i18n/server-navigation";
import type { Locale } from "@/lib/platform/i18n/routing";

/** Any unknown route goes to the landing page, in the same language. */
export default async function UnknownRoute({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  return localeRedirect(locale, "/");
}
