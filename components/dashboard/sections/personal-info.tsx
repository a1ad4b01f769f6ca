"use client";
// Personal info: two tabs, profile and password. The tab is in the address (/dashboard/profile,
// /dashboard/security), so a reload or a shared link opens the same one.
import { useLocale, useTranslations } from "next-intl";
import { lazy, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { SelectField } from "@/components/forms/fields";
import { formatLongDate } from "@/lib/platform/format/intl";
import { usePathname } from "@/lib/platform/i18n/navigation";
import { locales } from "@/lib/platform/i18n/routing";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";
import { Badge, Card, Details, EditableCard, SectionHeader, StaleNotice } from "../ui";
import { PhoneLink } from "../phone";
import { useProfile } from "../session";
import { useProfileSave } from "../use-profile-save";
import PasswordTab from "./password-tab";

const ProfileForm = lazy(() => import("./profile-form"));

type Tab = "profile" | "password";
const TAB_PATH: Record<Tab, string> = { profile: "/dashboard/profile", password: "/dashboard/security" };

export function PersonalInfo({ initialTab }: { initialTab: Tab }) {
  const t = useTranslations("ProfileSection");
  const locale = useLocale();
  // The tab is the address: the side navigation's Profile link (or Back) after a switch must show the profile tab.
  const path = usePathname();
  const tab: Tab = path === TAB_PATH.password ? "password" : path === TAB_PATH.profile ? "profile" : initialTab;
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ profile: null, password: null });
  const base = useId();

  const select = (next: Tab, focus = false) => {
    // Next.js follows history.replaceState: usePathname() changes without a navigation or a server round trip.
    window.history.replaceState(null, "", localizedPath(locale, TAB_PATH[next]));
    if (focus) tabs.current[next]?.focus();
  };
  // WAI-ARIA tabs: arrow keys move between the two tabs.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft" || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      select(tab === "profile" ? "password" : "profile", true);
    }
  };

  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div role="tablist" aria-label={t("title")} className="mb-6 flex gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {(["profile", "password"] as const).map((id) => (
          <button
            key={id}
            ref={(el) => {
              tabs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${id}-tab`}
            aria-controls={`${base}-${id}-panel`}
            aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
            className="-mb-px min-h-11 border-b-2 border-transparent px-4 text-sm font-semibold text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700 aria-selected:border-indigo-700 aria-selected:text-indigo-800"
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}-tab`}>
        {tab === "profile" ? <ProfileTab /> : <PasswordTab />}
      </div>
    </>
  );
}

function ProfileTab() {
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
  // The browser's own list, after hydration: the server's ICU may know a different set of zones.
  const [zones, setZones] = useState<string[]>([currentZone]);
  useEffect(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    setZones(all.includes(currentZone) ? all : [currentZone, ...all]);
  }, [currentZone]);
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
          <SelectField
            id="settings-timeZone"
            label={t("timeZone")}
            hint={t("timeZoneHint")}
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, " ")}
              </option>
            ))}
          </SelectField>
        </div>
        <button type="submit" className="btn-primary" disabled={save.isPending || !changed}>
          {save.isPending ? dash("saving") : t("saveSettings")}
        </button>
      </form>
    </Card>
  );
}
