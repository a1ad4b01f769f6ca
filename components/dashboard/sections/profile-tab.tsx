"use client";
// The profile tab of the personal info page (components/dashboard/sections/personal-info.tsx): who the owner is, the
// account, and its language and time zone.
import { useLocale, useTranslations } from "next-intl";
import { lazy, useState } from "react";
import { SelectField } from "@/components/forms/fields";
import { TimeZoneSelect } from "@/components/forms/time-zone-select";
import { formatLongDate } from "@/lib/platform/format/intl";
import { locales } from "@/lib/platform/i18n/routing";
import { Badge, Card, Details, EditableCard, StaleNotice } from "../ui";
import { PhoneLink } from "../phone";
import { useProfile } from "../session";
import { useProfileSave } from "../use-profile-save";

const ProfileForm = lazy(() => import("./profile-form"));

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

/**
 * Settings: the account's language (the dashboard and what Recepta sends the owner) and the business's time
 * zone, in which appointment times are read and shown.
 */
function SettingsCard({ locale: currentLocale, timeZone: currentZone }: { locale: string; timeZone: string }) {
  const t = useTranslations("ProfileSection");
  const switcher = useTranslations("LocaleSwitcher");
  const dash = useTranslations("Dashboard");
  const [locale, setLocale] = useState(currentLocale);
  const [timeZone, setTimeZone] = useState(currentZone);
  const save = useProfileSave({ success: t("settingsSaved"), failure: t("updateFailed") }, (p) => {
    // A new language: reload through the prefixed path, which also stores the choice (NEXT_LOCALE).
    if (p.locale !== currentLocale) window.location.assign(`/${p.locale}/dashboard/profile`);
  });
  const changed = locale !== currentLocale || timeZone !== currentZone;
  return (
    <Card title={t("settings")}>
      <form
        method="post"
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ locale, timeZone });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="settings-language"
            label={t("language")}
            hint={t("languageHint")}
            value={locale}
            onChange={(e) => setLocale(e.target.value)}
          >
            {locales.map((l) => (
              <option key={l} value={l} lang={l}>
                {switcher(l)}
              </option>
            ))}
          </SelectField>
          <TimeZoneSelect
            id="settings-timeZone"
            label={t("timeZone")}
            hint={t("timeZoneHint")}
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={save.isPending || !changed}>
          {save.isPending ? dash("saving") : t("saveSettings")}
        </button>
      </form>
    </Card>
  );
}
