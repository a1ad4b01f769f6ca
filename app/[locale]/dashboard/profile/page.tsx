import { PersonalInfo } from "@/components/dashboard/sections/personal-info";
import { LazyPasswordTab } from "@/components/dashboard/sections/personal-info-tabs";
import ProfileTab from "@/components/dashboard/sections/profile-tab";
import { AccessSummary } from "@/components/dashboard/sections/access-summary";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("profile");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params);
  return (
    <Section namespaces={["ProfileSection", "Fields", "Validation", "LocaleSwitcher", "TimeZoneField"]}>
      <PersonalInfo
        initialTab="profile"
        profile={<ProfileTab />}
        // The security tab, opened from here without a reload, shows the same summary as its own page.
        password={
          <>
            <LazyPasswordTab />
            <AccessSummary userId={user.id} locale={locale} timeZone={user.timeZone} />
          </>
        }
      />
    </Section>
  );
}
