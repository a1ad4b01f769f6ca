// Next 16's proxy: locale routing for pages, plus a fast, optimistic gate (token signature and role claim only).
// Every route handler and page checks again against the database; this only turns obvious cases away early.
// It is also where the browser security headers are set (per request: the CSP carries a fresh nonce) and where API
// writes from other origins are refused: the matcher sends every page and every /api path through here.
import { NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { decodeSessionToken, bearerOrCookie, sessionCookieName } from "@/lib/auth/session-token";
import { env } from "@/lib/env";
import { API_CSP, HSTS, newNonce, pageCsp, wantsHsts } from "@/lib/http/csp";
import { isCrossOriginRequest } from "@/lib/http/csrf";
import { routing, isLocale, defaultLocale } from "@/lib/i18n/routing";
import { localeOf, translate } from "@/lib/i18n/translate";

const intl = createMiddleware(routing);

// API paths that need no session: sign-in, registration, account setup, health, Auth.js, signed webhooks, and the
// checkout a visitor starts (Stripe's, or the sandbox's stand-in).
const PUBLIC_API = [
  /^\/api\/billing\/checkout$/,
  /^\/api\/sandbox\/billing\/checkout$/,
  /^\/api\/health$/,
  /^\/api\/ready$/,
  /^\/api\/auth\/(login|register|logout|complete-setup)$/,
  /^\/api\/auth\/validate-setup-token(\/.*)?$/,
  /^\/api\/authjs(\/.*)?$/,
  /^\/api\/webhooks\//,
];

// Signed by their senders and verified by their handlers; never sent by a browser.
const WEBHOOKS = /^\/api\/webhooks\//;
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
  // Next.js puts the nonce it finds in the request's CSP on its own scripts (pages render per request: see the
  // locale layout); x-nonce is for a server component that needs it for a script of its own.
  const { NODE_ENV, appUrl } = env();
  const nonce = newNonce();
  const csp = pageCsp({ nonce, dev: NODE_ENV === "development", https: appUrl.startsWith("https://") });
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const res = await pageGate(new NextRequest(req, { headers }), pathname);
  res.headers.set("Content-Security-Policy", csp);
  return withHsts(res);
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
      return NextResponse.redirect(new URL(`${prefix}/dashboard/profile`, req.url));
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
  if (PUBLIC_API.some((re) => re.test(pathname))) return null;
  const claims = await claimsOf(req);
  if (!claims) return NextResponse.json({ message: translate(locale, "Api.unauthorized") }, { status: 401 });
  if (pathname.startsWith("/api/admin/") && claims.role !== "admin") {
    return NextResponse.json({ message: translate(locale, "Api.forbidden") }, { status: 403 });
  }
  return null;
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
  // Otherwise everything but Next's own assets and files with an extension (images, robots.txt, …).
  matcher: ["/api/:path*", "/((?!_next/|_vercel/|.*\\.[^/]+$).*)"],
};
