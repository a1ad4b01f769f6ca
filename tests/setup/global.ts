// One fresh database per run: an in-memory PGlite served over the Postgres protocol (the embedded default), or, with
// TEST_DB=postgres, a throwaway database on the server at TEST_DATABASE_URL. The committed migrations build both.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../lib/server/data-migrations";
import { startEmbeddedDb } from "../../lib/server/embedded-db";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: "pglite" | "postgres";
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `recepta_test_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await migrateDatabase(url.toString());
    project.provide("databaseUrl", url.toString());
    project.provide("databaseKind", "postgres");
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const db = await startEmbeddedDb({ maxConnections: 8 });
  await migrateDatabase(db.url);
  project.provide("databaseUrl", db.url);
  project.provide("databaseKind", "pglite");
  return () => db.stop();
}
