import { getLocale, getTranslations } from "next-intl/server";
import { PageLink } from "./page-link";
import { SavedLocaleLink } from "./saved-locale-link";
import { locales, type Locale } from "@/lib/platform/i18n/routing";

const linkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 aria-[current=true]:bg-slate-900 aria-[current=true]:text-white";

/**
 * Links to the same page in each language. A visitor's choice is stored in the NEXT_LOCALE cookie by the proxy (the
 * prefixed path); a signed-in owner's is saved to the account (`signedIn`), which is the dashboard's language too.
 */
export async function LocaleSwitcher({ path, signedIn = false }: { path: string; signedIn?: boolean }) {
  const [locale, t] = await Promise.all([getLocale(), getTranslations("LocaleSwitcher")]);
  return (
    <nav aria-label={t("label")}>
      <ul className="flex items-center gap-1">
        {locales.map((l) => {
          const label = (
            <>
              {l.toUpperCase()}
              <span className="sr-only" lang={l}>
                {" "}
                {t(l)}
              </span>
            </>
          );
          const current = l === locale ? "true" : undefined;
          return (
            <li key={l}>
              {signedIn ? (
                <SavedLocaleLink href={prefixed(l, path)} locale={l} hrefLang={l} aria-current={current} className={linkClass}>
                  {label}
                </SavedLocaleLink>
              ) : (
                <PageLink href={path} locale={l} hrefLang={l} aria-current={current} className={linkClass}>
                  {label}
                </PageLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Always prefixed ("/en/privacy"): the proxy stores a prefixed address's language and redirects to the canonical one. */
function prefixed(locale: Locale, path: string): string {
  return `/${locale}${path === "/" ? "" : path}`;
}
