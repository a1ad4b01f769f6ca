// `npm run db:backup [-- <file>] [-- --without-secrets]`: a snapshot of the embedded data folder (database and
// secrets.json) in backups/recepta-<timestamp>.tar.gz. The app must be stopped (see lib/server/ops/backup.ts for why).
import path from "node:path";
import { backupDataDir, defaultBackupFile } from "@/lib/server/ops/backup";
import { loadEnv, refuseWithDatabaseUrl } from "./runtime";

async function main() {
  const e = loadEnv();
  refuseWithDatabaseUrl(e, "back up");
  const args = process.argv.slice(2);
  const includeSecrets = !args.includes("--without-secrets");
  const file = args.find((a) => !a.startsWith("--")) ?? defaultBackupFile();
  const result = await backupDataDir({ dataDir: e.DATA_DIR, file, includeSecrets });
  const shown = path.relative(process.cwd(), path.resolve(file));
  console.log(
    `Backup written: ${shown.startsWith("..") ? path.resolve(file) : shown} (${Math.ceil(result.bytes / 1024)} KB, PostgreSQL ${result.postgres}).`,
  );
  if (result.secrets.length) {
    console.log(
      `\nIt contains secrets.json (${result.secrets.join(", ")}): whoever has this file can open the calendar tokens in it\n` +
        "and sign sessions. Store it as securely as the data itself (encrypted disk or vault, never next to the app's\n" +
        "public files). To keep the keys apart, use --without-secrets and store DATA_DIR/secrets.json separately.",
    );
  } else {
    console.log(
      "\nNo secrets in it: restoring it needs this installation's secrets.json (the restore keeps the current one) or\n" +
        "ENCRYPTION_KEY and the other secrets in the environment; without the key, connected calendars must be reconnected.",
    );
  }
}

main().catch((e: unknown) => {
  console.error(`\ndb:backup failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
