// Types for lib/platform/http/security-headers.mjs (plain JS: scripts/server.mjs runs on node without a TypeScript loader).
export const BASE_HEADERS: Readonly<
  Record<"X-Content-Type-Options" | "Referrer-Policy" | "X-Frame-Options" | "Permissions-Policy", string>
>;
export const API_CSP: string;
export const STATIC_CSP: string;
export const HSTS: string;
export function wantsHsts(nodeEnv: string | undefined, appUrl: string): boolean;
