// For the tests of migrations that change what earlier rows mean: a database of its own (PGlite, or a throwaway
// PostgreSQL database with TEST_DB=postgres), and the migrations folder as it was at an earlier release.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { MIGRATIONS_FOLDER } from "@/db/migrate";
import { startEmbeddedDb } from "@/lib/server/embedded-db";

/** The migrations folder as it was up to `lastTag`: the same files, the journal cut after it. */
export function folderUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recepta-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(upTo, lastTag).toBeGreaterThanOrEqual(0);
  const entries = journal.entries.slice(0, upTo + 1);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** An empty database of the run's kind, and how to drop it. */
async function migrationDatabase(): Promise<{ sql: postgres.Sql; stop: () => Promise<void> }> {
  if (inject("databaseKind") === "postgres") {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `recepta_migration_${randomBytes(4).toString("hex")}`;
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      sql: postgres(url.toString(), { max: 1, onnotice: () => {} }),
      stop: async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const embedded = await startEmbeddedDb({ maxConnections: 1 });
  return { sql: postgres(embedded.url, { max: 1, onnotice: () => {} }), stop: () => embedded.stop() };
}

/** The file's database: made before its tests, dropped after them; `sql()` is its client. */
export function migrationDatabaseForFile(): () => postgres.Sql {
  let db: { sql: postgres.Sql; stop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    db = await migrationDatabase();
  });
  afterAll(async () => {
    await db?.sql.end({ timeout: 5 });
    await db?.stop();
  });
  return () => db!.sql;
}
