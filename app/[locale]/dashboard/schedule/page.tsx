import { Schedule } from "@/components/dashboard/sections/schedule";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("schedule");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["ScheduleSection", "ClosuresSection", "BusinessFields", "Fields", "Validation", "Options", "WorkingHoursFields"]}>
      <Schedule />
    </Section>
  );
}
