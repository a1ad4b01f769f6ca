// Runs the job workers inside the server process (started from instrumentation.ts): one set per process, stopped
// gracefully on SIGTERM/SIGINT so a job in flight finishes (or is retried later) instead of being cut mid-send.
import { runBillingSweep } from "@/lib/billing/account-notices";
import { jobHandlers } from "@/lib/jobs/handlers";
import { startWorkers } from "@/lib/jobs/queue";
import { appContext } from "./context";

const state = globalThis as unknown as { __receptaWorkers?: Promise<void> };

export function startJobWorkers(): Promise<void> {
  state.__receptaWorkers ??= (async () => {
    const ctx = appContext();
    const boss = await ctx.jobs.ready();
    boss.on("error", (e: Error) => console.error(JSON.stringify({ level: "error", msg: "job queue error", name: e.name })));
    await startWorkers(boss, jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
    // pg-boss's maintenance: a job left "active" by a crashed process is failed after its time limit (and so retried),
    // finished jobs are archived and dropped. Every worker process runs it; pg-boss serializes it in the database.
    const maintenance = setInterval(() => {
      boss.maintain().catch((e: Error) => console.error(JSON.stringify({ level: "error", msg: "job queue maintenance failed", name: e.name })));
    }, 60_000);
    maintenance.unref();
    // Trial-ending warnings, lapse notices and numbers past their grace period: every five minutes (idempotent, so
    // several processes may run it).
    const sweep = setInterval(() => {
      runBillingSweep(ctx.notices).catch((e: Error) => console.error(JSON.stringify({ level: "error", msg: "billing sweep failed", name: e.name })));
    }, 5 * 60_000);
    sweep.unref();
    const stop = async () => {
      clearInterval(maintenance);
      clearInterval(sweep);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {});
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
    console.log(JSON.stringify({ level: "info", msg: "job workers started" }));
  })().catch((e: Error) => {
    state.__receptaWorkers = undefined;
    console.error(JSON.stringify({ level: "error", msg: "job workers failed to start", name: e.name, error: e.message }));
  });
  return state.__receptaWorkers;
}
