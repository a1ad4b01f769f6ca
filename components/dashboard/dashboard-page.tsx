// What every dashboard page does on the server before rendering: the session check (the proxy's is only a fast first
// gate), the admin check for admin pages, the noindex metadata, and the message namespaces its client section needs.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { IntlIsland } from "@/components/intl-island";
import type { Profile } from "@/lib/accounts/account/profile";
import { getCurrentSession, getCurrentUser, hasSessionCookie } from "@/lib/server/current-user";
import type { AuthContext } from "@/lib/accounts/auth/session";
import { allows, type RoleSet } from "@/lib/platform/shared/roles";
import { PAGE_PATH_HEADER, pathInLocale } from "@/lib/platform/http/page-path";
import { localeParam, type Locale } from "@/lib/platform/i18n/routing";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";

type Params = { params: Promise<{ locale: string }> };

/**
 * The signed-in person's page: `user` is the practice they work in (its profile, what every section shows), `session`
 * who they are and their role there. `roles`: the roles the page is for (those its API routes allow); anyone else
 * lands on their home. `admin`: the platform's admin area, for its administrators only.
 */
export async function dashboardUser(
  params: Params["params"],
  opts: { admin?: boolean; roles?: RoleSet } = {},
): Promise<{ user: Profile; locale: Locale; session: AuthContext }> {
  const locale = await localeParam(params);
  setRequestLocale(locale);
  const [user, session] = await Promise.all([getCurrentUser(), getCurrentSession()]);
  // A session cookie the server no longer honours (expired, signed out elsewhere, account deactivated) is an expired
  // session: the sign-in page says so. No cookie at all is a plain visit.
  if (!user || !session) return localeRedirect(locale, (await hasSessionCookie()) ? "/login?expired=true" : "/login");
  // One language preference: the dashboard speaks the account's, whichever address (or device, or browser language)
  // it was opened in. The same page in it; the proxy stores the prefix as this browser's preference on the way.
  if (session.locale !== locale) {
    const asked = (await headers()).get(PAGE_PATH_HEADER) ?? `/${locale}/dashboard`;
    redirect(pathInLocale(asked, session.locale));
  }
  // Anyone else hitting an admin route, or a page their role is not for, falls to their home (Today).
  if (opts.admin && session.role !== "admin") return localeRedirect(locale, "/dashboard");
  if (opts.roles && !allows(opts.roles, session.practiceRole)) return localeRedirect(locale, "/dashboard");
  return { user, locale, session };
}

/** `export const generateMetadata = dashboardMetadata("profile")`: "Profile · Recepta", never indexed. */
export function dashboardMetadata(navKey: string) {
  return async ({ params }: Params): Promise<Metadata> => {
    const locale = await localeParam(params);
    const t = await getTranslations({ locale, namespace: "Dashboard.nav" });
    return { title: `${t(navKey)} · Recepta`, robots: { index: false, follow: false } };
  };
}

export function Section({ namespaces, children }: { namespaces: string[]; children: ReactNode }) {
  return <IntlIsland namespaces={["Dashboard", "Common", ...namespaces]}>{children}</IntlIsland>;
}
