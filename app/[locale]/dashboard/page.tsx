import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { TodayPage } from "@/components/dashboard/today";
import { onboardingOf } from "@/lib/accounts/account/onboarding";
import { checklistOf } from "@/lib/insights/getting-started";
import { todayOf } from "@/lib/insights/today";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";
import { appContext } from "@/lib/server/context";

export const generateMetadata = dashboardMetadata("home");

// /dashboard is the practice's Today: where every sign-in and the end of the setup land. The owner's setup left half-way
// resumes first (on any device), an admin's dashboard is the users, and a practitioner's is their own week.
export default async function DashboardIndex({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale, session } = await dashboardUser(params);
  const db = appContext().db;
  if (session.role === "admin") return localeRedirect(locale, "/dashboard/admin/users");
  if (session.practiceRole === "practitioner") return localeRedirect(locale, "/dashboard/appointments");
  if (session.practiceRole === "owner" && (await onboardingOf(db, user.id)).next !== null)
    return localeRedirect(locale, "/dashboard/setup");
  const manages = session.practiceRole === "owner" || session.practiceRole === "admin";
  const [today, checklist] = await Promise.all([todayOf(db, user.id), manages ? checklistOf(db, user.id) : null]);
  return (
    <Section namespaces={["GettingStarted"]}>
      <TodayPage today={today} checklist={checklist} locale={locale} />
    </Section>
  );
}
