// `npm start` / `npm run dev`: environment and secrets → database (embedded when DATABASE_URL is unset) → migrations
// (under an advisory lock) → first admin and sandbox pool → build if stale → Next.js as a child process.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase } from "@/lib/server/data-migrations";
import { bootstrapDatabase } from "@/lib/server/start-steps";
import { fail, prepareRuntime } from "./runtime";

const mode = process.argv[2] === "dev" ? "dev" : "start";

// A stop request (SIGTERM from `docker stop` or a process manager, forwarded by `npm start`; SIGINT from Ctrl-C) goes
// to whatever runs at the moment, the build or the server, and this process exits with its exit code once it has
// ended: the server drains its requests first, and a repeated signal makes it give up waiting (scripts/server.mjs).
// Before the server runs, start-up stops after the step under way. Registered first, so no signal meets node's
// default (exit at once, leaving the child running with nobody to stop it).
let stopSignal: NodeJS.Signals | null = null;
let running: ChildProcess | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopSignal ??= signal;
    running?.kill(signal);
  });
}

/** One line per start-up step, so a first start that takes minutes says what it is doing. */
function step(text: string): void {
  console.log(`▸ ${text}`);
}

async function main() {
  step("Preparing the data folder, its secrets and the database…");
  const rt = await prepareRuntime(mode === "dev");
  const stopIfAsked = async () => {
    if (!stopSignal) return;
    await rt.embedded?.stop();
    process.exit(0);
  };
  await stopIfAsked();
  console.log(rt.embedded ? `Database: embedded PGlite in ${path.resolve(rt.env.DATA_DIR)}` : "Database: DATABASE_URL");
  step("Applying the database migrations…");
  await migrateDatabase(rt.url);
  await stopIfAsked();
  step("Checking the first administrator and the phone number pool…");
  const notes = await bootstrapDatabase(rt.url, rt.env, rt.vars.AUTH_SECRET ?? rt.env.AUTH_SECRET!);
  notes.forEach((n) => console.log(n));

  const next = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  if (mode === "start" && buildIsStale()) {
    await stopIfAsked();
    const first = !fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"));
    step(
      first
        ? "Building the app (next build). The first start takes a minute or two; Next.js prints each stage below."
        : "Building the app again (next build): the sources changed since the last build. A few minutes…",
    );
    const started = Date.now();
    const build = await run([next, "build"], process.env);
    await stopIfAsked();
    if (build.code !== 0) throw new Error("next build failed");
    step(`Built in ${Math.round((Date.now() - started) / 1000)} s. Next starts are quick while the sources stay the same.`);
  }
  await stopIfAsked();
  step(mode === "start" ? `Starting the server on port ${rt.env.PORT}…` : `Starting next dev on port ${rt.env.PORT}…`);
  // Production goes through scripts/server.mjs (client address from the socket); development uses `next dev` as is.
  const args = mode === "start" ? [path.join(process.cwd(), "scripts", "server.mjs")] : [next, "dev", "-p", String(rt.env.PORT)];
  const server = await run(args, { ...process.env, NODE_ENV: mode === "start" ? "production" : "development" });
  await rt.embedded?.stop();
  process.exit(server.code);
}

/**
 * Runs node with `args` as the current child (the one a stop signal reaches) and resolves when it has exited: its exit
 * code, or 128 + the signal's number when a signal ended it (the shell's convention), so a crash never reads as success.
 */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: "inherit", env });
    running = child;
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      running = null;
      resolve({ code: code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0) });
    });
  });
}

/** A build older than any source file is rebuilt, so `npm start` after a pull never serves yesterday's code. */
function buildIsStale(): boolean {
  const buildId = path.join(process.cwd(), ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const roots = [
    "app",
    "components",
    "lib",
    "db",
    "messages",
    "public",
    "proxy.ts",
    "instrumentation.ts",
    "instrumentation-client.ts",
    "next.config.ts",
    "package-lock.json",
  ];
  const newer = (p: string): boolean => {
    if (!fs.existsSync(p)) return false;
    const st = fs.statSync(p);
    if (st.isDirectory()) return fs.readdirSync(p).some((f) => newer(path.join(p, f)));
    return st.mtimeMs > built;
  };
  return roots.some((r) => newer(path.join(process.cwd(), r)));
}

main().catch(fail);
