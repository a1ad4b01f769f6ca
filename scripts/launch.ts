// `npm start` / `npm run dev`: environment and secrets → database (embedded when DATABASE_URL is unset) → migrations
// (under an advisory lock) → first admin and sandbox pool → build if stale → Next.js as a child process.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { createProviders } from "@/lib/providers/registry";
import { bootstrap } from "@/lib/server/bootstrap";
import { fail, prepareRuntime } from "./runtime";

const mode = process.argv[2] === "dev" ? "dev" : "start";

async function main() {
  const rt = await prepareRuntime(mode === "dev");
  await runMigrations(rt.url);
  const { db, sql } = createDb(rt.url, 1);
  try {
    const notes = await bootstrap(db, rt.env, createProviders(db, rt.env, rt.vars.AUTH_SECRET ?? rt.env.AUTH_SECRET!).telephony);
    notes.forEach((n) => console.log(n));
  } finally {
    await sql.end({ timeout: 5 });
  }
  console.log(rt.embedded ? `Database: embedded PGlite in ${path.resolve(rt.env.DATA_DIR)}` : "Database: DATABASE_URL");

  const next = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  if (mode === "start" && buildIsStale()) {
    console.log("Building the app (next build)…");
    const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: process.env });
    if (build.status !== 0) throw new Error("next build failed");
  }
  // Production goes through scripts/server.mjs (client address from the socket); development uses `next dev` as is.
  const args = mode === "start" ? [path.join(process.cwd(), "scripts", "server.mjs")] : [next, "dev", "-p", String(rt.env.PORT)];
  const child = spawn(process.execPath, args, { stdio: "inherit", env: { ...process.env, NODE_ENV: mode === "start" ? "production" : "development" } });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    child.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  child.on("exit", async (code) => {
    await rt.embedded?.stop();
    process.exit(code ?? 0);
  });
}

/** A build older than any source file is rebuilt, so `npm start` after a pull never serves yesterday's code. */
function buildIsStale(): boolean {
  const buildId = path.join(process.cwd(), ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const roots = ["app", "components", "lib", "db", "messages", "public", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts", "next.config.ts", "package-lock.json"];
  const newer = (p: string): boolean => {
    if (!fs.existsSync(p)) return false;
    const st = fs.statSync(p);
    if (st.isDirectory()) return fs.readdirSync(p).some((f) => newer(path.join(p, f)));
    return st.mtimeMs > built;
  };
  return roots.some((r) => newer(path.join(process.cwd(), r)));
}

main().catch(fail);
