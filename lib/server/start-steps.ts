// The start-up steps between "the environment is read" and "the server listens", for both ways of starting a
// production server: `npm start` (scripts/launch.ts runs them before it spawns scripts/server.mjs) and the container's
// entry (scripts/standalone.mjs: no TypeScript loader in the image, so instrumentation.ts, compiled into the build, runs
// runStartStepsInServer before the server listens). One copy of each step, so both check, migrate and bootstrap alike.
import { createDb } from "@/db/client";
import { readEnv, type Env } from "@/lib/platform/env";
import { createProviders } from "@/lib/vendors/registry";
import { bootstrap } from "@/lib/server/bootstrap";
import { checkedSecrets } from "@/lib/server/secrets";
import { migrateDatabase } from "@/lib/server/data-migrations";

/**
 * The bootstrap (first admin, sandbox number pool) on a connection of its own, closed afterwards; it runs after the
 * migrations (migrateDatabase: under an advisory lock, so instances started together apply each once). Returns its notes.
 */
export async function bootstrapDatabase(url: string, e: Env & { appUrl: string }, authSecret: string): Promise<string[]> {
  const { db, sql } = createDb(url, 1);
  try {
    return await bootstrap(db, e, createProviders(db, e, authSecret).telephony);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Every step for a server started without the launcher (the container): PostgreSQL only, since the embedded database
 * needs the launcher to serve it. Prints the bootstrap's notes as `npm start` does.
 */
export async function runStartStepsInServer(): Promise<void> {
  const e = readEnv();
  if (!e.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: this entry serves PostgreSQL deployments only (the embedded database needs `npm start`).");
  }
  checkedSecrets(e);
  await migrateDatabase(e.DATABASE_URL);
  const notes = await bootstrapDatabase(e.DATABASE_URL, e, e.AUTH_SECRET!);
  notes.forEach((n) => console.log(n));
}
