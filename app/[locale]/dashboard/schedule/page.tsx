import { Schedule } from "@/components/dashboard/sections/schedule";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("schedule");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params);
  return (
    <Section namespaces={["ScheduleSection", "ClosuresSection", "BusinessFields", "Fields", "Validation", "Options", "WorkingHoursFields"]}>
      <Schedule />
    </Section>
  );
}
