import { PhoneNumber } from "@/components/dashboard/sections/phone-number";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("phoneNumber");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params);
  return (
    <Section namespaces={["PhoneSection"]}>
      <PhoneNumber />
    </Section>
  );
}
