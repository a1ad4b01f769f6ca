import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CSP, BASE_HEADERS, STATIC_CSP } from "./lib/platform/http/security-headers.mjs";

const withNextIntl = createNextIntlPlugin("./lib/platform/i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // .next/standalone: the server files and the node_modules they use, traced from the build, for the container image
  // (Dockerfile; scripts/assemble-standalone.mjs adds the static files, the migrations and the entry). `npm start` still
  // serves from the project folder through scripts/server.mjs, which never runs `next start`.
  output: "standalone",
  // `npm run dev` prints and uses http://127.0.0.1:<port> (APP_URL): let that host load the dev server's own resources.
  allowedDevOrigins: ["127.0.0.1"],
  // The stylesheet (about 8 KB gzipped) goes inline in the HTML: no render-blocking request before the first paint.
  experimental: { inlineCss: true },
  // PGlite ships WASM and the argon2 binding is native: load them from node_modules at run time, never bundle them.
  // prom-client too: one copy per process, whichever bundle records, so the registry (lib/platform/metrics) sees every metric.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@node-rs/argon2", "postgres", "prom-client"],
  // On every answer (fixed at build time). Pages and API answers get their Content-Security-Policy from proxy.ts (a
  // fresh nonce per page request); what the proxy never sees (Next's build output, public/ files, robots.txt and
  // sitemap.xml, any other path with a file extension) gets the static one here, and the two API paths it skips (the
  // vendors' webhooks and the health check) the API one. HSTS depends on the APP_URL of the
  // run, not of the build: proxy.ts and scripts/server.mjs add it.
  async headers() {
    const base = Object.entries(BASE_HEADERS).map(([key, value]) => ({ key, value }));
    const tryPage = [{ key: "Permissions-Policy", value: "camera=(), microphone=(self), geolocation=(), payment=()" }];
    const staticCsp = [{ key: "Content-Security-Policy", value: STATIC_CSP }];
    const apiCsp = [{ key: "Content-Security-Policy", value: API_CSP }];
    return [
      { source: "/:path*", headers: base },
      { source: "/dashboard/try", headers: tryPage },
      { source: "/:locale(fr|es)/dashboard/try", headers: tryPage },
      // The complement of the proxy's matcher (proxy.ts): a second CSP on a page would be enforced as well as its own.
      { source: "/_next/:path*", headers: staticCsp },
      { source: "/:file((?!api/|_next/).*\\.[^/]+)", headers: staticCsp },
      { source: "/api/webhooks/:path*", headers: apiCsp },
      { source: "/api/health", headers: apiCsp },
    ];
  },
};

export default withNextIntl(nextConfig);
