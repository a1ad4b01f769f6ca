import { PersonalInfo } from "@/components/dashboard/sections/personal-info";
import { LazyPasswordTab } from "@/components/dashboard/sections/personal-info-tabs";
import ProfileTab from "@/components/dashboard/sections/profile-tab";
import { AccessSummary } from "@/components/dashboard/sections/access-summary";
import { PersonalExport } from "@/components/dashboard/sections/personal-export";
import { dashboardMetadata, dashboardUser, Section } from "@/components/dashboard/dashboard-page";
import { MemberAccount } from "@/components/dashboard/team/member-account";
import { findProfileById } from "@/lib/accounts/account/profile";
import { appContext } from "@/lib/server/context";

export const generateMetadata = dashboardMetadata("profile");

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const { user, locale, session } = await dashboardUser(params);
  // A member's profile is their own account; the practice's (its owner's) is the owner's to edit.
  const person = session.practiceRole === "owner" ? null : await findProfileById(appContext().db, session.actorId);
  return (
    <Section namespaces={["ProfileSection", "Fields", "Validation", "LocaleSwitcher", "TimeZoneField"]}>
      <PersonalInfo
        initialTab="profile"
        profile={
          <>
            {person ? (
              <MemberAccount person={person} practice={user.businessName ?? user.fullName} role={session.practiceRole} locale={locale} />
            ) : (
              <ProfileTab />
            )}
            <PersonalExport locale={locale} />
          </>
        }
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
