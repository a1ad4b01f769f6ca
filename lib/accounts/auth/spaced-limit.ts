// Limits whose wait grows step by step, in the same counters table as the fixed windows (rate-limit.ts). A key's row
// keeps how many attempts it had since it last went a whole `forgetMs` without one (`failures`) and when the last one
// was (`window_start`). The first `free` attempts pass at once; after that each one waits `firstWaitMs` after the
// previous one, the wait doubling at each step up to `maxWaitMs`. A person who mistyped waits seconds; a script asking
// again and again soon waits an hour for each try. Rows are purged with the other counters a day after their last use.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { loginAttempts } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";

export type SpacedKey = {
  key: string;
  /** Attempts allowed back to back before any wait. */
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
  /** A key quiet this long starts afresh. */
  forgetMs: number;
};

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The wait before the attempt that follows `taken` attempts: none within the free ones, then doubling to the ceiling. */
export function spacedWaitMs(k: SpacedKey, taken: number): number {
  if (taken < k.free) return 0;
  return Math.min(k.firstWaitMs * 2 ** (taken - k.free), k.maxWaitMs);
}

/**
 * Takes one attempt against every key, or none: under a lock per key (so parallel requests take their turn), each key's
 * count is read; while any key must still wait, a 429 says how long (Retry-After, and `{ seconds }` or `{ minutes }` for
 * the message: `<messageKey>Seconds` under two minutes, `<messageKey>Minutes` above). `admit` then sees each key's count
 * before this attempt, in the same transaction, and may answer a refusal: it is thrown once what `admit` wrote is
 * committed, with nothing counted on the keys. Else the attempt is counted on every key.
 */
export async function takeSpacedAttempt(
  db: Db,
  keys: SpacedKey[],
  messageKey: string,
  now = new Date(),
  admit?: (tx: Tx, counts: number[]) => Promise<AppError | null>,
): Promise<number[]> {
  const outcome = await db.transaction(async (tx) => {
    for (const key of keys.map((k) => k.key).sort())
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`spaced:${key}`}, 0))`);
    const rows = await tx
      .select()
      .from(loginAttempts)
      .where(
        inArray(
          loginAttempts.key,
          keys.map((k) => k.key),
        ),
      );
    const counts = keys.map((k) => {
      const row = rows.find((r) => r.key === k.key);
      return row && now.getTime() - row.windowStart.getTime() < k.forgetMs ? row.failures : 0;
    });
    const retryMs = Math.max(
      0,
      ...keys.map((k, i) => {
        const row = rows.find((r) => r.key === k.key);
        return row && counts[i]! > 0 ? row.windowStart.getTime() + spacedWaitMs(k, counts[i]!) - now.getTime() : 0;
      }),
    );
    if (retryMs > 0) throw waitError(messageKey, retryMs);
    const refused = (await admit?.(tx, counts)) ?? null;
    if (refused) return refused;
    const at = sql`${now.toISOString()}::timestamptz`;
    for (const [i, k] of keys.entries())
      await tx
        .insert(loginAttempts)
        .values({ key: k.key, windowStart: now, failures: counts[i]! + 1 })
        .onConflictDoUpdate({ target: loginAttempts.key, set: { windowStart: at, failures: counts[i]! + 1 } });
    return counts;
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** A 429 that says how long to wait, in seconds under two minutes and in minutes above. */
export function waitError(messageKey: string, retryMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  const headers = { "retry-after": String(seconds) };
  return seconds < 120
    ? new AppError("rate_limited", `${messageKey}Seconds`, { seconds }, headers)
    : new AppError("rate_limited", `${messageKey}Minutes`, { minutes: Math.ceil(seconds / 60) }, headers);
}
