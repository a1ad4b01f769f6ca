import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { TodayPage } from "@/components/dashboard/today";
import { onboardingOf } from "@/lib/accounts/account/onboarding";
import { checklistOf } from "@/lib/insights/getting-started";
import { todayOf } from "@/lib/insights/today";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";
import { appContext } from "@/lib/server/context";

export const generateMetadata = dashboardMetadata("home");

// /dashboard is the owner's Today: where every sign-in and the end of the setup land. A setup left half-way resumes
// first (on any device), and an admin's dashboard is the users.
export default async function DashboardIndex({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params);
  const db = appContext().db;
  if (user.type === "admin") return localeRedirect(locale, "/dashboard/admin/users");
  if ((await onboardingOf(db, user.id)).next !== null) return localeRedirect(locale, "/dashboard/setup");
  const [today, checklist] = await Promise.all([todayOf(db, user.id), checklistOf(db, user.id)]);
  return (
    <Section namespaces={["GettingStarted"]}>
      <TodayPage today={today} checklist={checklist} locale={locale} />
    </Section>
  );
}
