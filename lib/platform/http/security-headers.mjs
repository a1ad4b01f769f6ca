// The security headers every answer carries, in one place for the three writers that cannot share TypeScript:
// next.config.ts (static headers, fixed at build time), proxy.ts through lib/platform/http/csp.ts (pages and API, per request)
// and scripts/server.mjs (plain node: the answers it gives before Next.js, and HSTS, which depends on the run's APP_URL).

/** On every answer. The microphone is the Try page's only (next.config.ts widens it there); no page may be framed. */
export const BASE_HEADERS = Object.freeze({
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
});

/** API answers and refusals are JSON or plain text: nothing may load or run in them, nor frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Files served as they are (Next's build output, public/, robots.txt, and the not-found page of a path with a file
 * extension): no script may run, even in an SVG opened on its own; styles and images still render.
 */
export const STATIC_CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; media-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Two years, every subdomain: browsers then refuse plain http to this host. Only worth sending over https. */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Only in production with an https APP_URL: browsers ignore HSTS over http anyway, and a development server behind a
 * local TLS proxy must not pin https on every port of localhost for two years.
 * @param {string | undefined} nodeEnv
 * @param {string} appUrl
 */
export function wantsHsts(nodeEnv, appUrl) {
  return nodeEnv === "production" && appUrl.startsWith("https://");
}
