import { Waitlist } from "@/components/dashboard/sections/waitlist";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("waitlist");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.frontDesk });
  return (
    <Section namespaces={["WaitlistSection", "Fields", "Validation"]}>
      <Waitlist />
    </Section>
  );
}
