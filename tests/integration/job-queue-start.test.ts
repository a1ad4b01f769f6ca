// The job queue started by several processes at once on one database (instances started together): each must end up
// with a working queue and a pool whose connections all still answer.
import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "@/db/client";
import { createBoss, createJobQueue } from "@/lib/platform/jobs/queue";
import { JOB_NAMES, JOB_QUEUES } from "@/lib/server/job-handlers";

describe("job queue start", () => {
  it("a BEGIN … COMMIT text that fails half way leaves no aborted transaction on the connection it goes back to the pool with", async () => {
    // One connection: the query after the failure gets the very connection the failed text ran on.
    const { sql } = createDb(process.env.DATABASE_URL!, 1);
    try {
      const boss = createBoss(sql);
      await expect(boss.getDb().executeSql("BEGIN; SELECT 1; SELECT 1/0; COMMIT;", [])).rejects.toThrow(/division by zero/);
      expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  // A fresh database each round (pg-boss installs its schema once per database): throwaway ones on the PostgreSQL server.
  // Several rounds, because the races (the schema install, two create_queue deadlocking) do not happen every time.
  it.skipIf(inject("databaseKind") !== "postgres")(
    "two processes starting the queue at once on a new database both start it, and both can send and query afterwards",
    async () => {
      const server = createDb(process.env.TEST_DATABASE_URL!, 1).sql;
      try {
        for (let round = 0; round < 3; round++) {
          const name = `recepta_boss_${randomBytes(4).toString("hex")}`;
          await server.unsafe(`create database ${name}`);
          const url = new URL(process.env.TEST_DATABASE_URL!);
          url.pathname = `/${name}`;
          const pools = [createDb(url.toString(), 2), createDb(url.toString(), 2)];
          try {
            const queues = pools.map(({ sql }) => createJobQueue(createBoss(sql), JOB_QUEUES));
            const started = await Promise.allSettled(queues.map((q) => q.ready()));
            expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual(["started", "started"]);
            for (const { sql } of pools) {
              for (let i = 0; i < 4; i++) expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
            }
            expect(await Promise.all(queues.map((q) => q.send("calendar-revoked", { userId: name })))).toHaveLength(2);
            const [row] = await pools[0]!.sql`select count(*)::int as queues from pgboss.queue`;
            expect(row!.queues).toBe(JOB_NAMES.length);
          } finally {
            await Promise.all(pools.map(({ sql }) => sql.end({ timeout: 5 })));
            await server.unsafe(`drop database if exists ${name} with (force)`);
          }
        }
      } finally {
        await server.end({ timeout: 5 });
      }
    },
    60_000,
  );
});
