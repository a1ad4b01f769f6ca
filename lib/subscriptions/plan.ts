// The one plan, the single source of truth for the landing page, onboarding and the subscription page.
// The price is 49.99 per month excluding tax, shown in USD on the English site and in EUR elsewhere.
import { intlLocale } from "@/lib/format/intl";

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

/** Currency formatting uses USD for English and EUR otherwise. */
export function displayCurrency(locale: string): "USD" | "EUR" {
  return locale === "en" ? "USD" : "EUR";
}

/** "$49.99" in English, "49,99 €" in French and Spanish. */
export function formatPlanPrice(locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: displayCurrency(locale) }).format(PRO_PLAN.amount);
}

/** The day the trial started today ends, in the locale's long date format ("November 28, 2026", "28 novembre 2026"). */
export function formatTrialEnd(locale: string, now: Date = new Date(), timeZone?: string): string {
  const end = new Date(now.getTime() + PRO_PLAN.trial.days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone }).format(end);
}

/** What a subscriber is actually charged: the plan's own currency (EUR) in the locale's format ("€49.99", "49,99 €"). */
export function formatBilledPrice(locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency: PRO_PLAN.currency }).format(PRO_PLAN.amount);
}
