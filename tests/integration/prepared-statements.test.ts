// The app's queries run as named statements: parsed and described once per connection, then one round trip each.
import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, type Db, type Sql, type Tx } from "@/db/client";
import { users } from "@/db/schema";

/** A query with a parameter whose text no other query has (a literal marker), and how many prepared copies of it exist. */
function markedQuery() {
  const marker = `marker_${randomBytes(6).toString("hex")}`;
  return {
    run: (db: Db | Tx, email: string) =>
      db
        .select({ id: users.id, marker: sql.raw(`'${marker}'`) })
        .from(users)
        .where(eq(users.email, email)),
    prepared: async (raw: Sql) =>
      Number((await raw`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`}`)[0]!.n),
  };
}

describe("named statements", () => {
  it("a query the app runs is prepared on its connection once, however often it runs, in a transaction too", async () => {
    // One connection: every query below runs on it, so its prepared statements are the ones pg_prepared_statements lists.
    const { db, sql: raw } = createDb(process.env.DATABASE_URL!, 1);
    try {
      const q = markedQuery();
      for (const n of [1, 2, 3]) expect(await q.run(db, `nobody-${n}@example.com`)).toEqual([]);
      expect(await q.prepared(raw)).toBe(1);

      const inTx = markedQuery();
      const inSavepoint = markedQuery();
      await db.transaction(async (tx) => {
        for (const n of [1, 2]) expect(await inTx.run(tx, `nobody-${n}@example.com`)).toEqual([]);
        // A nested transaction is a savepoint, with a client of its own.
        await tx.transaction(async (inner) => {
          for (const n of [1, 2]) expect(await inSavepoint.run(inner, `nobody-${n}@example.com`)).toEqual([]);
        });
      });
      expect(await inTx.prepared(raw)).toBe(1);
      expect(await inSavepoint.prepared(raw)).toBe(1);
    } finally {
      await raw.end({ timeout: 5 });
    }
  });

  it("a statement whose length follows a list (one text per length) stays unnamed past 32 parameters", async () => {
    const { db, sql: raw } = createDb(process.env.DATABASE_URL!, 1);
    try {
      const marker = `marker_${randomBytes(6).toString("hex")}`;
      const count = async () =>
        Number((await raw`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`}`)[0]!.n);
      const emails = (n: number) => Array.from({ length: n }, (_, i) => `nobody-${i}@example.com`);
      const listed = (n: number) =>
        db
          .select({ id: users.id, marker: sql.raw(`'${marker}'`) })
          .from(users)
          .where(inArray(users.email, emails(n)));
      expect(await listed(40)).toEqual([]);
      expect(await listed(41)).toEqual([]);
      expect(await count()).toBe(0);
      expect(await listed(3)).toEqual([]);
      expect(await count()).toBe(1);
    } finally {
      await raw.end({ timeout: 5 });
    }
  });

  it("turned off (a pooler in transaction mode), nothing is prepared and the answers are the same", async () => {
    const { db, sql: raw } = createDb(process.env.DATABASE_URL!, 1, { prepare: false });
    try {
      const q = markedQuery();
      for (const n of [1, 2]) expect(await q.run(db, `nobody-${n}@example.com`)).toEqual([]);
      expect(await q.prepared(raw)).toBe(0);
    } finally {
      await raw.end({ timeout: 5 });
    }
  });
});
