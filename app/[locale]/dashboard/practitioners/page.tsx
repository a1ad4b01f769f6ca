import { Practitioners } from "@/components/dashboard/sections/practitioners";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("practitioners");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params);
  return (
    <Section namespaces={["PractitionersSection", "Fields", "Validation", "WorkingHoursFields"]}>
      <Practitioners />
    </Section>
  );
}
