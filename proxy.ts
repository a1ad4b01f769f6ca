// Next 16's proxy: locale routing for pages, plus a fast, optimistic gate (token signature and role claim only).
// Every route handler and page checks again against the database; this only turns obvious cases away early.
import { type NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { decodeSessionToken, bearerOrCookie, sessionCookieName } from "@/lib/auth/session-token";
import { env } from "@/lib/env";
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

export default async function proxy(req: NextRequest): Promise<Response> {
  const { pathname } = req.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) return apiGate(req, pathname);

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

async function apiGate(req: NextRequest, pathname: string): Promise<Response> {
  if (PUBLIC_API.some((re) => re.test(pathname))) return NextResponse.next();
  const claims = await claimsOf(req);
  const locale = localeOf(req);
  if (!claims) return NextResponse.json({ message: translate(locale, "Api.unauthorized") }, { status: 401 });
  if (pathname.startsWith("/api/admin/") && claims.role !== "admin") {
    return NextResponse.json({ message: translate(locale, "Api.forbidden") }, { status: 403 });
  }
  return NextResponse.next();
}

async function claimsOf(req: NextRequest) {
  const { AUTH_SECRET, appUrl } = env();
  if (!AUTH_SECRET) return null;
  const cookieName = sessionCookieName(appUrl);
  return decodeSessionToken(bearerOrCookie(req.headers, cookieName) ?? "", AUTH_SECRET, cookieName);
}

export const config = {
  // Everything but Next's own assets and files with an extension (images, robots.txt, …).
  matcher: ["/((?!_next/|_vercel/|.*\\.[^/]+$).*)"],
};
