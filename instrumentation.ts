// Next.js calls register() once per server process, before it handles a request: the job workers (notifications,
// reminders, calendar retries) run beside the request handlers, on the same database.
const state = globalThis as unknown as { __receptaRegister?: Promise<void> };

export function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return Promise.resolve();
  if (process.env.NEXT_PHASE === "phase-production-build") return Promise.resolve();
  // The container's entry (scripts/standalone.mjs) calls this too, before the server listens: one run per process.
  state.__receptaRegister ??= (async () => {
    // That entry has no launcher before it and no TypeScript loader: the start-up steps `npm start` runs in
    // scripts/launch.ts (checks, migrations under the advisory lock, bootstrap) run here, compiled into the build.
    if (process.env.RECEPTA_START_STEPS === "in-server") {
      const { runStartStepsInServer } = await import("@/lib/server/start-steps");
      await runStartStepsInServer();
    }
    if (process.env.RECEPTA_WORKERS === "off") return;
    const { startJobWorkers } = await import("@/lib/server/workers");
    await startJobWorkers();
  })();
  return state.__receptaRegister;
}
