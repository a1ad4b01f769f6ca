"use server";
// The sandbox's stand-in for Google's consent popup: a short-lived, signed authorization code for the signed-in user,
// which the browser then posts to POST /api/google-calendar/authorize exactly as it would Google's code.
import { getCurrentUser } from "@/lib/server/current-user";
import { appContext } from "@/lib/server/context";

export type ConsentResult = { code: string } | { error: "unauthorized" | "unavailable" };

export async function sandboxCalendarConsent(): Promise<ConsentResult> {
  if (!(await getCurrentUser())) return { error: "unauthorized" };
  const calendar = appContext().providers.calendar;
  // With Google credentials configured, Google's own consent popup is used instead (/api/google-calendar/consent).
  if (calendar.kind !== "sandbox" || !("mintConsentCode" in calendar)) return { error: "unavailable" };
  return { code: (calendar as { mintConsentCode(): string }).mintConsentCode() };
}
