// Cross-site request forgery: a page elsewhere makes a visitor's browser send a form or a fetch to our API, and the
// browser attaches the session cookie. SameSite=Lax keeps the cookie off cross-site POSTs in current browsers, but not
// off requests from a sibling subdomain (same site, other origin), nor in browsers without SameSite. Browsers say where
// a request comes from (Origin, Sec-Fetch-Site, Referer); clients that are not browsers send none of them, and they are
// no forgery risk: nobody else's cookie rides along.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request must be refused as coming from another origin. `trustedOrigins` are ours: APP_URL's origin and the
 * origin the browser addressed (its Host header), the same unless the app is reached under another name.
 *
 * 1. Reads (GET, HEAD, OPTIONS) pass: they change nothing (the few GETs that do are checked with isForeignRequest).
 * 2. to 6.: isForeignRequest.
 */
export function isCrossOriginRequest(method: string, headers: Headers, trustedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  return isForeignRequest(headers, trustedOrigins);
}

/**
 * Whether the browser says the request comes from another origin, whatever its method. On its own for a GET that
 * changes something: a link or a redirect from another site is a top-level navigation, which carries the SameSite=Lax
 * cookie, sends no Origin and says Sec-Fetch-Site: cross-site.
 *
 * 2. A bearer token passes: another origin cannot add an Authorization header without our CORS consent (we give none),
 *    and with one the session cookie is not read (lib/accounts/auth/session-token.ts).
 * 3. An Origin header decides: ours passes, anything else is refused, "null" (sandboxed frames, data: pages) included.
 * 4. Without Origin (current browsers send it on every POST, PUT, PATCH and DELETE, and on no navigation):
 *    Sec-Fetch-Site must be same-origin or none (typed by the user, a bookmark); same-site is refused, it is what
 *    SameSite=Lax lets through.
 * 5. Then the Referer's origin must be ours.
 * 6. None of the three: not a browser (curl, a server, a test's HTTP client): it passes.
 */
export function isForeignRequest(headers: Headers, trustedOrigins: readonly string[]): boolean {
  if (/^Bearer\s+\S/i.test(headers.get("authorization") ?? "")) return false;
  const origin = headers.get("origin");
  if (origin !== null) return !isOurs(origin, trustedOrigins);
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const referer = headers.get("referer");
  if (referer !== null) return !isOurs(originOf(referer), trustedOrigins);
  return false;
}

function isOurs(origin: string, trustedOrigins: readonly string[]): boolean {
  return origin !== "null" && trustedOrigins.includes(origin);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}
