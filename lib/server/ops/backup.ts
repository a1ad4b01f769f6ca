// Backup and restore of the embedded data folder (`npm run db:backup` / `npm run db:restore`).
//
// PGlite is one process: the folder can only be read consistently by the process that has it open. So both commands
// take the same lock `npm start` takes (DATA_DIR/pglite.lock) and refuse while the app runs; holding it also keeps the
// app from starting half way through. The backup opens the database, checkpoints it and takes PGlite's own snapshot of
// its folder (dumpDataDir); the restore hands that snapshot to PGlite (loadDataDir) in a fresh folder, checks that it
// opens, and only then swaps folders. The previous folder is moved aside, never deleted.
//
// Archive (a plain .tar.gz, readable with `tar -tzf`): recepta-backup.json (what is inside), pglite.tar (the database)
// and, unless left out, secrets.json: the keys that open what the database holds encrypted.
import fs from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { acquireLock, openEmbeddedPglite } from "@/lib/server/embedded-db";
import { secretsFile } from "@/lib/server/secrets";
import { readTar, writeTar } from "@/lib/platform/format/tar";

const MANIFEST = "recepta-backup.json";
const FORMAT = 1;

export type BackupManifest = {
  format: number;
  createdAt: string;
  postgres: string;
  /** Names of the secrets in secrets.json (never their values); empty when they were left out. */
  secrets: string[];
};

/** "2026-05-04T09-30-00Z": sortable, and valid in file names everywhere. */
export function stamp(at = new Date()): string {
  return `${at.toISOString().slice(0, 19).replace(/:/g, "-")}Z`;
}

export function defaultBackupFile(at = new Date()): string {
  return path.resolve("backups", `recepta-${stamp(at)}.tar.gz`);
}

export async function backupDataDir(opts: {
  dataDir: string;
  file: string;
  includeSecrets: boolean;
}): Promise<BackupManifest & { bytes: number }> {
  const dataDir = path.resolve(opts.dataDir);
  if (!fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) {
    throw new Error(`No embedded database in ${dataDir}: nothing to back up (is DATA_DIR right?).`);
  }
  const { pg, close } = await openEmbeddedPglite(dataDir); // refuses while the app has the folder
  let manifest: BackupManifest;
  let files;
  try {
    // After a checkpoint the snapshot needs no WAL replay to open, whatever the last run did.
    await pg.exec("CHECKPOINT");
    const version = await pg.query<{ server_version: string }>("show server_version");
    const dump = new Uint8Array(await (await pg.dumpDataDir("none")).arrayBuffer());
    const secretsPath = secretsFile(dataDir);
    const secrets = opts.includeSecrets && fs.existsSync(secretsPath) ? fs.readFileSync(secretsPath) : null;
    manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      postgres: version.rows[0]?.server_version ?? "unknown",
      secrets: secrets ? Object.keys(JSON.parse(secrets.toString("utf8")) as object).sort() : [],
    };
    files = [
      { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2)), mode: 0o644 },
      { name: "pglite.tar", data: dump },
      ...(secrets ? [{ name: "secrets.json", data: secrets }] : []),
    ];
  } finally {
    await close();
  }
  const archive = gzipSync(writeTar(files));
  const file = path.resolve(opts.file);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Private like secrets.json (it may hold it), and renamed into place: a full disk never leaves a half backup behind.
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, archive, { mode: 0o600 });
  fs.renameSync(partial, file);
  return { ...manifest, bytes: archive.length };
}

export type RestoreResult = {
  manifest: BackupManifest;
  /** Where the previous data folder went (null when there was none). */
  movedAside: string | null;
  /** Where secrets.json came from. */
  secrets: "backup" | "kept" | "none";
};

export async function restoreDataDir(opts: { dataDir: string; file: string; at?: Date }): Promise<RestoreResult> {
  const { manifest, pgliteTar, secrets } = readBackup(opts.file);
  const dataDir = path.resolve(opts.dataDir);
  const suffix = stamp(opts.at);
  const staging = `${dataDir}.restoring-${suffix}`;
  const aside = `${dataDir}.before-restore-${suffix}`;
  if (fs.existsSync(staging) || fs.existsSync(aside)) throw new Error(`${staging} or ${aside} already exists: try again in a second.`);
  const exists = fs.existsSync(dataDir);
  const release = exists ? acquireLock(path.join(dataDir, "pglite.lock")) : () => {}; // refuses while the app runs
  try {
    fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
    let source: RestoreResult["secrets"] = "none";
    if (secrets) {
      fs.writeFileSync(secretsFile(staging), secrets, { mode: 0o600 });
      source = "backup";
    } else if (exists && fs.existsSync(secretsFile(dataDir))) {
      // A backup made without its keys: the current ones are the best guess (same installation), and never lost.
      fs.copyFileSync(secretsFile(dataDir), secretsFile(staging));
      fs.chmodSync(secretsFile(staging), 0o600);
      source = "kept";
    }
    try {
      const { pg, close } = await openEmbeddedPglite(staging, {
        loadDataDir: new Blob([new Uint8Array(pgliteTar)], { type: "application/x-tar" }),
      });
      try {
        await pg.query("select 1");
      } finally {
        await close();
      }
    } catch (e) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new Error(`The backup's database did not open; ${dataDir} is unchanged. ${(e as Error).message}`);
    }
    if (exists) {
      fs.renameSync(dataDir, aside);
      fs.rmSync(path.join(aside, "pglite.lock"), { force: true }); // ours, moved along with the folder
    }
    try {
      fs.renameSync(staging, dataDir);
    } catch (e) {
      if (exists) fs.renameSync(aside, dataDir);
      throw e;
    }
    return { manifest, movedAside: exists ? aside : null, secrets: source };
  } finally {
    release();
  }
}

function readBackup(file: string): { manifest: BackupManifest; pgliteTar: Uint8Array; secrets: Uint8Array | null } {
  const abs = path.resolve(file);
  if (!fs.existsSync(abs)) throw new Error(`No such backup file: ${abs}`);
  let entries;
  try {
    entries = new Map(readTar(gunzipSync(fs.readFileSync(abs))).map((f) => [f.name, f.data]));
  } catch {
    throw new Error(`${abs} is not a Recepta backup (not a .tar.gz).`);
  }
  const rawManifest = entries.get(MANIFEST);
  const pgliteTar = entries.get("pglite.tar");
  if (!rawManifest || !pgliteTar) throw new Error(`${abs} is not a Recepta backup (no ${MANIFEST} or pglite.tar in it).`);
  const manifest = JSON.parse(Buffer.from(rawManifest).toString("utf8")) as BackupManifest;
  if (manifest.format !== FORMAT) throw new Error(`${abs} has backup format ${manifest.format}; this version reads format ${FORMAT}.`);
  return { manifest, pgliteTar, secrets: entries.get("secrets.json") ?? null };
}
