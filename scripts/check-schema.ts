// `npm run check:schema`, also a step of `npm test`: the schema in db/schema and the committed migrations say the same
// thing. drizzle-kit compares the schema with the last migration's snapshot; a column added to the schema without its
// migration (or a migration edited by hand away from its snapshot) would otherwise reach production as a query on a
// column that does not exist. Runs drizzle-kit on a copy of the migrations, so a difference is reported, never written.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

// The project checked is the working directory (scripts/checks.test.ts runs this on a copy with a planted difference).
const root = process.cwd();
const migrations = join(root, "db/migrations");
// drizzle-kit reads `--out` relative to the working directory: a scratch folder inside the project's ignored cache.
const scratchRoot = join(root, "node_modules/.cache");
mkdirSync(scratchRoot, { recursive: true });
const scratch = mkdtempSync(join(scratchRoot, "schema-check-"));

function drizzleKit(args: string[]): string {
  return execFileSync(join(root, "node_modules/.bin/drizzle-kit"), args, { cwd: root, encoding: "utf8", stdio: "pipe" });
}

let failed = false;
try {
  cpSync(migrations, scratch, { recursive: true });
  const before = new Set(readdirSync(scratch));
  // The journal and snapshots are consistent with each other (no two migrations from one parent, no broken chain).
  drizzleKit(["check", "--dialect=postgresql", `--out=${relative(root, scratch)}`]);
  drizzleKit(["generate", "--dialect=postgresql", "--schema=./db/schema/index.ts", `--out=${relative(root, scratch)}`]);
  const written = readdirSync(scratch).filter((f) => !before.has(f));
  if (written.length > 0) {
    failed = true;
    console.error(`The schema differs from the migrations: drizzle-kit would write ${written.join(", ")}.`);
    console.error("Run `npm run db:generate` and commit the migration it writes (with its snapshot).");
  } else {
    console.log("Schema and migrations agree.");
  }
} catch (error) {
  failed = true;
  const e = error as { stdout?: string; stderr?: string; message: string };
  console.error(e.stdout || e.stderr || e.message);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
