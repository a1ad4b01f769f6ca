"use server";
// The sandbox's stand-in for Google's or Microsoft's consent popup: a short-lived authorization code signed for that
// provider, which the browser then posts to the provider's authorize route exactly as it would the provider's code.
import { getCurrentUser } from "@/lib/server/current-user";
import { appContext } from "@/lib/server/context";

export type ConsentResult = { code: string } | { error: "unauthorized" | "unavailable" };

export async function sandboxCalendarConsent(provider: unknown): Promise<ConsentResult> {
  if (!(await getCurrentUser())) return { error: "unauthorized" };
  if (provider !== "google" && provider !== "microsoft") return { error: "unavailable" };
  const calendar = appContext().providers.calendar.forNew(provider);
  // With the provider configured, its own consent popup is used instead (/api/<provider>-calendar/consent).
  if (!calendar.sandbox || !("mintConsentCode" in calendar)) return { error: "unavailable" };
  return { code: (calendar as { mintConsentCode(): string }).mintConsentCode() };
}
