import { PersonalInfo } from "@/components/dashboard/sections/personal-info";
import { LazyProfileTab } from "@/components/dashboard/sections/personal-info-tabs";
import PasswordTab from "@/components/dashboard/sections/password-tab";
import { AccessSummary } from "@/components/dashboard/sections/access-summary";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";

export const generateMetadata = dashboardMetadata("security");

// The password tab, and under it what else opens the account (sessions, API keys, webhook endpoints), read for this render.
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale } = await dashboardUser(params);
  return (
    <Section namespaces={["ProfileSection", "Fields", "Validation", "LocaleSwitcher", "TimeZoneField"]}>
      <PersonalInfo
        initialTab="password"
        password={
          <>
            <PasswordTab />
            <AccessSummary userId={user.id} locale={locale} timeZone={user.timeZone} />
          </>
        }
        profile={<LazyProfileTab />}
      />
    </Section>
  );
}
