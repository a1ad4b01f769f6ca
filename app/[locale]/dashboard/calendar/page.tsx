import { Calendar } from "@/components/dashboard/sections/calendar";
import { GOOGLE_CONSENT_PATH, MICROSOFT_CONSENT_PATH } from "@/lib/platform/client/calendar-consent";
import { env } from "@/lib/platform/env";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";
import { calendarModes } from "@/lib/vendors/registry";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("calendar");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await dashboardUser(params);
  const modes = calendarModes(env());
  // Each popup's first page: the sandbox consent screen, or our redirect to the provider's consent screen.
  const sandboxConsent = localizedPath(locale, "/sandbox/calendar-consent");
  const consentUrls = {
    google: modes.google === "sandbox" ? sandboxConsent : GOOGLE_CONSENT_PATH,
    microsoft: modes.microsoft === "sandbox" ? `${sandboxConsent}?provider=microsoft` : MICROSOFT_CONSENT_PATH,
  };
  return (
    <Section namespaces={["CalendarSection", "Fields", "Validation"]}>
      <Calendar consentUrls={consentUrls} modes={modes} />
    </Section>
  );
}
