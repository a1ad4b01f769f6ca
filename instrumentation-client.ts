// Runs in the browser before the app hydrates: zod parses without compiling, so our CSP reports no violation
// (lib/platform/client/zod-jitless.ts).
import { makeZodJitless } from "@/lib/platform/client/zod-jitless";

makeZodJitless();
