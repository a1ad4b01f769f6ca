"use client";
import { QueryClientContext } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useContext, useEffect, useRef, useState } from "react";
import { Countdown } from "@/components/auth/countdown";
import { api, ok, SessionExpiredError } from "@/lib/platform/client/api";
import { startSession } from "@/lib/platform/client/browser-session";
import { useRouter } from "@/lib/platform/i18n/navigation";
import { sandboxCalendarConsent } from "@/lib/server/actions/calendar-consent";
import { requestCalendarCode } from "@/lib/platform/client/calendar-consent";
import { GOOGLE_CONSENT_PATH, MICROSOFT_CONSENT_PATH } from "@/lib/platform/shared/calendar-consent";
import type { CalendarModes, OAuthProvider } from "@/components/dashboard/sections/calendar-connection";
import type { Prefill } from "./setup-steps";
import { useInternationalPhone } from "@/components/dashboard/phone";

// The steps' forms, and react-hook-form with them, load with the step: the page's first load carries the wizard's frame
// only (the server still renders the step shown first).
const PasswordStep = lazy(() => import("./setup-forms").then((m) => ({ default: m.PasswordStep })));
const InformationStep = lazy(() => import("./setup-forms").then((m) => ({ default: m.InformationStep })));
const HoursStep = lazy(() => import("./setup-forms").then((m) => ({ default: m.HoursStep })));
const CalendarStep = lazy(() => import("./setup-steps").then((m) => ({ default: m.CalendarStep })));
const PhoneStep = lazy(() => import("./setup-steps").then((m) => ({ default: m.PhoneStep })));

/**
 * Account setup: Set Password → Your Information → Working Hours → Calendar (Google, Outlook or CalDAV) → Phone Number →
 * Setup Complete.
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
export type SetupProgress = { done: Record<StepId, boolean>; planLive: boolean; planStarted: boolean };
const PREVIEW_NUMBER = "+1 555-010-0123";

export function SetupWizard({
  mode,
  token,
  email,
  name,
  calendarModes,
  progress,
  profile,
}: {
  mode: SetupMode;
  token?: string;
  email: string;
  name: string;
  /** Each calendar service, real or its sandbox twin (lib/vendors/registry.ts calendarModes). */
  calendarModes: CalendarModes;
  /** "continue": where the owner stands; the wizard opens on the first step not done. */
  progress?: SetupProgress;
  /** "continue": what the account already holds, to pre-fill the information step. */
  profile?: Prefill;
}) {
  const t = useTranslations("SetupPage");
  const router = useRouter();
  // The new line as any caller writes it, with its country code: "+34 910 12 34 56".
  const formatLine = useInternationalPhone();
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
  // Signed in, the setup runs inside the dashboard, whose queries (the profile, the business, the hours, the calendar,
  // the number, the checklist) still hold what the account had before: a saved step makes them stale, so every section
  // opened next, Today first, shows what was just set. The emailed link's page and the previews have no dashboard.
  const queries = useContext(QueryClientContext);
  const refreshDashboard = () => void queries?.invalidateQueries();
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
          {t("yourNumber")}: <strong data-testid="claimed-number">{formatLine(phoneNumber)}</strong>
        </p>
        {/* A preview has no account behind it: it ends on the landing page instead of the dashboard's home, Today. */}
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
        <Suspense
          fallback={
            <p role="status" className="py-6 text-slate-600">
              {t("loadingStep")}
            </p>
          }
        >
          {step === "password" && (
            <PasswordStep
              onDone={async (password) => {
                if (!preview) {
                  // The password step is the emailed link's: it always has a token.
                  if (!passwordSet.current && token !== undefined) {
                    await guard(() => ok(api.POST("/api/auth/complete-setup", { body: { token, name, password } })));
                    passwordSet.current = true;
                  }
                  // Then sign in with the new password: the answer sets the httpOnly session cookie.
                  await ok(api.POST("/api/auth/login", { body: { email, password } }), { keepSessionOn401: true });
                  startSession();
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
                  await guard(() => ok(api.PUT("/api/auth/update-profile", { body: profile })));
                  await guard(() => ok(api.POST("/api/account/setup", { body: { step: "information" } })));
                }
                setPrefill({ ...prefill, ...(profile as Prefill) });
                if (!preview && hours) await guard(() => ok(api.PUT("/api/auth/update-working-hours", { body: { workingHours: hours } })));
                refreshDashboard();
                advance();
              }}
            />
          )}
          {step === "workingHours" && (
            <HoursStep
              onDone={async (hours) => {
                if (!preview) {
                  await guard(() => ok(api.PUT("/api/auth/update-working-hours", { body: { workingHours: hours } })));
                  await guard(() => ok(api.POST("/api/account/setup", { body: { step: "workingHours" } })));
                }
                refreshDashboard();
                advance();
              }}
            />
          )}
          {step === "calendar" && (
            <CalendarStep
              preview={preview}
              modes={calendarModes}
              connected={calendarConnected}
              connect={async (provider: OAuthProvider) => {
                if (!preview) {
                  let code: string;
                  if (calendarModes[provider] === "sandbox") {
                    const consent = await sandboxCalendarConsent(provider);
                    if ("error" in consent && consent.error === "unauthorized") expired();
                    if (!("code" in consent)) throw new Error(consent.error);
                    code = consent.code;
                  } else {
                    // The provider's consent in a popup, opened by this click (lib/platform/client/calendar-consent.ts).
                    code = await requestCalendarCode(provider === "google" ? GOOGLE_CONSENT_PATH : MICROSOFT_CONSENT_PATH);
                  }
                  await guard(() =>
                    ok(
                      provider === "google"
                        ? api.POST("/api/google-calendar/authorize", { body: { code } })
                        : api.POST("/api/microsoft-calendar/authorize", { body: { code } }),
                    ),
                  );
                }
                setCalendarConnected(true);
                refreshDashboard();
              }}
              onConnected={() => setCalendarConnected(true)}
              onContinue={advance}
            />
          )}
          {step === "phone" && (
            <PhoneStep
              startsTrial={!planLive}
              planEnded={!planLive && (progress?.planStarted ?? false)}
              claim={async () => {
                if (preview) return setPhoneNumber(PREVIEW_NUMBER);
                // A registration has no plan yet: the free trial (no card) starts with the number it is for.
                if (!planLive) {
                  await guard(() => ok(api.POST("/api/subscription/start-trial")));
                  setPlanLive(true);
                }
                setPhoneNumber((await guard(() => ok(api.GET("/api/phone-numbers/claim")))).phoneNumber);
                refreshDashboard();
              }}
            />
          )}
        </Suspense>
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
