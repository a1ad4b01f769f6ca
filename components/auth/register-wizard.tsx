"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { BusinessFields } from "@/components/forms/business-fields";
import { OwnerFields } from "@/components/forms/owner-fields";
import { FormAlert, TextField } from "@/components/forms/fields";
import { useErrorText } from "@/components/forms/use-error-text";
import { WorkingHoursFields } from "@/components/forms/working-hours-fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import type { registerFormSchema, RegisterFormInput } from "@/lib/accounts/account/accounts.forms";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { api, ok, failureText } from "@/lib/platform/client/api";
import { startSession } from "@/lib/platform/client/browser-session";
import { Link } from "@/lib/platform/i18n/navigation";
import { Countdown } from "./countdown";

const STEPS = ["personal", "business", "scheduling", "ai"] as const;
// The fields each step owns: "Next" validates these only; the request is sent at the last step.
const STEP_FIELDS: (keyof RegisterFormInput)[][] = [
  ["fullName", "email", "password", "confirmPassword", "phone"],
  ["businessName", "businessType", "specialty", "businessSize", "serviceFrequency"],
  ["timeZone", "appointmentDuration", "workingHours", "services"],
  ["aiInstructions"],
];

export function RegisterWizard() {
  const t = useTranslations("RegisterPage");
  const fields = useTranslations("Fields");
  const errorText = useErrorText();
  const [step, setStep] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // One step at a time: a double click on "Next" must not validate one step and skip the next, nor land on the last
  // step's button and submit before the user has seen that step. Repeat clicks (click count > 1) are ignored, and so
  // is a "Next" while a step is still being validated.
  const advancing = useRef(false);

  const form = useForm({
    resolver: lazyZodResolver<typeof registerFormSchema>(() =>
      import("@/lib/accounts/account/accounts.forms").then((f) => f.registerFormSchema),
    ),
    defaultValues: {
      fullName: "",
      email: "",
      password: "",
      confirmPassword: "",
      phone: "",
      businessName: "",
      businessType: null,
      specialty: null,
      businessSize: null,
      serviceFrequency: "",
      appointmentDuration: "30",
      services: "",
      workingHours: defaultWorkingHours(),
      timeZone: "UTC",
      aiInstructions: "",
    } satisfies RegisterFormInput,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    // Moving between steps puts focus on the new step's title, so keyboard and screen-reader users follow.
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step, done]);

  async function next() {
    if (advancing.current) return;
    advancing.current = true;
    try {
      const current = step;
      if (await form.trigger(STEP_FIELDS[current], { shouldFocus: true })) {
        setStep(Math.min(current + 1, STEPS.length - 1));
      }
    } finally {
      advancing.current = false;
    }
  }

  const submit = form.handleSubmit(
    async ({ confirmPassword: _confirm, specialty, ...values }) => {
      setFailure(null);
      try {
        const payload = {
          ...values,
          ...(values.businessType === "medical" && specialty ? { specialty } : {}),
          // The business's language (the assistant speaks it); its time zone is the owner's choice in the scheduling step.
          locale,
        };
        // The server set the httpOnly session cookie: that is the session here.
        await ok(api.POST("/api/auth/register", { body: payload }), { keepSessionOn401: true });
        startSession();
        setDone(true);
      } catch (e) {
        setFailure(failureText(e, t("failed")));
      }
    },
    (invalid) => {
      // A field of an earlier step is wrong (say, the server rules changed): go back to it.
      const first = STEP_FIELDS.findIndex((names) => names.some((n) => n in invalid));
      if (first >= 0) setStep(first);
    },
  );

  if (done) {
    return (
      <section aria-labelledby="register-done" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6">
        <h2 id="register-done" ref={heading} tabIndex={-1} className="text-2xl font-bold text-emerald-900">
          {t("successTitle")}
        </h2>
        <p className="mt-2 text-emerald-900">{t("successText")}</p>
        {/* Then the same steps as an account made by a checkout: the calendar, the free trial and the number. */}
        <Countdown href="/dashboard/setup" />
      </section>
    );
  }

  const last = step === STEPS.length - 1;
  return (
    <FormProvider {...form}>
      <form
        method="post"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!last) void next();
          else void submit(e);
        }}
        className="space-y-6"
      >
        <div>
          <p className="text-sm font-medium text-slate-700" data-testid="register-step">
            {t("stepOf", { current: step + 1, total: STEPS.length })}
          </p>
          <ol className="mt-2 grid grid-cols-4 gap-2" aria-hidden="true">
            {STEPS.map((s, i) => (
              <li key={s} className={`h-1.5 rounded-full ${i <= step ? "bg-indigo-700" : "bg-slate-200"}`} />
            ))}
          </ol>
          <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-semibold text-slate-900 focus:outline-none">
            {t(`steps.${STEPS[step]}`)}
          </h2>
        </div>

        {failure && <FormAlert testId="register-error">{failure}</FormAlert>}

        {step === 0 && (
          <div className="space-y-4">
            <OwnerFields idPrefix="reg" show={["fullName", "email"]} />
            <TextField
              id="reg-password"
              type="password"
              autoComplete="new-password"
              required
              label={fields("password")}
              error={errorText("password", errors.password)}
              {...form.register("password")}
            />
            <TextField
              id="reg-confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              label={t("confirmPassword")}
              error={errorText("password", errors.confirmPassword)}
              {...form.register("confirmPassword")}
            />
            <OwnerFields idPrefix="reg" show={["phone"]} phoneOptional />
          </div>
        )}
        {step === 1 && (
          <div className="space-y-4">
            <BusinessFields idPrefix="reg" show={["businessName", "businessType", "serviceFrequency"]} />
          </div>
        )}
        {step === 2 && (
          <div className="space-y-4">
            <BusinessFields idPrefix="reg" show={["timeZone", "appointmentDuration"]} suggestTimeZone />
            <WorkingHoursFields idPrefix="reg-hours" />
            <BusinessFields idPrefix="reg" show={["services"]} />
          </div>
        )}
        {step === 3 && <BusinessFields idPrefix="reg" show={["aiInstructions"]} />}

        <div className="flex items-center justify-between gap-3">
          {step > 0 ? (
            <button type="button" className="btn-secondary" onClick={() => setStep(step - 1)}>
              {t("back")}
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className="btn-primary" disabled={isSubmitting} onClick={(e) => e.detail > 1 && e.preventDefault()}>
            {last ? (isSubmitting ? t("submitting") : t("submit")) : t("next")}
          </button>
        </div>

        <p className="text-center text-sm text-slate-700">
          {t("haveAccount")}{" "}
          <Link href="/login" className="font-semibold text-indigo-800 underline underline-offset-4">
            {t("signIn")}
          </Link>
        </p>
      </form>
    </FormProvider>
  );
}
