// Runs the job workers inside the server process (started from instrumentation.ts): one set per process, stopped
// gracefully on SIGTERM/SIGINT so a job in flight finishes (or is retried later) instead of being cut mid-send.
import { jobHandlers } from "@/lib/jobs/handlers";
import { startWorkers } from "@/lib/jobs/queue";
import { appContext } from "./context";

const state = globalThis as unknown as { __receptaWorkers?: Promise<void> };

export function startJobWorkers(): Promise<void> {
  state.__receptaWorkers ??= (async () => {
    const ctx = appContext();
    const boss = await ctx.jobs.ready();
    boss.on("error", (e: Error) => console.error(JSON.stringify({ level: "error", msg: "job queue error", name: e.name })));
    await startWorkers(boss, jobHandlers(ctx.booking, ctx.dispatch));
    const stop = async () => {
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
