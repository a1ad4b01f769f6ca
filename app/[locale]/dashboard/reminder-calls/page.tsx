import { ReminderCalls } from "@/components/dashboard/sections/reminder-calls";
import { allows, ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { env } from "@/lib/platform/env";
import { providerModes } from "@/lib/vendors/registry";

export const generateMetadata = dashboardMetadata("reminderCalls");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { session } = await dashboardUser(params, { roles: ROLES.frontDesk });
  // The front desk sees the calls; the settings and the sandbox's run are the managers' (their routes refuse others).
  const manages = allows(ROLES.managers, session.practiceRole);
  return (
    <Section namespaces={["ReminderCallsSection", "Fields", "Validation"]}>
      <ReminderCalls manages={manages} sandbox={manages && providerModes(env()).voice === "sandbox"} />
    </Section>
  );
}
