"use client";
// Recall intervals: for each service of the practice, the months after an appointment when the caller is due again,
// or none (left empty). The server keeps only the practice's services, 1 to 60 months.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, failureText, ok, type Answer, type Body } from "@/lib/platform/client/api";
import { setRecallSettings } from "@/lib/platform/client/queries/recalls";
import type { recallSettingsSchema } from "@/lib/recall/recall.schemas";
import { Link } from "@/lib/platform/i18n/navigation";

type Settings = Answer<"/api/recall-settings">;

/** An empty box is no recall; anything else is sent as typed, for the schema to judge (1.5 and 0 are refused). */
const monthsOf = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

export function RecallSettingsForm({ settings }: { settings: Settings }) {
  const t = useTranslations("RecallSection");
  const dash = useTranslations("Dashboard");
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof recallSettingsSchema>(() => import("@/lib/recall/recall.schemas").then((m) => m.recallSettingsSchema)),
    defaultValues: settings,
  });
  const save = useMutation({
    mutationFn: (body: Body<"/api/recall-settings", "put">) => ok(api.PUT("/api/recall-settings", { body })),
    onSuccess: (saved) => {
      setFailure(null);
      form.reset(saved);
      // Who is due depends on the intervals.
      void setRecallSettings(qc, saved);
      toast.success(t("saved"));
    },
    onError: (e) => setFailure(failureText(e, t("saveFailed"))),
  });

  if (!settings.services.length) {
    return (
      <p className="text-slate-700" data-testid="recall-no-services">
        {t.rich("noServices", { link: (chunks) => <Link href="/dashboard/business">{chunks}</Link> })}
      </p>
    );
  }
  const errors = form.formState.errors.services;
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      data-testid="recall-settings"
      // Only the services given an interval: the others have none, and the list stays short whatever the practice offers.
      onSubmit={form.handleSubmit((values) =>
        save.mutateAsync({ services: values.services.filter((s) => s.intervalMonths !== null) }).catch(() => undefined),
      )}
    >
      <p className="text-slate-700">{t("intervalsHint")}</p>
      {failure && <FormAlert testId="recall-error">{failure}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {settings.services.map((s, i) => (
          <TextField
            key={s.service}
            id={`recall-${i}`}
            label={t("intervalLabel", { service: s.service })}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            error={errorText("intervalMonths", errors?.[i]?.intervalMonths)}
            {...form.register(`services.${i}.intervalMonths`, { setValueAs: monthsOf })}
          />
        ))}
      </div>
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? dash("saving") : dash("save")}
      </button>
    </form>
  );
}
