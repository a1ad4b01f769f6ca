// The one plan, the single source of truth for the landing page, onboarding, checkout, the subscription page and emails.
// The plan is billed in one currency (EUR): every page shows that amount in that currency, and the locale only formats
// it ("€49.99", "49,99 €"). A price in another currency would promise what the checkout does not charge.
import { intlLocale } from "@/lib/platform/format/intl";

export const PRO_PLAN = {
  id: "pro",
  amount: 49.99,
  currency: "EUR",
  period: "month",
  trial: { days: 7, enabled: true },
  features: [
    "voiceAssistant",
    "dedicatedNumber",
    "calendarSync",
    "notifications",
    "customResponses",
    "autoConfirmations",
    "prioritySupport",
  ],
} as const;

export type PlanFeature = (typeof PRO_PLAN.features)[number];

/** The plan's price in the currency it is billed in, formatted for the locale: "€49.99" in English, "49,99 €" in French. */
export function formatPlanPrice(locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: PRO_PLAN.currency }).format(PRO_PLAN.amount);
}

/** The day the trial started today ends, in the locale's long date format ("November 28, 2026", "28 novembre 2026"). */
export function formatTrialEnd(locale: string, now: Date = new Date(), timeZone?: string): string {
  const end = new Date(now.getTime() + PRO_PLAN.trial.days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone }).format(end);
}
