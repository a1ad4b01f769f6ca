"use client";
// Schedule: the appointment duration and the hours of each weekday, view and edit. View mode writes times the
// way the page's language does (9:00 AM in English, 09:00 in French, 9:00 in Spanish).
import { useLocale, useTranslations } from "next-intl";
import { FormProvider, useForm } from "react-hook-form";
import { BusinessFields } from "@/components/forms/business-fields";
import { TextField } from "@/components/forms/fields";
import { useErrorText } from "@/components/forms/use-error-text";
import { MAX_SELF_SERVICE_CUTOFF_HOURS } from "@/lib/accounts/account/accounts.schemas";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { WorkingHoursFields } from "@/components/forms/working-hours-fields";
import type { scheduleFormSchema } from "@/lib/accounts/account/accounts.forms";
import { WEEKDAYS } from "@/lib/accounts/account/options";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { formatClock } from "@/lib/platform/format/intl";
import { Details, EditableCard, SectionHeader, StaleNotice } from "../ui";
import { useProfile } from "../session";
import { useProfileSave } from "../use-profile-save";
import { Closures } from "./closures";
import { FormButtons } from "./personal-info";

export function Schedule() {
  const t = useTranslations("ScheduleSection");
  const fields = useTranslations("Fields");
  const options = useTranslations("Options");
  const hoursText = useTranslations("WorkingHoursFields");
  const locale = useLocale();
  const { profile, failed } = useProfile();
  if (!profile) return null;
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {failed && <StaleNotice message={t("loadFailed")} />}
      <EditableCard
        title={t("cardTitle")}
        edit={(done) => <ScheduleForm onDone={done} />}
        view={
          <Details
            rows={[
              {
                label: fields("appointmentDuration"),
                value: options(`durations.${profile.appointmentDuration}`),
                testId: "schedule-duration",
              },
              {
                label: fields("selfServiceCutoffHours"),
                value: profile.selfServiceCutoffHours ? t("cutoffView", { hours: profile.selfServiceCutoffHours }) : t("cutoffNone"),
                testId: "schedule-cutoff",
              },
              ...WEEKDAYS.map((d) => {
                const day = profile.workingHours[d];
                return {
                  label: fields(d),
                  testId: `schedule-${d}`,
                  value: day?.isOpen ? (
                    `${formatClock(day.openTime, locale)} – ${formatClock(day.closeTime, locale)}`
                  ) : (
                    <span className="text-slate-600">{hoursText("closed")}</span>
                  ),
                };
              }),
            ]}
          />
        }
      />
      <div className="mt-6">
        <Closures />
      </div>
    </>
  );
}

function ScheduleForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("ScheduleSection");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const dash = useTranslations("Dashboard");
  const { profile } = useProfile();
  const save = useProfileSave({ success: t("updated"), failure: t("updateFailed") }, onDone);
  const form = useForm({
    resolver: lazyZodResolver<typeof scheduleFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.scheduleFormSchema),
    ),
    defaultValues: {
      appointmentDuration: profile?.appointmentDuration ?? "30",
      selfServiceCutoffHours: String(profile?.selfServiceCutoffHours ?? 24),
      workingHours: profile?.workingHours ?? defaultWorkingHours(),
    },
  });
  return (
    <FormProvider {...form}>
      <form
        method="post"
        noValidate
        className="space-y-6"
        onSubmit={form.handleSubmit((values) => save.mutateAsync(values).catch(() => undefined))}
      >
        <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
          <BusinessFields idPrefix="schedule" show={["appointmentDuration"]} />
          <TextField
            id="schedule-selfServiceCutoffHours"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_SELF_SERVICE_CUTOFF_HOURS}
            label={fields("selfServiceCutoffHours")}
            hint={t("cutoffHint")}
            error={errorText("selfServiceCutoffHours", form.formState.errors.selfServiceCutoffHours)}
            {...form.register("selfServiceCutoffHours")}
          />
        </div>
        <WorkingHoursFields idPrefix="schedule-hours" />
        <FormButtons busy={save.isPending} onCancel={onDone} saveLabel={dash("save")} />
      </form>
    </FormProvider>
  );
}
