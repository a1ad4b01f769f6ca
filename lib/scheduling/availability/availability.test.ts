import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { DayHours, WorkingHours } from "@/db/schema";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import {
  openIntervals,
  DEFAULT_VARIABLE_DURATION_MINUTES,
  durationFromSetting,
  freeSlots,
  isSlotFree,
  inClosure,
  nearestFreeSlots,
  type AvailabilityInput,
  type Interval,
} from "./availability";

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

// ---- helpers ---------------------------------------------------------------------------------------------------------

const iso = (slots: Interval[]) => slots.map((s) => s.start.toISOString());
const at = (s: string) => new Date(s);
const closedDay: DayHours = { isOpen: false, openTime: "09:00", closeTime: "17:00" };
/** Working hours with the given days open and every other day closed. */
function hours(open: Partial<Record<(typeof WEEKDAYS)[number], [string, string]>>): WorkingHours {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, open[d] ? { isOpen: true, openTime: open[d][0], closeTime: open[d][1] } : closedDay]),
  ) as WorkingHours;
}
const everyDay = (openTime: string, closeTime: string) => hours(Object.fromEntries(WEEKDAYS.map((d) => [d, [openTime, closeTime]])));

type Rules = Omit<AvailabilityInput, "from" | "to" | "limit">;
const rules = (over: Partial<Rules> = {}): Rules => ({
  timeZone: "Europe/Paris",
  workingHours: everyDay("09:00", "12:00"),
  durationMinutes: 30,
  minNoticeMinutes: 0,
  horizonDays: 400,
  now: at("2026-01-01T00:00:00Z"),
  busy: [],
  ...over,
});
/** freeSlots over one whole UTC day (and the evening before, for zones east of UTC). */
const slotsAround = (date: string, over: Partial<Rules> = {}) =>
  iso(freeSlots({ ...rules(over), from: new Date(Date.parse(`${date}T00:00:00Z`) - 14 * 3_600_000), to: at(`${date}T23:59:00Z`) }));

// ---- an independent reference, built on zonedWallTimeToUtc (lib/platform/time/zoned-time.ts) ---------------------------------

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
/** Local calendar date and "HH:mm" of an instant in a zone, via formatToParts. */
function localOf(instant: number, zone: string): { date: string; time: string } {
  let f = dateFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    dateFormatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const VALID = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The day's open hours as minutes, or null when closed (closed, malformed, close ≤ open). */
function openHours(wh: WorkingHours, date: string): [number, number] | null {
  const h = wh[weekdayOf(date)];
  if (!h.isOpen || !VALID.test(h.openTime) || !VALID.test(h.closeTime) || h.closeTime <= h.openTime) return null;
  return [toMinutes(h.openTime), toMinutes(h.closeTime)];
}
/** The first instant the clock shows `time` on `date`, or the first one after the gap when DST skips it. */
function firstAtOrAfter(date: string, minutes: number, zone: string): number {
  for (let m = minutes; m < 24 * 60; m++) {
    const d = zonedWallTimeToUtc(date, hhmm(m), zone);
    if (d) return d.getTime();
  }
  throw new Error("no instant");
}
const defaultStep = (dur: number) => {
  let [a, b] = [dur, 30];
  while (b) [a, b] = [b, a % b];
  return a;
};
/** Every grid start s in [lo, hi] whose slot fits its day's open hours, ignoring busy: a slow, obvious enumeration. */
function referenceGrid(r: Rules, lo: number, hi: number): number[] {
  const out = new Set<number>();
  if (!(lo <= hi)) return [];
  const step = r.stepMinutes ?? defaultStep(r.durationMinutes);
  const last = addDays(localOf(hi, r.timeZone).date, 1);
  for (let date = addDays(localOf(lo, r.timeZone).date, -1); date <= last; date = addDays(date, 1)) {
    const h = openHours(r.workingHours, date);
    if (!h) continue;
    const closeAt = firstAtOrAfter(date, h[1], r.timeZone);
    for (let m = h[0]; m < h[1]; m += step) {
      const s = zonedWallTimeToUtc(date, hhmm(m), r.timeZone)?.getTime();
      if (s !== undefined && s >= lo && s <= hi && s + r.durationMinutes * MINUTE <= closeAt) out.add(s);
    }
  }
  return [...out].sort((a, b) => a - b);
}
const overlapsBusy = (s: number, e: number, busy: Interval[]) =>
  busy.some((b) => b.start.getTime() < b.end.getTime() && b.start.getTime() < e && b.end.getTime() > s);
const bounds = (r: Rules) => ({
  earliest: r.now.getTime() + Math.max(0, r.minNoticeMinutes) * MINUTE,
  latest: r.now.getTime() + r.horizonDays * DAY,
});
function referenceFreeSlots(input: AvailabilityInput): number[] {
  const { earliest, latest } = bounds(input);
  const dur = input.durationMinutes * MINUTE;
  const free = referenceGrid(input, Math.max(input.from.getTime(), earliest), Math.min(input.to.getTime() - dur, latest)).filter(
    (s) => !overlapsBusy(s, s + dur, input.busy),
  );
  return input.limit === undefined ? free : free.slice(0, Math.max(0, input.limit));
}

// ---- generators ------------------------------------------------------------------------------------------------------

const ZONES = ["Europe/Paris", "America/New_York", "Europe/Madrid", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"];
// DST changes of those zones, all at about 02:00 local time.
const DST_CHANGES: [string, string][] = [
  ["Europe/Paris", "2026-03-29T01:00:00Z"], // 02:00 → 03:00
  ["Europe/Paris", "2026-10-25T01:00:00Z"], // 03:00 → 02:00
  ["Europe/Madrid", "2027-03-28T01:00:00Z"],
  ["Europe/Madrid", "2025-10-26T01:00:00Z"],
  ["America/New_York", "2026-03-08T07:00:00Z"], // 02:00 → 03:00
  ["America/New_York", "2026-11-01T06:00:00Z"], // 02:00 → 01:00
  ["Australia/Lord_Howe", "2026-10-03T15:30:00Z"], // 02:00 → 02:30
  ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"], // 02:00 → 01:30
];
const QUARTER = 15 * MINUTE;
const minuteTime = fc.integer({ min: 0, max: 24 * 60 - 1 });
const timeString = fc.oneof(
  { weight: 12, arbitrary: minuteTime.map(hhmm) },
  { weight: 1, arbitrary: fc.constantFrom("00:00", "24:00", "9:00", "") },
);
/** Open on the quarter hour (mostly) or on any minute, from `open` minutes for `length` minutes (≤ 0: closed). */
const openFor = (open: fc.Arbitrary<number>, length: fc.Arbitrary<number>): fc.Arbitrary<DayHours> =>
  fc.tuple(open, fc.noBias(length), fc.boolean()).map(([o, len, anyMinute]) => ({
    isOpen: true,
    openTime: hhmm(o),
    closeTime: hhmm(Math.min(24 * 60 - 1, Math.max(0, anyMinute ? o + len : o + len - (len % 15)))),
  }));
const dayHours: fc.Arbitrary<DayHours> = fc.oneof(
  {
    weight: 8,
    arbitrary: openFor(
      fc.oneof(
        fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
        minuteTime,
      ),
      fc.integer({ min: -120, max: 24 * 60 }),
    ),
  },
  { weight: 2, arbitrary: fc.record({ isOpen: fc.boolean(), openTime: timeString, closeTime: timeString }) },
);
// A day open around the DST change at about 02:00: opening between 00:00 and 03:00, closing up to 6 hours later, so
// that either may fall in a skipped or a repeated hour.
const dstDayHours = openFor(
  fc.oneof(
    fc.integer({ min: 0, max: 12 }).map((q) => q * 15),
    fc.integer({ min: 0, max: 180 }),
  ),
  fc.integer({ min: 15, max: 360 }),
);
const workingHoursWith = (override?: { weekday: (typeof WEEKDAYS)[number]; day: DayHours }) =>
  fc.tuple(...WEEKDAYS.map(() => dayHours)).map((days) => {
    const wh = Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]!])) as WorkingHours;
    if (override) wh[override.weekday] = override.day;
    return wh;
  });
const durationArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(15, 30, 45, 60, 90, 120) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 48 }).map((n) => n * 5) },
);
const stepArb = fc.option(fc.constantFrom(10, 15, 20, 30, 45, 60, 90), { nil: undefined, freq: 2 });
const noticeArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 240 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 * 24 * 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -30) },
);
/**
 * Busy intervals as [start, length] in minutes from an anchor on the quarter hour: mostly on the quarter-hour grid (so
 * they often touch slots exactly), some on the 5-minute grid, some anywhere, empty or inverted.
 */
const busyArb = (minMinutes: number, maxMinutes: number, maxLength: number) =>
  fc.array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(fc.integer({ min: minMinutes / 15, max: maxMinutes / 15 }), fc.integer({ min: 1, max: 8 }))
          .map(([k, n]) => [k * 15, n * 15] as const),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.integer({ min: minMinutes / 5, max: maxMinutes / 5 }), fc.integer({ min: 1, max: 36 }))
          .map(([k, n]) => [k * 5, n * 5] as const),
      },
      { weight: 1, arbitrary: fc.tuple(fc.integer({ min: minMinutes, max: maxMinutes }), fc.integer({ min: -30, max: 24 * 60 })) },
    ),
    { maxLength, size: "max" },
  );
const toBusy = (anchor: number, busy: readonly (readonly [number, number])[]): Interval[] =>
  busy.map(([start, length]) => ({ start: new Date(anchor + start * MINUTE), end: new Date(anchor + (start + length) * MINUTE) }));
const jitter = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 59_999 }),
  fc.integer({ min: 0, max: 29 }).map((m) => m * MINUTE),
);

/** Rules, and an instant worth asking about. */
type Case = { rules: Rules; focus: number };
/** Any zone, hours and rules; `now` anywhere in 2024–2030. */
const anyCaseArb: fc.Arbitrary<Case> = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    workingHours: workingHoursWith(),
    durationMinutes: durationArb,
    stepMinutes: stepArb,
    minNoticeMinutes: noticeArb,
    horizonDays: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 9 }) }, { weight: 1, arbitrary: fc.constant(0) }),
    quarter: fc.integer({ min: Date.parse("2024-01-01T00:00:00Z") / QUARTER, max: Date.parse("2030-12-31T00:00:00Z") / QUARTER }),
    jitter,
    busy: busyArb(-24 * 60, 10 * 24 * 60, 60),
    focus: fc.noBias(fc.integer({ min: 0, max: 4 * 24 * 60 })),
  })
  .map(({ quarter, jitter, busy, focus, ...r }) => ({
    rules: { ...r, now: new Date(quarter * QUARTER + jitter), busy: toBusy(quarter * QUARTER, busy) },
    focus: quarter * QUARTER + focus * MINUTE,
  }));
/** A zone on the eve of one of its DST changes, open across it, the change inside the horizon; focus on the change. */
const dstCaseArb: fc.Arbitrary<Case> = fc.tuple(fc.constantFrom(...DST_CHANGES), dstDayHours).chain(([[timeZone, change], day]) => {
  const at = Date.parse(change);
  return fc
    .record({
      timeZone: fc.constant(timeZone),
      workingHours: workingHoursWith({ weekday: weekdayOf(localOf(at, timeZone).date), day }),
      durationMinutes: durationArb,
      stepMinutes: stepArb,
      minNoticeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 600 })),
      quartersBefore: fc.integer({ min: 0, max: 4 * 96 }),
      jitter,
      extraDays: fc.integer({ min: 1, max: 3 }),
      busy: busyArb(-2 * 24 * 60, 2 * 24 * 60, 20),
    })
    .map(({ quartersBefore, jitter, extraDays, busy, ...r }) => {
      const now = at - quartersBefore * QUARTER - jitter;
      return {
        rules: { ...r, now: new Date(now), horizonDays: Math.ceil((at - now) / DAY) + extraDays, busy: toBusy(at, busy) },
        focus: at,
      };
    });
});
const caseArb = fc.oneof(anyCaseArb, dstCaseArb);
const rulesArb = caseArb.map((c) => c.rules);
/** A window around the case's focus: usually a day or more, sometimes empty or inverted. */
const inputArb: fc.Arbitrary<AvailabilityInput> = fc
  .tuple(
    caseArb,
    fc.noBias(fc.integer({ min: -6 * 60, max: 2 * 24 * 60 })),
    fc.oneof(
      { weight: 9, arbitrary: fc.noBias(fc.integer({ min: 60, max: 4 * 24 * 60 })) },
      { weight: 1, arbitrary: fc.integer({ min: -60, max: 60 }) },
    ),
    fc.option(fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 8 }) }, { weight: 1, arbitrary: fc.constant(0) }), {
      nil: undefined,
      freq: 3,
    }),
  )
  .map(([{ rules, focus }, back, forward, limit]) => ({
    ...rules,
    from: new Date(focus - back * MINUTE),
    to: new Date(focus + forward * MINUTE),
    limit,
  }));
const RUNS = { numRuns: 200 };

// ---- properties ------------------------------------------------------------------------------------------------------

describe("freeSlots invariants (property-based)", () => {
  it("every slot is a grid start inside its day's open hours, in the window, free, sorted, exactly the duration", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const slots = freeSlots(input);
        const dur = input.durationMinutes * MINUTE;
        const step = input.stepMinutes ?? defaultStep(input.durationMinutes);
        const { earliest, latest } = bounds(input);
        if (input.limit !== undefined) expect(slots.length).toBeLessThanOrEqual(input.limit);
        let previous = -Infinity;
        let previousEnd = -Infinity;
        let previousOffset = Number.NaN;
        for (const slot of slots) {
          const s = slot.start.getTime();
          const e = slot.end.getTime();
          // Exactly the duration, in real time.
          expect(e - s).toBe(dur);
          // Inside the day's open hours, wall-clock in the zone: a grid time from the opening, shown at its first
          // occurrence, ending by the first moment the clock reads the closing time.
          const local = localOf(s, input.timeZone);
          const open = openHours(input.workingHours, local.date);
          expect(open, `${slot.start.toISOString()} falls on a closed day`).not.toBeNull();
          const m = toMinutes(local.time);
          expect(m).toBeGreaterThanOrEqual(open![0]);
          expect(m).toBeLessThan(open![1]);
          expect((m - open![0]) % step).toBe(0);
          expect(zonedWallTimeToUtc(local.date, local.time, input.timeZone)?.getTime()).toBe(s);
          expect(e).toBeLessThanOrEqual(firstAtOrAfter(local.date, open![1], input.timeZone));
          // Notice, horizon, window.
          expect(s).toBeGreaterThanOrEqual(earliest);
          expect(s).toBeGreaterThanOrEqual(input.now.getTime());
          expect(s).toBeLessThanOrEqual(latest);
          expect(s).toBeGreaterThanOrEqual(input.from.getTime());
          expect(e).toBeLessThanOrEqual(input.to.getTime());
          // Free.
          expect(overlapsBusy(s, e, input.busy)).toBe(false);
          // Strictly ascending; with a step at least the duration, also disjoint (unless clocks sprang forward between
          // them: 01:30 and 03:00 on a 90-minute grid are 30 real minutes apart in Paris on 2026-03-29).
          expect(s).toBeGreaterThan(previous);
          const offset = Date.parse(`${local.date}T${local.time}:00Z`) - s;
          if (step >= input.durationMinutes && offset === previousOffset) expect(s).toBeGreaterThanOrEqual(previousEnd);
          previous = s;
          previousEnd = e;
          previousOffset = offset;
        }
      }),
      RUNS,
    );
  });

  it("returns exactly what a slow, obvious enumeration of the grid finds", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(freeSlots(input).map((s) => s.start.getTime())).toEqual(referenceFreeSlots(input));
      }),
      RUNS,
    );
  });

  it("agrees with isSlotFree: every slot is free; every grid start not returned, and every off-grid start, is not", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const slots = new Set(freeSlots({ ...input, limit: undefined }).map((s) => s.start.getTime()));
        const { earliest, latest } = bounds(input);
        const grid = referenceGrid(
          input,
          Math.max(input.from.getTime(), earliest),
          Math.min(input.to.getTime() - input.durationMinutes * MINUTE, latest),
        );
        for (const s of slots) expect(grid).toContain(s);
        for (const s of grid) {
          expect(isSlotFree({ ...input, start: new Date(s) }), new Date(s).toISOString()).toBe(slots.has(s));
          expect(isSlotFree({ ...input, start: new Date(s + MINUTE) })).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it("isSlotFree refuses random instants unless freeSlots would offer them", () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: -24 * 60, max: 10 * 24 * 60 }), (r, offset) => {
        const start = r.now.getTime() + offset * MINUTE - ((r.now.getTime() + offset * MINUTE) % (5 * MINUTE));
        const offered = freeSlots({ ...r, from: new Date(start), to: new Date(start + r.durationMinutes * MINUTE) });
        expect(isSlotFree({ ...r, start: new Date(start) })).toBe(offered.length === 1 && offered[0]!.start.getTime() === start);
      }),
      { numRuns: 300 },
    );
  });

  it("nearestFreeSlots returns free slots, sorted, and no free slot is closer to `around` than those it left out", () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.nat(),
        fc.integer({ min: -60, max: 60 }),
        fc.integer({ min: -3 * 24 * 60, max: 12 * 24 * 60 }),
        fc.integer({ min: 1, max: 6 }),
        (r, pick, near, far, count) => {
          // Brute force: every free slot from notice to horizon.
          const { earliest, latest } = bounds(r);
          const dur = r.durationMinutes * MINUTE;
          const all = referenceGrid(r, earliest, latest).filter((s) => !overlapsBusy(s, s + dur, r.busy));
          // Mostly within 2½ hours of a free slot, in steps of 2½ minutes, so that two slots are often equally close;
          // sometimes anywhere.
          const around = all.length > 0 && pick % 4 !== 0 ? all[pick % all.length]! + near * 150_000 : r.now.getTime() + far * MINUTE;
          const got = nearestFreeSlots({ ...r, around: new Date(around), count });
          for (const slot of got) {
            expect(isSlotFree({ ...r, start: slot.start })).toBe(true);
            expect(slot.end.getTime() - slot.start.getTime()).toBe(dur);
          }
          const starts = got.map((s) => s.start.getTime());
          expect(starts).toEqual([...starts].sort((a, b) => a - b));
          // The closest `count` (on a tie, the earlier), in time order.
          const expected = [...all]
            .sort((a, b) => Math.abs(a - around) - Math.abs(b - around) || a - b)
            .slice(0, count)
            .sort((a, b) => a - b);
          expect(starts).toEqual(expected);
        },
      ),
      RUNS,
    );
  });
});

// ---- DST days --------------------------------------------------------------------------------------------------------

describe("DST days", () => {
  it("Europe/Paris 2026-03-29 (02:00 → 03:00): the skipped 02:00 and 02:30 are not offered", () => {
    const sunday = hours({ sunday: ["01:00", "04:00"] });
    // 01:00 and 01:30 CET (+1), then 03:00 and 03:30 CEST (+2); closing 04:00 CEST is 02:00Z.
    expect(slotsAround("2026-03-29", { workingHours: sunday })).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T01:30:00.000Z",
    ]);
    // 60 minutes of real time: 01:30 CET runs to 03:30 CEST.
    expect(slotsAround("2026-03-29", { workingHours: sunday, durationMinutes: 60, stepMinutes: 30 })).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
    ]);
  });

  it("Europe/Paris 2026-03-29: closing at a skipped time closes when the clocks reach 03:00", () => {
    // 01:00–02:30: the 02:30 never shows; closing is 03:00 CEST (01:00Z), so a 60-minute 01:30 (to 01:30Z) does not fit.
    expect(
      slotsAround("2026-03-29", { workingHours: hours({ sunday: ["01:00", "02:30"] }), durationMinutes: 60, stepMinutes: 30 }),
    ).toEqual(["2026-03-29T00:00:00.000Z"]);
    expect(slotsAround("2026-03-29", { workingHours: hours({ sunday: ["01:00", "02:30"] }) })).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T00:30:00.000Z",
    ]);
  });

  it("Europe/Paris 2026-03-29: opening at a skipped time opens when the clocks reach 03:00, grid kept from 02:30", () => {
    expect(slotsAround("2026-03-29", { workingHours: hours({ sunday: ["02:30", "05:00"] }) })).toEqual([
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T01:30:00.000Z",
      "2026-03-29T02:00:00.000Z",
      "2026-03-29T02:30:00.000Z",
    ]);
  });

  it("Europe/Paris 2026-10-25 (03:00 → 02:00): the repeated 02:00–03:00 is offered once, slots last real time", () => {
    const sunday = hours({ sunday: ["01:00", "04:00"] });
    // 01:00–02:30 CEST (+2), then 03:00 and 03:30 CET (+1); closing 04:00 CET is 03:00Z.
    expect(slotsAround("2026-10-25", { workingHours: sunday })).toEqual([
      "2026-10-24T23:00:00.000Z",
      "2026-10-24T23:30:00.000Z",
      "2026-10-25T00:00:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T02:00:00.000Z",
      "2026-10-25T02:30:00.000Z",
    ]);
    const sixty = freeSlots({
      ...rules({ workingHours: sunday, durationMinutes: 60, stepMinutes: 30 }),
      from: at("2026-10-24T12:00:00Z"),
      to: at("2026-10-25T12:00:00Z"),
    });
    expect(sixty.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ["2026-10-24T23:00:00.000Z", "2026-10-25T00:00:00.000Z"],
      ["2026-10-24T23:30:00.000Z", "2026-10-25T00:30:00.000Z"], // 01:30 CEST → 02:30 CEST: 60 real minutes
      ["2026-10-25T00:00:00.000Z", "2026-10-25T01:00:00.000Z"],
      ["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"], // 02:30 CEST → the second 02:30 (CET)
      ["2026-10-25T02:00:00.000Z", "2026-10-25T03:00:00.000Z"], // 03:00 CET → closing at 04:00 CET
    ]);
  });

  it("America/New_York 2026-03-08 (02:00 → 03:00)", () => {
    expect(slotsAround("2026-03-08", { timeZone: "America/New_York", workingHours: hours({ sunday: ["01:00", "04:00"] }) })).toEqual([
      "2026-03-08T06:00:00.000Z", // 01:00 EST
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T07:00:00.000Z", // 03:00 EDT
      "2026-03-08T07:30:00.000Z", // ends 04:00 EDT, the closing time
    ]);
  });

  it("America/New_York 2026-11-01 (02:00 → 01:00): a 60-minute slot at 01:30 ends 60 real minutes later", () => {
    const slots = freeSlots({
      ...rules({ timeZone: "America/New_York", workingHours: hours({ sunday: ["00:00", "03:00"] }), durationMinutes: 60, stepMinutes: 30 }),
      from: at("2026-11-01T00:00:00Z"),
      to: at("2026-11-02T00:00:00Z"),
    });
    expect(slots.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ["2026-11-01T04:00:00.000Z", "2026-11-01T05:00:00.000Z"], // 00:00 EDT
      ["2026-11-01T04:30:00.000Z", "2026-11-01T05:30:00.000Z"],
      ["2026-11-01T05:00:00.000Z", "2026-11-01T06:00:00.000Z"], // 01:00 EDT → 01:00 EST
      ["2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"], // 01:30 EDT → 01:30 EST, offered once
      ["2026-11-01T07:00:00.000Z", "2026-11-01T08:00:00.000Z"], // 02:00 EST → 03:00 EST, the closing time
    ]);
    expect(
      isSlotFree({
        ...rules({
          timeZone: "America/New_York",
          workingHours: hours({ sunday: ["00:00", "03:00"] }),
          durationMinutes: 60,
          stepMinutes: 30,
        }),
        start: at("2026-11-01T06:30:00Z"),
      }),
    ).toBe(false); // the second 01:30
  });

  it("Australia/Lord_Howe, whose clocks move by 30 minutes", () => {
    const sunday = hours({ sunday: ["01:00", "03:00"] });
    // 2026-04-05: 02:00 (+11) → 01:30 (+10:30); the repeated 01:30–02:00 offered once.
    expect(slotsAround("2026-04-04", { timeZone: "Australia/Lord_Howe", workingHours: sunday, durationMinutes: 15 })).toEqual(
      ["14:00", "14:15", "14:30", "14:45", "15:30", "15:45", "16:00", "16:15"].map((t) => `2026-04-04T${t}:00.000Z`),
    );
    // 2026-10-04: 02:00 (+10:30) → 02:30 (+11); 02:00 and 02:15 do not exist.
    expect(slotsAround("2026-10-03", { timeZone: "Australia/Lord_Howe", workingHours: sunday, durationMinutes: 15 })).toEqual(
      ["14:30", "14:45", "15:00", "15:15", "15:30", "15:45"].map((t) => `2026-10-03T${t}:00.000Z`),
    );
  });
});

// ---- ordinary days ---------------------------------------------------------------------------------------------------

// The process's own time zone must not matter.
describe.each(["UTC", "Pacific/Kiritimati", "America/Los_Angeles"])("an ordinary Paris week (process TZ %s)", (processTz) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = processTz;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
  const week = hours({ monday: ["09:00", "12:00"], tuesday: ["09:00", "12:00"], wednesday: ["09:00", "12:00"] });
  // Tuesday 2026-06-02, Paris is UTC+2: 10:00–10:45 busy.
  const busy = [{ start: at("2026-06-02T08:00:00Z"), end: at("2026-06-02T08:45:00Z") }];
  const tuesday = { from: at("2026-06-01T22:00:00Z"), to: at("2026-06-02T22:00:00Z") };

  it("offers 09:00, 09:30, 11:00 and 11:30 (ending exactly at closing) around a 10:00–10:45 appointment", () => {
    expect(iso(freeSlots({ ...rules({ workingHours: week, busy }), ...tuesday }))).toEqual([
      "2026-06-02T07:00:00.000Z",
      "2026-06-02T07:30:00.000Z",
      "2026-06-02T09:00:00.000Z",
      "2026-06-02T09:30:00.000Z",
    ]);
  });

  it("treats busy intervals as half-open: touching is not overlapping", () => {
    const touching = [
      { start: at("2026-06-02T06:00:00Z"), end: at("2026-06-02T07:00:00Z") }, // ends as 09:00 starts
      { start: at("2026-06-02T08:00:00Z"), end: at("2026-06-02T09:00:00Z") }, // starts as 09:30 ends; ends as 11:00 starts
    ];
    expect(iso(freeSlots({ ...rules({ workingHours: week, busy: touching }), ...tuesday }))).toEqual([
      "2026-06-02T07:00:00.000Z",
      "2026-06-02T07:30:00.000Z",
      "2026-06-02T09:00:00.000Z",
      "2026-06-02T09:30:00.000Z",
    ]);
  });

  it("ignores busy intervals that are empty or inverted, and copes with unsorted overlapping ones", () => {
    const messy = [
      { start: at("2026-06-02T09:40:00Z"), end: at("2026-06-02T09:10:00Z") }, // inverted
      { start: at("2026-06-02T07:00:00Z"), end: at("2026-06-02T07:00:00Z") }, // empty
      { start: at("2026-06-02T08:20:00Z"), end: at("2026-06-02T08:50:00Z") },
      { start: at("2026-06-02T08:10:00Z"), end: at("2026-06-02T08:30:00Z") },
    ];
    expect(iso(freeSlots({ ...rules({ workingHours: week, busy: messy }), ...tuesday }))).toEqual([
      "2026-06-02T07:00:00.000Z",
      "2026-06-02T07:30:00.000Z",
      "2026-06-02T09:00:00.000Z",
      "2026-06-02T09:30:00.000Z",
    ]);
  });

  it("offers nothing on a closed day, nor on one whose closing is 00:00 or not after the opening", () => {
    const saturday = { from: at("2026-06-05T22:00:00Z"), to: at("2026-06-06T22:00:00Z") };
    expect(freeSlots({ ...rules({ workingHours: week }), ...saturday })).toEqual([]);
    for (const [openTime, closeTime] of [
      ["09:00", "00:00"],
      ["12:00", "09:00"],
      ["09:00", "09:00"],
      ["09:00", "24:00"],
      ["9:00", "12:00"],
    ]) {
      expect(freeSlots({ ...rules({ workingHours: hours({ saturday: [openTime!, closeTime!] }) }), ...saturday })).toEqual([]);
    }
  });

  it("respects the minimum notice: nothing starts before now + notice, a slot at exactly now + notice does", () => {
    const now = at("2026-06-02T07:10:00Z"); // 09:10 in Paris
    expect(iso(freeSlots({ ...rules({ workingHours: week, now, minNoticeMinutes: 60 }), ...tuesday }))).toEqual([
      "2026-06-02T08:30:00.000Z",
      "2026-06-02T09:00:00.000Z",
      "2026-06-02T09:30:00.000Z",
    ]);
    expect(iso(freeSlots({ ...rules({ workingHours: week, now, minNoticeMinutes: 50 }), ...tuesday }))[0]).toBe("2026-06-02T08:00:00.000Z");
    expect(freeSlots({ ...rules({ workingHours: week, now: at("2026-06-02T12:00:00Z") }), ...tuesday })).toEqual([]); // all past
  });

  it("respects the horizon: nothing starts after now + horizonDays, a slot at exactly the horizon does", () => {
    const now = at("2026-05-31T07:00:00Z"); // Sunday 09:00 in Paris
    const window = { from: now, to: at("2026-06-30T00:00:00Z") };
    // Monday 09:00 is exactly one day away.
    expect(iso(freeSlots({ ...rules({ workingHours: week, now, horizonDays: 1 }), ...window }))).toEqual(["2026-06-01T07:00:00.000Z"]);
    expect(freeSlots({ ...rules({ workingHours: week, now, horizonDays: 1 - 1 / 1440 }), ...window })).toEqual([]);
    // Monday and Tuesday in full, Wednesday 09:00 only.
    expect(freeSlots({ ...rules({ workingHours: week, now, horizonDays: 3 }), ...window })).toHaveLength(13);
  });

  it("honours limit, the step and its default of gcd(duration, 30)", () => {
    expect(iso(freeSlots({ ...rules({ workingHours: week }), ...tuesday, limit: 2 }))).toEqual([
      "2026-06-02T07:00:00.000Z",
      "2026-06-02T07:30:00.000Z",
    ]);
    expect(freeSlots({ ...rules({ workingHours: week }), ...tuesday, limit: 0 })).toEqual([]);
    // 45 minutes → a 15-minute grid: 09:00, 09:15 … 11:15.
    expect(freeSlots({ ...rules({ workingHours: week, durationMinutes: 45 }), ...tuesday })).toHaveLength(10);
    // 60 minutes → a 30-minute grid: 09:00 … 11:00.
    expect(iso(freeSlots({ ...rules({ workingHours: week, durationMinutes: 60 }), ...tuesday }))).toEqual([
      "2026-06-02T07:00:00.000Z",
      "2026-06-02T07:30:00.000Z",
      "2026-06-02T08:00:00.000Z",
      "2026-06-02T08:30:00.000Z",
      "2026-06-02T09:00:00.000Z",
    ]);
    // An explicit step, counted from an opening off the hour.
    expect(
      iso(
        freeSlots({ ...rules({ workingHours: hours({ tuesday: ["09:10", "11:00"] }), durationMinutes: 30, stepMinutes: 40 }), ...tuesday }),
      ),
    ).toEqual([
      "2026-06-02T07:10:00.000Z",
      "2026-06-02T07:50:00.000Z",
      "2026-06-02T08:30:00.000Z", // 10:30–11:00, ending at closing
    ]);
  });

  it("isSlotFree: on the grid, open, in time and free", () => {
    const r = rules({ workingHours: week, busy, now: at("2026-06-01T00:00:00Z") });
    expect(isSlotFree({ ...r, start: at("2026-06-02T07:00:00Z") })).toBe(true);
    expect(isSlotFree({ ...r, start: at("2026-06-02T09:30:00Z") })).toBe(true); // ends at closing
    expect(isSlotFree({ ...r, start: at("2026-06-02T08:30:00Z") })).toBe(false); // busy until 10:45
    expect(isSlotFree({ ...r, start: at("2026-06-02T07:10:00Z") })).toBe(false); // off the grid
    expect(isSlotFree({ ...r, start: at("2026-06-02T10:00:00Z") })).toBe(false); // closed at 12:00
    expect(isSlotFree({ ...r, start: at("2026-06-06T07:00:00Z") })).toBe(false); // Saturday
    expect(isSlotFree({ ...r, now: at("2026-06-02T07:01:00Z"), start: at("2026-06-02T07:00:00Z") })).toBe(false); // past
  });

  it("nearestFreeSlots offers the closest alternatives, the earlier on a tie", () => {
    const r = rules({ workingHours: week, busy, now: at("2026-06-01T00:00:00Z") });
    // 10:00 was just taken: 09:30 is 30 min away; 09:00 and 11:00 are both 60 min away.
    expect(iso(nearestFreeSlots({ ...r, around: at("2026-06-02T08:00:00Z"), count: 2 }))).toEqual([
      "2026-06-02T07:00:00.000Z",
      "2026-06-02T07:30:00.000Z",
    ]);
    expect(iso(nearestFreeSlots({ ...r, around: at("2026-06-02T08:00:00Z"), count: 3 }))).toEqual([
      "2026-06-02T07:00:00.000Z",
      "2026-06-02T07:30:00.000Z",
      "2026-06-02T09:00:00.000Z",
    ]);
    // Far from any opening: it searches further out; never in the past.
    expect(iso(nearestFreeSlots({ ...r, now: at("2026-06-03T09:45:00Z"), around: at("2026-06-03T10:00:00Z"), count: 2 }))).toEqual([
      "2026-06-08T07:00:00.000Z",
      "2026-06-08T07:30:00.000Z",
    ]);
    expect(nearestFreeSlots({ ...r, around: at("2026-06-02T08:00:00Z"), count: 0 })).toEqual([]);
    expect(nearestFreeSlots({ ...r, workingHours: hours({}), around: at("2026-06-02T08:00:00Z"), count: 3 })).toEqual([]);
  });
});

describe("durationFromSetting", () => {
  it("maps the fixed durations to minutes and 'variable' or junk to the default", () => {
    expect(["15", "30", "45", "60", "90", "120"].map(durationFromSetting)).toEqual([15, 30, 45, 60, 90, 120]);
    expect(DEFAULT_VARIABLE_DURATION_MINUTES).toBe(30);
    for (const junk of ["variable", "", "20", " 30", "abc", "-15", "1e2"]) expect(durationFromSetting(junk)).toBe(30);
  });

  it("a 'variable' business gets 30-minute slots", () => {
    const slots = freeSlots({
      ...rules({ durationMinutes: durationFromSetting("variable") }),
      from: at("2026-06-02T00:00:00Z"),
      to: at("2026-06-02T12:00:00Z"),
    });
    expect(slots).toHaveLength(6);
    for (const s of slots) expect(s.end.getTime() - s.start.getTime()).toBe(30 * MINUTE);
  });
});

describe("bad input", () => {
  it("throws a RangeError for an unknown zone or a duration or step that is not a positive whole number", () => {
    const w = { from: at("2026-06-02T00:00:00Z"), to: at("2026-06-03T00:00:00Z") };
    expect(() => freeSlots({ ...rules({ timeZone: "Mars/Olympus" }), ...w })).toThrow(RangeError);
    expect(() => freeSlots({ ...rules({ durationMinutes: 0 }), ...w })).toThrow(RangeError);
    expect(() => freeSlots({ ...rules({ durationMinutes: 12.5 }), ...w })).toThrow(RangeError);
    expect(() => freeSlots({ ...rules({ stepMinutes: -15 }), ...w })).toThrow(RangeError);
    expect(() => nearestFreeSlots({ ...rules({ horizonDays: Infinity }), around: w.from, count: 1 })).toThrow(RangeError);
  });

  it("returns nothing for an empty or inverted window or invalid dates", () => {
    expect(freeSlots({ ...rules(), from: at("2026-06-03T00:00:00Z"), to: at("2026-06-02T00:00:00Z") })).toEqual([]);
    expect(freeSlots({ ...rules(), from: new Date(Number.NaN), to: at("2026-06-02T00:00:00Z") })).toEqual([]);
    expect(isSlotFree({ ...rules(), start: new Date(Number.NaN) })).toBe(false);
  });

  it("handles 1,000 unsorted overlapping busy intervals like the slow reference", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const busy = Array.from({ length: 1000 }, () => {
      const start = Date.parse("2026-06-01T00:00:00Z") + Math.floor(random() * 14 * 96) * 15 * MINUTE;
      return { start: new Date(start), end: new Date(start + (1 + Math.floor(random() * 6)) * 10 * MINUTE) };
    });
    const input = {
      ...rules({ workingHours: everyDay("08:00", "19:00"), busy, now: at("2026-06-01T00:00:00Z"), horizonDays: 14 }),
      from: at("2026-06-01T00:00:00Z"),
      to: at("2026-06-15T00:00:00Z"),
    };
    const slots = freeSlots(input).map((s) => s.start.getTime());
    expect(slots.length).toBeGreaterThan(0);
    expect(slots).toEqual(referenceFreeSlots(input));
  });
});

describe("exceptions to the week (closures, special hours)", () => {
  /** The slots starting on that UTC date (Paris is an hour ahead in winter: 09:00–12:00 there is 08:00–11:00 UTC). */
  const on = (date: string, over: Partial<Rules>) => slotsAround(date, over).filter((s) => s.startsWith(date));
  it("offers nothing on a closed run of days, both ends included, and the week's hours again after it", () => {
    const exceptions = [{ from: "2026-12-24", to: "2026-12-26", hours: null }];
    expect(on("2026-12-23", { exceptions })).toHaveLength(6);
    for (const day of ["2026-12-24", "2026-12-25", "2026-12-26"]) expect(on(day, { exceptions }), day).toEqual([]);
    expect(on("2026-12-27", { exceptions })).toHaveLength(6);
  });

  it("opens a day on its special hours, even a day the week keeps closed, in the business's zone", () => {
    const weekdaysOnly = hours({ monday: ["09:00", "12:00"], tuesday: ["09:00", "12:00"] });
    const exceptions = [
      { from: "2026-12-22", to: "2026-12-22", hours: { isOpen: true, openTime: "10:00", closeTime: "11:00" } },
      { from: "2026-12-27", to: "2026-12-27", hours: { isOpen: true, openTime: "14:00", closeTime: "15:00" } },
    ];
    // Tuesday 22 December: 10:00 and 10:30 Paris time only; Sunday 27 December, closed by the week, opens 14:00–15:00.
    expect(on("2026-12-22", { workingHours: weekdaysOnly, exceptions })).toEqual(["2026-12-22T09:00:00.000Z", "2026-12-22T09:30:00.000Z"]);
    expect(on("2026-12-27", { workingHours: weekdaysOnly, exceptions })).toEqual(["2026-12-27T13:00:00.000Z", "2026-12-27T13:30:00.000Z"]);
    const start = at("2026-12-22T08:00:00Z"); // 09:00 in Paris: open by the week, not that day
    expect(isSlotFree({ ...rules({ workingHours: weekdaysOnly, exceptions }), start })).toBe(false);
    expect(isSlotFree({ ...rules({ workingHours: weekdaysOnly }), start })).toBe(true);
  });

  it("offers the nearest times outside a closure, and ignores dates that are no dates", () => {
    const exceptions = [
      { from: "2026-12-24", to: "2026-12-26", hours: null },
      { from: "2026-02-30", to: "2026-03-01", hours: null },
    ];
    const near = nearestFreeSlots({ ...rules({ exceptions }), around: at("2026-12-25T10:00:00Z"), count: 2 });
    expect(iso(near)).toEqual(["2026-12-27T08:00:00.000Z", "2026-12-27T08:30:00.000Z"]);
    expect(on("2026-03-01", { exceptions })).toHaveLength(6);
  });
});

describe("inClosure (bookings that may start at any time)", () => {
  const exceptions = [
    { from: "2026-12-25", to: "2026-12-25", hours: null },
    { from: "2026-12-31", to: "2026-12-31", hours: { isOpen: true, openTime: "09:00", closeTime: "12:00" } },
  ];
  it("is true on a closed day, and for a booking of the evening before that runs into it", () => {
    expect(inClosure(exceptions, "Europe/Paris", at("2026-12-25T09:00:00Z"), 30)).toBe(true);
    // 23:00 on the 24th in Paris, for two hours: into the 25th.
    expect(inClosure(exceptions, "Europe/Paris", at("2026-12-24T22:00:00Z"), 120)).toBe(true);
    expect(inClosure(exceptions, "Europe/Paris", at("2026-12-24T21:00:00Z"), 60)).toBe(false);
  });

  it("is true outside a day's special hours only, in the business's zone", () => {
    expect(inClosure(exceptions, "Europe/Paris", at("2026-12-31T08:00:00Z"), 30)).toBe(false); // 09:00 Paris
    expect(inClosure(exceptions, "Europe/Paris", at("2026-12-31T10:45:00Z"), 30)).toBe(true); // 11:45–12:15
    expect(inClosure(exceptions, "America/New_York", at("2026-12-25T04:30:00Z"), 30)).toBe(false); // the 24th there
  });
});

describe("openIntervals: the open hours as real time", () => {
  const open = (openTime: string, closeTime: string): DayHours => ({ isOpen: true, openTime, closeTime });
  const shut: DayHours = { isOpen: false, openTime: "09:00", closeTime: "18:00" };
  const week: WorkingHours = {
    monday: open("09:00", "18:00"),
    tuesday: open("09:00", "18:00"),
    wednesday: open("09:00", "18:00"),
    thursday: open("09:00", "18:00"),
    friday: open("09:00", "18:00"),
    saturday: open("01:00", "04:00"),
    sunday: open("01:00", "04:00"),
  };
  const iso = (list: { start: Date; end: Date }[]) => list.map((i) => [i.start.toISOString(), i.end.toISOString()]);

  it("one interval per open day, in the zone's offset on each side of a DST change", () => {
    // Paris, week of 26 October 2026: UTC+2 until Sunday 25 October 03:00, UTC+1 after.
    const list = openIntervals({
      timeZone: "Europe/Paris",
      workingHours: week,
      from: new Date("2026-10-23T22:00:00Z"),
      to: new Date("2026-10-26T23:00:00Z"),
    });
    expect(iso(list)).toEqual([
      ["2026-10-23T23:00:00.000Z", "2026-10-24T02:00:00.000Z"], // Saturday 01:00–04:00 at UTC+2
      // Sunday 25: 01:00 at UTC+2, 04:00 at UTC+1: four real hours.
      ["2026-10-24T23:00:00.000Z", "2026-10-25T03:00:00.000Z"],
      ["2026-10-26T08:00:00.000Z", "2026-10-26T17:00:00.000Z"], // Monday at UTC+1
    ]);
  });

  it("a closed exception removes the day, special hours replace it; the window clips", () => {
    const list = openIntervals({
      timeZone: "Europe/Paris",
      workingHours: { ...week, saturday: shut, sunday: shut },
      exceptions: [
        { from: "2026-10-14", to: "2026-10-14", hours: null },
        { from: "2026-10-15", to: "2026-10-15", hours: open("09:00", "12:00") },
      ],
      from: new Date("2026-10-13T12:00:00Z"),
      to: new Date("2026-10-16T10:00:00Z"),
    });
    expect(iso(list)).toEqual([
      ["2026-10-13T12:00:00.000Z", "2026-10-13T16:00:00.000Z"],
      ["2026-10-15T07:00:00.000Z", "2026-10-15T10:00:00.000Z"],
      ["2026-10-16T07:00:00.000Z", "2026-10-16T10:00:00.000Z"],
    ]);
  });

  it("a day whose opening time is skipped by clocks going forward opens at the first moment after the gap", () => {
    // Paris, Sunday 29 March 2026: 02:00 becomes 03:00.
    const list = openIntervals({
      timeZone: "Europe/Paris",
      workingHours: { ...week, sunday: open("02:30", "05:00") },
      from: new Date("2026-03-28T23:00:00Z"),
      to: new Date("2026-03-29T22:00:00Z"),
    });
    expect(iso(list)).toEqual([["2026-03-29T01:00:00.000Z", "2026-03-29T03:00:00.000Z"]]);
  });
});
