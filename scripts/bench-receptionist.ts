// `npm run bench:receptionist [-- --calls 10 --rounds 10 --database-url postgres://…]`: the production server on a fresh
// embedded database, then, with --database-url, on a throwaway database of that PostgreSQL server (created and dropped
// here). N simulated calls at once through the Vapi webhook: each asks for availability on a day and books one of the
// slots offered (callers collide on purpose: a "taken" answer with alternatives is a normal outcome). In the same run,
// GET /api/health is timed as the baseline of a trivial route. Prints p50/p95/p99 in milliseconds per database and the
// targets (check_availability p99 ≤ 50 ms and ≤ 2× the health route's p99); asserts nothing.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createThrowawayDatabase, installationSecrets } from "@/tests/e2e/support/postgres";
import { startFreshApp } from "@/tests/e2e/support/server";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback;
};
const CALLS = arg("calls", 10);
const ROUNDS = arg("rounds", 10);
const DATABASE_URL = process.argv.includes("--database-url") ? process.argv[process.argv.indexOf("--database-url") + 1] : undefined;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 2;

type Figures = { label: string; wall: number; check: number[]; book: number[]; baseline: number[]; booked: number; taken: number };

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One run on one database: `env` is empty for the embedded default, DATABASE_URL and the secrets for PostgreSQL. */
async function run(label: string, env: Record<string, string>): Promise<Figures> {
  console.log(`Starting the production app on ${label} (builds first when .next is stale)…`);
  const app = await startFreshApp({ env });
  try {
    const secret =
      env.VAPI_WEBHOOK_SECRET ??
      (JSON.parse(fs.readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as { VAPI_WEBHOOK_SECRET: string }).VAPI_WEBHOOK_SECRET;
    const base = app.baseURL;
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

    // One practice, open every day, sandbox calendar, trial, number.
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
    const { phoneNumber: line } = await request("GET", "/api/phone-numbers/claim", undefined, token);

    let seq = 0;
    const tool = async (caller: string, name: string, args: Record<string, unknown>) => {
      const id = `bench-${++seq}`;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/webhooks/vapi`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-vapi-secret": secret },
        body: JSON.stringify({
          message: {
            type: "tool-calls",
            call: { id: `call-${caller}`, customer: { number: caller } },
            phoneNumber: { number: line },
            toolCallList: [{ id, type: "function", function: { name, arguments: args } }],
          },
        }),
      });
      const json = (await res.json()) as { results: { result?: string; error?: string }[] };
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`webhook ${res.status}`);
      return { ms, text: json.results[0]?.result ?? json.results[0]?.error ?? "" };
    };
    const baseline = async () => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      return performance.now() - t0;
    };
    const dayAhead = (n: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(
        new Date(Date.now() + n * 86_400_000),
      );

    // Warm-up: compile paths and fill caches.
    for (let i = 0; i < 5; i++) {
      await tool("+12125550100", "check_availability", { date: dayAhead(2) });
      await baseline();
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
          const refs = [...check.text.matchAll(/\[(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})\]/g)];
          const pick = refs[(round + i) % Math.max(1, refs.length)];
          if (!pick) return;
          const book = await tool(caller, "book_appointment", { date: pick[1], time: pick[2], name: `Caller ${round}-${i}` });
          timings.book.push(book.ms);
          if (book.text.startsWith("Booked")) booked++;
          else taken++;
        }),
      );
    }
    const wall = (performance.now() - started) / 1000;

    return { label, wall, ...timings, booked, taken };
  } finally {
    await app.stop();
  }
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
}

async function main() {
  const runs = [await run("the embedded database (PGlite)", {})];
  if (DATABASE_URL) {
    const db = await createThrowawayDatabase("recepta_bench", DATABASE_URL);
    try {
      runs.push(await run(`PostgreSQL (${db.url.replace(/\/\/[^@]*@/, "//")})`, { DATABASE_URL: db.url, ...installationSecrets() }));
    } finally {
      await db.drop();
    }
  }
  runs.forEach(report);
  console.log(`\n| database | check_availability p50 / p99 | health p99 | ratio | p99 ≤ ${TARGET_P99_MS} ms | ≤ ${TARGET_RATIO}× health |`);
  console.log("|---|---|---|---|---|---|");
  for (const f of runs) {
    const check = sorted(f.check);
    const healthP99 = pct(sorted(f.baseline), 99);
    const ratio = pct(check, 99) / healthP99;
    const met = (ok: boolean) => (ok ? "met" : "missed");
    console.log(
      `| ${f.label} | ${pct(check, 50).toFixed(0)} / ${pct(check, 99).toFixed(0)} ms | ${healthP99.toFixed(0)} ms | ${ratio.toFixed(2)}× | ` +
        `${met(pct(check, 99) <= TARGET_P99_MS)} | ${met(ratio <= TARGET_RATIO)} |`,
    );
  }
}

main().catch((e: Error) => {
  console.error(`bench:receptionist failed: ${e.message}`);
  process.exit(1);
});
