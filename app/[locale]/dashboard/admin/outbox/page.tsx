import { AdminOutbox } from "@/components/dashboard/admin/admin-outbox";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("adminOutbox");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { admin: true });
  return (
    <Section namespaces={["AdminOutbox", "OutboxSection"]}>
      <AdminOutbox />
    </Section>
  );
}
