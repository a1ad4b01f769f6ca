"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { Countdown } from "@/components/auth/countdown";
import { BusinessTypeFields, DurationField } from "@/components/forms/business-fields";
import { FormAlert, TextAreaField, TextField } from "@/components/forms/fields";
import { useErrorText } from "@/components/forms/use-error-text";
import { TimeZoneField } from "@/components/forms/time-zone-field";
import { WorkingHoursFields } from "@/components/forms/working-hours-fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import type { setupPasswordFormSchema, setupProfileFormSchema, workingHoursFormSchema } from "@/lib/accounts/accounts.forms";
import { WEEKDAYS } from "@/lib/accounts/options";
import { defaultWorkingHours } from "@/lib/accounts/working-hours";
import { apiFetch, failureText, SessionExpiredError } from "@/lib/client/api";
import { storeSession, type StoredUser } from "@/lib/client/browser-session";
import { useRouter } from "@/lib/i18n/navigation";
import { sandboxCalendarConsent } from "@/lib/server/actions/calendar-consent";
import { GOOGLE_CONSENT_PATH, requestCalendarCode } from "@/lib/client/calendar-consent";

/**
 * Account setup: Set Password → Your Information → Working Hours → Google Calendar → Phone Number → Setup Complete.
 * "live" is the emailed link's page: the password is set there (the link's one use), then the same steps go on signed
 * in, in "continue" (/dashboard/setup), which is also where a registration goes on (its steps covered the information
 * and the hours) and where a setup left half-way resumes, at the first step the server says is missing. "preview" walks
 * the same screens and sends nothing; "preview2" is the four-step variant with the working hours beside the
 * information step.
 */
export type SetupMode = "live" | "continue" | "preview" | "preview2";
type StepId = "password" | "information" | "workingHours" | "calendar" | "phone";

const STEPS: Record<SetupMode, StepId[]> = {
  live: ["password", "information", "workingHours", "calendar", "phone"],
  continue: ["password", "information", "workingHours", "calendar", "phone"],
  preview: ["password", "information", "workingHours", "calendar", "phone"],
  preview2: ["password", "information", "calendar", "phone"],
};

/** Where a signed-in owner stands (GET /api/account/setup): the steps done, and whether a trial or plan is live. */
export type SetupProgress = { done: Record<StepId, boolean>; planLive: boolean };
const PREVIEW_NUMBER = "+1 555-010-0123";

type Prefill = {
  fullName?: string;
  timeZone?: string;
  businessName?: string | null;
  businessType?: string | null;
  specialty?: string | null;
  phone?: string | null;
  businessSize?: string | null;
  businessAddress?: string | null;
  appointmentDuration?: string;
  services?: string[];
  aiInstructions?: string | null;
};

export function SetupWizard({
  mode,
  token,
  email,
  name,
  calendarSandbox,
  progress,
  profile,
}: {
  mode: SetupMode;
  token?: string;
  email: string;
  name: string;
  calendarSandbox: boolean;
  /** "continue": where the owner stands; the wizard opens on the first step not done. */
  progress?: SetupProgress;
  /** "continue": what the account already holds, to pre-fill the information step. */
  profile?: Prefill;
}) {
  const t = useTranslations("SetupPage");
  const router = useRouter();
  const preview = mode === "preview" || mode === "preview2";
  const steps = STEPS[mode];
  const [index, setIndex] = useState(() => {
    const next = progress ? steps.findIndex((s) => !progress.done[s]) : 0;
    return next < 0 ? steps.length - 1 : next;
  });
  const [calendarConnected, setCalendarConnected] = useState(progress?.done.calendar ?? false);
  const [planLive, setPlanLive] = useState(progress?.planLive ?? true);
  const [phoneNumber, setPhoneNumber] = useState<string | null>(null);
  const [prefill, setPrefill] = useState<Prefill>({ fullName: name, ...profile });
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // The link works once: after complete-setup succeeded, a retry (say the sign-in after it failed) only signs in.
  const passwordSet = useRef(false);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [index, phoneNumber]);

  const advance = () => setIndex((i) => Math.min(i + 1, steps.length - 1));
  /** Runs a request; a 401 means the session is gone: to the sign-in page with the expired message. */
  const expired = () => router.replace({ pathname: "/login", query: { expired: "true" } });
  const guard = async <T,>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof SessionExpiredError) expired();
      throw e;
    }
  };

  if (phoneNumber) {
    return (
      <section aria-labelledby="setup-complete" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6">
        <h2 id="setup-complete" ref={heading} tabIndex={-1} className="text-2xl font-bold text-emerald-950">
          {t("completeTitle")}
        </h2>
        <p className="mt-2 text-emerald-950">{t("completeText")}</p>
        <p className="mt-4 text-slate-800">
          {t("yourNumber")}: <strong data-testid="claimed-number">{phoneNumber}</strong>
        </p>
        {/* A preview has no account behind it: it ends on the landing page instead of the dashboard. */}
        <Countdown href={preview ? "/" : "/dashboard"} />
      </section>
    );
  }

  const step = steps[index]!;
  return (
    <div>
      <p className="text-sm font-medium text-slate-700" data-testid="setup-step">
        {t("stepOf", { current: index + 1, total: steps.length })}
      </p>
      <ol className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t("title")}>
        {steps.map((s, i) => {
          const done = i < index || (progress?.done[s] ?? false);
          return (
            <li
              key={s}
              aria-current={i === index ? "step" : undefined}
              className={i === index ? "font-semibold text-indigo-800" : done ? "text-slate-700" : "text-slate-600"}
            >
              {i + 1}. {t(`steps.${s}`)}
              {done && i !== index && (
                <span className="ml-1 text-emerald-800">
                  <span aria-hidden="true">✓</span>
                  <span className="sr-only"> ({t("stepDone")})</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <h2 ref={heading} tabIndex={-1} className="mt-6 text-xl font-semibold text-slate-900 focus:outline-none">
        {t(`steps.${step}`)}
      </h2>
      <div className="mt-4">
        {step === "password" && (
          <PasswordStep
            onDone={async (password) => {
              if (!preview) {
                if (!passwordSet.current) {
                  await guard(() => apiFetch("/auth/complete-setup", { method: "POST", body: { token, name, password } }));
                  passwordSet.current = true;
                }
                // Then sign in with the new password to get the token (and the session cookie).
                const session = await apiFetch<{ token: string; user: StoredUser }>("/auth/login", {
                  method: "POST",
                  body: { email, password },
                  keepSessionOn401: true,
                });
                storeSession(session.token, session.user);
                // The rest is done signed in, where it resumes if left half-way: the link has been used.
                router.replace("/dashboard/setup");
                return;
              }
              advance();
            }}
          />
        )}
        {step === "information" && (
          <InformationStep
            email={email}
            prefill={prefill}
            withHours={mode === "preview2"}
            onDone={async (profile, hours) => {
              if (!preview) {
                await guard(() => apiFetch("/auth/update-profile", { method: "PUT", body: profile }));
                await guard(() => apiFetch("/account/setup", { method: "POST", body: { step: "information" } }));
              }
              setPrefill({ ...prefill, ...(profile as Prefill) });
              if (!preview && hours)
                await guard(() => apiFetch("/auth/update-working-hours", { method: "PUT", body: { workingHours: hours } }));
              advance();
            }}
          />
        )}
        {step === "workingHours" && (
          <HoursStep
            onDone={async (hours) => {
              if (!preview) {
                await guard(() => apiFetch("/auth/update-working-hours", { method: "PUT", body: { workingHours: hours } }));
                await guard(() => apiFetch("/account/setup", { method: "POST", body: { step: "workingHours" } }));
              }
              advance();
            }}
          />
        )}
        {step === "calendar" && (
          <CalendarStep
            sandbox={preview || calendarSandbox}
            connected={calendarConnected}
            connect={async () => {
              if (!preview) {
                let code: string;
                if (calendarSandbox) {
                  const consent = await sandboxCalendarConsent();
                  if ("error" in consent && consent.error === "unauthorized") expired();
                  if (!("code" in consent)) throw new Error(consent.error);
                  code = consent.code;
                } else {
                  // Google's consent in a popup, opened by this click (lib/client/calendar-consent.ts).
                  code = await requestCalendarCode(GOOGLE_CONSENT_PATH);
                }
                await guard(() => apiFetch("/google-calendar/authorize", { method: "POST", body: { code } }));
              }
              setCalendarConnected(true);
            }}
            onContinue={advance}
          />
        )}
        {step === "phone" && (
          <PhoneStep
            startsTrial={!planLive}
            claim={async () => {
              if (preview) return setPhoneNumber(PREVIEW_NUMBER);
              // A registration has no plan yet: the free trial (no card) starts with the number it is for.
              if (!planLive) {
                await guard(() => apiFetch("/subscription/start-trial", { method: "POST" }));
                setPlanLive(true);
              }
              setPhoneNumber((await guard(() => apiFetch<{ phoneNumber: string }>("/phone-numbers/claim"))).phoneNumber);
            }}
          />
        )}
      </div>
      {/* Every live step is saved when it is left (the password cannot even be set twice), so going back is for the
          previews only. */}
      {preview && index > 0 && (
        <button type="button" className="btn-secondary mt-4" onClick={() => setIndex((i) => i - 1)}>
          {t("back")}
        </button>
      )}
    </div>
  );
}

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
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      {failure && <FormAlert testId="setup-error">{failure}</FormAlert>}
      {children}
      {/* The second click of a double click would land on the next step's button and submit it unseen: ignored. */}
      <button type="submit" className="btn-primary" disabled={busy} onClick={(e) => e.detail > 1 && e.preventDefault()}>
        {busy ? t("saving") : t("continue")}
      </button>
    </form>
  );
}

function PasswordStep({ onDone }: { onDone: (password: string) => Promise<void> }) {
  const t = useTranslations("SetupPage");
  const fields = useTranslations("Fields");
  const reg = useTranslations("RegisterPage");
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof setupPasswordFormSchema>(() =>
      import("@/lib/accounts/accounts.forms").then((f) => f.setupPasswordFormSchema),
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

type HoursPayload = Record<string, { openTime: string; closeTime: string } | null>;

/** In setup, a closed day is sent as null and an open day as {openTime, closeTime}. */
function setupHours(hours: Partial<Record<string, { isOpen?: boolean; openTime: string; closeTime: string } | null>>): HoursPayload {
  return Object.fromEntries(
    WEEKDAYS.map((d) => {
      const day = hours[d];
      return [d, day?.isOpen ? { openTime: day.openTime, closeTime: day.closeTime } : null];
    }),
  );
}

function InformationStep({
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
  const reg = useTranslations("RegisterPage");
  const locale = useLocale();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof setupProfileFormSchema>(() =>
      import("@/lib/accounts/accounts.forms").then((f) => f.setupProfileFormSchema),
    ),
    defaultValues: {
      fullName: prefill.fullName ?? "",
      businessName: prefill.businessName ?? "",
      businessType: (prefill.businessType ?? null) as never,
      specialty: (prefill.specialty ?? null) as never,
      phone: prefill.phone ?? "",
      businessSize: (prefill.businessSize ?? null) as never,
      businessAddress: prefill.businessAddress ?? "",
      timeZone: prefill.timeZone ?? "UTC",
      appointmentDuration: (prefill.appointmentDuration ?? "30") as never,
      services: (prefill.services ?? []).join(", "),
      aiInstructions: prefill.aiInstructions ?? "",
    },
  });
  const hoursForm = useForm({
    resolver: lazyZodResolver<typeof workingHoursFormSchema>(() =>
      import("@/lib/accounts/accounts.forms").then((f) => f.workingHoursFormSchema),
    ),
    defaultValues: { workingHours: defaultWorkingHours() },
  });
  const { errors, isSubmitting } = form.formState;
  const loose = form as unknown as UseFormReturn<FieldValues>;

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
      <TextField
        id="setup-fullName"
        autoComplete="name"
        required
        label={fields("fullName")}
        error={errorText("fullName", errors.fullName)}
        {...form.register("fullName")}
      />
      <TextField
        id="setup-businessName"
        autoComplete="organization"
        label={fields("businessName")}
        error={errorText("businessName", errors.businessName)}
        {...form.register("businessName")}
      />
      <BusinessTypeFields form={loose} idPrefix="setup" />
      <TextField
        id="setup-phone"
        type="tel"
        autoComplete="tel"
        label={fields("phone")}
        error={errorText("phone", errors.phone)}
        {...form.register("phone")}
      />
      <TextField
        id="setup-businessAddress"
        autoComplete="street-address"
        label={fields("businessAddress")}
        error={errorText("businessAddress", errors.businessAddress)}
        {...form.register("businessAddress")}
      />
      <TimeZoneField form={loose} idPrefix="setup" suggest />
      <DurationField form={loose} idPrefix="setup" />
      <TextField
        id="setup-services"
        label={fields("services")}
        hint={reg("servicesHint")}
        error={errorText("services", errors.services as never)}
        {...form.register("services")}
      />
      <TextAreaField
        id="setup-aiInstructions"
        label={fields("aiInstructions")}
        hint={reg("aiInstructionsHint")}
        error={errorText("aiInstructions", errors.aiInstructions)}
        {...form.register("aiInstructions")}
      />
    </div>
  );

  return (
    <StepForm busy={isSubmitting} failure={failure} onSubmit={submit}>
      {withHours ? (
        <div className="grid gap-8 lg:grid-cols-2">
          {information}
          <WorkingHoursFields form={hoursForm as unknown as UseFormReturn<FieldValues>} idPrefix="setup-hours" />
        </div>
      ) : (
        information
      )}
    </StepForm>
  );
}

function HoursStep({ onDone }: { onDone: (hours: HoursPayload) => Promise<void> }) {
  const t = useTranslations("SetupPage");
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver<typeof workingHoursFormSchema>(() =>
      import("@/lib/accounts/accounts.forms").then((f) => f.workingHoursFormSchema),
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
      <WorkingHoursFields form={form as unknown as UseFormReturn<FieldValues>} idPrefix="setup-hours" />
    </StepForm>
  );
}

function CalendarStep({
  sandbox,
  connected,
  connect,
  onContinue,
}: {
  sandbox: boolean;
  connected: boolean;
  connect: () => Promise<void>;
  onContinue: () => void;
}) {
  const t = useTranslations("SetupPage");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("calendarLead")}</p>
      {sandbox && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{t("calendarSandbox")}</p>}
      {connected ? (
        <FormAlert tone="success" testId="calendar-connected">
          {t("connected")}
        </FormAlert>
      ) : (
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setMessage(null);
            try {
              await connect();
            } catch (e) {
              setMessage(failureText(e, t("calendarError")));
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? t("connecting") : t("connect")}
        </button>
      )}
      {message && <FormAlert testId="setup-error">{message}</FormAlert>}
      <div>
        <button
          type="button"
          className="btn-primary"
          onClick={(e) => {
            if (e.detail > 1) return;
            if (connected) onContinue();
            else setMessage(t("calendarRequiredToContinue"));
          }}
        >
          {t("continue")}
        </button>
      </div>
    </div>
  );
}

function PhoneStep({ claim, startsTrial }: { claim: () => Promise<void>; startsTrial: boolean }) {
  const t = useTranslations("SetupPage");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("phoneLead")}</p>
      {startsTrial && <p className="text-slate-700">{t("phoneLeadTrial")}</p>}
      {failure && <FormAlert testId="setup-error">{failure}</FormAlert>}
      <button
        type="button"
        className="btn-primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setFailure(null);
          try {
            await claim();
          } catch (e) {
            const text = failureText(e, t("claimFailed"));
            // A message about the calendar integration becomes a prompt to connect it first.
            setFailure(/calendar|agenda|calendario/i.test(text) ? t("connectCalendarFirst") : text);
            setBusy(false);
          }
        }}
      >
        {busy ? t("claiming") : startsTrial ? t("startTrialAndClaim") : t("claim")}
      </button>
    </div>
  );
}
