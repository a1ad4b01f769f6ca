// The Content-Security-Policy and HSTS that proxy.ts sets per request. Pages allow only scripts carrying the request's
// nonce (Next.js reads it from the request's CSP header and puts it on its own scripts) and what those load
// ('strict-dynamic'); API answers are JSON and need nothing at all.

/** 128 random bits, base64: a new one for every page request, so an injected <script> cannot guess it. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export type CspOptions = { nonce: string; dev: boolean; https: boolean };

export function pageCsp({ nonce, dev, https }: CspOptions): string {
  return [
    "default-src 'self'",
    // React in development rebuilds server error stacks with eval; production needs no eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // The stylesheet is inlined (experimental.inlineCss), components set style attributes and sonner injects its own
    // <style>: a nonce would disable 'unsafe-inline' and block the attributes. Styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // Call recordings are the voice provider's https links (Vapi's storage, or the bucket an account configured there).
    "media-src 'self' blob: data: https:",
    "object-src 'none'",
    "base-uri 'self'",
    // Every form posts to us (checkout and portal are links, Google's consent is a popup opened by script).
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only over https: on http://localhost it would send the page's own requests to an https port nobody serves.
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

// API_CSP, HSTS and wantsHsts live with the other security headers, which scripts/server.mjs (plain node) reads too.
export { API_CSP, HSTS, wantsHsts } from "./security-headers.mjs";
