// Extra production servers a spec starts itself (beside the suite's own, tests/e2e/support/global-setup.ts), each in
// its own process group on a free port: started, waited for until GET /api/health answers, asked over plain node:http,
// and stopped as a whole.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { expect, type APIResponse } from "@playwright/test";
import { freePort } from "./server";

export type Instance = {
  name: string;
  port: number;
  baseURL: string;
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: string | null; at: number }>;
};

/**
 * Spawns `command args` in its own process group (stopped as a whole by killGroup) with its output collected;
 * `onOutput` sees everything it printed so far after each chunk.
 */
export function startInstance(
  name: string,
  port: number,
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; onOutput?: (output: string, child: ChildProcess) => void },
): Instance {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (c: Buffer) => {
    output += c.toString();
    opts.onOutput?.(output, child);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exit = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { name, port, baseURL: `http://127.0.0.1:${port}`, child, output: () => output, exit };
}

/** Waits for GET /api/health to answer 200; fails with the instance's output if it exits first or never answers. */
export async function untilHealthy(instance: Instance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) {
      throw new Error(`${instance.name} exited before serving:\n${instance.output()}`);
    }
    if ((await send(instance.baseURL, "GET", "/api/health").catch(() => null))?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${instance.name}: /api/health did not answer 200 within ${timeoutMs / 1000} s:\n${instance.output()}`);
}

/** `count` distinct free ports, none of them 3000 (another run's default). */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const p = await freePort();
    if (p !== 3000) ports.add(p);
  }
  return [...ports];
}

export function killGroup(pgid: number | undefined): void {
  if (!pgid) return;
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // already gone
  }
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request over node:http on its own connection (no keep-alive: "after the stop" means a new connection). */
export function send(
  baseURL: string,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(urlPath, baseURL), { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A POST whose body arrives in two halves: the first now, the second on finish(), which resolves with the answer. */
export function slowPost(port: number, urlPath: string, body: string) {
  const half = Math.floor(body.length / 2);
  let resolveAnswer!: (a: Answer) => void;
  let rejectAnswer!: (e: Error) => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    resolveAnswer = resolve;
    rejectAnswer = reject;
  });
  const req = http.request(
    {
      host: "127.0.0.1",
      port,
      path: urlPath,
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    },
    (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolveAnswer({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    },
  );
  req.on("error", rejectAnswer);
  req.flushHeaders();
  req.write(body.slice(0, half));
  return {
    finish() {
      req.end(body.slice(half));
      return answer;
    },
  };
}

/** "YYYY-MM-DD" `days` ahead in Paris (the practices' time zone). */
export function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

/** The answer's status, its body in the failure message. */
export async function expectStatus(res: APIResponse, status: number): Promise<void> {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
}
