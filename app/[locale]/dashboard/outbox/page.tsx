import { Outbox } from "@/components/dashboard/sections/outbox";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("outbox");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["OutboxSection"]}>
      <Outbox />
    </Section>
  );
}
