import { Recall } from "@/components/dashboard/sections/recall";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { env } from "@/lib/platform/env";
import { providerModes } from "@/lib/vendors/registry";

export const generateMetadata = dashboardMetadata("recall");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { roles: ROLES.managers });
  return (
    <Section namespaces={["RecallSection", "Fields", "Validation"]}>
      <Recall sandbox={providerModes(env()).sms === "sandbox"} />
    </Section>
  );
}
