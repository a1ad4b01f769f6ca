import { PrivacyAndData } from "@/components/dashboard/sections/privacy";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("privacy");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["PrivacySection", "DataExportSection", "Fields", "Validation"]}>
      <PrivacyAndData />
    </Section>
  );
}
