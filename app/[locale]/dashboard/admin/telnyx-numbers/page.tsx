import { AdminNumbers } from "@/components/dashboard/admin/admin-numbers";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("numbers");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params, { admin: true });
  return (
    <Section namespaces={["AdminNumbers", "Fields", "Validation"]}>
      <AdminNumbers />
    </Section>
  );
}
