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

export const JOB = {
  /** Confirmation / reschedule / cancellation messages for one appointment version. */
  appointmentNotice: "appointment-notice",
  /** The reminder 24 h before an appointment. */
  appointmentReminder: "appointment-reminder",
  /** The owner's email for a message the receptionist took. */
  messageTaken: "message-taken",
  /** Puts an appointment in the owner's calendar when the inline attempt failed. */
  calendarSync: "calendar-sync",
  /** Tells the owner their calendar grant stopped working. */
  calendarRevoked: "calendar-revoked",
  /** Emails an account created by a checkout its single-use setup link (the job makes the token). */
  accountSetup: "account-setup",
  /** Tells an account's owner that a checkout paid with its email was held for it (its plan unchanged). */
  heldCheckout: "held-checkout",
  /** Tells the owner of a set-up account that someone tried to register with its email. */
  registerAttempt: "register-attempt",
  /** Emails an account a fresh single-use password reset link (the job makes the token). */
  passwordReset: "password-reset",
  /** Tells an account's owner that its password was changed (by a reset link or in the settings). */
  passwordChanged: "password-changed",
  /** An automatic answer to a caller's text about their appointment (confirmed, "reply YES to cancel", …). */
  inboxReply: "inbox-reply",
  /** A cancellation the caller confirmed by text: run through the booking commands, then told as any cancellation. */
  replyCancel: "reply-cancel",
  /** Sends a reply the owner wrote in the inbox. */
  threadReply: "thread-reply",
  /** Tells the owner by email that a caller wrote (once per thread until it is read). */
  threadNotice: "thread-notice",
  /** Tells a caller by text that the request they left is handled. */
  taskDone: "task-done",
  /** Texts a caller the one-time code that proves, on a call, they hold an appointment's phone. */
  verificationCode: "verification-code",
  /** Removes call transcripts, summaries and recordings past their business's retention period (hourly). */
  retentionPurge: "retention-purge",
  /** Ends calls nothing has been heard of for 30 minutes as abandoned (every 5 minutes). */
  abandonedCalls: "abandoned-calls",
  /** A slot freed (a cancellation or a move): offered to the people waiting for it; again when those offers expire. */
  waitlistSlot: "waitlist-slot",
  /** The slot a waitlist YES took: booked through the booking commands. */
  waitlistTake: "waitlist-take",
  /** A waitlist text: the offer of a freed slot, or that it is gone or expired. */
  waitlistText: "waitlist-text",
  /** Texts the callers due for a recall, in each business's daytime (hourly). */
  recallSweep: "recall-sweep",
  /** One recall text: the caller is due again for a service, with the booking page's link. */
  recallText: "recall-text",
  /** Texts a caller the booking page's link, when the call did not book (once per call). */
  bookingLinkText: "booking-link-text",
  /** One attempt at sending a webhook delivery to its endpoint; a failed attempt sends the next one, with backoff. */
  webhookDelivery: "webhook-delivery",
  /** Keeps every business's public holidays filled twelve months ahead, for its current area (daily). */
  holidaySweep: "holiday-sweep",
  /** Fills one business's public holidays (an account a checkout created). */
  holidayFill: "holiday-fill",
  /** Tells the owner their booking page is flooded with code requests (once a day at most). */
  bookingPageAbuse: "booking-page-abuse",
  /** Tells the owner that an API key or a webhook endpoint was made on the account: what, when, where to revoke it. */
  accessMade: "access-made",
} as const;
export type JobName = (typeof JOB)[keyof typeof JOB];

export type JobData = {
  // "reassignment": the same time with another practitioner, told only when the owner chose to.
  [JOB.appointmentNotice]: {
    appointmentId: string;
    kind: "confirmation" | "reschedule" | "cancellation" | "reassignment";
    version: number;
  };
  [JOB.appointmentReminder]: { appointmentId: string; version: number };
  [JOB.messageTaken]: { messageId: string };
  [JOB.calendarSync]: { appointmentId: string };
  [JOB.calendarRevoked]: { userId: string; practitionerId?: string };
  /** `key` names the occasion (a checkout, a registration attempt): one email per key. */
  [JOB.accountSetup]: { userId: string; key: string };
  /** One email per held checkout (`sessionId`). */
  [JOB.heldCheckout]: { userId: string; sessionId: string };
  /** `key` names the occasion (the account and the hour): one email per key. */
  [JOB.registerAttempt]: { userId: string; key: string };
  /** `key` names the request (the owner's, or an admin's): one email per key. */
  [JOB.passwordReset]: { userId: string; key: string };
  /** `at`: when it changed (ISO); `how`: with a reset link or in the account settings. One email per change. */
  [JOB.passwordChanged]: { userId: string; at: string; how: "reset" | "change" };
  /** `key` names the text answered (its event): one answer per text. */
  [JOB.inboxReply]: {
    userId: string;
    appointmentId: string;
    to: string;
    channel: "sms" | "whatsapp";
    kind: "confirmed" | "cancelAsk" | "kept" | "change" | "cancelStale" | "cancelExpired" | "tooLate";
    key: string;
  };
  /** `channel`: where the "yes" came from, and so where an answer other than the cancellation notice goes. */
  [JOB.replyCancel]: { userId: string; appointmentId: string; callerPhone: string; version: number; channel?: "sms" | "whatsapp" };
  [JOB.threadReply]: { threadMessageId: string };
  [JOB.threadNotice]: { threadMessageId: string };
  [JOB.verificationCode]: { codeId: string; language?: "en" | "fr" | "es" };
  [JOB.taskDone]: { messageId: string };
  [JOB.retentionPurge]: Record<string, never>;
  [JOB.abandonedCalls]: Record<string, never>;
  /** `startsAt`: the freed slot's start (ISO), with that practitioner. */
  [JOB.waitlistSlot]: { userId: string; practitionerId: string; startsAt: string };
  /** `channel`: where the YES came from, and so where a refusal goes. */
  [JOB.waitlistTake]: { offerId: string; channel: "sms" | "whatsapp" };
  /**
   * `answer`: an answer to the person's own text (free text on WhatsApp, inside its window), else a message of ours (a
   * template there). `channel` unset: the one their entry asked for. `key` names the occasion: one text per key.
   */
  [JOB.waitlistText]: { offerId: string; kind: "offer" | "gone" | "expired"; channel?: "sms" | "whatsapp"; answer: boolean; key: string };
  [JOB.recallSweep]: Record<string, never>;
  /** The recall_texts row: the number and the words are read from it when it is sent, never kept in the queue. */
  [JOB.recallText]: { recallTextId: string };
  /** `key` names the call: one text per call. */
  [JOB.bookingLinkText]: { userId: string; to: string; language: "en" | "fr" | "es"; key: string };
  /**
   * The webhook_deliveries row: what is sent is read from it, never kept in the queue. `at`: the attempt this job is for
   * (the row's next_attempt_at when it was queued); a job whose attempt the row no longer waits for does nothing.
   */
  [JOB.webhookDelivery]: { deliveryId: string; at: string };
  [JOB.holidaySweep]: Record<string, never>;
  [JOB.holidayFill]: { userId: string };
  /** `at`: when the page was marked as flooded (ISO): one email per mark, and a page is marked once a day at most. */
  [JOB.bookingPageAbuse]: { userId: string; at: string };
  /**
   * `id`: the key's or the endpoint's (one email each); `at`: when it was made (ISO); `name`: the key's name or the
   * endpoint's host; `grants`: its scopes or events. Never the key, the secret or the endpoint's full address.
   */
  [JOB.accessMade]: { userId: string; kind: "apiKey" | "webhookEndpoint"; id: string; at: string; name: string; grants: string[] };
};

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

export function createJobQueue(boss: PgBoss): BossQueue {
  let starting: Promise<PgBoss> | null = null;
  const ready = () =>
    (starting ??= (async () => {
      await boss.start();
      for (const name of Object.values(JOB)) {
        // Calendar syncs are "stately": at most one waiting and one running per appointment (singletonKey), so two
        // syncs of one appointment never race each other. So are the sweeps (retention purge, abandoned calls, recall,
        // holidays): every worker process enqueues them on a timer, one run waits at most. The other queues keep every job.
        const stately: JobName[] = [JOB.calendarSync, JOB.retentionPurge, JOB.abandonedCalls, JOB.recallSweep, JOB.holidaySweep];
        const policy = stately.includes(name) ? "stately" : "standard";
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
 */
const WORKERS: Partial<Record<JobName, number>> = {
  [JOB.verificationCode]: 2,
  [JOB.appointmentNotice]: 2,
  [JOB.webhookDelivery]: 8,
};

/** Registers the workers of every queue (polling every second when idle), so a booking's messages leave within a second. */
export async function startWorkers(boss: PgBoss, handlers: JobHandlers): Promise<void> {
  for (const name of Object.values(JOB)) for (let i = 0; i < (WORKERS[name] ?? 1); i++) await startWorker(boss, name, handlers);
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
    for (const name of Object.values(JOB)) {
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
export async function queueDepths(db: Pick<Db, "execute" | "transaction">, timeoutMs = 1_000): Promise<Record<JobName, number>> {
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
    const depths = Object.fromEntries(Object.values(JOB).map((name) => [name, 0])) as Record<JobName, number>;
    for (const row of rows) if (row.name in depths) depths[row.name as JobName] = Number(row.depth);
    return depths;
  } finally {
    clearTimeout(timer);
    // A read that lost the race still settles later: its failure is nobody's to report.
    read.catch(() => {});
  }
}
