// Production entry of the container image (Dockerfile): Next's standalone output (`output: "standalone"`) with this
// file, scripts/server.mjs and what it imports copied beside it (scripts/assemble-standalone.mjs). Plain node, no dev
// dependencies and no TypeScript loader, so it cannot run scripts/launch.ts; instead:
//   1. the start-up steps (configuration checks, migrations under the advisory lock, bootstrap) and the job workers
//      run first, through the build's compiled instrumentation (instrumentation.ts, with RECEPTA_START_STEPS below),
//      so nothing listens before they have succeeded, and a failure exits 1 (a container restarts, a load balancer
//      never sees a half-started instance); Next's own call to it later, on the first request, is then a no-op;
//   2. then the server is scripts/server.mjs itself, so forwarded-for handling, TRUST_PROXY, the 405s, the security
//      headers, the SIGTERM drain and the exit code are those of `npm start`, not a copy of them.
// PostgreSQL only (DATABASE_URL and the four secrets in the environment): the embedded database needs the launcher.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The folder this file was copied into sits one level below the app's root (where .next/ and node_modules/ are), as
// in the repository; every relative path of the server (.next, db/migrations) is read from there.
process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
process.env.NODE_ENV = "production";

if (!process.env.DATABASE_URL) {
  console.error(
    "\nRecepta could not start: DATABASE_URL is not set. This image serves PostgreSQL deployments only; set DATABASE_URL,\n" +
      "AUTH_SECRET, ENCRYPTION_KEY, VAPI_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET and APP_URL (docs/deployment.md).\n",
  );
  process.exit(1);
}
process.env.RECEPTA_START_STEPS = "in-server";
// What Next sets in its own server process, and what register() checks before doing anything.
process.env.NEXT_RUNTIME = "nodejs";

try {
  // The path Next loads it from, so its later call reaches the same module (and finds the steps done).
  const instrumentation = createRequire(import.meta.url)(path.resolve(".next", "server", "instrumentation.js"));
  await instrumentation.register();
} catch (error) {
  console.error(`\nRecepta could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

await import("./server.mjs");
