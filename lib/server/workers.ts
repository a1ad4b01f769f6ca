// Runs the job workers inside the server process (started from instrumentation.ts): one set per process, stopped
// gracefully at shutdown (lib/platform/process/shutdown.ts: after the HTTP drain) so a job in flight finishes (or is retried
// later) instead of being cut mid-send.
import { runBillingSweep } from "@/lib/billing/account-notices";
import { runUsageAlerts } from "@/lib/insights/usage";
import { JOB_QUEUES, jobHandlers } from "@/lib/server/job-handlers";
import { startWorkers, type JobName } from "@/lib/platform/jobs/queue";
import { logger } from "@/lib/platform/log/logger";
import { appContext } from "./context";
import { onShutdown } from "@/lib/platform/process/shutdown";
import { getDb } from "@/db/client";
import { vacuumWhereDue } from "@/db/maintenance";
import { env } from "@/lib/platform/env";

const state = globalThis as unknown as { __receptaWorkers?: Promise<void> };

export function startJobWorkers(): Promise<void> {
  state.__receptaWorkers ??= (async () => {
    const ctx = appContext();
    const boss = await ctx.jobs.ready();
    boss.on("error", (e: Error) => logger().error({ name: e.name }, "job queue error"));
    await startWorkers(boss, jobHandlers(ctx.booking, ctx.dispatch, ctx.notices, ctx.reminderCalls()), JOB_QUEUES);
    // pg-boss's maintenance: a job left "active" by a crashed process is failed after its time limit (and so retried),
    // finished jobs are archived and dropped. Every worker process runs it; pg-boss serializes it in the database.
    const maintenance = setInterval(() => {
      boss.maintain().catch((e: Error) => logger().error({ name: e.name }, "job queue maintenance failed"));
    }, 60_000);
    maintenance.unref();
    // Trial-ending warnings, lapse notices, numbers past their grace period and the owners' usage limits: every five
    // minutes (idempotent, so several processes may run them).
    const sweep = setInterval(() => {
      runBillingSweep(ctx.notices).catch((e: Error) => logger().error({ name: e.name }, "billing sweep failed"));
      runUsageAlerts(ctx.notices).catch((e: Error) => logger().error({ name: e.name }, "usage alerts failed"));
    }, 5 * 60_000);
    sweep.unref();
    // The sweeps (a job registered with `every`: retention, abandoned calls, recall, public holidays): sent at start and
    // then on their period. Their queues are stately, so however many processes send them, one run waits at most.
    const sweeps = (Object.entries(JOB_QUEUES) as [JobName, { every?: number }][]).flatMap(([name, { every }]) => {
      if (!every) return [];
      const send = () => ctx.jobs.send(name, {}).catch((e: Error) => logger().error({ name: e.name, job: name }, "sweep not enqueued"));
      void send();
      const timer = setInterval(() => void send(), every);
      timer.unref();
      return [timer];
    });
    // The embedded database has no autovacuum of its own (db/maintenance.ts): its tables are vacuumed where due, at start
    // and every ten minutes. Its one process runs this; a PostgreSQL server does it itself.
    const vacuum = async () => {
      try {
        const tables = await vacuumWhereDue(getDb());
        if (tables.length > 0) logger().info({ tables }, "embedded database vacuumed");
      } catch (e) {
        logger().error({ name: (e as Error).name }, "embedded database vacuum failed");
      }
    };
    const autovacuum = env().RECEPTA_EMBEDDED_DB ? setInterval(() => void vacuum(), 10 * 60_000) : undefined;
    if (autovacuum) {
      autovacuum.unref();
      void vacuum();
    }
    // Jobs still running after 10 s are failed by pg-boss and retried later (the queue retries with backoff).
    onShutdown("job workers", async () => {
      clearInterval(maintenance);
      clearInterval(sweep);
      for (const timer of sweeps) clearInterval(timer);
      clearInterval(autovacuum);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
    logger().info("job workers started");
  })().catch((e: Error) => {
    state.__receptaWorkers = undefined;
    logger().error({ name: e.name, error: e.message }, "job workers failed to start");
  });
  return state.__receptaWorkers;
}
