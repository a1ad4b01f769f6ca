import { BlockedNumbers } from "@/components/dashboard/sections/blocked-numbers";
import { Calls } from "@/components/dashboard/sections/calls";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("calls");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params);
  return (
    <Section namespaces={["CallsSection", "Fields", "Validation"]}>
      <Calls />
      <div className="mt-6">
        <BlockedNumbers />
      </div>
    </Section>
  );
}
