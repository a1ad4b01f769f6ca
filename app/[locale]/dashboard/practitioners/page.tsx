import { Practitioners } from "@/components/dashboard/sections/practitioners";
import { calendarConsent } from "@/components/dashboard/calendar-consent";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("practitioners");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await dashboardUser(params, { roles: ROLES.managers });
  const { consentUrls, modes } = calendarConsent(locale);
  return (
    <Section namespaces={["PractitionersSection", "CalendarSection", "Fields", "Validation", "WorkingHoursFields"]}>
      <Practitioners consentUrls={consentUrls} modes={modes} />
    </Section>
  );
}
