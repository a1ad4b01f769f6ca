import { Calendar } from "@/components/dashboard/sections/calendar";
import { calendarConsent } from "@/components/dashboard/calendar-consent";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("calendar");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await dashboardUser(params);
  const { consentUrls, modes } = calendarConsent(locale);
  return (
    <Section namespaces={["CalendarSection", "Fields", "Validation"]}>
      <Calendar consentUrls={consentUrls} modes={modes} />
    </Section>
  );
}
