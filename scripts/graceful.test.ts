import { Agent, createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainHttp, runShutdownHooks, shutdown } from "./graceful.mjs";

let server: Server | undefined;
const agent = new Agent({ keepAlive: true });

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  agent.destroy();
});

/** A server whose handler answers after `delayMs` (never, with Infinity), recording when it starts and finishes. */
async function slowServer(delayMs: number, events: string[]): Promise<number> {
  server = createServer((req, res) => {
    events.push(`started ${req.url}`);
    res.on("finish", () => events.push(`finished ${req.url}`));
    if (Number.isFinite(delayMs)) setTimeout(() => res.end("done"), delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function connectionError(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
  });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

describe("shutdown (scripts/graceful.mjs)", () => {
  it("lets the request in flight finish, refuses new connections, then runs the hooks last registered first", async () => {
    const events: string[] = [];
    const port = await slowServer(500, events);
    const inFlight = get(port, "/slow");
    await until(() => events.includes("started /slow"));
    const hooks = [
      { name: "database pool", run: async () => void events.push("hook: database pool") },
      { name: "job workers", run: async () => void events.push("hook: job workers") },
    ];

    const done = shutdown(server!, { hooks, drainMs: 5_000 });
    const refused = await connectionError(port);

    expect(refused).toBe("ECONNREFUSED");
    expect(await inFlight).toEqual({ status: 200, body: "done" });
    await done;
    expect(events).toEqual(["started /slow", "finished /slow", "hook: job workers", "hook: database pool"]);
  });

  it("closes a kept-alive connection once its response is sent, without waiting for the keep-alive timeout", async () => {
    const events: string[] = [];
    const port = await slowServer(200, events);
    server!.keepAliveTimeout = 60_000;
    await get(port, "/first"); // leaves an idle keep-alive connection
    const inFlight = get(port, "/second");
    await until(() => events.includes("started /second"));

    const started = Date.now();
    const { forced } = await drainHttp(server!, { timeoutMs: 5_000 });

    expect(forced).toBe(false);
    expect((await inFlight).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("cuts requests still running at the drain timeout", async () => {
    const events: string[] = [];
    const port = await slowServer(Infinity, events);
    const stuck = get(port, "/stuck").then(
      () => "answered",
      (e: NodeJS.ErrnoException) => e.code,
    );
    await until(() => events.includes("started /stuck"));

    const { forced } = await drainHttp(server!, { timeoutMs: 200 });

    expect(forced).toBe(true);
    expect(await stuck).toBe("ECONNRESET");
  });

  it("runs every hook even when one fails or hangs, and logs which", async () => {
    const ran: string[] = [];
    const logged: { msg: string; hook?: string }[] = [];
    const log = {
      info: (fields: { hook?: string }, msg: string) => void logged.push({ msg, hook: fields.hook }),
      warn: (fields: { hook?: string }, msg: string) => void logged.push({ msg, hook: fields.hook }),
      error: (fields: { hook?: string }, msg: string) => void logged.push({ msg, hook: fields.hook }),
    };

    await runShutdownHooks(
      [
        { name: "last", run: async () => void ran.push("last") },
        { name: "hangs", run: () => new Promise<void>(() => ran.push("hangs")) },
        { name: "fails", run: async () => Promise.reject(new Error("nope")).finally(() => ran.push("fails")) },
      ],
      { timeoutMs: 100, log },
    );

    expect(ran).toEqual(["fails", "hangs", "last"]);
    expect(logged).toEqual([
      { msg: "shutdown hook failed", hook: "fails" },
      { msg: "shutdown hook failed", hook: "hangs" },
      { msg: "stopped", hook: "last" },
    ]);
  });
});
