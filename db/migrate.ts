import path from "node:path";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { createDb } from "./client";
import { DATA_MIGRATIONS, runDataMigrations, type DataMigration } from "./data-migrations";

// Any fixed 64-bit number: every instance takes this advisory lock, so two starting instances never migrate at once.
const MIGRATION_LOCK = 727_365_001;

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/**
 * The SQL migrations, then the data migrations `steps` (by default db/data-migrations.ts's own; the composition root adds
 * those that need the domain: lib/server/data-migrations.ts).
 */
export async function runMigrations(url: string, steps: DataMigration[] = DATA_MIGRATIONS): Promise<void> {
  const { db, sql } = createDb(url, 1);
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      // Then the steps SQL cannot express (db/data-migrations.ts), each once.
      await runDataMigrations(db, steps);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}
