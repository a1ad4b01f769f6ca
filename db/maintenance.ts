// Autovacuum for the embedded database. A PostgreSQL server vacuums and analyzes its tables on its own; PGlite runs
// Postgres as a single session with no background workers, so nothing ever would: rows a call's updates leave behind
// would pile up, every read of the calls would step over them, and the planner could never answer from an index alone
// (that needs the visibility map a vacuum keeps). The app runs this every few minutes on the embedded database
// (lib/server/workers.ts): the tables past PostgreSQL's own default autovacuum thresholds are vacuumed and analyzed,
// one at a time, so no single statement holds the one session for long.
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** PostgreSQL's defaults (autovacuum_vacuum_*, autovacuum_vacuum_insert_*, autovacuum_analyze_*). */
const THRESHOLDS = {
  dead: { base: 50, scale: 0.2 },
  inserted: { base: 1000, scale: 0.2 },
  analyze: { base: 50, scale: 0.1 },
} as const;

type TableStats = { schema: string; table: string; live: number; dead: number; inserted: number; modified: number };

/**
 * The tables past a threshold (ours and the job queue's, whose rows churn the most), as `schema.table`: what
 * `vacuumWhereDue` vacuums.
 */
export async function tablesDue(db: Db): Promise<{ schema: string; table: string }[]> {
  const rows = await db.execute<TableStats>(sql`
    select schemaname as schema, relname as table, n_live_tup::float8 as live, n_dead_tup::float8 as dead,
      n_ins_since_vacuum::float8 as inserted, n_mod_since_analyze::float8 as modified
    from pg_stat_user_tables order by schemaname, relname`);
  const past = (n: number, live: number, t: { base: number; scale: number }) => n > t.base + t.scale * live;
  return rows
    .filter(
      (r) =>
        past(r.dead, r.live, THRESHOLDS.dead) ||
        past(r.inserted, r.live, THRESHOLDS.inserted) ||
        past(r.modified, r.live, THRESHOLDS.analyze),
    )
    .map(({ schema, table }) => ({ schema, table }));
}

/** Vacuums and analyzes each table past a threshold; returns them as `schema.table`. */
export async function vacuumWhereDue(db: Db): Promise<string[]> {
  const due = await tablesDue(db);
  for (const { schema, table } of due) await db.execute(sql`vacuum (analyze) ${sql.identifier(schema)}.${sql.identifier(table)}`);
  return due.map(({ schema, table }) => `${schema}.${table}`);
}
