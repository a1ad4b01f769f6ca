// One driver everywhere: postgres.js. On the embedded default it talks to PGlite served over the Postgres protocol.
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";
import { env } from "@/lib/env";
import { onShutdown } from "@/lib/process/shutdown";

export type Db = PostgresJsDatabase<typeof schema>;
/** The handle a transaction callback receives: what a function that must run inside one takes. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Sql = postgres.Sql;

export function createDb(url: string, max = 10): { db: Db; sql: Sql } {
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    // Instants are compared and stored in UTC; the business time zone is applied in lib/, never by the session.
    connection: { TimeZone: "UTC" },
  });
  return { db: drizzle(sql, { schema }), sql };
}

type Holder = { db: Db; sql: Sql };
const globalForDb = globalThis as unknown as { __receptaDb?: Holder };

/** The process-wide pool (kept on globalThis so dev reloads do not open a pool per reload). */
export function getDb(): Db {
  return holder().db;
}

/** The same pool as getDb(), for libraries that speak SQL themselves (the job queue). */
export function getSql(): Sql {
  return holder().sql;
}

function holder(): Holder {
  if (!globalForDb.__receptaDb) {
    const { DATABASE_URL, DATABASE_POOL_MAX } = env();
    if (!DATABASE_URL) {
      throw new Error("DATABASE_URL is not set. Start the app with `npm start`, which serves the embedded database.");
    }
    globalForDb.__receptaDb = createDb(DATABASE_URL, DATABASE_POOL_MAX);
    // Closed at shutdown after the HTTP drain and the job workers, which were registered later and still query it.
    onShutdown("database pool", closeDb);
  }
  return globalForDb.__receptaDb;
}

export async function closeDb(): Promise<void> {
  const h = globalForDb.__receptaDb;
  globalForDb.__receptaDb = undefined;
  if (h) await h.sql.end({ timeout: 5 });
}
