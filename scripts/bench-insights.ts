// `npm run bench:insights [-- --calls 50000 --rounds 30 --database-url postgres://…]`: how long the insights take for a
// busy practice. A fresh embedded database (and, with --database-url, a throwaway database of that PostgreSQL server,
// created and dropped here) gets one practice with `--calls` (50,000) calls over the last three years (pseudo-random but
// the same every run: office hours mostly, some at night, a few abandoned), its bookings, requests and the
// receptionist's tool calls, and 20 other practices' calls (and tool calls) beside them. Then insightsFor (everything the page and GET /api/insights show) is timed for the last
// 30, 90 and 365 days. Prints p50/p95/max in milliseconds per period and database against the target (p95 under
// 100 ms); asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { closures, users } from "@/db/schema";
import { createDb } from "@/db/client";
import { vacuumWhereDue } from "@/db/maintenance";
import { runMigrations } from "@/db/migrate";
import { insightsFor } from "@/lib/insights/insights.service";
import { startEmbeddedDb } from "@/lib/server/embedded-db";
import { addDays, localDate } from "@/lib/platform/time/zoned-time";
import { createThrowawayDatabase } from "@/tests/e2e/support/postgres";
import { rng } from "./seeded-random";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Math.max(1, Number(process.argv[i + 1]) || fallback) : fallback;
};
const CALLS = arg("calls", 50_000);
const ROUNDS = arg("rounds", 30);
const DATABASE_URL = process.argv.includes("--database-url") ? process.argv[process.argv.indexOf("--database-url") + 1] : undefined;
const TARGET_MS = 100;
const PERIODS = [30, 90, 365];
const DAY = 86_400_000;

const HOURS = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d, i) => [
    d,
    { isOpen: i < 6, openTime: "08:30", closeTime: i === 5 ? "12:30" : "19:00" },
  ]),
) as never;
const OUTCOMES = ["booked", "booked", "rescheduled", "cancelled", "message", "no_action", "no_action", "no_action"] as const;

async function seed(url: string, now: Date): Promise<string> {
  const { db, sql } = createDb(url, 1);
  try {
    const random = rng(42);
    const owners = [];
    for (let i = 0; i < 21; i++) {
      const [u] = await db
        .insert(users)
        .values({ email: `bench-${i}-${Date.now()}@bench.test`, fullName: `Bench ${i}`, workingHours: HOURS, timeZone: "Europe/Paris" })
        .returning({ id: users.id });
      owners.push(u!.id);
    }
    const owner = owners[0]!;
    const today = localDate(now, "Europe/Paris");
    await db.insert(closures).values([
      { userId: owner, startsOn: addDays(today, -20), endsOn: addDays(today, -14), reason: "Congés" },
      { userId: owner, startsOn: addDays(today, -200), endsOn: addDays(today, -200), openTime: "09:00", closeTime: "12:00" },
    ]);
    const span = 3 * 365 * DAY;
    // The practice's calls, then 1,000 for each of the others (they share the table and its indexes).
    const rows: unknown[][] = [];
    const push = (userId: string, n: number) => {
      for (let i = 0; i < n; i++) {
        const dayStart = now.getTime() - Math.floor((random() * span) / DAY) * DAY;
        // Mostly 07:00–18:00 UTC (office hours in Paris), a tenth at any time of the night.
        const at = new Date(dayStart - (dayStart % DAY) + (random() < 0.9 ? 7 + random() * 11 : random() * 24) * 3_600_000);
        const abandoned = random() < 0.05;
        const seconds = abandoned ? Math.floor(random() * 9) : 30 + Math.floor(random() * 400);
        rows.push([
          userId,
          `bench-${userId.slice(0, 8)}-${i}`,
          "ended",
          at,
          new Date(at.getTime() + seconds * 1000),
          seconds,
          abandoned ? "no_action" : OUTCOMES[Math.floor(random() * OUTCOMES.length)]!,
          at,
        ]);
      }
    };
    push(owner, CALLS);
    for (const other of owners.slice(1)) push(other, 1_000);
    for (let i = 0; i < rows.length; i += 5_000) {
      const chunk = rows.slice(i, i + 5_000);
      await sql`insert into calls (user_id, provider_call_id, status, started_at, ended_at, duration_seconds, outcome, created_at)
        select * from unnest(${sql.array(chunk.map((r) => r[0] as string))}::uuid[], ${sql.array(chunk.map((r) => r[1] as string))}::text[],
          ${sql.array(chunk.map((r) => r[2] as string))}::text[], ${sql.array(chunk.map((r) => (r[3] as Date).toISOString()))}::timestamptz[],
          ${sql.array(chunk.map((r) => (r[4] as Date).toISOString()))}::timestamptz[], ${sql.array(chunk.map((r) => r[5] as number))}::int[],
          ${sql.array(chunk.map((r) => r[6] as string))}::text[], ${sql.array(chunk.map((r) => (r[7] as Date).toISOString()))}::timestamptz[])`;
    }
    // A booking (and its line in the changes log) for every booked call, and a request for every message.
    await sql`insert into appointments (user_id, patient_name, reason, starts_at, ends_at, source, call_id, created_at)
      select user_id, 'Patient', (array['Détartrage', 'Contrôle', 'Douleur', 'Blanchiment'])[1 + (abs(hashtext(provider_call_id)) % 4)],
        timestamptz '2040-01-01' + n * interval '30 minutes', timestamptz '2040-01-01' + (n + 1) * interval '30 minutes', 'phone', id, created_at
      -- one after another (the database refuses overlapping appointments)
      from (select *, row_number() over (order by id) as n from calls where user_id = ${owner} and outcome = 'booked') c`;
    await sql`insert into appointment_changes (user_id, appointment_id, kind, source, created_at)
      select user_id, id, 'booked', source, created_at from appointments where user_id = ${owner}`;
    await sql`insert into caller_messages (user_id, body, category, created_at)
      select user_id, 'Message', 'prescription', created_at from calls where user_id = ${owner} and outcome = 'message'`;
    // Three tool calls in every call that was not abandoned, 20 seconds apart, answered in 20 ms to 1.5 s.
    await sql`insert into call_tool_calls (user_id, provider_call_id, tool, outcome, duration_ms, created_at)
      select user_id, provider_call_id,
        (array['check_availability', 'book_appointment', 'take_message', 'lookup_info'])[1 + (abs(hashtext(provider_call_id || n)) % 4)],
        'result', 20 + abs(hashtext(provider_call_id || n || 'ms')) % 1500, started_at + n * interval '20 seconds'
      from calls, generate_series(1, 3) n where duration_seconds >= 10`;
    // The calls whose tool calls looked for or took a slot wanted an appointment, as the webhook marks them.
    await sql`update calls set wanted_booking = true where exists (select 1 from call_tool_calls t
      where t.provider_call_id = calls.provider_call_id and t.tool in ('check_availability', 'book_appointment'))`;
    return owner;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(label: string, url: string, poolMax: number): Promise<string[]> {
  await runMigrations(url);
  const now = new Date();
  console.log(`${label}: seeding ${CALLS.toLocaleString("en")} calls for one practice and 20,000 for twenty others…`);
  const t0 = performance.now();
  const owner = await seed(url, now);
  console.log(`${label}: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { db, sql } = createDb(url, poolMax);
  // The tables as the app keeps them: on the embedded database its own autovacuum (db/maintenance.ts) vacuums and
  // analyzes what the seed wrote; a PostgreSQL server's autovacuum would get there too, so the same is run there.
  console.log(`${label}: vacuumed ${(await vacuumWhereDue(db)).join(", ")}`);
  const lines: string[] = [];
  try {
    const today = localDate(now, "Europe/Paris");
    for (const days of PERIODS) {
      const period = { from: addDays(today, -(days - 1)), to: today };
      for (let i = 0; i < 5; i++) await insightsFor(db, owner, period, now); // warm-up: plans, caches
      const times: number[] = [];
      let calls = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const s = performance.now();
        calls = (await insightsFor(db, owner, period, now)).totals.calls;
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      lines.push(
        `${label.padEnd(11)} ${String(days).padStart(4)} days  ${String(calls).padStart(6)} calls  p50 ${pct(times, 50).toFixed(1).padStart(6)}  p95 ${p95.toFixed(1).padStart(6)}  max ${times.at(-1)!.toFixed(1).padStart(6)}  ${p95 < TARGET_MS ? "met" : "MISSED"}`,
      );
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return lines;
}

const results: string[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recepta-bench-insights-"));
const embedded = await startEmbeddedDb({ dataDir });
try {
  // One connection, as the app keeps on the embedded database (its one session serves every statement in turn).
  results.push(...(await measure("embedded", embedded.url, 1)));
} finally {
  await embedded.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (DATABASE_URL) {
  const throwaway = await createThrowawayDatabase("bench_insights", DATABASE_URL);
  try {
    results.push(...(await measure("postgresql", throwaway.url, 10)));
  } finally {
    await throwaway.drop();
  }
}
console.log(
  `\ninsightsFor, ${ROUNDS} rounds per period, ${CALLS.toLocaleString("en")} calls for the practice; target: p95 < ${TARGET_MS} ms`,
);
for (const l of results) console.log(l);
