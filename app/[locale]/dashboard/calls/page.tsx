import { BlockedNumbers } from "@/components/dashboard/sections/blocked-numbers";
import { Calls } from "@/components/dashboard/sections/calls";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("calls");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { session } = await dashboardUser(params, { roles: ROLES.everyone });
  return (
    <Section namespaces={["CallsSection", "Fields", "Validation"]}>
      <Calls />
      {/* The blocklist is the front desk's and the managers': a practitioner member reads the calls about them. */}
      {session.practiceRole !== "practitioner" && (
        <div className="mt-6">
          <BlockedNumbers />
        </div>
      )}
    </Section>
  );
}
