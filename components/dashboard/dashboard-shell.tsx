"use client";
// The dashboard frame: header with the product name, the user's name, the language switcher (full
// on wide screens, compact on small ones) and sign-out; the side navigation, a drawer below the lg breakpoint.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { Logo } from "@/components/site/logo";
import { api, ok } from "@/lib/platform/client/api";
import { threadKeys } from "@/lib/platform/client/queries/threads";
import { MobileMenu } from "@/components/site/mobile-menu";
import { SignOutButton } from "@/components/site/sign-out-button";
import { Link, usePathname } from "@/lib/platform/i18n/navigation";
import { isLocale, locales, type Locale } from "@/lib/platform/i18n/routing";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";
import { ROLES, type PracticeRole, type RoleSet } from "@/lib/platform/shared/roles";
import { GettingStarted } from "./getting-started";
import { useProfile, useSetProfile } from "./session";
import { toastFailure } from "./use-profile-save";

/**
 * `exact`: active on its own address only (Today, whose address starts every other's); `anchor`: a part of a page, never
 * marked current; `roles`: who in the practice it is for (its page and its API routes allow the same), managers if unsaid.
 */
type Item = { href: string; key: string; also?: string[]; exact?: boolean; anchor?: boolean; roles?: RoleSet };
type Group = { key: string; items: Item[] };

const ADMIN: Group = {
  key: "admin",
  items: [
    { href: "/dashboard/admin/users", key: "users" },
    { href: "/dashboard/admin/telnyx-numbers", key: "numbers" },
    { href: "/dashboard/admin/outbox", key: "adminOutbox" },
  ],
};
const PROFILE: Item = { href: "/dashboard/profile", key: "profile", roles: ROLES.everyone };
const SECURITY: Item = { href: "/dashboard/security", key: "security", roles: ROLES.everyone };

// The sections grouped by the job the owner comes for: the day's work, the receptionist, the agenda, what is connected,
// the account. Every section keeps its own address.
const GROUPS: Group[] = [
  {
    key: "groupToday",
    items: [
      { href: "/dashboard", key: "home", exact: true, roles: ROLES.frontDesk },
      { href: "/dashboard/inbox", key: "inbox", roles: ROLES.frontDesk },
      { href: "/dashboard/calls", key: "calls", roles: ROLES.everyone },
      { href: "/dashboard/outbox", key: "outbox" },
      { href: "/dashboard/appointments", key: "appointments", roles: ROLES.everyone },
      { href: "/dashboard/insights", key: "insights" },
    ],
  },
  {
    key: "groupReceptionist",
    items: [
      { href: "/dashboard/ai-config", key: "aiConfig" },
      { href: "/dashboard/knowledge", key: "knowledge" },
      { href: "/dashboard/transfers", key: "transfers" },
      { href: "/dashboard/try", key: "try", roles: ROLES.frontDesk },
    ],
  },
  {
    key: "groupAgenda",
    items: [
      { href: "/dashboard/practitioners", key: "practitioners" },
      { href: "/dashboard/schedule", key: "schedule" },
      { href: "/dashboard/schedule#closures", key: "closures", anchor: true },
      { href: "/dashboard/booking-page", key: "bookingPage" },
      { href: "/dashboard/waitlist", key: "waitlist", roles: ROLES.frontDesk },
      { href: "/dashboard/recall", key: "recall" },
      { href: "/dashboard/reminder-calls", key: "reminderCalls", roles: ROLES.frontDesk },
    ],
  },
  {
    key: "groupConnections",
    items: [
      { href: "/dashboard/phone-number", key: "phoneNumber" },
      { href: "/dashboard/calendar", key: "calendar" },
      { href: "/dashboard/integrations", key: "integrations" },
    ],
  },
  {
    key: "groupAccount",
    items: [
      PROFILE,
      { href: "/dashboard/business", key: "business" },
      { href: "/dashboard/team", key: "team" },
      { href: "/dashboard/subscription", key: "subscription", roles: ROLES.owner },
      { href: "/dashboard/privacy", key: "privacy" },
      SECURITY,
    ],
  },
];

// An admin has no business of their own: their navigation is the admin sections and their own account.
const ADMIN_GROUPS: Group[] = [ADMIN, { key: "groupAccount", items: [PROFILE, SECURITY] }];

const isActive = (item: Item, path: string) =>
  !item.anchor && [item.href, ...(item.also ?? [])].some((h) => path === h || (!item.exact && path.startsWith(`${h}/`)));

/** The groups with only what `role` may use; a group left empty is not shown. */
const forRole = (groups: Group[], role: PracticeRole): Group[] =>
  groups.map((g) => ({ ...g, items: g.items.filter((i) => (i.roles ?? ROLES.managers).includes(role)) })).filter((g) => g.items.length > 0);

type ShellProps = {
  isAdmin: boolean;
  role: PracticeRole;
  /** Who is signed in (a member is not the practice's owner). */
  personName: string;
  /** The practices a member works in, when more than one. */
  switcher: ReactNode;
  sandboxNote: string | null;
  children: ReactNode;
};

export function DashboardShell({ isAdmin, role, personName, switcher, sandboxNote, children }: ShellProps) {
  const t = useTranslations("Dashboard");
  const locale = useLocale();
  const { profile } = useProfile();

  if (!profile) {
    // No profile and no stored user to fall back on.
    return (
      <main id="main" className="mx-auto max-w-md px-6 py-24 text-center">
        <h1 className="text-xl font-semibold text-slate-900">{t("unableToLoadUser")}</h1>
        <a className="btn-primary mt-6" href={localizedPath(locale, "/login")}>
          {t("returnToLogin")}
        </a>
      </main>
    );
  }

  const groups = isAdmin ? ADMIN_GROUPS : forRole(GROUPS, role);
  // The owner's name is the profile's, live (a save shows at once); a member's is their own, not the practice's.
  const name = role === "owner" ? profile.fullName : personName;
  const signOut = (
    <SignOutButton
      className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700"
      label={t("signOut")}
      busyLabel={t("signingOut")}
      homeHref={localizedPath(locale, "/")}
    />
  );
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="flex items-center gap-2 px-3 py-2 sm:px-6">
          <MobileMenu
            openLabel={t("openNavigation")}
            closeLabel={t("closeNavigation")}
            title={t("navigation")}
            hiddenFrom="lg:hidden"
            side="left"
          >
            <SideNav groups={groups} />
            {/* The narrowest screens have no room in the header for the name and sign-out: they are here. */}
            <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:hidden">
              <span className="px-3 text-sm font-medium text-slate-800">{name}</span>
              {signOut}
            </div>
          </MobileMenu>
          <a
            href={localizedPath(locale, "/")}
            className="flex min-h-11 items-center rounded-md focus-visible:outline-2 focus-visible:outline-indigo-700"
            aria-label={t("home")}
          >
            <Logo />
          </a>
          {sandboxNote && (
            <span
              className="hidden rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 sm:inline"
              title={sandboxNote}
              data-testid="sandbox-badge"
            >
              {t("sandbox")}
            </span>
          )}
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <span className="hidden max-w-48 truncate text-sm font-medium text-slate-800 sm:inline" data-testid="header-user-name">
              {name}
            </span>
            {switcher}
            <LanguageLinks />
            <CompactLanguageSelect />
            <div className="hidden sm:block">{signOut}</div>
          </div>
        </div>
      </header>
      {/* The side column stretches with the page (its white runs to the bottom of the longest page); the navigation
          inside it stays in view. */}
      <div className="flex min-h-[calc(100dvh-61px)]">
        <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block" data-testid="side-column">
          <div className="sticky top-[61px] max-h-[calc(100dvh-61px)] overflow-y-auto p-3">
            <SideNav groups={groups} />
          </div>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8">
          <div className="mx-auto max-w-4xl">
            {!isAdmin && (role === "owner" || role === "admin") && <GettingStarted />}
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}

// 44 px targets where fingers tap (the drawer); 36 px on a wide screen, where 26 sections fit with less scrolling.
const linkClass =
  "flex min-h-11 lg:min-h-9 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-800";

function SideNav({ groups }: { groups: Group[] }) {
  const t = useTranslations("Dashboard.nav");
  const path = usePathname();
  const headingId = useId(); // the navigation is rendered twice (side bar and drawer): ids must differ
  return (
    <nav aria-label={t("label")}>
      <div className="space-y-4">
        {groups.map((g) => (
          <div key={g.key} data-testid={`nav-group-${g.key}`}>
            <p id={`${headingId}-${g.key}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {t(g.key)}
            </p>
            <ul aria-labelledby={`${headingId}-${g.key}`} className="space-y-0.5">
              {g.items.map((i) => (
                <li key={i.key}>
                  <Link href={i.href} className={linkClass} aria-current={isActive(i, path) ? "page" : undefined}>
                    {t(i.key)}
                    {i.key === "inbox" && <UnreadBadge />}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

/**
 * How many conversations have something unread, beside the inbox's link; refreshed every minute and whenever the inbox
 * changes (it shares the query's key).
 */
function UnreadBadge() {
  const t = useTranslations("Dashboard.nav");
  const { data } = useQuery({
    queryKey: threadKeys.unread(),
    queryFn: () => ok(api.GET("/api/threads", { params: { query: { status: "open" } } })),
    refetchInterval: 60_000,
    retry: false,
  });
  const count = data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="inbox-unread">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t("unreadConversations", { count })}</span>
    </span>
  );
}

/**
 * The header's language switch is the account's language (Settings' choice, the same setting): it is saved first, then
 * the same page opens in it, through the prefixed path ("/en/dashboard/…"), where the proxy also stores it as this
 * browser's (NEXT_LOCALE). A failed save stays on the page, with a toast.
 */
function useSwitchLanguage() {
  const t = useTranslations("LocaleSwitcher");
  const setProfile = useSetProfile();
  const path = usePathname();
  return useMutation({
    mutationFn: (locale: Locale) => ok(api.PUT("/api/account/locale", { body: { locale } })),
    onSuccess: (profile, locale) => {
      setProfile(profile);
      // The page's own query (an insights period, an open thread) comes along.
      window.location.assign(`/${locale}${path}${window.location.search}`);
    },
    onError: (e) => toastFailure(t("saveFailed"), e),
  });
}

/** Full switcher (wide screens): one link per language to the same page; without JavaScript, a plain visit. */
function LanguageLinks() {
  const t = useTranslations("LocaleSwitcher");
  const locale = useLocale();
  const path = usePathname();
  const save = useSwitchLanguage();
  return (
    <nav aria-label={t("label")} className="hidden md:block">
      <ul className="flex items-center gap-1">
        {locales.map((l) => (
          <li key={l}>
            <a
              href={`/${l}${path}`}
              hrefLang={l}
              aria-current={l === locale ? "true" : undefined}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return; // a new tab: a look, not a choice
                e.preventDefault();
                if (l !== locale && !save.isPending) save.mutate(l);
              }}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 aria-[current=true]:bg-slate-900 aria-[current=true]:text-white"
            >
              {l.toUpperCase()}
              <span className="sr-only" lang={l}>
                {" "}
                {t(l)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Compact switcher (small screens): a labelled select. */
function CompactLanguageSelect() {
  const t = useTranslations("LocaleSwitcher");
  const locale = useLocale();
  const save = useSwitchLanguage();
  return (
    <div className="md:hidden">
      <label htmlFor="compact-locale" className="sr-only">
        {t("label")}
      </label>
      <select
        id="compact-locale"
        value={locale}
        disabled={save.isPending}
        onChange={(e) => {
          if (isLocale(e.target.value)) save.mutate(e.target.value);
        }}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l} aria-label={t(l)}>
            {l.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
}
