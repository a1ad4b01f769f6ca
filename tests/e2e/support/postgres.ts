// A throwaway database on the PostgreSQL server of TEST_DATABASE_URL (that server's own database: a database is created
// on it per run and dropped afterwards), for the specs that start production servers against PostgreSQL.
import { randomBytes } from "node:crypto";
import postgres from "postgres";

export type ThrowawayDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * Why the PostgreSQL checks cannot run here: TEST_DATABASE_URL is unset (a run without PostgreSQL, e.g. a laptop); null
 * when they can. A TEST_DATABASE_URL that is set but does not answer throws instead: the run asked for PostgreSQL
 * (`.ci/run` sets it only when a server answers), so those checks fail rather than being skipped unseen.
 */
export async function postgresUnavailable(): Promise<string | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return "TEST_DATABASE_URL is not set: these checks need a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres)";
  }
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin`select 1 as one`;
    return null;
  } catch (e) {
    throw new Error(`No PostgreSQL answers at TEST_DATABASE_URL (${serverUrl.replace(/\/\/[^@]*@/, "//")}): ${(e as Error).message}`);
  } finally {
    await admin.end({ timeout: 1 }).catch(() => {});
  }
}

/** The server URL of TEST_DATABASE_URL with another database name. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new, empty database `<prefix>_<random>` on the server of `serverUrl`; drop() removes it, open connections too. */
export async function createThrowawayDatabase(prefix: string, serverUrl = process.env.TEST_DATABASE_URL): Promise<ThrowawayDatabase> {
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set (check postgresUnavailable() first)");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  await admin.unsafe(`create database ${name}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * Secrets for a set of servers on PostgreSQL: there they come from the environment (the embedded default generates its
 * own), and every instance of one installation shares them.
 */
export function installationSecrets() {
  return {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    VAPI_WEBHOOK_SECRET: randomBytes(24).toString("base64url"),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("base64url")}`,
  };
}
