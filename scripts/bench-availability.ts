// `npx tsx scripts/bench-availability.ts`: how long one availability computation takes (lib/scheduling/availability).
// A realistic busy practice: Europe/Paris, Monday–Friday 08:00–19:00 and Saturday 09:00–13:00, 30-minute slots, a
// 60-day window and horizon (crossing the spring DST change), 1,000 busy intervals (seeded pseudo-random, so every run
// measures the same input). Warm-up first, then ≥ 200 timed computations of each kind.
// A benchmark, not a test: a missed target is reported and exits 0.
import { freeSlots, isSlotFree, nearestFreeSlots, type AvailabilityInput, type Interval } from "@/lib/scheduling/availability/availability";
import { rng } from "./seeded-random";

const TARGET_MS = 2;
const RUNS = Math.max(200, Number(process.env.BENCH_RUNS) || 500);
const WARM_UP = 100;
const DAY = 86_400_000;
const MINUTE = 60_000;

const weekday = { isOpen: true, openTime: "08:00", closeTime: "19:00" };
const now = new Date("2026-03-02T07:12:00Z"); // a Monday morning; Paris springs forward on 2026-03-29
const random = rng(20260302);
// 1,000 appointments and calendar events over the 60 days, 15–60 min, starting on the quarter hour between 06:00 and
// 22:00 UTC (some outside opening hours, some overlapping one another), in no particular order.
const busy: Interval[] = Array.from({ length: 1000 }, () => {
  const day = Math.floor(random() * 60);
  const start = now.getTime() - (now.getTime() % DAY) + day * DAY + (6 * 60 + Math.floor(random() * 64) * 15) * MINUTE;
  return { start: new Date(start), end: new Date(start + (1 + Math.floor(random() * 4)) * 15 * MINUTE) };
});

const input: AvailabilityInput = {
  timeZone: "Europe/Paris",
  workingHours: {
    monday: weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: weekday,
    friday: weekday,
    saturday: { isOpen: true, openTime: "09:00", closeTime: "13:00" },
    sunday: { isOpen: false, openTime: "09:00", closeTime: "17:00" },
  },
  durationMinutes: 30,
  minNoticeMinutes: 120,
  horizonDays: 60,
  now,
  from: now,
  to: new Date(now.getTime() + 60 * DAY),
  busy,
};

function measure(label: string, run: () => number): number[] {
  let result = 0;
  for (let i = 0; i < WARM_UP; i++) result = run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    result = run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const ms = (v: number) => v.toFixed(3);
  console.log(
    `${label.padEnd(34)} median ${ms(at(0.5))} ms  p95 ${ms(at(0.95))} ms  max ${ms(times[times.length - 1]!)} ms  ` +
      `(${RUNS} runs, result ${result})`,
  );
  return times;
}

const slots = freeSlots(input);
console.log(`Europe/Paris, Mon–Fri 08:00–19:00 + Sat 09:00–13:00, 30-min slots, 60-day window, ${busy.length} busy intervals`);
console.log(`Slots found: ${slots.length} (first ${slots[0]?.start.toISOString()}, last ${slots.at(-1)?.start.toISOString()})\n`);

const rules = { ...input, from: undefined, to: undefined };
const full = measure("freeSlots (60 days)", () => freeSlots(input).length);
measure("freeSlots (limit 5)", () => freeSlots({ ...input, limit: 5 }).length);
measure(
  "nearestFreeSlots (count 3)",
  () => nearestFreeSlots({ ...rules, around: new Date(now.getTime() + 20 * DAY + 3 * 3_600_000), count: 3 }).length,
);
measure("isSlotFree", () => Number(isSlotFree({ ...rules, start: slots[Math.floor(slots.length / 2)]!.start })));

// The target is for the full computation, 60 days against 1,000 busy intervals, judged on its p95.
const p95 = full[Math.floor(0.95 * full.length)]!;
console.log(`\nfreeSlots over 60 days: p95 ${p95.toFixed(3)} ms; target ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? "met" : "missed"}`);
