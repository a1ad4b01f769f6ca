import { CallRouting } from "@/components/dashboard/sections/call-routing";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("transfers");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["RoutingSection", "Fields", "Validation"]}>
      <CallRouting />
    </Section>
  );
}
