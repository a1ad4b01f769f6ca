import { Practitioners } from "@/components/dashboard/sections/practitioners";
import { calendarConsent } from "@/components/dashboard/calendar-consent";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("practitioners");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await dashboardUser(params);
  const { consentUrls, modes } = calendarConsent(locale);
  return (
    <Section namespaces={["PractitionersSection", "CalendarSection", "Fields", "Validation", "WorkingHoursFields"]}>
      <Practitioners consentUrls={consentUrls} modes={modes} />
    </Section>
  );
}
