import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // `npm run dev` prints and uses http://127.0.0.1:<port> (APP_URL): let that host load the dev server's own resources.
  allowedDevOrigins: ["127.0.0.1"],
  // The stylesheet (about 8 KB gzipped) goes inline in the HTML: no render-blocking request before the first paint.
  experimental: { inlineCss: true },
  // PGlite ships WASM and the argon2 binding is native: load them from node_modules at run time, never bundle them.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@node-rs/argon2", "postgres"],
  // On every page and API answer. The microphone is the Try page's only (speech input); no page may be framed.
  // The Content-Security-Policy (a fresh nonce per request) and HSTS are set by proxy.ts.
  async headers() {
    const base = [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      { key: "X-Frame-Options", value: "DENY" },
      { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
    ];
    return [
      { source: "/:path*", headers: base },
      { source: "/dashboard/try", headers: [{ key: "Permissions-Policy", value: "camera=(), microphone=(self), geolocation=(), payment=()" }] },
      { source: "/:locale(fr|es)/dashboard/try", headers: [{ key: "Permissions-Policy", value: "camera=(), microphone=(self), geolocation=(), payment=()" }] },
    ];
  },
};

export default withNextIntl(nextConfig);
