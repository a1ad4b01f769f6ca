// The popup code flow (ending in POST /google-calendar/authorize or /microsoft-calendar/authorize {code, practitionerId}): open the consent page in a popup, wait for it
// to post back an authorization code, hand the code to our API. The sandbox consent page and the providers' callbacks
// (app/api/google-calendar/callback, app/api/microsoft-calendar/callback) speak the same message, so this side does not know which one it opened.
export const CONSENT_MESSAGE = "recepta:calendar-consent";

/** The popup's first page with Google configured: it redirects to Google's consent screen. */
export const GOOGLE_CONSENT_PATH = "/api/google-calendar/consent";
/** The same with Microsoft configured: on to Microsoft's sign-in and consent screen. */
export const MICROSOFT_CONSENT_PATH = "/api/microsoft-calendar/consent";

/** `error` is "access_denied" when the owner said no; anything else ("invalid_state", "failed") is a failure. */
export type ConsentMessage = { type: typeof CONSENT_MESSAGE; code?: string; error?: string };

export class ConsentError extends Error {
  constructor(readonly reason: "popupBlocked" | "cancelled" | "denied" | "failed") {
    super(reason);
  }
}

export function requestCalendarCode(consentUrl: string): Promise<string> {
  const width = 520;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open(consentUrl, "recepta-calendar-consent", `popup,width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) return Promise.reject(new ConsentError("popupBlocked"));
  return new Promise((resolve, reject) => {
    let grace: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      window.removeEventListener("message", onMessage);
      clearInterval(watch);
      clearTimeout(grace);
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own origin and only the popup we opened.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as ConsentMessage | null;
      if (!data || data.type !== CONSENT_MESSAGE) return;
      done();
      if (data.code) resolve(data.code);
      else reject(new ConsentError(data.error === "access_denied" ? "denied" : "failed"));
    };
    // Closed without an answer: the owner changed their mind. The consent page posts its answer and closes at once, and
    // the answer can reach this window just after the popup reads as closed: it gets a moment to arrive first.
    const watch = setInterval(() => {
      if (!popup.closed || grace) return;
      clearInterval(watch);
      grace = setTimeout(() => {
        done();
        reject(new ConsentError("cancelled"));
      }, 1000);
    }, 400);
    window.addEventListener("message", onMessage);
  });
}
