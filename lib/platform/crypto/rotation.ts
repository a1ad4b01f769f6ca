// Re-seals every stored secret under the keyring's current key (`npm run keys:rotate`). Batches of rows are locked,
// re-sealed and written back in one transaction each, so a run can stop anywhere and the next one carries on: rows
// already under the current key are never selected. Counts only: no secret, plain or sealed, leaves this module.
import { and, asc, count, eq, getTableName, gt, notLike, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { calendarConnections, calendarFeeds, webhookEndpoints } from "@/db/schema";
import { SecretBoxError, type SecretBox } from "@/lib/platform/crypto/secret-box";

export type SealedColumn = { name: string; table: PgTable; id: PgColumn; value: PgColumn };

/** Every column that holds a SecretBox envelope. A new stored provider secret is added here, or rotation misses it. */
export const SEALED_COLUMNS: SealedColumn[] = [
  {
    name: "calendar_connections.refresh_token_enc",
    table: calendarConnections,
    id: calendarConnections.practitionerId,
    value: calendarConnections.refreshTokenEnc,
  },
  { name: "webhook_endpoints.secret_enc", table: webhookEndpoints, id: webhookEndpoints.id, value: webhookEndpoints.secretEnc },
  { name: "calendar_feeds.token_enc", table: calendarFeeds, id: calendarFeeds.id, value: calendarFeeds.tokenEnc },
];

export type ResealCounts = {
  column: string;
  /** Rows re-sealed under the current key by this run. */
  resealed: number;
  /** Rows that did not open (unknown key id, altered ciphertext): left as they are. */
  failed: number;
  /** Rows still under another key after the run (failed ones, and any written meanwhile by an app on the old key). */
  remaining: number;
};

export async function resealSecrets(
  db: Db,
  box: SecretBox,
  opts: { columns?: SealedColumn[]; batchSize?: number; onBatch?: (c: ResealCounts) => void } = {},
): Promise<ResealCounts[]> {
  const results: ResealCounts[] = [];
  for (const col of opts.columns ?? SEALED_COLUMNS) {
    // A database never migrated this far stores nothing there: skipped rather than migrated by a key command.
    const [table] = await db.execute<{ found: boolean }>(sql`select to_regclass(${getTableName(col.table)}) is not null as found`);
    if (!table?.found) {
      results.push({ column: col.name, resealed: 0, failed: 0, remaining: 0 });
      continue;
    }
    const stale = notLike(col.value, `v1.${box.keyId}.%`);
    const counts: ResealCounts = { column: col.name, resealed: 0, failed: 0, remaining: 0 };
    let after: unknown = undefined;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        // Keyset pagination by id: a row that fails to open is stepped over instead of selected again forever.
        const where: SQL | undefined = after === undefined ? stale : and(stale, gt(col.id, after));
        const rows = (await tx
          .select({ id: col.id, value: col.value })
          .from(col.table)
          .where(where)
          .orderBy(asc(col.id))
          .limit(opts.batchSize ?? 100)
          .for("update")) as { id: unknown; value: string }[];
        for (const row of rows) {
          let sealed: string;
          try {
            sealed = box.seal(box.open(row.value));
          } catch (e) {
            if (!(e instanceof SecretBoxError)) throw e;
            counts.failed += 1;
            continue;
          }
          // SET takes a bare column name (Postgres refuses a table-qualified one there).
          await tx.execute(sql`update ${col.table} set ${sql.identifier(col.value.name)} = ${sealed} where ${eq(col.id, row.id)}`);
          counts.resealed += 1;
        }
        return rows;
      });
      if (!batch.length) break;
      after = batch[batch.length - 1]!.id;
      opts.onBatch?.({ ...counts });
    }
    const [left] = await db.select({ n: count() }).from(col.table).where(stale);
    counts.remaining = left?.n ?? 0;
    results.push(counts);
  }
  return results;
}
