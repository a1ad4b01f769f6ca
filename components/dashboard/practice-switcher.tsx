// The practices a person works in, in the header: the current one named, the others each a button of a form posted to
// the server (no script of its own), so switching works before the page's JavaScript has loaded.
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/platform/i18n/routing";
import type { PracticeRole } from "@/lib/platform/shared/roles";
import { switchPracticeFromHeader } from "@/lib/server/actions/practice";

type Practice = { businessId: string; name: string; role: PracticeRole; current: boolean };

export async function PracticeSwitcher({ practices, locale }: { practices: Practice[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Team" });
  const current = practices.find((p) => p.current);
  return (
    <details className="relative" data-testid="practice-switcher">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700">
        <span className="sr-only">{t("switcher.label")}: </span>
        <span className="max-w-40 truncate">{current?.name ?? t("switcher.label")}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <ul className="absolute right-0 z-50 mt-1 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {practices.map((p) => (
          <li key={p.businessId}>
            {p.current ? (
              <p className="flex min-h-11 flex-col justify-center rounded-md bg-indigo-50 px-3 text-sm text-indigo-900" aria-current="true">
                <span className="font-medium">{p.name}</span>
                <span className="text-xs">{t(`roles.${p.role}`)}</span>
              </p>
            ) : (
              <form action={switchPracticeFromHeader}>
                <input type="hidden" name="locale" value={locale} />
                <input type="hidden" name="businessId" value={p.businessId} />
                <button
                  type="submit"
                  className="flex min-h-11 w-full flex-col justify-center rounded-md px-3 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700"
                >
                  <span className="font-medium">{p.name}</span>
                  <span className="text-xs text-slate-600">{t(`roles.${p.role}`)}</span>
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
