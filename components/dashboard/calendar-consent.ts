// Server side: where each calendar service's consent popup starts, and whether each is real or its sandbox twin. The
// Calendar page and the Practitioners page (which offers to connect a practitioner's calendar right after adding them)
// read both.
import { GOOGLE_CONSENT_PATH, MICROSOFT_CONSENT_PATH } from "@/lib/platform/shared/calendar-consent";
import { env } from "@/lib/platform/env";
import { localizedPath } from "@/lib/platform/i18n/server-navigation";
import type { Locale } from "@/lib/platform/i18n/routing";
import { calendarModes } from "@/lib/vendors/registry";
import type { CalendarModes, OAuthProvider } from "./sections/calendar-connection";

export function calendarConsent(locale: Locale): { consentUrls: Record<OAuthProvider, string>; modes: CalendarModes } {
  const modes = calendarModes(env());
  // Each popup's first page: the sandbox consent screen, or our redirect to the provider's consent screen.
  const sandboxConsent = localizedPath(locale, "/sandbox/calendar-consent");
  return {
    modes,
    consentUrls: {
      google: modes.google === "sandbox" ? sandboxConsent : GOOGLE_CONSENT_PATH,
      microsoft: modes.microsoft === "sandbox" ? `${sandboxConsent}?provider=microsoft` : MICROSOFT_CONSENT_PATH,
    },
  };
}
