// Next.js calls register() once per server process: the job workers (notifications, reminders, calendar retries)
// run beside the request handlers, on the same database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.RECEPTA_WORKERS === "off") return;
  const { startJobWorkers } = await import("@/lib/server/workers");
  await startJobWorkers();
}
