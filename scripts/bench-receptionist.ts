// `npm run bench:receptionist [-- --calls 20 --rounds 10]`: the production server on a fresh embedded database,
// N simulated calls at once through the Vapi webhook. Each call asks for availability on a day and books one of the
// slots offered (callers collide on purpose: a "taken" answer with alternatives is a normal outcome). In the same run,
// GET /api/health is timed as the baseline of a trivial route. Prints p50/p95/p99 in milliseconds; asserts nothing.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startFreshApp } from "@/tests/e2e/support/server";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback;
};
const CALLS = arg("calls", 20);
const ROUNDS = arg("rounds", 10);
const TARGET_P99_MS = 50;

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  console.log("Starting the production app on a fresh data folder (builds first when .next is stale)…");
  const app = await startFreshApp();
  try {
    const secret = (JSON.parse(fs.readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as { VAPI_WEBHOOK_SECRET: string })
      .VAPI_WEBHOOK_SECRET;
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

    const row = (label: string, xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return `${label.padEnd(20)} ${String(s.length).padStart(6)} ${pct(s, 50).toFixed(1).padStart(8)} ${pct(s, 95).toFixed(1).padStart(8)} ${pct(s, 99).toFixed(1).padStart(8)}`;
    };
    console.log(
      `\n${CALLS} concurrent calls × ${ROUNDS} rounds in ${wall.toFixed(1)} s (embedded PGlite, sandbox calendar, job workers running)`,
    );
    console.log(`${"".padEnd(20)} ${"n".padStart(6)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
    console.log(row("GET /api/health", timings.baseline));
    console.log(row("check_availability", timings.check));
    console.log(row("book_appointment", timings.book));
    console.log(`Bookings: ${booked} booked, ${taken} answered "taken" with alternatives.`);
    const checkP99 = pct(
      [...timings.check].sort((a, b) => a - b),
      99,
    );
    const baseP99 = pct(
      [...timings.baseline].sort((a, b) => a - b),
      99,
    );
    console.log(
      `Target check_availability p99 ≤ ${TARGET_P99_MS} ms: ${checkP99 <= TARGET_P99_MS ? "met" : "missed"} (${checkP99.toFixed(1)} ms); ` +
        `≤ 3× baseline p99 (${(3 * baseP99).toFixed(1)} ms): ${checkP99 <= 3 * baseP99 ? "met" : "missed"}.`,
    );
  } finally {
    await app.stop();
  }
}

main().catch((e: Error) => {
  console.error(`bench:receptionist failed: ${e.message}`);
  process.exit(1);
});
