// The calendar consent popup's protocol, spoken by both sides. The dashboard opens the popup
// (lib/platform/client/calendar-consent.ts) at one of the paths below, or at the sandbox's consent page; the popup's last
// page, served by the provider's callback (app/api/google-calendar/callback, app/api/microsoft-calendar/callback) or
// the sandbox, posts this message back to its opener, so the opener does not know which one it opened. The opener then
// hands the code to POST /google-calendar/authorize or /microsoft-calendar/authorize {code, practitionerId}.
export const CONSENT_MESSAGE = "recepta:calendar-consent";

/** The popup's first page with Google configured: it redirects to Google's consent screen. */
export const GOOGLE_CONSENT_PATH = "/api/google-calendar/consent";
/** The same with Microsoft configured: on to Microsoft's sign-in and consent screen. */
export const MICROSOFT_CONSENT_PATH = "/api/microsoft-calendar/consent";

/** `error` is "access_denied" when the owner said no; anything else ("invalid_state", "failed") is a failure. */
export type ConsentMessage = { type: typeof CONSENT_MESSAGE; code?: string; error?: string };
