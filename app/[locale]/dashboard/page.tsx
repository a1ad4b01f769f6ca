import { dashboardUser } from "@/components/dashboard/dashboard-page";
import { localeRedirect } from "@/lib/i18n/server-navigation";
import { hasCalls } from "@/lib/insights/insights.service";
import { appContext } from "@/lib/server/context";

// /dashboard opens on the insights once the receptionist has answered a call; before that, on the profile (where the
// setup starts).
export default async function DashboardIndex({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params);
  return localeRedirect(locale, (await hasCalls(appContext().db, user.id)) ? "/dashboard/insights" : "/dashboard/profile");
}
