// Next 16's proxy: locale routing for pages, plus a fast, optimistic gate (token signature and role claim only).
// Every route handler and page checks again against the database; this only turns obvious cases away early. Which API
// addresses need a session or an admin is read from the route table the handlers' declarations generate.
// It is also where the browser security headers are set (per request: the CSP carries a fresh nonce) and where writes
// from other origins are refused (API calls, and server actions, which post to a page's address): the matcher sends
// every page and every /api path but the webhooks and the health check through here.
import { NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { API_ROUTES } from "@/app/api/routes.generated";
import { API_KEY_PATTERN, bearerApiKey } from "@/lib/accounts/api-keys/api-key-token";
import { decodeSessionToken, bearerOrCookie, sessionCookieName } from "@/lib/accounts/auth/session-token";
import { env } from "@/lib/platform/env";
import { FALLBACK_PATH, isPublicPolicy, matchApiRoute, scopeOf, type ApiPolicy } from "@/lib/platform/http/api-routes";
import { API_CSP, HSTS, newNonce, pageCsp, wantsHsts } from "@/lib/platform/http/csp";
import { isCrossOriginRequest, isForeignRequest } from "@/lib/platform/http/csrf";
import { localeOf } from "@/lib/platform/http/locale";
import { PAGE_PATH_HEADER } from "@/lib/platform/http/page-path";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { routing, isLocale, defaultLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "@/lib/platform/i18n/routing";
import { translate } from "@/lib/platform/i18n/translate";

const intl = createMiddleware(routing);

// Signed by their senders and verified by their handlers; never sent by a browser. Every address there passes
// without a session, served or not: a vendor never has one.
const WEBHOOKS = /^\/api\/webhooks\//;
// Every address here asks for an admin, served or not: a caller who is not one learns nothing of which exist (the route
// table's generator keeps admin routes here, and only them).
const ADMIN_API = /^\/api\/admin\//;
// Google's consent popup lands here: an HTML page whose one inline script its own CSP allows by hash (a header set
// here would win over the handler's).
const OWN_CSP = /^\/api\/google-calendar\/callback$/;

export default async function proxy(req: NextRequest): Promise<Response> {
  const { pathname } = req.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    const refusal = await apiGate(req, pathname);
    const res = refusal ?? NextResponse.next();
    if (refusal || !OWN_CSP.test(pathname)) res.headers.set("Content-Security-Policy", API_CSP);
    return withHsts(res);
  }
  // A server action is a POST to the page's own address: one from another origin is refused here with a readable
  // answer (Next.js would refuse it too, but with a 500).
  if (isCrossOriginRequest(req.method, req.headers, ourOrigins(req))) {
    const message = translate(pageLocale(req, pathname), "Api.crossOrigin");
    const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": API_CSP };
    return withHsts(new NextResponse(message, { status: 403, headers }));
  }
  // Next.js puts the nonce it finds in the request's CSP on its own scripts (pages render per request: see the
  // locale layout); x-nonce is for a server component that needs it for a script of its own.
  const { NODE_ENV, appUrl } = env();
  const nonce = newNonce();
  const csp = pageCsp({ nonce, dev: NODE_ENV === "development", https: appUrl.startsWith("https://") });
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  // The address as asked (a server component is not told it): the dashboard sends a signed-in owner to the same page in
  // the account's language.
  headers.set(PAGE_PATH_HEADER, pathname + req.nextUrl.search);
  const res = await pageGate(new NextRequest(req, { headers }), pathname);
  res.headers.set("Content-Security-Policy", csp);
  return withHsts(res);
}

/** The language of a page address: its prefix, else the visitor's (cookie, then Accept-Language). */
function pageLocale(req: NextRequest, pathname: string): Locale {
  const prefix = pathname.split("/")[1];
  return isLocale(prefix) ? prefix : localeOf(req);
}

async function pageGate(req: NextRequest, pathname: string): Promise<Response> {
  const segments = pathname.split("/");
  const locale = isLocale(segments[1]) ? segments[1] : defaultLocale;
  const path = isLocale(segments[1]) ? `/${segments.slice(2).join("/")}` : pathname;
  if (path === "/dashboard" || path.startsWith("/dashboard/")) {
    const claims = await claimsOf(req);
    const prefix = locale === defaultLocale ? "" : `/${locale}`;
    if (!claims) {
      // A session cookie that no longer verifies (expired) is an expired session; no cookie is a plain visit.
      const expired = req.cookies.has(sessionCookieName(env().appUrl));
      return NextResponse.redirect(new URL(`${prefix}/login${expired ? "?expired=true" : ""}`, req.url));
    }
    if ((path === "/dashboard/admin" || path.startsWith("/dashboard/admin/")) && claims.role !== "admin") {
      return NextResponse.redirect(new URL(`${prefix}/dashboard`, req.url));
    }
    // "/en/dashboard/…" is where the dashboard sends an owner whose account speaks English (dashboardUser). next-intl
    // turns it into "/dashboard/…" but stores the choice only for a document request: after a redirect in a client-side
    // navigation, an outdated "fr" cookie would send "/dashboard/…" back to "/fr/…", and round again. Stored here for
    // every request, as the explicit prefix asks.
    if (segments[1] === defaultLocale) {
      const res = intl(req);
      res.cookies.set(LOCALE_COOKIE, defaultLocale, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: "lax" });
      return res;
    }
  }
  return intl(req);
}

/** The answer that turns an API request away, or null to pass it on to its handler. */
async function apiGate(req: NextRequest, pathname: string): Promise<Response | null> {
  const locale = localeOf(req);
  // Before the public paths: a forged sign-in (the visitor signed in to the attacker's account) is forgery too.
  if (!WEBHOOKS.test(pathname) && isCrossOriginRequest(req.method, req.headers, ourOrigins(req))) {
    return NextResponse.json({ message: translate(locale, "Api.crossOrigin") }, { status: 403 });
  }
  // The GETs that change something (`stateChanging` on their route's declaration, copied into the route table) are
  // refused when the browser says another site sent them (isForeignRequest): a link or a redirect from elsewhere carries
  // the Lax session cookie. Claiming a number is a GET in the API contract; opening a Stripe Checkout or billing portal
  // session is too, and those are links a visitor may also follow from another site (a marketing site on a sibling
  // domain): they land on the page their flag names, which offers the same button, one click from it. (Google's consent
  // callback comes from Google by design: the state it must carry, signed for the signed-in user, is its protection, and
  // it only hands the code to our own window.)
  const stateChanging = matchApiRoute(API_ROUTES, pathname)?.route.stateChanging;
  if (stateChanging && (req.method === "GET" || req.method === "HEAD") && isForeignRequest(req.headers, ourOrigins(req))) {
    if (stateChanging === true) return NextResponse.json({ message: translate(locale, "Api.crossOrigin") }, { status: 403 });
    // These links name their language (?locale=); the page they land on is in it.
    const asked = req.nextUrl.searchParams.get("locale");
    const [page = "/", hash] = stateChanging.page.split("#");
    const location = new URL(localizedPath(isLocale(asked) ? asked : locale, page), req.url);
    if (hash) location.hash = hash;
    return NextResponse.redirect(location, 303);
  }
  const policy = policyOf(pathname);
  if (WEBHOOKS.test(pathname) || (policy && isPublicPolicy(policy))) return null;
  // An API key (Bearer rk_…) is never a session: it goes on to the methods whose declaration names a scope, where the
  // handler checks the key itself, its rate and its scopes; anywhere else (admin addresses included) it is turned away.
  const key = bearerApiKey(req.headers);
  if (key !== null) {
    if (ADMIN_API.test(pathname) || !scopeAt(pathname, req.method)) {
      return NextResponse.json({ message: translate(locale, "Api.apiKeyNotAllowed") }, { status: 403 });
    }
    if (!API_KEY_PATTERN.test(key)) return NextResponse.json({ message: translate(locale, "Api.apiKeyInvalid") }, { status: 401 });
    return null;
  }
  const claims = await claimsOf(req);
  if (!claims) return NextResponse.json({ message: translate(locale, "Api.unauthorized") }, { status: 401 });
  if ((policy === "admin" || ADMIN_API.test(pathname)) && claims.role !== "admin") {
    return NextResponse.json({ message: translate(locale, "Api.forbidden") }, { status: 403 });
  }
  return null;
}

/**
 * The policy the route serving `pathname` declares (app/api/routes.generated.ts), or null for an address no route of
 * the API serves: the catch-all's 404 is for callers with a session, so a stranger learns nothing of which exist.
 */
function policyOf(pathname: string): ApiPolicy | null {
  const served = matchApiRoute(API_ROUTES, pathname)?.route;
  return served && served.path !== FALLBACK_PATH ? served.policy : null;
}

/** The API key scope the route serving `pathname` asks of this method, if any (app/api/routes.generated.ts). */
function scopeAt(pathname: string, method: string) {
  const served = matchApiRoute(API_ROUTES, pathname)?.route;
  return served && served.path !== FALLBACK_PATH ? scopeOf(served, method) : undefined;
}

/**
 * APP_URL's origin, and the one the browser addressed: its Host header (http://localhost:3000 while APP_URL says
 * 127.0.0.1), with the scheme Next.js saw (X-Forwarded-Proto). Not req.nextUrl's host: Next builds that from the host
 * name it was started with. A page elsewhere cannot choose the Host its visitor's browser sends to us.
 */
function ourOrigins(req: NextRequest): string[] {
  const origins = [new URL(env().appUrl).origin];
  const host = req.headers.get("host");
  if (host) {
    try {
      origins.push(new URL(`${req.nextUrl.protocol}//${host}`).origin);
    } catch {
      // not a host name: APP_URL alone
    }
  }
  return origins;
}

function withHsts(res: Response): Response {
  if (wantsHsts(env().NODE_ENV, env().appUrl)) res.headers.set("Strict-Transport-Security", HSTS);
  return res;
}

async function claimsOf(req: NextRequest) {
  const { AUTH_SECRET, appUrl } = env();
  if (!AUTH_SECRET) return null;
  const cookieName = sessionCookieName(appUrl);
  return decodeSessionToken(bearerOrCookie(req.headers, cookieName) ?? "", AUTH_SECRET, cookieName);
}

export const config = {
  // Every API path, even one whose last segment has a dot (a handler's param): the checks above must not be skipped.
  // But two: the vendors' webhooks (no session, no browser; each verifies its signature before reading) and the health
  // check (public, read-only) pass nothing here, and they are the most frequent requests, so they skip the proxy's
  // cost; next.config.ts gives them the API's Content-Security-Policy. Otherwise everything but Next's own assets and
  // files with an extension (images, robots.txt, …).
  matcher: ["/api", "/api/((?!webhooks/|health$).*)", "/((?!_next/|_vercel/|api/webhooks/|api/health$|.*\\.[^/]+$).*)"],
};
