// The durable job queue: pg-boss, in the application's own database. pg-boss runs on our postgres.js connection through
// its `db` adapter, so on the embedded default it shares the one PGlite session (no second client interleaving
// extended-protocol messages) and on PostgreSQL it uses the pool. Jobs survive restarts; failed ones are retried with
// exponential backoff.
import { sql as drizzleSql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Db, Sql } from "@/db/client";
import { recordJobFailure } from "@/lib/platform/metrics/metrics";

/** The database schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = "pgboss";

/**
 * Every job the app runs, by name, with the data it carries. Empty here: an area declares the jobs of a subject in a
 * `*.jobs.ts` beside its code, by augmenting this interface (`declare module "@/lib/platform/jobs/queue"`), and
 * registers what runs them in its `jobs.ts` (lib/server/job-handlers.ts assembles those). A name is then checked
 * wherever it is sent, with no list here that knows every feature. A job's data names rows: what a message says, an
 * email address or a code is read when the job runs, never kept in the queue (a caller's number to answer may be).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobData {}
export type JobName = Extract<keyof JobData, string>;

/** How a job's queue runs. */
export type QueueOptions = {
  /** Workers in each process (1 unless set): more where a caller waits, or where an attempt waits on someone else. */
  workers?: number;
  /** At most one job waits and one runs per singletonKey (or in all, without one): syncs of one thing, and sweeps. */
  stately?: boolean;
  /** A sweep: sent by every worker process at start and then every so many milliseconds (stately, so one run waits). */
  every?: number;
};

/**
 * A registered job: what runs it, with the dependencies `D` its area needs, and its queue's options. Only a job that
 * carries no data can be a sweep (`every`): the workers send it on their own, with nothing to say.
 */
export type Job<N extends JobName, D> = Omit<QueueOptions, "every"> & {
  run: (deps: D, data: JobData[N]) => Promise<void>;
} & (JobData[N] extends Record<string, never> ? { every?: number } : { every?: never });

/**
 * An area's jobs: `defineJobs<Deps>()({ "job-name": { run: (deps, data) => …, workers: 2 } })`. The names are checked
 * against JobData and each `data` is typed by its name. (Curried: `D` is given, the names are inferred.)
 */
export function defineJobs<D>() {
  return <K extends JobName>(jobs: { [N in K]: Job<N, D> }) => jobs;
}

/** A drizzle database or transaction: a job sent with `tx` is inserted by that transaction, so it exists iff it commits. */
export type SqlRunner = Pick<Db, "execute">;

/**
 * `tx` is for immediate jobs (the setup email): each "$n" of pg-boss's insert becomes its own parameter. `fairShare`
 * names the practice the job works for: its place in the queue is then its practice's fair share (see `fairPriority`).
 */
export type SendOptions = { startAfter?: Date; singletonKey?: string; tx?: SqlRunner; fairShare?: string };

/** How far back a job for later looks for its practice's backlog (see `fairPriority`). */
const FAIR_WINDOW_MINUTES = 15;

/** The key of a job's data that names its practice, for the fair-share count; no job's own data uses it. */
export const FAIR_SHARE_KEY = "fairShare";

/**
 * A practice's fair share of a queue. pg-boss fetches by priority (highest first), then by age. A job sent with a
 * fair share gets minus the number of its practice's jobs already waiting in that queue (due no later than it): a
 * practice that queued 200 texts has them at 0, -1 … -199, and another practice's first text, at 0, runs right after
 * the first of them instead of after all 200. Every practice's n-th waiting job is served in turn.
 */
async function fairPriority(db: PgBoss.Db, name: JobName, share: string, startAfter?: Date): Promise<number> {
  // A job for later (a reminder tomorrow) counts only its practice's jobs due shortly before it: those are its backlog
  // then. Every reminder the practice has booked for the weeks ahead is not, and would put it behind everyone's.
  const { rows } = await db.executeSql(
    `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and state < 'active' and data->>'${FAIR_SHARE_KEY}' = $2 and start_after <= coalesce($3::timestamptz, now()) and ($3::timestamptz is null or start_after > $3::timestamptz - interval '${FAIR_WINDOW_MINUTES} minutes')`,
    [name, share, startAfter?.toISOString() ?? null],
  );
  return -Number((rows[0] as { n: number } | undefined)?.n ?? 0);
}

/** What the domain sees: enqueue only. */
export interface JobQueue {
  send<N extends JobName>(name: N, data: JobData[N], options?: SendOptions): Promise<string | null>;
  /**
   * Resolves once the queue is usable. Call it before opening a transaction that sends with `tx`: starting the queue
   * inside that transaction would wait for a connection the transaction holds (the embedded database has one).
   */
  ready(): Promise<unknown>;
}

/**
 * Retries with exponential backoff (30 s, 60 s, 120 s …); a job still active after 2 minutes (its process died) is
 * failed and retried by the maintenance the worker process runs (lib/server/workers.ts).
 */
const QUEUE_DEFAULTS = { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 } as const;

export type Boss = PgBoss;

// Any fixed 64-bit number, distinct from the migrations' (db/migrate.ts).
const QUEUE_CREATION_LOCK = 727_365_002;

/** A pg-boss instance on our connection. `start()` installs or migrates its schema (under an advisory lock). */
export function createBoss(sql: Sql, options: { supervise?: boolean; schedule?: boolean } = {}): PgBoss {
  const db: PgBoss.Db = {
    async executeSql(text, values) {
      const params = pgParams(values);
      // Creating a queue inserts its row, then attaches its partition with a foreign key to the queue table: two
      // processes creating queues at once (instances started together on a new database) deadlock, and Postgres cancels
      // one after a second, for each queue. One at a time across processes instead, under a transaction's lock.
      if (/^\s*SELECT [\w.]+\.create_queue\(/i.test(text)) {
        const rows = await sql.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(${QUEUE_CREATION_LOCK})`;
          return tx.unsafe(text, params as never[]);
        });
        return { rows: Array.from(rows) };
      }
      // Its schema migrations are one multi-statement BEGIN … COMMIT text: that needs one connection held throughout.
      if (/\bBEGIN\b/i.test(text)) {
        const reserved = await sql.reserve();
        try {
          return { rows: Array.from(await reserved.unsafe(text, params as never[])) };
        } catch (e) {
          // A statement of the text failed after its BEGIN: the connection is still inside that transaction, aborted, and
          // would refuse every query of whoever gets it from the pool next. Rolled back first. This is the ordinary path
          // when two processes install the schema at once: pg-boss lets the loser fail on "already exists" and goes on.
          await reserved.unsafe("ROLLBACK").catch(() => {});
          throw e;
        } finally {
          reserved.release();
        }
      }
      const rows = await sql.unsafe(text, params as never[]);
      return { rows: Array.from(rows) };
    },
  };
  return new PgBoss({
    db,
    schema: JOB_SCHEMA,
    supervise: options.supervise ?? false,
    schedule: options.schedule ?? false,
    migrate: true,
  });
}

// pg (which pg-boss is written for) sends undefined as NULL and plain objects as JSON text; postgres.js does neither.
function pgParams(values: unknown[] | undefined): unknown[] {
  return (values ?? []).map((v) =>
    v === undefined
      ? null
      : v !== null && typeof v === "object" && !(v instanceof Date) && !Array.isArray(v) && !Buffer.isBuffer(v)
        ? JSON.stringify(v)
        : v,
  );
}

/** pg-boss's `db` option over a drizzle transaction: its "$1 … $n" text rebuilt as one parameterized drizzle query. */
function transactionExecutor(tx: SqlRunner): PgBoss.Db {
  return {
    async executeSql(text, values) {
      // drizzle would expand an array into a list: pg-boss's job insert sends none, and nothing else goes through here.
      if ((values ?? []).some(Array.isArray)) throw new Error("transactional send: array parameters are not supported");
      const params = pgParams(values);
      const parts = text.split(/\$(\d+)\b/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? drizzleSql.raw(part) : drizzleSql`${params[Number(part) - 1]}`));
      const rows = await tx.execute(drizzleSql.join(chunks, drizzleSql.raw("")));
      return { rows: Array.from(rows as Iterable<unknown>) };
    },
  };
}

/** Starts pg-boss once and creates every queue; `send` waits for it, so enqueueing works from the first request. */
export type BossQueue = Omit<JobQueue, "ready"> & { ready(): Promise<PgBoss> };

/** `queues`: every job's queue options (lib/server/job-handlers.ts), by name: each queue is created once, before the first send. */
export function createJobQueue(boss: PgBoss, queues: Record<JobName, QueueOptions>): BossQueue {
  let starting: Promise<PgBoss> | null = null;
  const ready = () =>
    (starting ??= (async () => {
      await boss.start();
      for (const [name, options] of Object.entries(queues) as [JobName, QueueOptions][]) {
        // A "stately" queue keeps at most one waiting and one running job per singletonKey: two syncs of one appointment
        // never race, and a sweep every worker process enqueues on a timer waits once. The other queues keep every job.
        const policy = options.stately || options.every ? "stately" : "standard";
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy, ...QUEUE_DEFAULTS });
      }
      return boss;
    })().catch((e) => {
      starting = null;
      throw e;
    }));
  return {
    ready,
    async send(name, data, options = {}) {
      const b = await ready();
      const db = options.tx ? transactionExecutor(options.tx) : undefined;
      const share = options.fairShare;
      return b.send(name, (share ? { ...data, [FAIR_SHARE_KEY]: share } : data) as object, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(db ? { db } : {}),
        ...(share ? { priority: await fairPriority(db ?? b.getDb(), name, share, options.startAfter) } : {}),
      });
    },
  };
}

/** A job's failure as stored by the queue: the error's name and SQLSTATE, never its message. */
export class JobFailed extends Error {
  constructor(cause: unknown) {
    const x = cause as { name?: string; code?: string; cause?: { code?: string } } | null;
    super([x?.name ?? "Error", x?.code ?? x?.cause?.code].filter(Boolean).join(" "));
    this.name = "JobFailed";
  }
}

export type JobHandlers = { [N in JobName]: (data: JobData[N]) => Promise<void> };

/**
 * The lanes. Every queue is a lane of its own with its own workers, so no kind of work waits behind another kind:
 * - urgent texts: codes (verification-code: a caller is waiting on the phone, or on the booking page) and booking
 *   confirmations (appointment-notice), two workers each, so one slow send to the provider does not hold the next;
 * - bulk texts (appointment-reminder, recall-text, waitlist-text, booking-link-text) and the other per-practice
 *   messages: one worker each; a flood of them never reaches the urgent lanes;
 * - webhook deliveries: an attempt waits on someone else's server (up to its timeout), so eight workers; an endpoint
 *   runs one attempt at a time and a practice at most two (lib/accounts/webhooks/lease.ts), so a slow receiver holds
 *   at most two workers, and only its own practice's deliveries wait for it.
 * Inside a lane, per-practice work is sent with a fair share (`fairPriority`): no practice's backlog delays another's.
 * A worker that found a job looks again at once (it waits its polling second only when the lane is empty), so a
 * backlog drains as fast as the sends go rather than one a second. Each fetch uses SKIP LOCKED: no job runs twice.
 * Each lane's workers are its job's `workers` (QueueOptions), set where the job is registered. A worker polls every
 * second when idle, so a booking's messages leave within a second.
 */
export async function startWorkers(boss: PgBoss, handlers: JobHandlers, queues: Record<JobName, QueueOptions>): Promise<void> {
  for (const name of Object.keys(handlers) as JobName[])
    for (let i = 0; i < (queues[name]?.workers ?? 1); i++) await startWorker(boss, name, handlers);
}

async function startWorker(boss: PgBoss, name: JobName, handlers: JobHandlers): Promise<void> {
  const handle = handlers[name] as (data: unknown) => Promise<void>;
  // Known once `work` answers: a job fetched before then only means the usual polling wait after it.
  let workerId = "";
  workerId = await boss.work(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
    // A job was there, so more may be: the worker skips its polling wait and fetches again as soon as this one is done.
    if (jobs.length > 0 && workerId) boss.notifyWorker(workerId);
    for (const job of jobs) {
      try {
        await handle(job.data);
      } catch (e) {
        recordJobFailure(name);
        // pg-boss stores the thrown error in the job row: a driver error would carry the query's parameters (phone
        // numbers, emails, message text). Only the kind goes there.
        throw new JobFailed(e);
      }
    }
  });
}

/**
 * Runs every job that is due now, in this process, until none is left (tests and the CLI's in-process mode). A failing
 * job is failed in pg-boss exactly as a worker would, so retries and backoff behave the same.
 */
export async function drainJobs(boss: PgBoss, handlers: Partial<JobHandlers>, max = 500): Promise<{ completed: number; failed: number }> {
  let completed = 0;
  let failed = 0;
  for (let i = 0; i < max; i++) {
    let progressed = false;
    for (const name of Object.keys(handlers) as JobName[]) {
      const handle = handlers[name] as ((data: unknown) => Promise<void>) | undefined;
      if (!handle) continue;
      // A batch comes back in no set order: run it in the order workers fetching one at a time would.
      const jobs = (await boss.fetch(name, { batchSize: 10, includeMetadata: true })) ?? [];
      jobs.sort((x, y) => y.priority - x.priority || new Date(x.createdOn).getTime() - new Date(y.createdOn).getTime());
      for (const job of jobs) {
        progressed = true;
        try {
          await handle(job.data);
          await boss.complete(name, job.id);
          completed++;
        } catch (e) {
          recordJobFailure(name);
          await boss.fail(name, job.id, { error: new JobFailed(e).message });
          failed++;
        }
      }
    }
    if (!progressed) break;
  }
  return { completed, failed };
}

/**
 * Jobs due and not yet picked up, per queue, every queue listed (0 when none waits): what a metrics scrape reports. One
 * grouped count over pg-boss's index of waiting jobs; refused (so a scrape never hangs on a busy database) past
 * `timeoutMs`, and on PostgreSQL stopped there too by a statement timeout.
 */
export async function queueDepths(
  db: Pick<Db, "execute" | "transaction">,
  names: readonly JobName[],
  timeoutMs = 1_000,
): Promise<Record<JobName, number>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("queue depth read timed out")), timeoutMs);
  });
  const read = db.transaction(async (tx) => {
    await tx.execute(drizzleSql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
    return tx.execute(
      drizzleSql.raw(
        `select name, count(*)::int as depth from ${JOB_SCHEMA}.job where state < 'active' and start_after <= now() group by name`,
      ),
    );
  });
  try {
    const rows = Array.from((await Promise.race([read, timeout])) as Iterable<{ name: string; depth: number }>);
    const depths = Object.fromEntries(names.map((name) => [name, 0])) as Record<JobName, number>;
    for (const row of rows) if (row.name in depths) depths[row.name as JobName] = Number(row.depth);
    return depths;
  } finally {
    clearTimeout(timer);
    // A read that lost the race still settles later: its failure is nobody's to report.
    read.catch(() => {});
  }
}
