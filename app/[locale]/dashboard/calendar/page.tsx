import { Calendar } from "@/components/dashboard/sections/calendar";
import { env } from "@/lib/env";
import { localizedPath } from "@/lib/i18n/server-navigation";
import { providerModes } from "@/lib/providers/registry";
import { dashboardMetadata, dashboardUser, Section } from "@/lib/server/dashboard-page";

export const generateMetadata = dashboardMetadata("calendar");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await dashboardUser(params);
  const sandbox = providerModes(env()).calendar === "sandbox";
  // The popup's page: the sandbox consent screen; Google's consent arrives with its adapter (issue #5).
  const consentUrl = sandbox ? localizedPath(locale, "/sandbox/calendar-consent") : null;
  return (
    <Section namespaces={["CalendarSection"]}>
      <Calendar consentUrl={consentUrl} sandbox={sandbox} />
    </Section>
  );
}
