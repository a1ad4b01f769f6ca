// `npm run db:restore -- <file>`: replaces the embedded data folder with a db:backup archive. The app must be stopped;
// the current folder is moved aside (DATA_DIR.before-restore-<timestamp>), never deleted.
import { restoreDataDir } from "@/lib/server/ops/backup";
import { loadEnv, refuseWithDatabaseUrl } from "./runtime";

async function main() {
  const e = loadEnv();
  refuseWithDatabaseUrl(e, "restore");
  const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
  if (!file) throw new Error("usage: npm run db:restore -- <backup file.tar.gz>");
  const r = await restoreDataDir({ dataDir: e.DATA_DIR, file });
  console.log(`Restored ${file} (taken ${r.manifest.createdAt}) into ${e.DATA_DIR}.`);
  if (r.movedAside) console.log(`The previous data folder is kept at ${r.movedAside}: delete it once the restored app works.`);
  if (r.secrets === "kept") console.log("The backup had no secrets: the current secrets.json was kept.");
  if (r.secrets === "none") {
    console.log(
      "Neither the backup nor this folder had secrets.json: set ENCRYPTION_KEY (and the other secrets) to the ones of the backed-up installation, or connected calendars must be reconnected.",
    );
  }
}

main().catch((e: unknown) => {
  console.error(`\ndb:restore failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
