import { PhoneNumber } from "@/components/dashboard/sections/phone-number";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { env } from "@/lib/platform/env";
import { providerModes } from "@/lib/vendors/registry";

export const generateMetadata = dashboardMetadata("phoneNumber");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["PhoneSection"]}>
      <PhoneNumber sandbox={providerModes(env()).telephony === "sandbox"} />
    </Section>
  );
}
