// `npm run bench:receptionist [-- --calls 10 --rounds 10 --database-url postgres://…]`: the production server on a fresh
// embedded database, then, with --database-url, on a throwaway database of that PostgreSQL server (created and dropped
// here). N simulated calls at once through the Vapi webhook: each asks for availability on a day and books one of the
// slots offered (callers collide on purpose: a "taken" answer with alternatives is a normal outcome). In the same run,
// GET /api/health is timed as the baseline of a trivial route, and a bare Node server answering the same JSON as the
// floor of any route. Prints p50/p95/p99 in milliseconds per database, then the targets: health ≤ 4× the bare server
// and check_availability ≤ 2× health (medians, one request at a time); at ten concurrent calls check_availability p99
// ≤ 50 ms on PostgreSQL and ≤ 80 ms embedded, book_appointment p99 ≤ 100 ms on PostgreSQL. Asserts nothing.
//
// With --database-url, then: two production servers on one more throwaway database, and `--load-calls` (100) whole
// calls spread over them by autocannon, `--load-concurrency` (10) at a time on each: the assistant request, an
// availability question, a booking, the end-of-call report. Prints errors and p50/p99 per step and overall (target: p99 ≤
// 300 ms for every message).
//
// `--cpu-profile <dir>` records a CPU profile of every server process (scripts/cpu-profile.mjs) for a flame graph of
// the request path.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { createThrowawayDatabase, installationSecrets } from "@/tests/e2e/support/postgres";
import { freePort, makeDataDir, startFreshApp, startServer } from "@/tests/e2e/support/server";
import { readReply } from "@/lib/receptionist/tools/replies";
import { dayAhead, vapiMessage } from "@/tests/helpers/vapi-messages";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback;
};
const CALLS = arg("calls", 10);
const ROUNDS = arg("rounds", 10);
const LOAD_CALLS = arg("load-calls", 100);
const LOAD_CONCURRENCY = arg("load-concurrency", 10);
const DATABASE_URL = process.argv.includes("--database-url") ? process.argv[process.argv.indexOf("--database-url") + 1] : undefined;
// `--cpu-profile <dir>`: a V8 CPU profile of every server process, written there when it stops (scripts/cpu-profile.mjs).
const CPU_PROFILE_DIR = process.argv.includes("--cpu-profile")
  ? path.resolve(process.argv[process.argv.indexOf("--cpu-profile") + 1]!)
  : null;
const PROFILED: Record<string, string> = CPU_PROFILE_DIR
  ? { NODE_OPTIONS: `--import ${pathToFileURL(path.join(import.meta.dirname, "cpu-profile.mjs")).href}`, CPU_PROFILE_DIR }
  : {};
const TARGETS = {
  healthOverBare: 4,
  checkOverHealth: 2,
  checkP99: { embedded: 80, postgres: 50 },
  bookP99: 100,
  loadP99: 300,
};

type Figures = {
  label: string;
  kind: "embedded" | "postgres";
  wall: number;
  check: number[];
  book: number[];
  baseline: number[];
  booked: number;
  taken: number;
  /** One request at a time, before the concurrent rounds: what a request costs without waiting for the others. */
  alone: { check: number[]; baseline: number[]; bare: number[] };
};

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One run on one database: `env` is empty for the embedded default, DATABASE_URL and the secrets for PostgreSQL. */
async function run(label: string, kind: Figures["kind"], env: Record<string, string>): Promise<Figures> {
  console.log(`Starting the production app on ${label} (builds first when .next is stale)…`);
  const app = await startFreshApp({ env: { ...env, ...PROFILED } });
  const bare = await startBareServer();
  try {
    const secret =
      env.VAPI_WEBHOOK_SECRET ??
      (JSON.parse(fs.readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as { VAPI_WEBHOOK_SECRET: string }).VAPI_WEBHOOK_SECRET;
    const base = app.baseURL;
    const { line } = await setUpPractice(base);
    let seq = 0;
    const tool = async (caller: string, name: string, args: Record<string, unknown>) => {
      const id = `bench-${++seq}`;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/webhooks/vapi`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-vapi-secret": secret },
        body: JSON.stringify(toolCall(line, `call-${caller}`, caller, id, name, args)),
      });
      const json = (await res.json()) as { results: { result?: string; error?: string }[] };
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`webhook ${res.status}`);
      return { ms, text: json.results[0]?.result ?? json.results[0]?.error ?? "" };
    };
    const get = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      return performance.now() - t0;
    };
    const baseline = () => get(`${base}/api/health`);

    // Warm-up: compile paths, let the JIT settle, fill caches.
    for (let i = 0; i < 30; i++) {
      await tool("+12125550100", "check_availability", { date: dayAhead(2) });
      await baseline();
      await get(bare.url);
    }

    // One at a time: the cost of a request itself, without the queue the concurrent rounds build.
    const alone = { check: [] as number[], baseline: [] as number[], bare: [] as number[] };
    for (let i = 0; i < 50; i++) {
      alone.bare.push(await get(bare.url));
      alone.baseline.push(await baseline());
      alone.check.push((await tool("+12125550199", "check_availability", { date: dayAhead(2 + (i % 30)) })).ms);
    }

    const timings = { check: [] as number[], book: [] as number[], baseline: [] as number[] };
    let booked = 0;
    let taken = 0;
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        Array.from({ length: CALLS }, async (_, i) => {
          const caller = `+1212555${String(round * CALLS + i).padStart(4, "0")}`;
          timings.baseline.push(await baseline());
          const check = await tool(caller, "check_availability", { date: dayAhead(2 + (i % 30)) });
          timings.check.push(check.ms);
          const pick = offeredSlot(check.text, round + i);
          if (!pick) return;
          const book = await tool(caller, "book_appointment", { ...pick, name: `Caller ${round}-${i}` });
          timings.book.push(book.ms);
          if (readReply(book.text).say.startsWith("Booked")) booked++;
          else taken++;
        }),
      );
    }
    const wall = (performance.now() - started) / 1000;

    return { label, kind, wall, ...timings, booked, taken, alone };
  } finally {
    bare.stop();
    await app.stop();
  }
}

/**
 * The floor of any HTTP route on this machine: a bare Node server in a process of its own (as the app is), answering
 * what GET /api/health answers.
 */
async function startBareServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `require("node:http").createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify({ status: "ok" }));
  }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (c) => reject(new Error(`the bare server exited (${c})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/** One practice, open every day, sandbox calendar, trial and a number, registered through the API of `base`. */
async function setUpPractice(base: string): Promise<{ line: string }> {
  const request = async (method: string, route: string, body?: unknown, token?: string) => {
    const res = await fetch(base + route, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json()) as Record<string, any>;
    if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${data.message ?? ""}`);
    return data;
  };
  const open = { isOpen: true, openTime: "08:00", closeTime: "19:00" };
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  const { token } = await request("POST", "/api/auth/register", {
    email: `bench-${Date.now()}@example.com`,
    password: "bench-password-1",
    fullName: "Bench Practice",
    businessName: "Bench Practice",
    workingHours: Object.fromEntries(days.map((d) => [d, open])),
    appointmentDuration: "30",
  });
  await request("POST", "/api/google-calendar/authorize", { code: "sandbox-test-code" }, token);
  await request("POST", "/api/subscription/start-trial", {}, token);
  const { phoneNumber } = await request("GET", "/api/phone-numbers/claim", undefined, token);
  return { line: phoneNumber as string };
}

function toolCall(line: string, callId: string, caller: string, id: string, name: string, args: Record<string, unknown>) {
  return vapiMessage(line, callId, caller, {
    type: "tool-calls",
    toolCallList: [{ id, type: "function", function: { name, arguments: args } }],
  });
}

/** The `n`-th slot (wrapping) of those an availability answer offers, as the model passes it back. */
function offeredSlot(answer: string, n: number): { date: string; time: string } | null {
  const slots = readReply(answer).slots ?? [];
  const pick = slots[n % Math.max(1, slots.length)];
  return pick ? { date: pick.date, time: pick.time } : null;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

function report(f: Figures) {
  const row = (label: string, xs: number[]) => {
    const s = sorted(xs);
    const cells = [pct(s, 50), pct(s, 95), pct(s, 99)].map((v) => v.toFixed(1).padStart(8)).join(" ");
    return `${label.padEnd(20)} ${String(s.length).padStart(6)} ${cells}`;
  };
  console.log(
    `\n${f.label}: ${CALLS} concurrent calls × ${ROUNDS} rounds in ${f.wall.toFixed(1)} s (sandbox calendar, job workers running)`,
  );
  console.log(`${"".padEnd(20)} ${"n".padStart(6)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  console.log(row("GET /api/health", f.baseline));
  console.log(row("check_availability", f.check));
  console.log(row("book_appointment", f.book));
  console.log(`Bookings: ${f.booked} booked, ${f.taken} answered "taken" with alternatives.`);
  console.log("One request at a time, before the rounds:");
  console.log(row("bare Node server", f.alone.bare));
  console.log(row("GET /api/health", f.alone.baseline));
  console.log(row("check_availability", f.alone.check));
}

type StepName = "assistant-request" | "check_availability" | "book_appointment" | "end-of-call-report";
const STEPS: StepName[] = ["assistant-request", "check_availability", "book_appointment", "end-of-call-report"];
type LoadFigures = {
  calls: number;
  wall: number;
  requests: number;
  errors: number;
  non2xx: number;
  latency: { p50: number; p99: number };
  steps: Record<StepName, number[]>;
  booked: number;
  taken: number;
  /** Bookings answered with an error sentence or not at all (not JSON). */
  failed: number;
};

/** The first tool result of a webhook answer: its `result`, else its `error`; neither when the body is not one. */
function toolAnswer(text: string): { result?: string; error?: string } {
  try {
    return (JSON.parse(text) as { results?: { result?: string; error?: string }[] }).results?.[0] ?? {};
  } catch {
    return {};
  }
}

/**
 * Two production servers on one throwaway PostgreSQL database, and LOAD_CALLS whole calls spread over them by autocannon,
 * LOAD_CONCURRENCY at a time on each. Each autocannon connection is a caller: one call after the other, every call four
 * messages in order (the booking uses a slot the availability answer offered, as the model would).
 */
async function twoInstances(serverUrl: string): Promise<LoadFigures> {
  const db = await createThrowawayDatabase("recepta_bench_two", serverUrl);
  const env = { DATABASE_URL: db.url, ...installationSecrets(), ...PROFILED };
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    console.log(`Starting two production servers on PostgreSQL (${db.url.replace(/\/\/[^@]*@/, "//")})…`);
    for (const name of ["a", "b"])
      servers.push(await startServer({ dataDir: makeDataDir(`recepta-bench-${name}-`), port: await freePort(), env }));
    const { line } = await setUpPractice(servers[0]!.baseURL);
    const headers = { "content-type": "application/json", "x-vapi-secret": env.VAPI_WEBHOOK_SECRET };
    const steps = Object.fromEntries(STEPS.map((s) => [s, [] as number[]])) as Record<StepName, number[]>;
    let calls = 0;
    let booked = 0;
    let taken = 0;
    let failed = 0;

    const load = (base: string, instance: number, callsHere: number) => {
      type Context = { n?: number; callId?: string; caller?: string; slot?: { date: string; time: string } | null };
      const perConnection = Math.ceil(callsHere / LOAD_CONCURRENCY);
      const body = (ctx: Context, message: Record<string, unknown>) => JSON.stringify(vapiMessage(line, ctx.callId!, ctx.caller!, message));
      // The step each connection's next answer belongs to: its requests go out one at a time, in this order.
      const stepOf = new Map<unknown, number>();
      const options: autocannon.Options = {
        url: base,
        connections: LOAD_CONCURRENCY,
        maxConnectionRequests: perConnection * STEPS.length,
        timeout: 30,
        requests: [
          {
            method: "POST",
            path: "/api/webhooks/vapi",
            headers,
            setupRequest: (req, context: Context) => {
              const n = (context.n = ++calls);
              context.callId = `bench-load-${instance}-${n}`;
              context.caller = `+1415555${String(instance * 5000 + n).padStart(4, "0")}`;
              return { ...req, body: body(context, { type: "assistant-request" }) };
            },
          },
          {
            method: "POST",
            path: "/api/webhooks/vapi",
            headers,
            setupRequest: (req, context: Context) => {
              const date = dayAhead(2 + (context.n! % 30));
              const args = { date };
              return {
                ...req,
                body: JSON.stringify(
                  toolCall(line, context.callId!, context.caller!, `${context.callId}-check`, "check_availability", args),
                ),
              };
            },
            onResponse: (_status, text, context: Context) => {
              context.slot = offeredSlot(toolAnswer(text).result ?? "", context.n!);
            },
          },
          {
            method: "POST",
            path: "/api/webhooks/vapi",
            headers,
            setupRequest: (req, context: Context) => {
              // No slot offered (every day taken): the caller asks for one anyway, and hears the alternatives.
              const slot = context.slot ?? { date: dayAhead(3), time: "09:00" };
              const args = { ...slot, name: `Load caller ${context.callId}` };
              return {
                ...req,
                body: JSON.stringify(toolCall(line, context.callId!, context.caller!, `${context.callId}-book`, "book_appointment", args)),
              };
            },
            onResponse: (_status, text) => {
              const answer = toolAnswer(text);
              if (answer.result && readReply(answer.result).say.startsWith("Booked")) booked++;
              else if (answer.result) taken++;
              else failed++;
            },
          },
          {
            method: "POST",
            path: "/api/webhooks/vapi",
            headers,
            setupRequest: (req, context: Context) => {
              const endedAt = new Date();
              const report = {
                type: "end-of-call-report",
                endedReason: "customer-ended-call",
                startedAt: new Date(endedAt.getTime() - 95_000).toISOString(),
                endedAt: endedAt.toISOString(),
                artifact: { transcript: "AI: Hello. User: I'd like an appointment." },
                analysis: { summary: "Booked by the load run." },
              };
              return { ...req, body: body(context, report) };
            },
          },
        ],
      };
      return new Promise<autocannon.Result>((resolve, reject) => {
        const run = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
        run.on("response", (client, _status, _bytes, ms) => {
          const step = stepOf.get(client) ?? 0;
          steps[STEPS[step % STEPS.length]!].push(ms);
          stepOf.set(client, step + 1);
        });
      });
    };

    const started = performance.now();
    const half = Math.ceil(LOAD_CALLS / 2);
    const results = await Promise.all([load(servers[0]!.baseURL, 0, half), load(servers[1]!.baseURL, 1, LOAD_CALLS - half)]);
    const wall = (performance.now() - started) / 1000;
    const all = STEPS.flatMap((s) => steps[s]);
    const s = sorted(all);
    return {
      calls,
      wall,
      requests: all.length,
      errors: results.reduce((n, r) => n + r.errors, 0),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
      latency: { p50: pct(s, 50), p99: pct(s, 99) },
      steps,
      booked,
      taken,
      failed,
    };
  } finally {
    for (const server of servers) await server.stop();
    await db.drop();
  }
}

function reportLoad(f: LoadFigures) {
  console.log(
    `\nTwo instances on PostgreSQL: ${f.calls} calls (${LOAD_CONCURRENCY} at a time on each instance, ${STEPS.length} messages each) ` +
      `in ${f.wall.toFixed(1)} s, by autocannon`,
  );
  console.log(`${"".padEnd(20)} ${"n".padStart(6)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  for (const step of STEPS) {
    const xs = sorted(f.steps[step]);
    console.log(
      `${step.padEnd(20)} ${String(xs.length).padStart(6)} ${pct(xs, 50).toFixed(1).padStart(8)} ${pct(xs, 99).toFixed(1).padStart(8)}`,
    );
  }
  console.log(
    `${"every message".padEnd(20)} ${String(f.requests).padStart(6)} ${f.latency.p50.toFixed(1).padStart(8)} ${f.latency.p99.toFixed(1).padStart(8)}`,
  );
  console.log(`Errors: ${f.errors} connection errors or timeouts, ${f.non2xx} answers other than 2xx.`);
  if (f.errors)
    console.log("(A request that got no answer shifts its connection's later answers by one step: the per-step rows are approximate.)");
  console.log(`Bookings: ${f.booked} booked, ${f.taken} answered "taken" with alternatives, ${f.failed} answered with an error.`);
}

async function main() {
  const runs = [await run("the embedded database (PGlite)", "embedded", {})];
  if (DATABASE_URL) {
    const db = await createThrowawayDatabase("recepta_bench", DATABASE_URL);
    try {
      runs.push(
        await run(`PostgreSQL (${db.url.replace(/\/\/[^@]*@/, "//")})`, "postgres", { DATABASE_URL: db.url, ...installationSecrets() }),
      );
    } finally {
      await db.drop();
    }
  }
  const load = DATABASE_URL ? await twoInstances(DATABASE_URL) : null;
  runs.forEach(report);
  if (load) reportLoad(load);
  const met = (ok: boolean) => (ok ? "met" : "MISSED");
  const p = (xs: number[], n: number) => pct(sorted(xs), n);
  console.log("\n| target | figure | met |");
  console.log("|---|---|---|");
  for (const f of runs) {
    const db = f.kind === "embedded" ? "embedded" : "PostgreSQL";
    const health = p(f.alone.baseline, 50);
    const bare = p(f.alone.bare, 50);
    const check = p(f.alone.check, 50);
    const healthRatio = health / bare;
    const checkRatio = check / health;
    const checkP99 = p(f.check, 99);
    const bookP99 = p(f.book, 99);
    console.log(
      `| ${db}: health ≤ ${TARGETS.healthOverBare}× a bare Node server (medians) | ${health.toFixed(2)} / ${bare.toFixed(2)} ms = ${healthRatio.toFixed(1)}× | ${met(healthRatio <= TARGETS.healthOverBare)} |`,
    );
    console.log(
      `| ${db}: check_availability alone ≤ ${TARGETS.checkOverHealth}× health (medians) | ${check.toFixed(2)} / ${health.toFixed(2)} ms = ${checkRatio.toFixed(1)}× | ${met(checkRatio <= TARGETS.checkOverHealth)} |`,
    );
    const checkTarget = TARGETS.checkP99[f.kind];
    console.log(
      `| ${db}: check_availability p99 at ${CALLS} calls ≤ ${checkTarget} ms | ${checkP99.toFixed(1)} ms | ${met(checkP99 <= checkTarget)} |`,
    );
    if (f.kind === "postgres")
      console.log(
        `| ${db}: book_appointment p99 at ${CALLS} calls ≤ ${TARGETS.bookP99} ms | ${bookP99.toFixed(1)} ms | ${met(bookP99 <= TARGETS.bookP99)} |`,
      );
    else console.log(`| ${db}: book_appointment p99 at ${CALLS} calls (no target) | ${bookP99.toFixed(1)} ms | – |`);
  }
  if (load)
    console.log(
      `| two instances on PostgreSQL: p99 per message ≤ ${TARGETS.loadP99} ms | ${load.latency.p99.toFixed(1)} ms | ${met(load.latency.p99 <= TARGETS.loadP99)} |`,
    );
}

main().catch((e: Error) => {
  console.error(`bench:receptionist failed: ${e.message}`);
  process.exit(1);
});
