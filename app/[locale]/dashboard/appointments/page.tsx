import { Appointments } from "@/components/dashboard/sections/appointments";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("appointments");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { session } = await dashboardUser(params);
  return (
    <Section namespaces={["AppointmentsSection", "Fields", "Validation"]}>
      <Appointments mine={session.practiceRole === "practitioner" ? session.practitionerId : null} />
    </Section>
  );
}
