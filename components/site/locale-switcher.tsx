import { getLocale, getTranslations } from "next-intl/server";
import { PageLink } from "./page-link";
import { locales } from "@/lib/i18n/routing";

/** Links to the same page in each language. next-intl's Link stores the choice in the NEXT_LOCALE cookie on click. */
export async function LocaleSwitcher({ path }: { path: string }) {
  const [locale, t] = await Promise.all([getLocale(), getTranslations("LocaleSwitcher")]);
  return (
    <nav aria-label={t("label")}>
      <ul className="flex items-center gap-1">
        {locales.map((l) => (
          <li key={l}>
            <PageLink
              href={path}
              locale={l}
              hrefLang={l}
              aria-current={l === locale ? "true" : undefined}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 aria-[current=true]:bg-slate-900 aria-[current=true]:text-white"
            >
              {l.toUpperCase()}
              <span className="sr-only" lang={l}>
                {" "}
                {t(l)}
              </span>
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
