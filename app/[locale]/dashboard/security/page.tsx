import { PersonalInfo } from "@/components/dashboard/sections/personal-info";
import { LazyProfileTab } from "@/components/dashboard/sections/personal-info-tabs";
import PasswordTab from "@/components/dashboard/sections/password-tab";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("security");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params);
  return (
    <Section namespaces={["ProfileSection", "Fields", "Validation", "LocaleSwitcher"]}>
      <PersonalInfo initialTab="password" password={<PasswordTab />} profile={<LazyProfileTab />} />
    </Section>
  );
}
