// Shared by the launcher and the db:* scripts: environment (.env files as Next loads them), secrets, and the database
// (the embedded PGlite server when DATABASE_URL is unset).
import nextEnv from "@next/env";
import { readEnv, type Env } from "@/lib/platform/env";
import { checkedSecrets } from "@/lib/server/secrets";
import { startEmbeddedDb, type EmbeddedDb } from "@/lib/server/embedded-db";

export type Runtime = { env: Env & { appUrl: string }; url: string; embedded: EmbeddedDb | null; vars: Record<string, string> };

/** The environment as `npm start` sees it (.env files included), touching neither the database nor the secrets. */
export function loadEnv(dev = false): Env & { appUrl: string } {
  nextEnv.loadEnvConfig(process.cwd(), dev, { info: () => {}, error: console.error });
  return readEnv();
}

export async function prepareRuntime(dev = false): Promise<Runtime> {
  const base = loadEnv(dev);
  const secrets = checkedSecrets(base); // the checks the container's entry makes too (lib/server/start-steps.ts)
  const embedded = base.DATABASE_URL ? null : await startEmbeddedDb({ dataDir: base.DATA_DIR });
  const url = base.DATABASE_URL ?? embedded!.url;
  const vars: Record<string, string> = { ...(secrets as Record<string, string>), DATABASE_URL: url };
  if (embedded) Object.assign(vars, { DATABASE_POOL_MAX: "1", RECEPTA_EMBEDDED_DB: "true" });
  Object.assign(process.env, vars);
  return { env: readEnv(), url, embedded, vars };
}

export function fail(error: unknown): never {
  console.error(`\nRecepta could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/** db:backup and db:restore cover the embedded folder only: a PostgreSQL server has its own tools, which do it better. */
export function refuseWithDatabaseUrl(e: Env, verb: "back up" | "restore"): void {
  if (!e.DATABASE_URL) return;
  console.error(
    `DATABASE_URL is set: ${verb} PostgreSQL with its own tools, e.g.\n` +
      `  pg_dump --format=custom --file=recepta.dump "$DATABASE_URL"\n` +
      `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" recepta.dump\n` +
      "db:backup and db:restore cover the embedded database (DATA_DIR) only. Keep ENCRYPTION_KEY with the dump: without it\n" +
      "the calendar tokens in it cannot be opened.",
  );
  process.exit(1);
}
