import { AiConfig } from "@/components/dashboard/sections/ai-config";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("aiConfig");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["AiConfigSection", "Fields", "Validation"]}>
      <AiConfig />
    </Section>
  );
}
