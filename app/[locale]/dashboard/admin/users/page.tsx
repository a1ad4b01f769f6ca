import { AdminUsers } from "@/components/dashboard/admin/admin-users";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("users");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user } = await dashboardUser(params, { admin: true });
  return (
    <Section namespaces={["AdminUsers", "Fields", "Options", "Validation"]}>
      <AdminUsers currentUserId={user.id} />
    </Section>
  );
}
