import { BusinessInfo } from "@/components/dashboard/sections/business-info";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("business");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["BusinessSection", "BusinessFields", "Fields", "Validation", "Options", "TimeZoneField"]}>
      <BusinessInfo />
    </Section>
  );
}
