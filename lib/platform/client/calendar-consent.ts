// The opener's side of the calendar consent popup (its protocol: lib/platform/shared/calendar-consent.ts): open the
// consent page in a popup, wait for it to post back an authorization code, and give the code to the caller, which hands
// it to our API.
import { CONSENT_MESSAGE, type ConsentMessage } from "../shared/calendar-consent";

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
