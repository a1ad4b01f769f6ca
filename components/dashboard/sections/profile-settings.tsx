"use client";
// The profile's Settings card (components/dashboard/sections/profile-tab.tsx): the account's language (the dashboard and
// what Recepta sends the owner) and the business's time zone, in which appointment times are read and shown. Loaded
// with the tab's card, so the form library stays out of the page's first load.
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { SelectField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { TimeZoneSelect } from "@/components/forms/time-zone-select";
import { useErrorText } from "@/components/forms/use-error-text";
import type { accountSettingsFormSchema } from "@/lib/accounts/account/accounts.forms";
import { useHydrated } from "@/lib/platform/client/use-hydrated";
import { locales, type Locale } from "@/lib/platform/i18n/routing";
import { useProfileSave } from "../use-profile-save";

export default function ProfileSettings({ locale: currentLocale, timeZone: currentZone }: { locale: Locale; timeZone: string }) {
  const t = useTranslations("ProfileSection");
  const switcher = useTranslations("LocaleSwitcher");
  const dash = useTranslations("Dashboard");
  const errorText = useErrorText();
  // The server may render this card before its script has arrived: until then it waits, greyed out.
  const hydrated = useHydrated();
  const form = useForm({
    resolver: lazyZodResolver<typeof accountSettingsFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.accountSettingsFormSchema),
    ),
    defaultValues: { locale: currentLocale, timeZone: currentZone },
  });
  const save = useProfileSave({ success: t("settingsSaved"), failure: t("updateFailed") }, (p) => {
    // A new language: reload through the prefixed path, which also stores the choice (NEXT_LOCALE).
    if (p.locale !== currentLocale) window.location.assign(`/${p.locale}/dashboard/profile`);
    else form.reset({ locale: p.locale, timeZone: p.timeZone });
  });
  // Controlled: the zones arrive after mount, and an uncontrolled select would show its first option meanwhile.
  const timeZone = useWatch({ control: form.control, name: "timeZone" });
  const { errors, isDirty, isSubmitting } = form.formState;
  return (
    <form method="post" noValidate onSubmit={form.handleSubmit((values) => save.mutateAsync(values).catch(() => undefined))}>
      <fieldset disabled={!hydrated} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="settings-language"
            label={t("language")}
            hint={t("languageHint")}
            error={errorText("locale", errors.locale)}
            // In the server's HTML too, before the form has registered it.
            defaultValue={currentLocale}
            {...form.register("locale")}
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
            error={errorText("timeZone", errors.timeZone)}
            {...form.register("timeZone")}
            value={timeZone}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={save.isPending || isSubmitting || !isDirty}>
          {save.isPending ? dash("saving") : t("saveSettings")}
        </button>
      </fieldset>
    </form>
  );
}
