// The embedded database's autovacuum (db/maintenance.ts): a table past PostgreSQL's default thresholds, by rows
// inserted or by rows left dead by updates, is vacuumed and analyzed, and is no longer due afterwards. On a scratch
// table, so the rest of the suite's tables do not decide what is due.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { tablesDue, vacuumWhereDue } from "@/db/maintenance";

const PROBE = "public.maintenance_probe";
const due = async () => (await tablesDue(getDb())).map((t) => `${t.schema}.${t.table}`);
// The statistics a session gathers reach the shared counters when it is idle, at most once a second, unless told to
// flush at once (PostgreSQL 15+); a PostgreSQL pool may read them from another connection.
const write = (statement: ReturnType<typeof sql>) =>
  getDb().transaction(async (tx) => {
    await tx.execute(statement);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
const stats = async () =>
  (
    await getDb().execute<{ dead: number; vacuumed: boolean; analyzed: boolean }>(sql`
      select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
      from pg_stat_user_tables where schemaname = 'public' and relname = 'maintenance_probe'`)
  )[0]!;

describe("the embedded database's autovacuum", () => {
  beforeAll(async () => {
    await getDb().execute(sql`create table maintenance_probe (id int primary key, note text)`);
  });
  afterAll(async () => {
    await getDb().execute(sql`drop table if exists maintenance_probe`);
  });

  it("vacuums and analyzes a table once enough rows were inserted, and then leaves it alone", async () => {
    await write(sql`insert into maintenance_probe select n, 'new' from generate_series(1, 2000) n`);
    // 2,000 rows inserted into an empty table: past the insert threshold (1,000 + 20% of the rows).
    await expect.poll(due).toContain(PROBE);
    expect(await vacuumWhereDue(getDb())).toContain(PROBE);
    expect(await stats()).toMatchObject({ vacuumed: true, analyzed: true });
    expect(await due()).not.toContain(PROBE);
  });

  it("vacuums a table whose updates left dead rows behind", async () => {
    await write(sql`update maintenance_probe set note = 'changed' where id <= 1000`);
    await expect.poll(async () => (await stats()).dead).toBe(1000);
    expect(await due()).toContain(PROBE);
    await vacuumWhereDue(getDb());
    expect((await stats()).dead).toBe(0);
    expect(await due()).not.toContain(PROBE);
  });
});
