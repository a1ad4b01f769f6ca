import { Calendar } from "@/components/dashboard/sections/calendar";
import { GOOGLE_CONSENT_PATH } from "@/lib/platform/client/calendar-consent";
import { env } from "@/lib/platform/env";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";
import { providerModes } from "@/lib/vendors/registry";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("calendar");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await dashboardUser(params);
  const sandbox = providerModes(env()).calendar === "sandbox";
  // The popup's first page: the sandbox consent screen, or our redirect to Google's consent screen.
  const consentUrl = sandbox ? localizedPath(locale, "/sandbox/calendar-consent") : GOOGLE_CONSENT_PATH;
  return (
    <Section namespaces={["CalendarSection"]}>
      <Calendar consentUrl={consentUrl} sandbox={sandbox} />
    </Section>
  );
}
