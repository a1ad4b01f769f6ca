import { TryReceptionist } from "@/components/dashboard/sections/try-receptionist";
import { dashboardMetadata, dashboardUser, Section } from "@/lib/server/dashboard-page";

export const generateMetadata = dashboardMetadata("try");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params);
  return (
    <Section namespaces={["TrySection"]}>
      <TryReceptionist />
    </Section>
  );
}
