"use client";
// The profile tab of the personal info page (components/dashboard/sections/personal-info.tsx): who the owner is, the
// account, and its language and time zone.
import { useLocale, useTranslations } from "next-intl";
import { lazy } from "react";
import { formatLongDate } from "@/lib/platform/format/intl";
import type { Locale } from "@/lib/platform/i18n/routing";
import { useModule } from "@/lib/platform/client/use-module";
import { Badge, Card, Details, EditableCard, LoadError, Loading, StaleNotice } from "../ui";
import { PhoneLink } from "../phone";
import { useProfile } from "../session";

const ProfileForm = lazy(() => import("./profile-form"));
// The settings form (and the form library with it) loads with the card, not with the page.
const loadSettings = () => import("./profile-settings");

export default function ProfileTab() {
  const t = useTranslations("ProfileSection");
  const fields = useTranslations("Fields");
  const locale = useLocale();
  const { profile, failed } = useProfile();
  if (!profile) return null;
  return (
    <div className="space-y-6">
      {failed && <StaleNotice message={t("loadFailed")} />}
      <EditableCard
        title={t("personalInfo")}
        edit={(done) => <ProfileForm onDone={done} />}
        view={
          <Details
            rows={[
              { label: fields("fullName"), value: profile.fullName, testId: "profile-fullName" },
              { label: fields("email"), value: profile.email, testId: "profile-email" },
              { label: fields("phone"), value: profile.phone ? <PhoneLink value={profile.phone} /> : null, testId: "profile-phone" },
            ]}
          />
        }
      />
      <Card title={t("account")}>
        <Details
          rows={[
            { label: t("accountType"), value: profile.type === "admin" ? <Badge tone="blue">{t("administrator")}</Badge> : t("owner") },
            { label: t("memberSince"), value: formatLongDate(profile.createdAt, locale, profile.timeZone) },
          ]}
        />
      </Card>
      <SettingsCard locale={profile.locale} timeZone={profile.timeZone} />
    </div>
  );
}

/** Settings: the account's language and the business's time zone (profile-settings.tsx, loaded with the card). */
function SettingsCard({ locale, timeZone }: { locale: string; timeZone: string }) {
  const t = useTranslations("ProfileSection");
  const settings = useModule(loadSettings);
  const Settings = settings.module?.default;
  return (
    <Card title={t("settings")}>
      {Settings ? (
        <Settings locale={locale as Locale} timeZone={timeZone} />
      ) : settings.failed ? (
        <LoadError message={t("loadFailed")} onRetry={settings.retry} />
      ) : (
        <Loading />
      )}
    </Card>
  );
}
