import { Countdown } from "@/components/auth/countdown";
import { CalendarConnected } from "@/components/dashboard/sections/calendar";
import { localeRedirect } from "@/lib/platform/i18n/server-navigation";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("calendar");

// The calendar-connection success page, then the owner's next step: the phone number while the business has none (a
// calendar is what a number waits for), the appointments once it has one.
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params, { roles: ROLES.managers });
  // Only after a connection: opened directly without one, the page would tell a falsehood.
  if (!user.hasGoogleOAuth) return localeRedirect(locale, "/dashboard/calendar");
  const next = user.telnyxPhoneNumber ? "appointments" : "phoneNumber";
  return (
    <Section namespaces={["CalendarSection"]}>
      <CalendarConnected next={next} />
      <Countdown href={next === "phoneNumber" ? "/dashboard/phone-number" : "/dashboard/appointments"} />
    </Section>
  );
}
