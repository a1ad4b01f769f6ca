// The last page of a consent popup (Google's or Microsoft's redirect back to us): it hands the authorization code to the
// dashboard window that opened the popup, which posts it to the provider's authorize route with the practitioner it is
// for. The code is passed on only when the state was signed for the signed-in user (consent-state.ts).
import { createHash } from "node:crypto";
import { CONSENT_MESSAGE, type ConsentMessage } from "@/lib/platform/shared/calendar-consent";
import type { Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";
import { verifyConsentState } from "./consent-state";

/** The message for the opener, from the provider's redirect: the code, or why there is none. */
export function consentCallback(query: URLSearchParams, secret: string, userId: string | null): ConsentMessage {
  const code = query.get("code");
  if (!userId || !verifyConsentState(secret, userId, query.get("state"))) return { type: CONSENT_MESSAGE, error: "invalid_state" };
  if (code && code.length <= 2048) return { type: CONSENT_MESSAGE, code };
  return { type: CONSENT_MESSAGE, error: query.get("error") === "access_denied" ? "access_denied" : "failed" };
}

/** JSON that is safe inside <script>: no "<" can close the element, whatever Google put in the query. */
function scriptValue(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A page that only posts the message to its opener (on our own origin only) and closes. It drops the code from the
 * address bar first, in case there is no opener and the window stays open. The script is allowed by its hash, so the
 * page already runs under a strict CSP.
 */
export function consentReplyPage(message: ConsentMessage, origin: string, locale: Locale): Response {
  const script =
    `history.replaceState(null,"",location.pathname);` +
    `if(window.opener){window.opener.postMessage(${scriptValue(message)},${scriptValue(origin)});window.close();}`;
  const hash = createHash("sha256").update(script).digest("base64");
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(translate(locale, "GoogleCalendarCallback.title"))}</title></head>` +
    `<body><p>${escapeHtml(translate(locale, "GoogleCalendarCallback.closeWindow"))}</p><script>${script}</script></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "content-security-policy": `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
  });
}
