// Runs in the browser before the app hydrates. Zod 4 compiles fast object parsers with `new Function`, probing first
// whether eval is allowed: under our CSP (no 'unsafe-eval', lib/platform/http/csp.ts) the probe is blocked and its error
// swallowed, yet the browser reports a violation on every page that builds a schema. jitless skips the probe and the
// compiled path (same results). zod/v4/core owns the config: a few hundred bytes here, not the schema library.
import { config } from "zod/v4/core";

config({ jitless: true });
