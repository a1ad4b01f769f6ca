import { Calendar } from "@/components/dashboard/sections/calendar";
import { calendarConsent } from "@/components/dashboard/calendar-consent";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("calendar");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await dashboardUser(params, { roles: ROLES.managers });
  const { consentUrls, modes } = calendarConsent(locale);
  return (
    <Section namespaces={["CalendarSection", "Fields", "Validation"]}>
      <Calendar consentUrls={consentUrls} modes={modes} />
    </Section>
  );
}
