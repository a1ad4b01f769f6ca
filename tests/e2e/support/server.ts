// Shared by the Playwright global setup and `npm run bench:web`: a fresh DATA_DIR, the fixture accounts, and the
// production server (`tsx scripts/launch.ts start`, which migrates, builds when stale and serves) on a free port.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");

/** Debian's Chromium and the flags that keep it quiet on a closed network (see /work/shared/stack.md). */
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function makeDataDir(prefix = "recepta-e2e-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The environment every child gets: this DATA_DIR and port, production mode, and DATABASE_URL emptied so a developer's
 * .env cannot point the run at a real database (@next/env drops empty variables and loads no file value over them).
 */
export function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: "production",
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: "",
    NEXT_TELEMETRY_DISABLED: "1",
    // Every browser of the run registers from 127.0.0.1: the per-address limit is tested in tests/integration.
    REGISTRATION_LIMIT_PER_HOUR: "1000000",
    // The browser tests' webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: "true",
  };
}

/** Creates the pending accounts and their setup tokens (tests/e2e/support/prepare.ts), then releases the database. */
export function prepareFixtures(dataDir: string, port: number): void {
  const run = spawnSync(TSX, [path.join(ROOT, "tests", "e2e", "support", "prepare.ts"), dataDir], {
    cwd: ROOT,
    env: serverEnv(dataDir, port),
    encoding: "utf8",
    timeout: 180_000,
  });
  if (run.status !== 0) {
    throw new Error(
      `tests/e2e/support/prepare.ts failed (${run.error?.message ?? `exit ${run.status ?? run.signal}`}):\n${run.stdout}${run.stderr}`,
    );
  }
}

export type RunningServer = { baseURL: string; port: number; dataDir: string; output(): string; stop(): Promise<void> };

/**
 * Starts `tsx scripts/launch.ts start` in its own process group and waits for GET /api/health to answer 200.
 * A first run (or a stale .next) includes `next build`, hence the long default wait.
 */
export async function startServer(opts: {
  dataDir: string;
  port: number;
  timeoutMs?: number;
  echo?: boolean;
  /** Set over the defaults: e.g. DATABASE_URL and its secrets, for a server on PostgreSQL. */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const { dataDir, port } = opts;
  const baseURL = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  const child = spawn(TSX, [path.join(ROOT, "scripts", "launch.ts"), "start"], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, port), ...opts.env },
    detached: true, // its own process group: launch.ts, next build and scripts/server.mjs stop together
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    log.push(text);
    if (opts.echo) process.stdout.write(text);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))));
  const output = () => log.join("");

  let stopping = false;
  let ready = false;
  const server: RunningServer = {
    baseURL,
    port,
    dataDir,
    output,
    stop: () => {
      stopping = true;
      return stopGroup(child, exited);
    },
  };
  // A server that dies while tests use it turns every later test into "connection refused": say why, once, with the end
  // of its output (the tests' own failures cannot show it).
  void exited.then((code) => {
    if (stopping || !ready) return;
    const tail = output().split("\n").slice(-200).join("\n");
    process.stderr.write(`\n[e2e] the server on port ${port} exited (code ${code}) while in use. The end of its output:\n${tail}\n`);
  });
  const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
  let exitCode: number | null | undefined;
  void exited.then((c) => (exitCode = c));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`The server exited (code ${exitCode}) before /api/health answered. Its output:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) {
        ready = true;
        return server;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await server.stop();
  throw new Error(`/api/health did not answer 200 within ${(opts.timeoutMs ?? 600_000) / 1000} s. Server output:\n${output()}`);
}

async function stopGroup(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  signalGroup("SIGTERM");
  const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 15_000))]);
  // launch.ts stops the embedded database when the server exits; anything left in the group after that is killed.
  signalGroup("SIGKILL");
  if (timedOut) await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
}

/** Fresh DATA_DIR + optional fixtures + production server: everything a run needs. */
export async function startFreshApp(
  opts: { withFixtures?: boolean; echo?: boolean; keepDataDir?: boolean; env?: Record<string, string> } = {},
) {
  const dataDir = makeDataDir();
  const port = await freePort();
  try {
    if (opts.withFixtures) prepareFixtures(dataDir, port);
    const server = await startServer({ dataDir, port, echo: opts.echo, env: opts.env });
    return {
      ...server,
      async stop() {
        await server.stop();
        if (!opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    if (!opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}
