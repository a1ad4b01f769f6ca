"use client";
// Phone number: the dedicated number, or a claim button ("Claiming..." while busy). Claiming needs a connected
// calendar and a live trial or subscription: the button waits for both and points to the sections that give
// them. Then the call-forwarding guide.
import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/forms/fields";
import { api, ok, failureText, SessionExpiredError } from "@/lib/platform/client/api";
import { Link } from "@/lib/platform/i18n/navigation";
import {
  FORWARDING_COUNTRIES,
  forwardingCodes,
  forwardingCountryOf,
  type ForwardingCountry,
} from "@/lib/receptionist/forwarding/forwarding-codes";
import { Card, SectionHeader, StaleNotice } from "../ui";
import { usePhoneFormat } from "../phone";
import { useProfile, useSetProfile } from "../session";

const CALENDAR_MESSAGE = /calendar|agenda|calendario/i;

export function PhoneNumber({ sandbox }: { sandbox: boolean }) {
  const t = useTranslations("PhoneSection");
  const { profile, failed } = useProfile();
  const setProfile = useSetProfile();
  const formatPhone = usePhoneFormat();
  const [failure, setFailure] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: () => ok(api.GET("/api/phone-numbers/claim")),
    onSuccess: ({ phoneNumber }) => {
      if (profile) setProfile({ ...profile, telnyxPhoneNumber: phoneNumber });
      toast.success(t("claimed", { number: formatPhone(phoneNumber) }));
    },
    onError: (e) => {
      if (e instanceof SessionExpiredError) return;
      const text = failureText(e, t("claimFailed"));
      // A message about the calendar integration becomes the prompt to connect it first.
      setFailure(CALENDAR_MESSAGE.test(text) ? "calendar" : text);
    },
  });
  if (!profile) return null;
  const number = profile.telnyxPhoneNumber;
  const needsCalendar = !profile.hasGoogleOAuth || failure === "calendar";
  // The server refuses a claim without a live trial or subscription (402); the page says so before the click.
  const needsSubscription = profile.subscription?.status !== true;

  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      {failed && <StaleNotice message={t("loadFailed")} />}
      <div className="space-y-6">
        <Card title={t("cardTitle")}>
          {number ? (
            <div>
              <p className="text-sm text-slate-600">{t("yourNumber")}</p>
              <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900" data-testid="dedicated-number">
                {formatPhone(number)}
              </p>
              <p className="mt-3 text-slate-700">{t("assignedText")}</p>
            </div>
          ) : (
            <div className="space-y-4">
              <p className="text-slate-700">{t("noNumber")}</p>
              {needsCalendar && (
                <FormAlert tone="info" testId="calendar-prerequisite">
                  {t("calendarRequired")}{" "}
                  <Link href="/dashboard/calendar" className="font-semibold underline">
                    {t("goToCalendar")}
                  </Link>
                </FormAlert>
              )}
              {needsSubscription && (
                <FormAlert tone="info" testId="subscription-prerequisite">
                  {t("subscriptionRequired")}{" "}
                  <Link href="/dashboard/subscription" className="font-semibold underline">
                    {t("goToSubscription")}
                  </Link>
                </FormAlert>
              )}
              {failure && failure !== "calendar" && <FormAlert testId="claim-error">{failure}</FormAlert>}
              <button
                type="button"
                className="btn-primary"
                disabled={claim.isPending || !profile.hasGoogleOAuth || needsSubscription}
                onClick={() => {
                  setFailure(null);
                  claim.mutate();
                }}
              >
                {claim.isPending ? t("claiming") : t("claim")}
              </button>
            </div>
          )}
        </Card>
        <ForwardingGuide number={number} businessCountry={profile.country} sandbox={sandbox} />
      </div>
    </>
  );
}

/**
 * A collapsible guide: the dial codes to forward the business's existing line to the Recepta number, and back. It opens
 * on the business's country (its line's carriers are there), not the page's language: an English-reading owner in Paris
 * forwards from Orange, not AT&T.
 */
function ForwardingGuide({ number, businessCountry, sandbox }: { number: string | null; businessCountry: string; sandbox: boolean }) {
  const t = useTranslations("PhoneSection");
  const locale = useLocale();
  const [country, setCountry] = useState<ForwardingCountry>(() => forwardingCountryOf(businessCountry, locale));
  const codes = forwardingCodes(country, number, t("numberPlaceholder"));
  return (
    <details className="group rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid="forwarding-guide">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl p-5 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-700 sm:px-6">
        {t("forwardingTitle")}
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="group-open:rotate-180"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </summary>
      <div className="space-y-4 px-5 pb-6 sm:px-6">
        <p className="text-slate-700">{t("forwardingIntro")}</p>
        {!number && <p className="text-sm text-slate-600">{t("forwardingNoNumber")}</p>}
        {/* A sandbox number is fictional, and some countries reserve no range for fiction: a real line forwarded to it
            could ring a stranger. */}
        {sandbox && number && (
          <FormAlert tone="info" testId="forwarding-sandbox">
            {t("forwardingSandbox")}
          </FormAlert>
        )}
        <fieldset>
          <legend className="field-label">{t("country")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {FORWARDING_COUNTRIES.map((c) => (
              <label
                key={c}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-indigo-700 has-[:checked]:bg-indigo-50"
              >
                <input
                  type="radio"
                  name="forwarding-country"
                  value={c}
                  checked={country === c}
                  onChange={() => setCountry(c)}
                  className="accent-indigo-700"
                />
                {t(`countries.${c}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">{t("forwardingTitle")}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("carrier")}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("activate")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t("deactivate")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {codes.map((c) => (
                <tr key={c.carrier}>
                  <th scope="row" className="py-2 pr-4 font-semibold text-slate-900">
                    {c.carrier}
                  </th>
                  <td className="py-2 pr-4">
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-900">{c.activate}</code>
                  </td>
                  <td className="py-2">
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-900">{c.deactivate}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-slate-600">{t("forwardingNote")}</p>
      </div>
    </details>
  );
}
