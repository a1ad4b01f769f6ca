// The data migrations every start runs: db/data-migrations.ts's own (which need nothing but the database and the
// platform), then those that need the domain, which db/ may not import (the platform is the bottom area). Each runs
// once per database, recorded as any other (db/data-migrations.ts), and must be safe to run again.
import { runMigrations } from "@/db/migrate";
import { DATA_MIGRATIONS, type DataMigration } from "@/db/data-migrations";
import { runHolidaySweep } from "@/lib/scheduling/closures/holidays";

export const APP_DATA_MIGRATIONS: DataMigration[] = [
  ...DATA_MIGRATIONS,
  // Businesses created before public holidays were closed by default get theirs: the next twelve months for their area
  // (the holiday sweep, run once before the server listens; the daily sweep keeps them filled from then on).
  { id: "0002_public_holidays", run: (db) => runHolidaySweep(db) },
];

/** The SQL migrations and every data migration, under the migrations' lock (db/migrate.ts). */
export function migrateDatabase(url: string): Promise<void> {
  return runMigrations(url, APP_DATA_MIGRATIONS);
}
