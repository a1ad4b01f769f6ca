"use client";
// The working hours card's edit form (components/dashboard/sections/schedule.tsx).
import { useTranslations } from "next-intl";
import { FormProvider, useForm } from "react-hook-form";
import { BusinessFields } from "@/components/forms/business-fields";
import { SelectField, TextField } from "@/components/forms/fields";
import { useErrorText } from "@/components/forms/use-error-text";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { WorkingHoursFields } from "@/components/forms/working-hours-fields";
import type { scheduleFormSchema } from "@/lib/accounts/account/accounts.forms";
import { CLOCK_FORMAT_OPTIONS, CONFIRMATION_CHANNEL_OPTIONS, MAX_SELF_SERVICE_CUTOFF_HOURS } from "@/lib/accounts/account/options";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { useProfile } from "../session";
import { useProfileSave } from "../use-profile-save";
import { FormButtons } from "@/components/forms/form-buttons";

export default function ScheduleForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("ScheduleSection");
  const fields = useTranslations("Fields");
  const options = useTranslations("Options");
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
      confirmationChannel: profile?.confirmationChannel ?? "both",
      clockFormat: profile?.clockFormat ?? "12h",
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
          <SelectField
            id="schedule-confirmationChannel"
            label={fields("confirmationChannel")}
            hint={t("confirmationChannelHint")}
            error={errorText("confirmationChannel", form.formState.errors.confirmationChannel)}
            {...form.register("confirmationChannel")}
          >
            {CONFIRMATION_CHANNEL_OPTIONS.map((c) => (
              <option key={c} value={c}>
                {options(`confirmationChannels.${c}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="schedule-clockFormat"
            label={fields("clockFormat")}
            hint={t("clockFormatHint")}
            error={errorText("clockFormat", form.formState.errors.clockFormat)}
            {...form.register("clockFormat")}
          >
            {CLOCK_FORMAT_OPTIONS.map((c) => (
              <option key={c} value={c}>
                {options(`clockFormats.${c}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <WorkingHoursFields idPrefix="schedule-hours" />
        <FormButtons busy={save.isPending} onCancel={onDone} saveLabel={dash("save")} />
      </form>
    </FormProvider>
  );
}
