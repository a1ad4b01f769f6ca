// One driver everywhere: postgres.js. On the embedded default it talks to PGlite served over the Postgres protocol.
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";
import { env, readEnv } from "@/lib/platform/env";
import { onShutdown } from "@/lib/platform/process/shutdown";

export type Db = PostgresJsDatabase<typeof schema>;
/** The handle a transaction callback receives: what a function that must run inside one takes. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Sql = postgres.Sql;

export type DbOptions = {
  /** Named statements (see namedStatements); off for a pooler in transaction mode. Default: DATABASE_PREPARED_STATEMENTS. */
  prepare?: boolean;
  /**
   * Whether connections are replaced after a while (postgres.js: 30 to 60 minutes), as a server behind a failover or a
   * pooler wants. Off for the embedded database: its one session outlives our connections to it, and every statement a
   * replaced connection prepared would stay in it.
   */
  recycle?: boolean;
};

export function createDb(url: string, max = 10, opts: DbOptions = {}): { db: Db; sql: Sql } {
  // Every pool follows the setting (the migrator's and the start-up steps' too): a pooler that cannot carry named
  // statements cannot carry them for anyone.
  const prepare = opts.prepare ?? readEnv().DATABASE_PREPARED_STATEMENTS;
  const sql = postgres(url, {
    max,
    prepare,
    ...(opts.recycle === false ? { max_lifetime: null } : {}),
    onnotice: () => {},
    // Instants are compared and stored in UTC; the business time zone is applied in lib/, never by the session.
    connection: { TimeZone: "UTC" },
  });
  return { db: drizzle(prepare ? namedStatements(sql) : sql, { schema }), sql };
}

/**
 * The client drizzle talks to, with its statements run as named statements. drizzle asks for unnamed ones, and
 * postgres.js then has the server describe an unnamed statement's parameters before it binds them: two round trips and a
 * fresh plan every time (a call's business lookup took about 2 ms on PostgreSQL that way, 0.5 ms named, and on the
 * embedded database each round trip is a turn of its one session). postgres.js keeps the statements per connection,
 * keyed by their text and parameter types, and prepares again after a schema change. Left unnamed: statements without
 * parameters (raw SQL there may hold several commands, which a named statement cannot), and those with more than
 * NAMED_MAX_PARAMS (a list or a batch whose length changes the text: each length would be one more statement kept).
 */
const NAMED_MAX_PARAMS = 32;

function namedStatements(client: Sql): Sql {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        return (query: string, ...rest: unknown[]) => {
          const [params, options] = rest as [postgres.ParameterOrJSON<never>[] | undefined, postgres.UnsafeQueryOptions | undefined];
          const named = Array.isArray(params) && params.length > 0 && params.length <= NAMED_MAX_PARAMS;
          // Any other form (no parameters, or postgres.js's unsafe(query, options)) goes through as it came.
          return named
            ? target.unsafe(query, params, { ...options, prepare: true })
            : (target.unsafe as (...a: unknown[]) => unknown)(query, ...rest);
        };
      }
      // A transaction's (and a savepoint's) own client gets the same treatment.
      if (prop === "begin" || prop === "savepoint") {
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: Sql) => unknown;
          const open = Reflect.get(target, prop, receiver) as (...a: unknown[]) => Promise<unknown>;
          return open.call(target, ...args, (tx: Sql) => body(namedStatements(tx)));
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
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
    const { DATABASE_URL, DATABASE_POOL_MAX, RECEPTA_EMBEDDED_DB } = env();
    if (!DATABASE_URL) {
      throw new Error("DATABASE_URL is not set. Start the app with `npm start`, which serves the embedded database.");
    }
    globalForDb.__receptaDb = createDb(DATABASE_URL, DATABASE_POOL_MAX, { recycle: !RECEPTA_EMBEDDED_DB });
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
