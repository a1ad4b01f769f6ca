// The embedded data folder's maintenance commands on a folder of their own, built the way `npm start` builds it
// (secrets resolved into DATA_DIR, PGlite served from DATA_DIR/pglite, migrations): keys:rotate, db:backup, db:restore.
// Embedded only: with DATABASE_URL the commands defer to pg_dump/pg_restore, which the last case checks.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { connectCalendar } from "@/lib/scheduling/calendar/calendar.service";
import { calendarsOf } from "../helpers/calendars";
import { readEnv } from "@/lib/platform/env";
import { createSandboxCalendar } from "@/lib/vendors/calendar-sandbox/sandbox-calendar";
import { backupDataDir, restoreDataDir } from "@/lib/server/ops/backup";
import { ensureUser } from "@/lib/server/bootstrap";
import { startEmbeddedDb } from "@/lib/server/embedded-db";
import { resolveSecrets, secretBoxFor } from "@/lib/server/secrets";
import { readTar } from "@/lib/platform/format/tar";

const run = promisify(execFile);
const TSX = path.resolve("node_modules", ".bin", "tsx");

/** A command as `npm run` starts it, on this folder only: the test run's own database and secrets are taken out. */
async function cli(script: string, args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    AUTH_SECRET: "",
    ENCRYPTION_KEY: "",
    ENCRYPTION_KEYS_OLD: "",
    VAPI_WEBHOOK_SECRET: "",
    STRIPE_WEBHOOK_SECRET: "",
    DATABASE_URL: "",
    ...env,
  };
  delete childEnv.DATABASE_POOL_MAX;
  delete childEnv.RECEPTA_EMBEDDED_DB;
  try {
    const { stdout, stderr } = await run(TSX, [path.join("scripts", script), ...args], { env: childEnv, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, out: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  }
}

/** Opens the folder as the app does, runs `fn` on it, closes it. */
async function withFolder<T>(dataDir: string, fn: (sql: ReturnType<typeof createDb>["sql"]) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedDb({ dataDir });
  const { sql } = createDb(embedded.url, 1);
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
    await embedded.stop();
  }
}

const keyring = (dataDir: string) => secretBoxFor(resolveSecrets(readEnv({ DATA_DIR: dataDir })));

describe.skipIf(inject("databaseKind") !== "pglite")("embedded data folder", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "recepta-backup-"));
  const dataDir = path.join(work, "data");
  const email = "kept@example.com";
  let token = "";

  beforeAll(async () => {
    const secrets = resolveSecrets(readEnv({ DATA_DIR: dataDir }));
    const embedded = await startEmbeddedDb({ dataDir });
    try {
      await runMigrations(embedded.url);
      const { db, sql } = createDb(embedded.url, 1);
      try {
        await ensureUser(db, { email, password: "kept-password-123", fullName: "Kept Owner", type: "user" });
        const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
        const sandbox = createSandboxCalendar(secrets.AUTH_SECRET!, db);
        const calendar = calendarsOf({
          ...sandbox,
          connect: async (consent) => sandbox.connect(consent).then((g) => ((token = g!.secret), g)),
        });
        await connectCalendar({ db, calendar, secrets: secretBoxFor(secrets) }, user!.id, "google", { code: "sandbox-test-code" });
      } finally {
        await sql.end({ timeout: 5 });
      }
    } finally {
      await embedded.stop();
    }
  });

  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("keys:rotate re-seals the stored tokens under a new key and retires the old one, printing counts only", async () => {
    const before = keyring(dataDir);
    const result = await cli("keys-rotate.ts", [], { DATA_DIR: dataDir });
    expect(result.code, result.out).toBe(0);
    const after = keyring(dataDir);
    expect(after.keyId).not.toBe(before.keyId);
    expect(after.keyIds).toEqual([after.keyId]); // the old key is gone from secrets.json
    expect(result.out).toContain("1 re-sealed, 0 could not be opened, 0 still under another key");
    expect(result.out).toContain(`retired key(s) ${before.keyId}`);
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
    for (const leak of [token, secrets.ENCRYPTION_KEY!, secrets.AUTH_SECRET!]) expect(result.out).not.toContain(leak);

    const stored = await withFolder(dataDir, (sql) => sql<{ v: string }[]>`select refresh_token_enc as v from calendar_connections`);
    expect(stored[0]!.v.startsWith(`v1.${after.keyId}.`)).toBe(true);
    expect(after.open(stored[0]!.v)).toBe(token);
  });

  it("restores the data and the keys of the backup after both changed, keeping the replaced folder aside", async () => {
    const file = path.join(work, "backups", "recepta-test.tar.gz");
    const keyAtBackup = keyring(dataDir).keyId;
    const backup = await backupDataDir({ dataDir, file, includeSecrets: true });
    expect(backup.secrets).toContain("ENCRYPTION_KEY");
    expect(fs.statSync(file).mode & 0o077).toBe(0); // it holds the keys
    expect(
      readTar(gunzipSync(fs.readFileSync(file)))
        .map((f) => f.name)
        .sort(),
    ).toEqual(["pglite.tar", "recepta-backup.json", "secrets.json"]);

    // Afterwards: the owner is deleted, someone else signs up, and the keys are lost.
    await withFolder(dataDir, async (sql) => {
      await sql`delete from users where email = ${email}`;
      await sql`insert into users (email, full_name, working_hours) values ('after-backup@example.com', 'Later', '{}')`;
      // While the app has the folder, neither command touches it.
      await expect(backupDataDir({ dataDir, file: path.join(work, "other.tar.gz"), includeSecrets: true })).rejects.toThrow(
        /in use by process/,
      );
      await expect(restoreDataDir({ dataDir, file })).rejects.toThrow(/in use by process/);
    });
    fs.rmSync(path.join(dataDir, "secrets.json"));
    expect(keyring(dataDir).keyId).not.toBe(keyAtBackup);

    const restored = await restoreDataDir({ dataDir, file });
    expect(restored.secrets).toBe("backup");
    expect(restored.movedAside).toMatch(/data\.before-restore-/);
    expect(fs.existsSync(path.join(restored.movedAside!, "pglite", "PG_VERSION"))).toBe(true); // moved, not deleted

    const box = keyring(dataDir);
    expect(box.keyId).toBe(keyAtBackup);
    const rows = await withFolder(
      dataDir,
      (sql) =>
        sql<
          { email: string; v: string | null }[]
        >`select u.email, c.refresh_token_enc as v from users u left join calendar_connections c on c.user_id = u.id order by u.email`,
    );
    expect(rows.map((r) => r.email)).toEqual([email]);
    expect(box.open(rows[0]!.v!)).toBe(token);
    expect(() => keyring(restored.movedAside!).open(rows[0]!.v!)).toThrow(/No key/); // the replaced folder's new key
  });

  it("refuses a file that is not a backup, leaving the folder as it is", async () => {
    const bogus = path.join(work, "bogus.tar.gz");
    fs.writeFileSync(bogus, "not a backup");
    const before = fs.readdirSync(work).sort();
    await expect(restoreDataDir({ dataDir, file: bogus })).rejects.toThrow(/not a Recepta backup/);
    expect(fs.readdirSync(work).sort()).toEqual(before);
  });

  it("defers to pg_dump and pg_restore when DATABASE_URL is set", async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };
    const backup = await cli("db-backup.ts", [], env);
    expect(backup.code).toBe(1);
    expect(backup.out).toContain("pg_dump");
    const restore = await cli("db-restore.ts", [path.join(work, "backups", "recepta-test.tar.gz")], env);
    expect(restore.code).toBe(1);
    expect(restore.out).toContain("pg_restore");
  });
});
