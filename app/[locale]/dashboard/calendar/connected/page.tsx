import { Countdown } from "@/components/auth/countdown";
import { CalendarConnected } from "@/components/dashboard/sections/calendar";
import { dashboardMetadata, dashboardUser, Section } from "@/lib/server/dashboard-page";

export const generateMetadata = dashboardMetadata("calendar");

// Spec §2: the calendar-connection success page, then appointment management.
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params);
  return (
    <Section namespaces={["CalendarSection"]}>
      <CalendarConnected />
      <Countdown href="/dashboard/appointments" />
    </Section>
  );
}
