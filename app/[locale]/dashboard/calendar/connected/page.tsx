import { Countdown } from "@/components/auth/countdown";
import { CalendarConnected } from "@/components/dashboard/sections/calendar";
import { localeRedirect } from "@/lib/i18n/server-navigation";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("calendar");

// The calendar-connection success page, then appointment management.
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params);
  // Only after a connection: opened directly without one, the page would tell a falsehood.
  if (!user.hasGoogleOAuth) return localeRedirect(locale, "/dashboard/calendar");
  return (
    <Section namespaces={["CalendarSection"]}>
      <CalendarConnected />
      <Countdown href="/dashboard/appointments" />
    </Section>
  );
}
