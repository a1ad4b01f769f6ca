import { dashboardUser } from "@/components/dashboard/dashboard-page";
import { onboardingOf } from "@/lib/accounts/account/onboarding";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";
import { hasCalls } from "@/lib/insights/insights.service";
import { appContext } from "@/lib/server/context";

// /dashboard opens where the owner has something to do: the setup while a step of it is missing (a setup left half-way
// resumes there, on any device), then the insights once the receptionist has answered a call, else the profile. An
// admin's dashboard is the users.
export default async function DashboardIndex({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params);
  const db = appContext().db;
  if (user.type === "admin") return localeRedirect(locale, "/dashboard/admin/users");
  if ((await onboardingOf(db, user.id)).next !== null) return localeRedirect(locale, "/dashboard/setup");
  return localeRedirect(locale, (await hasCalls(db, user.id)) ? "/dashboard/insights" : "/dashboard/profile");
}
