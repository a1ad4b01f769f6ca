"use client";
// The setup wizard's steps with a form (components/setup/setup-wizard.tsx runs them in order): each hands what was
// entered to the wizard, which saves it (or, in a preview, does not).
import { useLocale, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { BusinessFields } from "@/components/forms/business-fields";
import { OwnerFields } from "@/components/forms/owner-fields";
import { FormAlert, TextField } from "@/components/forms/fields";
import { useErrorText } from "@/components/forms/use-error-text";
import { WorkingHoursFields } from "@/components/forms/working-hours-fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import type { TimeRange } from "@/db/schema";
import type { setupPasswordFormSchema, setupProfileFormSchema, workingHoursFormSchema } from "@/lib/accounts/account/accounts.forms";
import { APPOINTMENT_DURATIONS, BUSINESS_SIZES, BUSINESS_TYPES, oneOf, SPECIALTIES, WEEKDAYS } from "@/lib/accounts/account/options";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { failureText } from "@/lib/platform/client/api";
import { useHydrated } from "@/lib/platform/client/use-hydrated";
import type { Prefill } from "./setup-steps";

function StepForm({
  onSubmit,
  busy,
  failure,
  children,
}: {
  onSubmit: () => void;
  busy: boolean;
  failure: string | null;
  children: ReactNode;
}) {
  const t = useTranslations("SetupPage");
  // The server renders the step shown first, and its script (loaded with the step) may still be on its way: until it
  // runs, what is typed would be reset and a click would post the page back to itself, so the form waits, greyed out.
  const hydrated = useHydrated();
  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <fieldset disabled={!hydrated} className="space-y-4">
        {failure && <FormAlert testId="setup-error">{failure}</FormAlert>}
        {children}
        {/* The second click of a double click would land on the next step's button and submit it unseen: ignored. */}
        <button type="submit" className="btn-primary" disabled={busy} onClick={(e) => e.detail > 1 && e.preventDefault()}>
          {busy ? t("saving") : t("continue")}
        </button>
      </fieldset>
    </form>
  );
}

export function PasswordStep({ onDone }: { onDone: (password: string) => Promise<void> }) {
  const t = useTranslations("SetupPage");
  const fields = useTranslations("Fields");
  const reg = useTranslations("RegisterPage");
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof setupPasswordFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.setupPasswordFormSchema),
    ),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <StepForm
      busy={isSubmitting}
      failure={failure}
      onSubmit={form.handleSubmit(async ({ password }) => {
        setFailure(null);
        try {
          await onDone(password);
        } catch (e) {
          setFailure(failureText(e, t("passwordFailed")));
        }
      })}
    >
      <p className="text-slate-700">{t("passwordLead")}</p>
      <TextField
        id="setup-password"
        type="password"
        autoComplete="new-password"
        required
        label={fields("password")}
        error={errorText("password", errors.password)}
        {...form.register("password")}
      />
      <TextField
        id="setup-confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        label={reg("confirmPassword")}
        error={errorText("password", errors.confirmPassword)}
        {...form.register("confirmPassword")}
      />
    </StepForm>
  );
}

export type HoursPayload = Record<string, { openTime: string; closeTime: string; ranges?: TimeRange[] } | null>;

/** In setup, a closed day is sent as null and an open day as {openTime, closeTime}, with its ranges when it has a break. */
function setupHours(
  hours: Partial<Record<string, { isOpen?: boolean; openTime: string; closeTime: string; ranges?: TimeRange[] } | null>>,
): HoursPayload {
  return Object.fromEntries(
    WEEKDAYS.map((d) => {
      const day = hours[d];
      if (!day?.isOpen) return [d, null];
      const ranges = day.ranges && day.ranges.length > 1 ? { ranges: day.ranges } : {};
      return [d, { openTime: day.openTime, closeTime: day.closeTime, ...ranges }];
    }),
  );
}

export function InformationStep({
  email,
  prefill,
  withHours,
  onDone,
}: {
  email: string;
  prefill: Prefill;
  withHours: boolean;
  onDone: (profile: Record<string, unknown>, hours?: HoursPayload) => Promise<void>;
}) {
  const t = useTranslations("SetupPage");
  const fields = useTranslations("Fields");
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof setupProfileFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.setupProfileFormSchema),
    ),
    defaultValues: {
      fullName: prefill.fullName ?? "",
      businessName: prefill.businessName ?? "",
      businessType: oneOf(BUSINESS_TYPES, prefill.businessType),
      specialty: oneOf(SPECIALTIES, prefill.specialty),
      phone: prefill.phone ?? "",
      businessSize: oneOf(BUSINESS_SIZES, prefill.businessSize),
      businessAddress: prefill.businessAddress ?? "",
      timeZone: prefill.timeZone ?? "UTC",
      appointmentDuration: oneOf(APPOINTMENT_DURATIONS, prefill.appointmentDuration) ?? "30",
      services: (prefill.services ?? []).join(", "),
      aiInstructions: prefill.aiInstructions ?? "",
    },
  });
  const hoursForm = useForm({
    resolver: lazyZodResolver<typeof workingHoursFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.workingHoursFormSchema),
    ),
    defaultValues: { workingHours: defaultWorkingHours() },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ specialty, ...profile }) => {
    setFailure(null);
    let hours: HoursPayload | undefined;
    if (withHours) {
      if (!(await hoursForm.trigger())) return;
      hours = setupHours(hoursForm.getValues().workingHours);
    }
    try {
      await onDone(
        {
          ...profile,
          ...(profile.businessType === "medical" && specialty ? { specialty } : {}),
          locale,
        },
        hours,
      );
    } catch (e) {
      setFailure(failureText(e, t("profileFailed")));
    }
  });

  const information = (
    <div className="space-y-4">
      <p className="text-slate-700">{t("informationLead")}</p>
      <TextField
        id="setup-email"
        type="email"
        readOnly
        value={email}
        label={fields("email")}
        hint={t("emailReadOnly")}
        className="field-input bg-slate-100"
      />
      <OwnerFields idPrefix="setup" show={["fullName", "phone"]} />
      <BusinessFields
        idPrefix="setup"
        show={["businessName", "businessType", "businessAddress", "timeZone", "appointmentDuration", "services", "aiInstructions"]}
        suggestTimeZone
      />
    </div>
  );

  return (
    <StepForm busy={isSubmitting} failure={failure} onSubmit={submit}>
      {withHours ? (
        <div className="grid gap-8 lg:grid-cols-2">
          <FormProvider {...form}>{information}</FormProvider>
          <FormProvider {...hoursForm}>
            <WorkingHoursFields idPrefix="setup-hours" />
          </FormProvider>
        </div>
      ) : (
        <FormProvider {...form}>{information}</FormProvider>
      )}
    </StepForm>
  );
}

export function HoursStep({ onDone }: { onDone: (hours: HoursPayload) => Promise<void> }) {
  const t = useTranslations("SetupPage");
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof workingHoursFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.workingHoursFormSchema),
    ),
    defaultValues: { workingHours: defaultWorkingHours() },
  });
  return (
    <StepForm
      busy={form.formState.isSubmitting}
      failure={failure}
      onSubmit={form.handleSubmit(async ({ workingHours }) => {
        setFailure(null);
        try {
          await onDone(setupHours(workingHours));
        } catch (e) {
          setFailure(failureText(e, t("hoursFailed")));
        }
      })}
    >
      <p className="text-slate-700">{t("workingHoursLead")}</p>
      <FormProvider {...form}>
        <WorkingHoursFields idPrefix="setup-hours" />
      </FormProvider>
    </StepForm>
  );
}
