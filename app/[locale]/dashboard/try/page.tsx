import { TryReceptionist } from "@/components/dashboard/sections/try-receptionist";
import { tryPage } from "@/lib/receptionist/simulator/try-call";
import { appContext } from "@/lib/server/context";
import { ROLES } from "@/lib/platform/shared/roles";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("try");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user } = await dashboardUser(params, { roles: ROLES.frontDesk });
  // What is still missing before a test call, read on the server so the page opens with Start in its true state; and the
  // business's practitioners and services, for suggested phrases in its own words.
  const { readiness, business } = await tryPage(appContext().db, user.id);
  return (
    <Section namespaces={["TrySection"]}>
      <TryReceptionist readiness={readiness} business={business} />
    </Section>
  );
}
