import { PersonalInfo } from "@/components/dashboard/sections/personal-info";
import { LazyPasswordTab } from "@/components/dashboard/sections/personal-info-tabs";
import ProfileTab from "@/components/dashboard/sections/profile-tab";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("profile");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await dashboardUser(params);
  return (
    <Section namespaces={["ProfileSection", "Fields", "Validation", "LocaleSwitcher"]}>
      <PersonalInfo initialTab="profile" profile={<ProfileTab />} password={<LazyPasswordTab />} />
    </Section>
  );
}
