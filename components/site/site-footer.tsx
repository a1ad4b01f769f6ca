import { getLocale, getTranslations } from "next-intl/server";
import { env } from "@/lib/platform/env";
import { contactPhone } from "@/lib/platform/site/contact";
import { PageLink } from "./page-link";
import { Logo } from "./logo";

const footLink = "inline-flex min-h-11 items-center text-sm text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline";

export async function SiteFooter() {
  const [t, locale] = await Promise.all([getTranslations("Footer"), getLocale()]);
  const { PUBLIC_CONTACT_EMAIL: email } = env();
  const phone = contactPhone(env(), locale);
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div>
          <Logo />
          <p className="mt-2 text-sm text-slate-700">{t("tagline")}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{t("legal")}</h2>
          <ul className="mt-1">
            <li>
              <PageLink className={footLink} href="/privacy">
                {t("privacy")}
              </PageLink>
            </li>
            <li>
              <PageLink className={footLink} href="/terms">
                {t("terms")}
              </PageLink>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{t("contact")}</h2>
          <ul className="mt-1">
            <li>
              <a className={footLink} href={`tel:${phone.replace(/[^+\d]/g, "")}`}>
                {phone}
              </a>
            </li>
            <li>
              <a className={footLink} href={`mailto:${email}`}>
                {email}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-700">
        {t("copyright", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
