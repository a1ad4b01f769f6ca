"use client";
// A practitioner's form (components/dashboard/sections/practitioners.tsx): the name callers ask for, the services they
// offer with their lengths (none: every service of the practice, at its appointment length), and their own week or the
// practice's.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { WorkingHoursFields } from "@/components/forms/working-hours-fields";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { api, failureText, ok, type Answer, type Body } from "@/lib/platform/client/api";
import { invalidatePractitioners } from "@/lib/platform/client/queries/practitioners";
import type { practitionerSchema } from "@/lib/scheduling/practitioners/practitioners.schemas";
import { useProfile } from "../session";

type Practitioner = Answer<"/api/practitioners">["practitioners"][number];
type Values = Body<"/api/practitioners", "post">;

export default function PractitionerForm({
  current,
  onDone,
}: {
  current: Practitioner | null;
  /** Called with the practitioner just added (not on an edit or a cancel). */
  onDone: (added?: { id: string }) => void;
}) {
  const t = useTranslations("PractitionersSection");
  const dash = useTranslations("Dashboard");
  const errorText = useErrorText();
  const { profile } = useProfile();
  const qc = useQueryClient();
  const [ownHours, setOwnHours] = useState(current?.workingHours != null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof practitionerSchema>(() =>
      import("@/lib/scheduling/practitioners/practitioners.schemas").then((m) => m.practitionerSchema),
    ),
    defaultValues: {
      name: current?.displayName ?? "",
      services: current?.services ?? [],
      // Their own week starts from the practice's.
      workingHours: current?.workingHours ?? profile?.workingHours ?? defaultWorkingHours(),
    },
  });
  // The rows are the form's own array, changed whole (react-hook-form's useFieldArray would grow the forms every page
  // shares: the library is one module).
  const services = form.watch("services") ?? [];
  const setServices = (next: typeof services) => form.setValue("services", next, { shouldDirty: true });
  const save = useMutation({
    mutationFn: (body: Values) =>
      current
        ? ok(api.PUT("/api/practitioners/{id}", { params: { path: { id: current.id } }, body }))
        : ok(api.POST("/api/practitioners", { body })),
    onSuccess: (saved) => {
      toast.success(current ? t("updated") : t("added"));
      onDone(current ? undefined : { id: saved.id });
      return invalidatePractitioners(qc);
    },
    onError: (e) => setFailure(failureText(e, t("saveFailed"))),
  });
  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <form
        method="post"
        noValidate
        className="space-y-6"
        data-testid="practitioner-form"
        onSubmit={form.handleSubmit((values) =>
          save.mutateAsync({ ...values, workingHours: ownHours ? values.workingHours : null }).catch(() => undefined),
        )}
      >
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className="max-w-md">
          <TextField
            id="practitioner-name"
            label={t("name")}
            hint={t("nameHint")}
            autoComplete="off"
            error={errorText("fullName", errors.name)}
            {...form.register("name")}
          />
        </div>
        <fieldset>
          <legend className="field-label">{t("services")}</legend>
          <p className="mt-1 text-sm text-slate-600">{t("servicesHint")}</p>
          <ul className="mt-2 space-y-2">
            {services.map((_, i) => (
              <li key={i} className="flex flex-wrap items-end gap-3" data-testid="practitioner-service">
                <TextField
                  id={`practitioner-service-${i}-name`}
                  label={t("serviceName")}
                  error={errorText("serviceName", errors.services?.[i]?.name)}
                  {...form.register(`services.${i}.name`)}
                />
                <TextField
                  id={`practitioner-service-${i}-minutes`}
                  type="number"
                  inputMode="numeric"
                  min={5}
                  max={480}
                  label={t("serviceMinutes")}
                  error={errorText("duration", errors.services?.[i]?.durationMinutes)}
                  {...form.register(`services.${i}.durationMinutes`, { valueAsNumber: true })}
                />
                <button type="button" className="btn-secondary" onClick={() => setServices(services.filter((_, j) => j !== i))}>
                  {t("removeService")}
                </button>
              </li>
            ))}
          </ul>
          {errors.services?.root && (
            <p className="field-error mt-2" role="alert">
              {errorText("services", errors.services.root)}
            </p>
          )}
          {errors.services?.message && (
            <p className="field-error mt-2" role="alert">
              {errorText("services", errors.services)}
            </p>
          )}
          <button
            type="button"
            className="btn-secondary mt-3"
            onClick={() => setServices([...services, { name: "", durationMinutes: 30 }])}
          >
            {t("addService")}
          </button>
        </fieldset>
        <fieldset>
          <legend className="field-label">{t("hours")}</legend>
          <label className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-5 accent-indigo-700"
              checked={ownHours}
              onChange={(e) => setOwnHours(e.target.checked)}
            />
            {t("ownHours")}
          </label>
          {ownHours ? <WorkingHoursFields idPrefix="practitioner-hours" /> : <p className="text-sm text-slate-600">{t("practiceHours")}</p>}
        </fieldset>
        <FormButtons busy={save.isPending} onCancel={() => onDone()} saveLabel={current ? dash("save") : t("addSubmit")} />
      </form>
    </FormProvider>
  );
}
