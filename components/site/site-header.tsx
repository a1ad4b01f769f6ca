import { getLocale, getTranslations } from "next-intl/server";
import { getCurrentUser } from "@/lib/server/current-user";
import { PageLink } from "./page-link";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";
import { checkoutHref } from "@/lib/server/checkout-link";
import { LocaleSwitcher } from "./locale-switcher";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { SignOutButton } from "./sign-out-button";

const navLink =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700";
const primary =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-700 px-4 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700";

/**
 * The public header: sections, language, and either sign-in/trial or the signed-in user's name, settings and sign-out.
 * `minimal` (a task the visitor is in the middle of, like setting up their account) keeps the logo and the language
 * only: no offer to sign in or start a trial beside the form.
 */
export async function SiteHeader({ path, sections = false, minimal = false }: { path: string; sections?: boolean; minimal?: boolean }) {
  const [t, locale, user] = await Promise.all([getTranslations("SiteHeader"), getLocale(), getCurrentUser()]);
  const trialHref = checkoutHref(user, locale);
  const homeHref = localizedPath(locale, "/");
  const home = (
    <PageLink
      href="/"
      className="flex min-h-11 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-700"
      aria-label={t("home")}
    >
      <Logo />
    </PageLink>
  );

  const sectionLinks = sections ? (
    <>
      <a className={navLink} href="#features">
        {t("features")}
      </a>
      <a className={navLink} href="#pricing">
        {t("pricing")}
      </a>
      <a className={navLink} href="#faq">
        {t("faq")}
      </a>
    </>
  ) : null;

  const account = user ? (
    <>
      <span className="text-sm font-medium text-slate-800" data-testid="header-user-name">
        {user.fullName}
      </span>
      <PageLink className={secondary} href="/dashboard">
        {t("settings")}
      </PageLink>
      <SignOutButton className={navLink} label={t("signOut")} busyLabel={t("signingOut")} homeHref={homeHref} />
    </>
  ) : (
    <>
      <PageLink className={navLink} href="/login">
        {t("signIn")}
      </PageLink>
      <a className={primary} href={trialHref}>
        {t("startTrial")}
      </a>
    </>
  );

  if (minimal) {
    return (
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
          {home}
          <LocaleSwitcher path={path} signedIn={!!user} />
        </div>
      </header>
    );
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
        {home}
        {sectionLinks && (
          <nav aria-label={t("mainNav")} className="hidden items-center gap-1 lg:flex">
            {sectionLinks}
          </nav>
        )}
        <div className="hidden items-center gap-3 md:flex">
          <LocaleSwitcher path={path} signedIn={!!user} />
          {account}
        </div>
        <MobileMenu openLabel={t("openMenu")} closeLabel={t("closeMenu")} title={t("menu")}>
          {sectionLinks && (
            <nav aria-label={t("mainNav")} className="flex flex-col">
              {sectionLinks}
            </nav>
          )}
          <LocaleSwitcher path={path} signedIn={!!user} />
          <div className="flex flex-col items-stretch gap-3">{account}</div>
        </MobileMenu>
      </div>
    </header>
  );
}
