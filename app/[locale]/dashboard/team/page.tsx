import { Team } from "@/components/dashboard/team/team";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { ROLES } from "@/lib/platform/shared/roles";

export const generateMetadata = dashboardMetadata("team");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user } = await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["Team", "Fields", "Validation"]}>
      <Team timeZone={user.timeZone} />
    </Section>
  );
}
