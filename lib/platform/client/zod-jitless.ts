// Zod 4 compiles fast object parsers with `new Function`, probing first whether eval is allowed: under our CSP (no
// 'unsafe-eval', lib/platform/http/csp.ts) the probe is blocked and its error swallowed, yet the browser reports a
// violation on every page that builds a schema. jitless skips the probe and the compiled path (same results).
//
// Set through the global object zod keeps its configuration in (`globalThis.__zod_globalConfig`, which zod adopts when
// it loads and reads on every parse) rather than through `config()` from "zod/v4/core": importing that brings zod's
// core utilities (5 KB gzipped) into every page's first load, for one flag. zod-jitless.test.ts holds zod to it.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

/** Turns zod's jitless mode on, before zod is loaded or after. */
export function makeZodJitless(): void {
  const global = globalThis as ZodGlobal;
  (global.__zod_globalConfig ??= {}).jitless = true;
}
