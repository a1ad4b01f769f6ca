"use client";
// The owner's own booking form (components/dashboard/sections/appointments.tsx), loaded when "New appointment" opens it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, SelectField, TextField } from "@/components/forms/fields";
import { FormButtons } from "@/components/forms/form-buttons";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { useTimeZoneName } from "@/components/forms/time-zone-select";
import { api, ok, failureText, SessionExpiredError, type Body } from "@/lib/platform/client/api";
import { invalidateAppointments } from "@/lib/platform/client/queries/appointments";
import type { createAppointmentSchema } from "@/lib/scheduling/appointments/appointments.schemas";
import { useProfile } from "../session";

export default function AppointmentForm({
  timeZone,
  practitioners = [],
  onDone,
}: {
  timeZone?: string;
  /** Who it can be with; in a practice of several, the owner picks one or leaves it to the first free. */
  practitioners?: { id: string; displayName: string }[];
  onDone: () => void;
}) {
  const t = useTranslations("AppointmentsSection");
  const zoneName = useTimeZoneName();
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const { profile } = useProfile();
  const qc = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const usual = Number(profile?.appointmentDuration);
  const form = useForm({
    resolver: lazyZodResolver<typeof createAppointmentSchema>(() =>
      import("@/lib/scheduling/appointments/appointments.schemas").then((s) => s.createAppointmentSchema),
    ),
    defaultValues: {
      patientName: "",
      patientEmail: "",
      patientPhone: "",
      date: "",
      time: "",
      duration: String(Number.isFinite(usual) && usual > 0 ? usual : 30),
      // Never assumed: ticked only when the patient said yes.
      callConsent: false,
    },
  });
  const consentId = useId();
  // A reminder call needs a number to call.
  const hasPhone = Boolean(useWatch({ control: form.control, name: "patientPhone" })?.trim());
  const create = useMutation({
    mutationFn: (body: Body<"/api/appointments", "post">) => ok(api.POST("/api/appointments", { body })),
    onSuccess: async () => {
      toast.success(t("created"));
      await invalidateAppointments(qc);
      onDone();
    },
    onError: (e) => {
      if (e instanceof SessionExpiredError) return;
      const text = failureText(e, t("createFailed"));
      setFailure(text);
      toast.error(text);
    },
  });
  const { errors } = form.formState;
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((v) => {
        setFailure(null);
        return create.mutateAsync(v).catch(() => undefined);
      })}
    >
      {failure && <FormAlert testId="appointment-error">{failure}</FormAlert>}
      <TextField
        id="appt-patientName"
        autoComplete="off"
        required
        label={fields("patientName")}
        error={errorText("patientName", errors.patientName)}
        {...form.register("patientName")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="appt-patientEmail"
          type="email"
          autoComplete="off"
          label={fields("patientEmail")}
          error={errorText("patientEmail", errors.patientEmail)}
          {...form.register("patientEmail")}
        />
        <TextField
          id="appt-patientPhone"
          type="tel"
          autoComplete="off"
          label={fields("patientPhone")}
          error={errorText("patientPhone", errors.patientPhone)}
          {...form.register("patientPhone")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="appt-date"
          type="date"
          required
          label={fields("date")}
          error={errorText("date", errors.date)}
          {...form.register("date")}
        />
        <TextField
          id="appt-time"
          type="time"
          required
          label={fields("time")}
          error={errorText("time", errors.time)}
          {...form.register("time")}
        />
        <TextField
          id="appt-duration"
          type="number"
          inputMode="numeric"
          min={5}
          max={480}
          step={5}
          required
          label={fields("duration")}
          error={errorText("duration", errors.duration)}
          {...form.register("duration")}
        />
      </div>
      {practitioners.length > 1 && (
        <SelectField
          id="appt-practitioner"
          label={fields("practitioner")}
          error={errorText("practitioner", errors.practitionerId)}
          {...form.register("practitionerId", { setValueAs: (v: string) => v || undefined })}
        >
          <option value="">{t("firstFree")}</option>
          {practitioners.map((p) => (
            <option key={p.id} value={p.id}>
              {p.displayName}
            </option>
          ))}
        </SelectField>
      )}
      <div className="flex items-start gap-3">
        <input
          id={consentId}
          type="checkbox"
          className="mt-1 size-5"
          aria-describedby={`${consentId}-hint`}
          disabled={!hasPhone}
          {...form.register("callConsent")}
        />
        <div>
          <label htmlFor={consentId} className="text-slate-800">
            {t("callConsent")}
          </label>
          <p id={`${consentId}-hint`} className="field-hint">
            {t("callConsentHint")}
          </p>
        </div>
      </div>
      {timeZone && <p className="field-hint">{t("timeZoneHint", { timeZone: zoneName(timeZone) })}</p>}
      <FormButtons busy={create.isPending} onCancel={onDone} saveLabel={t("create")} />
    </form>
  );
}
