import { createHash } from "node:crypto";
import { verifyConsentState } from "@/lib/scheduling/calendar/consent-state";
import { CONSENT_MESSAGE, type ConsentMessage } from "@/lib/platform/client/calendar-consent";
import { env } from "@/lib/platform/env";
import type { Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Google's redirect back into the consent popup (`${APP_URL}/api/google-calendar/callback`, registered in Google Cloud).
 * It does not exchange the code itself: it hands it to the dashboard window that opened the popup, which posts it to
 * POST /api/google-calendar/authorize like the sandbox's code. The state must have been signed for the signed-in user
 * (GET /api/google-calendar/consent), or the code is not passed on.
 */
export const GET = route.owner({ session: "optional", response: { 200: { "text/html": null } } }, async ({ req, ctx, auth, locale }) => {
  const query = new URL(req.url).searchParams;
  const code = query.get("code");
  let message: ConsentMessage;
  if (!auth || !verifyConsentState(ctx.session.secret, auth.userId, query.get("state"))) {
    message = { type: CONSENT_MESSAGE, error: "invalid_state" };
  } else if (code && code.length <= 2048) {
    message = { type: CONSENT_MESSAGE, code };
  } else {
    message = { type: CONSENT_MESSAGE, error: query.get("error") === "access_denied" ? "access_denied" : "failed" };
  }
  return replyPage(message, new URL(env().appUrl).origin, locale);
});

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
function replyPage(message: ConsentMessage, origin: string, locale: Locale): Response {
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
