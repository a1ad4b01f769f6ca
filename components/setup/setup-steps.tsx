"use client";
// The setup wizard's steps without a form (components/setup/setup-wizard.tsx runs them in order): the calendar and the
// phone number. The steps with a form are in setup-forms.tsx.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormAlert } from "@/components/forms/fields";
import { failureText } from "@/lib/platform/client/api";
import { useHydrated } from "@/lib/platform/client/use-hydrated";
import { Link } from "@/lib/platform/i18n/navigation";
import { CaldavForm, type CalendarModes, type OAuthProvider } from "@/components/dashboard/sections/calendar-connection";

/** What the account already holds, to pre-fill the information step. */
export type Prefill = {
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

/** The owner's calendar, from the same three services as the Calendar page: Google, Outlook (consent popups) or CalDAV. */
export function CalendarStep({
  preview,
  modes,
  connected,
  connect,
  onConnected,
  onContinue,
}: {
  /** A demo of the wizard: nothing is contacted, and connecting only shows what it looks like. */
  preview: boolean;
  modes: CalendarModes;
  connected: boolean;
  connect: (provider: OAuthProvider) => Promise<void>;
  onConnected: () => void;
  onContinue: () => void;
}) {
  const t = useTranslations("SetupPage");
  const calendar = useTranslations("CalendarSection");
  // A step the wizard resumes on is rendered by the server: its buttons wait for their script.
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<OAuthProvider | null>(null);
  const [caldav, setCaldav] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const sandbox = preview || Object.values(modes).includes("sandbox");
  const start = async (provider: OAuthProvider) => {
    setBusy(provider);
    setMessage(null);
    try {
      await connect(provider);
    } catch (e) {
      setMessage(failureText(e, t("calendarError")));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("calendarLead")}</p>
      {sandbox && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{t("calendarSandbox")}</p>}
      {connected ? (
        <FormAlert tone="success" testId="calendar-connected">
          {t("connected")}
        </FormAlert>
      ) : caldav && !preview ? (
        <CaldavForm sandbox={modes.caldav === "sandbox"} onCancel={() => setCaldav(false)} onConnected={onConnected} />
      ) : (
        <div className="flex flex-wrap gap-2" data-testid="setup-calendar-choices">
          <button type="button" className="btn-secondary" disabled={!hydrated || busy !== null} onClick={() => start("google")}>
            {busy === "google" ? t("connecting") : t("connect")}
          </button>
          <button type="button" className="btn-secondary" disabled={!hydrated || busy !== null} onClick={() => start("microsoft")}>
            {busy === "microsoft" ? t("connecting") : calendar("connectMicrosoft")}
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={!hydrated || busy !== null}
            onClick={() => (preview ? onConnected() : setCaldav(true))}
          >
            {calendar("connectCaldav")}
          </button>
        </div>
      )}
      {message && <FormAlert testId="setup-error">{message}</FormAlert>}
      <div>
        <button
          type="button"
          className="btn-primary"
          disabled={!hydrated}
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

/**
 * The number, claimed (with the free trial it starts when the account never had one). A trial or subscription that has
 * ended is renewed on the Subscription page, not started again here.
 */
export function PhoneStep({ claim, startsTrial, planEnded }: { claim: () => Promise<void>; startsTrial: boolean; planEnded: boolean }) {
  const t = useTranslations("SetupPage");
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (planEnded)
    return (
      <div className="space-y-4">
        <p className="text-slate-700">{t("phoneLead")}</p>
        <FormAlert testId="setup-plan-ended">{t("planEnded")}</FormAlert>
        <Link href="/dashboard/subscription" className="btn-primary">
          {t("openSubscription")}
        </Link>
      </div>
    );
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("phoneLead")}</p>
      {startsTrial && <p className="text-slate-700">{t("phoneLeadTrial")}</p>}
      {failure && <FormAlert testId="setup-error">{failure}</FormAlert>}
      <button
        type="button"
        className="btn-primary"
        disabled={!hydrated || busy}
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
