"use client";
// Reminder calls' settings: on or off, and how many hours before an appointment its call is placed (2 to 72, the
// route's own schema). Only the practice's managers may change them; the front desk sees them, the form disabled.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, failureText, ok, type Answer, type Body } from "@/lib/platform/client/api";
import { setReminderCallSettings } from "@/lib/platform/client/queries/reminder-calls";
import type { reminderCallSettingsSchema } from "@/lib/receptionist/outbound/reminder-calls.schemas";

type Settings = Answer<"/api/reminder-calls/settings">;

export function ReminderCallSettingsForm({ settings, manages }: { settings: Settings; manages: boolean }) {
  const t = useTranslations("ReminderCallsSection");
  const dash = useTranslations("Dashboard");
  const errorText = useErrorText();
  const qc = useQueryClient();
  const ids = { enabled: useId(), hours: useId() };
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof reminderCallSettingsSchema>(() =>
      import("@/lib/receptionist/outbound/reminder-calls.schemas").then((m) => m.reminderCallSettingsSchema),
    ),
    defaultValues: settings,
  });
  // The saved settings (the answer to a save, a refetch) become what the form shows.
  useEffect(() => form.reset(settings), [settings, form]);
  const save = useMutation({
    mutationFn: (body: Body<"/api/reminder-calls/settings", "put">) => ok(api.PUT("/api/reminder-calls/settings", { body })),
    onSuccess: (saved) => {
      setFailure(null);
      setReminderCallSettings(qc, saved);
      toast.success(t("saved"));
    },
    onError: (e) => setFailure(failureText(e, t("saveFailed"))),
  });
  const { errors } = form.formState;
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      data-testid="reminder-call-settings"
      onSubmit={form.handleSubmit((body) => save.mutateAsync(body).catch(() => undefined))}
    >
      {failure && <FormAlert testId="reminder-call-settings-error">{failure}</FormAlert>}
      {!manages && (
        <p className="text-sm text-slate-700" data-testid="reminder-call-settings-managers">
          {t("managersOnly")}
        </p>
      )}
      {/* The front desk reads the settings as they are; their save would be refused. */}
      <fieldset disabled={!manages} className="space-y-4">
        <div className="flex items-start gap-3">
          <input
            id={ids.enabled}
            type="checkbox"
            className="mt-1 size-5"
            aria-describedby={`${ids.enabled}-hint`}
            {...form.register("enabled")}
          />
          <div>
            <label htmlFor={ids.enabled} className="font-medium text-slate-800">
              {t("enabled")}
            </label>
            <p id={`${ids.enabled}-hint`} className="text-sm text-slate-600">
              {t("enabledHint")}
            </p>
          </div>
        </div>
        <div className="max-w-xs">
          <TextField
            id={ids.hours}
            label={t("hoursBefore")}
            hint={t("hoursBeforeHint")}
            type="number"
            inputMode="numeric"
            min={2}
            max={72}
            step={1}
            error={errorText("hoursBefore", errors.hoursBefore)}
            {...form.register("hoursBefore", { valueAsNumber: true })}
          />
        </div>
      </fieldset>
      {manages && (
        <button type="submit" className="btn-primary" disabled={save.isPending || form.formState.isSubmitting}>
          {save.isPending ? dash("saving") : dash("save")}
        </button>
      )}
    </form>
  );
}
