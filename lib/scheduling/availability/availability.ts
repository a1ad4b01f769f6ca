// The availability engine: which appointment slots a business can offer, from its working hours (wall-clock in its IANA
// time zone), the slot length, notice and horizon rules, and what is already busy (calendar free/busy + our own
// appointments). Pure and framework-free: Intl only, no date library, no I/O; the process's own TZ never matters.
//
// The rules, and the decisions taken where the brief left a choice:
// - Grid. Slot starts are wall-clock times openTime + k × step on each calendar day in the business's zone (open 09:00,
//   step 30 → 09:00, 09:30, …). The default step is gcd(duration, 30): 15 → 15, 30/60/90/120 → 30, 45 → 15 (so a 45-min
//   booking at 09:00 leaves 09:45 bookable), never more than 30, and back-to-back bookings stay on the grid. When the
//   step is shorter than the duration, returned slots overlap one another: they are alternative start times to offer,
//   not a partition of the day. None of them overlaps anything busy.
// - Open hours. A day is open when isOpen; its stretches are dayRanges(day) (one, or up to three around breaks: a
//   morning 09:00–14:00 and an afternoon 16:00–20:00). A stretch counts when both times are valid "HH:mm" with
//   closeTime > openTime; "00:00" as a closing time, closeTime ≤ openTime, a malformed time, or a stretch overlapping
//   the one before it is dropped, and a day left with none is closed. Overnight hours are not supported (the
//   working-hours form refuses them too: closeAfterOpen). A stretch is real time from the first moment the clock reads
//   its openTime (or the first moment after it, when DST skips it) to the first moment it reads its closeTime; a slot
//   lies entirely inside one stretch (a slot ending exactly at a closing is offered, one running into a break is not).
//   The grid restarts at each stretch's opening (open 09:00–14:00 and 16:15–20:00, step 30 → …, 13:30, 16:15, 16:45).
// - DST. A grid time that does not exist (spring forward) is skipped; one that happens twice (fall back) is offered
//   once, at its first occurrence. A slot lasts durationMinutes of real elapsed time whatever the clock shows.
// - Time limits. No slot starts before now + minNoticeMinutes (negative notice counts as 0, so never in the past) or
//   after now + horizonDays × 24 h (real hours, inclusive). freeSlots returns the slots lying entirely inside [from, to].
// - Busy intervals are half-open [start, end): a slot ending at 10:00 and a busy interval starting at 10:00 do not
//   overlap. Empty, inverted or invalid intervals are ignored.
// - Exceptions. A run of local dates (a closure: holidays, a training day) is closed, or open on other hours than its
//   weekday's, whatever the week says; the dates are the business's calendar days, both ends included.
// - isSlotFree requires its start to be one of the grid starts freeSlots would return; an off-grid start is not free.
// - nearestFreeSlots ranks by |start − around|; on a tie the earlier slot wins.
// - A duration or step that is not a positive whole number of minutes throws a RangeError; so do an infinite horizon
//   and an unknown zone.
//
// Speed: no formatting per slot. Each open day is modelled by the zone's offset before and after at most one
// transition (two offset lookups per day; a bisection for the transition instant only on DST days), then every grid
// start is arithmetic. Busy intervals are merged once (starts and ends sorted separately as Float64Arrays) and swept
// with a single pointer, so one computation is O(days + slots + busy log busy).
import type { DayHours, WorkingHours } from "@/db/schema";
import { APPOINTMENT_DURATIONS } from "@/lib/accounts/account/options";
import { dayRanges } from "@/lib/accounts/account/working-hours";
import { formatterFor, isCalendarDate, zoneOffsetMs } from "@/lib/platform/time/zoned-time";

export type { DayHours, WorkingHours };
export type Interval = { start: Date; end: Date };
/** Local dates `from`..`to` (YYYY-MM-DD, inclusive): closed (`hours` null) or open on these hours instead of the week's. */
export type DayException = { from: string; to: string; hours: DayHours | null };
export type AvailabilityInput = {
  /** IANA zone of the business, e.g. "Europe/Paris". */
  timeZone: string;
  /** Per weekday, wall-clock "HH:mm" (24 h) in timeZone. */
  workingHours: WorkingHours;
  /** Days that differ from the week (closures, special hours); none by default. */
  exceptions?: DayException[];
  /** Slot length, in real minutes. */
  durationMinutes: number;
  /** Minutes between grid starts, counted from each day's opening time; default gcd(durationMinutes, 30). */
  stepMinutes?: number;
  /** No slot starts before now + minNoticeMinutes. */
  minNoticeMinutes: number;
  /** No slot starts after now + horizonDays × 24 h. */
  horizonDays: number;
  now: Date;
  /** The window asked for: slots lie entirely inside [from, to] (further clipped by notice and horizon). */
  from: Date;
  to: Date;
  /** Calendar free/busy and our own appointments: any order, may overlap. */
  busy: Interval[];
  /** At most this many slots (the earliest); default unlimited. */
  limit?: number;
};
export type Rules = Omit<AvailabilityInput, "from" | "to" | "limit">;

/** The owner's "variable" appointment duration, as offered to callers (shown in the settings UI). */
export const DEFAULT_VARIABLE_DURATION_MINUTES = 30;

/** The account's appointment-duration setting → minutes: "15" … "120" → 15 … 120; "variable" or anything else → 30. */
export function durationFromSetting(setting: string): number {
  return setting !== "variable" && (APPOINTMENT_DURATIONS as readonly string[]).includes(setting)
    ? Number(setting)
    : DEFAULT_VARIABLE_DURATION_MINUTES;
}

/** The free slots inside the window, earliest first, each exactly durationMinutes long. */
export function freeSlots(input: AvailabilityInput): Interval[] {
  const plan = planFor(input);
  const durMs = plan.durMs;
  const lo = Math.max(input.from.getTime(), plan.earliest);
  const hi = Math.min(input.to.getTime() - durMs, plan.latest);
  const limit = input.limit === undefined ? Infinity : Math.floor(input.limit);
  const out: Interval[] = [];
  if (!(lo <= hi) || !(limit > 0)) return out;
  const busy = mergeBusy(input.busy, lo, hi + durMs);
  let p = 0;
  forEachGridStart(plan, lo, hi, (s) => {
    const e = s + durMs;
    while (p < busy.n && busy.ends[p]! <= s) p++;
    if (p < busy.n && busy.starts[p]! < e) return true;
    out.push({ start: new Date(s), end: new Date(e) });
    return out.length < limit;
  });
  return out;
}

/** Whether a slot starting at `start` could be booked now: on the grid, inside open hours, notice and horizon, free. */
export function isSlotFree(input: Rules & { start: Date }): boolean {
  const plan = planFor(input);
  const s = input.start.getTime();
  if (!(s >= plan.earliest && s <= plan.latest)) return false;
  let onGrid = false;
  forEachGridStart(plan, s, s, (candidate) => {
    onGrid = candidate === s;
    return false;
  });
  if (!onGrid) return false;
  const e = s + plan.durMs;
  for (const b of input.busy) if (b.start.getTime() < e && b.end.getTime() > s && b.start < b.end) return false;
  return true;
}

/** The `count` free slots whose starts are closest to `around` (before or after), earliest first. */
export function nearestFreeSlots(input: Rules & { around: Date; count: number }): Interval[] {
  const plan = planFor(input);
  const count = Math.floor(input.count);
  const around = input.around.getTime();
  if (!(count > 0) || !(plan.earliest <= plan.latest) || Number.isNaN(around)) return [];
  const busy = mergeBusy(input.busy, plan.earliest, plan.latest + plan.durMs);
  // Search ±radius around `around`, widening until it holds `count` slots or covers notice-to-horizon: every slot
  // within `radius` of `around` is found, so once there are `count` of them no slot outside can be closer.
  for (let radius = DAY; ; radius *= 4) {
    const lo = Math.max(plan.earliest, around - radius);
    const hi = Math.min(plan.latest, around + radius);
    const starts: number[] = [];
    if (lo <= hi) {
      let p = 0;
      forEachGridStart(plan, lo, hi, (s) => {
        while (p < busy.n && busy.ends[p]! <= s) p++;
        if (!(p < busy.n && busy.starts[p]! < s + plan.durMs)) starts.push(s);
        return true;
      });
    }
    const everything = lo === plan.earliest && hi === plan.latest;
    if (starts.length >= count || everything) {
      // The closest `count` of a sorted list are a contiguous run: grow it outward from `around`.
      let right = starts.findIndex((s) => s >= around);
      if (right < 0) right = starts.length;
      let left = right - 1;
      while (right - left - 1 < count && (left >= 0 || right < starts.length)) {
        if (right >= starts.length || (left >= 0 && around - starts[left]! <= starts[right]! - around)) left--;
        else right++;
      }
      return starts.slice(left + 1, right).map((s) => ({ start: new Date(s), end: new Date(s + plan.durMs) }));
    }
  }
}

/**
 * One practitioner's rules and busy times. A practice of several is free at a start when one of them is: its free times
 * are the union of theirs (each start once), and a start is booked with the first of them free then. With one seat
 * these are freeSlots, nearestFreeSlots and isSlotFree themselves.
 */
export type Seat = Rules;

/** The starts free with some seat inside [from, to], earliest first, at most `limit`; a start free with two is one slot. */
export function freeSlotsAmong(seats: Seat[], from: Date, to: Date, limit?: number): Interval[] {
  if (seats.length === 1) return freeSlots({ ...seats[0]!, from, to, limit });
  return unionByStart(
    seats.map((seat) => freeSlots({ ...seat, from, to, limit })),
    limit,
  );
}

/** The `count` starts free with some seat closest to `around`, earliest first. */
export function nearestFreeAmong(seats: Seat[], around: Date, count: number): Interval[] {
  if (seats.length === 1) return nearestFreeSlots({ ...seats[0]!, around, count });
  const each = seats.map((seat) => nearestFreeSlots({ ...seat, around, count }));
  // The closest `count` of the union are among each seat's closest `count`.
  const t = around.getTime();
  const distinct = unionByStart(each);
  return distinct
    .map((slot, i) => ({ slot, i }))
    .sort((x, y) => Math.abs(x.slot.start.getTime() - t) - Math.abs(y.slot.start.getTime() - t) || x.i - y.i)
    .slice(0, Math.max(0, Math.floor(count)))
    .map((x) => x.slot)
    .sort((x, y) => x.start.getTime() - y.start.getTime());
}

/** The seats (their indexes, in order) with which `start` can be booked now. */
export function seatsFreeAt(seats: Seat[], start: Date): number[] {
  return seats.flatMap((seat, i) => (isSlotFree({ ...seat, start }) ? [i] : []));
}

/** Sorted lists merged, each start kept once (the first list's slot wins), at most `limit`. */
function unionByStart(lists: Interval[][], limit = Infinity): Interval[] {
  const byStart = new Map<number, Interval>();
  for (const list of lists) for (const slot of list) if (!byStart.has(slot.start.getTime())) byStart.set(slot.start.getTime(), slot);
  return [...byStart.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(0, limit)
    .map(([, slot]) => slot);
}

/**
 * Whether [start, start + minutes) falls on a day that is an exception and outside its hours (the whole day when it is
 * closed): the owner's own bookings, which may start at any time, still keep clear of a closure.
 */
export function inClosure(exceptions: DayException[], timeZone: string, start: Date, minutes: number): boolean {
  const s = start.getTime();
  const e = s + minutes * MINUTE;
  const localDay = (t: number) => Math.floor((t + zoneOffsetMs(t, timeZone)) / DAY);
  const first = localDay(s);
  const last = localDay(Math.max(s, e - 1));
  const days = exceptionDays(exceptions, first * DAY, last * DAY);
  // Every local day it touches: a booking late in the evening runs into the next day's closure.
  for (let day = first; day <= last; day++) {
    const hours = days.get(day);
    if (hours === undefined) continue;
    if (hours === null) return true;
    const fromMidnight = (t: number) => (t + zoneOffsetMs(t, timeZone) - day * DAY) / MINUTE;
    const [from, to] = [Math.max(fromMidnight(s), 0), Math.min(fromMidnight(e), 24 * 60)];
    if (!hours.some(([open, close]) => open <= from && to <= close)) return true;
  }
  return false;
}

/**
 * One local date's hours ("YYYY-MM-DD"): whose they are (its weekday's, or an exception's), its first opening and last
 * closing ("HH:mm"), and its stretches in order (more than one around a break).
 */
type Span = { open: string; close: string };
export type DayOpening = { from: "week" | "exception"; hours: (Span & { ranges: Span[] }) | null };

/**
 * The hours of one local date: its exception's when it has one (the last one listed wins, as everywhere here), else its
 * weekday's; null hours when it is closed. The same reading of the week as the slots, so what a caller is told about a
 * day and what is offered on it never disagree.
 */
export function hoursOn(workingHours: WorkingHours, exceptions: DayException[], date: string): DayOpening {
  const day = dayNumber(date);
  if (day === null) return { from: "week", hours: null };
  const exceptional = exceptionDays(exceptions, day * DAY, day * DAY);
  const minutes = dayHours(
    WEEKDAY_KEYS.map((key) => openMinutes(workingHours[key])),
    exceptional,
    day,
  );
  const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return {
    from: exceptional.has(day) ? "exception" : "week",
    hours: minutes && {
      open: clock(minutes[0]![0]),
      close: clock(minutes.at(-1)![1]),
      ranges: minutes.map(([o, c]) => ({ open: clock(o), close: clock(c) })),
    },
  };
}

/**
 * The business's open hours as real-time intervals [open, close), ascending, clipped to [from, to): each stretch of each
 * local day's hours (a break is not open), or its exception's, DST included (a day whose clocks skip its opening opens at the first moment after the gap).
 * The insights tell calls in open hours from those after hours with it.
 */
export function openIntervals(input: {
  timeZone: string;
  workingHours: WorkingHours;
  exceptions?: DayException[];
  from: Date;
  to: Date;
}): Interval[] {
  const zone = input.timeZone;
  formatterFor(zone); // throws a RangeError now for an unknown zone
  const lo = input.from.getTime();
  const hi = input.to.getTime();
  const out: Interval[] = [];
  if (!(lo < hi)) return out;
  const week = WEEKDAY_KEYS.map((key) => openMinutes(input.workingHours[key]));
  const exceptions = exceptionDays(input.exceptions ?? [], lo - 2 * DAY, hi + 2 * DAY);
  const firstDay = Math.floor((lo + zoneOffsetMs(lo, zone)) / DAY) - 1;
  const lastDay = Math.floor((hi + zoneOffsetMs(hi, zone)) / DAY) + 1;
  for (let day = firstDay; day <= lastDay; day++) {
    const hours = dayHours(week, exceptions, day);
    if (!hours) continue;
    const zoneDay = modelDay(zone, day * DAY + hours[0]![0] * MINUTE, day * DAY + hours.at(-1)![1] * MINUTE);
    for (const [open, close] of hours) {
      const start = Math.max(zoneDay.firstAtOrAfter(day * DAY + open * MINUTE), lo);
      const end = Math.min(zoneDay.firstAtOrAfter(day * DAY + close * MINUTE), hi);
      if (start < end) out.push({ start: new Date(start), end: new Date(end) });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
// getUTCDay order: index 0 is Sunday.
const WEEKDAY_KEYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
// UTC offsets stay within ±16 h (today −12…+14): an instant whose wall time is W lies in [W − MARGIN, W + MARGIN].
const MARGIN = 16 * HOUR;

/** An open day's stretches as [openMinute, closeMinute] pairs, in order, not touching; never empty. */
type Stretches = [number, number][];

type Plan = {
  timeZone: string;
  /** Per getUTCDay index: the stretches of an open day, or null. */
  hours: (Stretches | null)[];
  /** Per local day number (days since 1970-01-01), the stretches of a day that is an exception: null when closed. */
  exceptions: Map<number, Stretches | null>;
  durMs: number;
  stepMs: number;
  /** Bounds on a slot's start from notice and horizon (ms since epoch). */
  earliest: number;
  latest: number;
};

function planFor(input: Rules): Plan {
  const { durationMinutes: dur, stepMinutes } = input;
  if (!Number.isInteger(dur) || dur <= 0) throw new RangeError(`durationMinutes must be a positive integer, got ${dur}`);
  const step = stepMinutes ?? gcd(dur, 30);
  if (!Number.isInteger(step) || step <= 0) throw new RangeError(`stepMinutes must be a positive integer, got ${step}`);
  if (!Number.isFinite(input.horizonDays)) throw new RangeError(`horizonDays must be finite, got ${input.horizonDays}`);
  formatterFor(input.timeZone); // throws a RangeError now for an unknown zone
  const now = input.now.getTime();
  return {
    timeZone: input.timeZone,
    hours: WEEKDAY_KEYS.map((key) => openMinutes(input.workingHours[key])),
    exceptions: exceptionDays(input.exceptions ?? [], now - 2 * DAY, now + (input.horizonDays + 2) * DAY),
    durMs: dur * MINUTE,
    stepMs: step * MINUTE,
    earliest: now + Math.max(0, input.minNoticeMinutes) * MINUTE,
    latest: now + input.horizonDays * DAY,
  };
}

function openMinutes(day: DayHours | undefined): Stretches | null {
  const out: Stretches = [];
  for (const range of dayRanges(day)) {
    const o = TIME.exec(range.openTime);
    const c = TIME.exec(range.closeTime);
    if (!o || !c) continue;
    const open = Number(o[1]) * 60 + Number(o[2]);
    const close = Number(c[1]) * 60 + Number(c[2]);
    // A stretch that closes before it opens, or overlaps the one before (the form refuses both), is not open time.
    if (close > open && open > (out.at(-1)?.[1] ?? -1)) out.push([open, close]);
  }
  return out.length ? out : null;
}

/** The exception of each local day between lo and hi (instants: a day either side is harmless); the last one listed wins. */
function exceptionDays(exceptions: DayException[], lo: number, hi: number): Map<number, Stretches | null> {
  const days = new Map<number, Stretches | null>();
  const first = Math.floor(lo / DAY);
  const last = Math.ceil(hi / DAY);
  for (const x of exceptions) {
    const from = dayNumber(x.from);
    const to = dayNumber(x.to);
    if (from === null || to === null) continue;
    const hours = x.hours ? openMinutes(x.hours) : null;
    for (let day = Math.max(from, first); day <= Math.min(to, last); day++) days.set(day, hours);
  }
  return days;
}

/** A local day's stretches: its exception's when it is one, else its weekday's; null when closed. */
function dayHours(week: (Stretches | null)[], exceptions: Map<number, Stretches | null>, day: number): Stretches | null {
  const exception = exceptions.get(day);
  return exception !== undefined ? exception : week[(((day + 4) % 7) + 7) % 7]!; // 1970-01-01 was a Thursday
}

/** "2026-12-25" → days since 1970-01-01, or null for anything that is not a date. */
function dayNumber(date: string): number | null {
  return isCalendarDate(date) ? Date.parse(`${date}T00:00:00Z`) / DAY : null;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Calls `visit` with each grid start s (ms) in [lo, hi], ascending, whose slot [s, s + duration) fits one stretch of its
 * day's open hours; stops when `visit` returns false. Walks the calendar days of the business's zone.
 */
function forEachGridStart(plan: Plan, lo: number, hi: number, visit: (start: number) => boolean): void {
  const { timeZone: zone, durMs, stepMs } = plan;
  // A day one either side of the local dates of lo and hi: harmless, and safe should a zone fall back across midnight.
  const firstDay = Math.floor((lo + zoneOffsetMs(lo, zone)) / DAY) - 1;
  const lastDay = Math.floor((hi + zoneOffsetMs(hi, zone)) / DAY) + 1;
  let last = -Infinity;
  for (let day = firstDay; day <= lastDay; day++) {
    const hours = dayHours(plan.hours, plan.exceptions, day);
    if (!hours) continue;
    const dayOpenWall = day * DAY + hours[0]![0] * MINUTE; // wall-clock times as if they were UTC
    const dayCloseWall = day * DAY + hours.at(-1)![1] * MINUTE;
    if (dayCloseWall + MARGIN < lo) continue;
    if (dayOpenWall - MARGIN > hi) return;
    const zoneDay = modelDay(zone, dayOpenWall, dayCloseWall);
    for (const [open, close] of hours) {
      const openWall = day * DAY + open * MINUTE;
      const closeWall = day * DAY + close * MINUTE;
      const openAt = zoneDay.firstAtOrAfter(openWall);
      const closeAt = zoneDay.firstAtOrAfter(closeWall);
      if (closeAt - durMs < lo) continue;
      if (openAt > hi) return;
      // Skip the grid starts that are certainly before lo (a DST shift moves them by at most |before − after|).
      const k0 = Math.max(0, Math.floor((lo - openAt - zoneDay.shift) / stepMs));
      for (let wall = openWall + k0 * stepMs; wall < closeWall; wall += stepMs) {
        const s = zoneDay.exact(wall);
        if (s === null || s < lo || s <= last) continue; // skipped by spring-forward / before the window
        if (s > hi || s + durMs > closeAt) break;
        last = s;
        if (!visit(s)) return;
      }
    }
  }
}

type ZoneDay = {
  /** Wall time → the first instant showing it, or null when clocks skip it. */
  exact(wall: number): number | null;
  /** Wall time → the first instant showing it or, when it is skipped, the first instant after the gap. */
  firstAtOrAfter(wall: number): number;
  /** |offset after − offset before| in ms. */
  shift: number;
};

/**
 * The zone around one day's open hours: offset `a` before instant `t` and `b` from it (t = ∞ when the offset does not
 * change), read from two lookups bracketing every instant whose wall time is in [openWall, closeWall] (the day's first
 * opening to its last closing, so one model serves all its stretches). Assumes at most
 * one offset change within those ~2 days, which holds for every zone in use.
 */
function modelDay(zone: string, openWall: number, closeWall: number): ZoneDay {
  let lo = openWall - MARGIN;
  let hi = closeWall + MARGIN;
  const a = zoneOffsetMs(lo, zone);
  const b = zoneOffsetMs(hi, zone);
  let t = Infinity;
  if (a !== b) {
    // Bisect to the whole second at which the offset changes (offsetAt reads whole seconds).
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (zoneOffsetMs(mid, zone) === a) lo = mid;
      else hi = mid;
    }
    t = hi;
  }
  return {
    shift: Math.abs(b - a),
    exact(wall) {
      if (wall - a < t) return wall - a;
      return wall - b >= t ? wall - b : null;
    },
    firstAtOrAfter(wall) {
      if (wall - a < t) return wall - a;
      return wall - b >= t ? wall - b : t;
    },
  };
}

type Busy = { starts: Float64Array; ends: Float64Array; n: number };

/** The union of the busy intervals meeting [lo, hi), as sorted disjoint [starts[i], ends[i]). */
function mergeBusy(busy: Interval[], lo: number, hi: number): Busy {
  const rawStarts = new Float64Array(busy.length);
  const rawEnds = new Float64Array(busy.length);
  let m = 0;
  for (const b of busy) {
    const s = b.start.getTime();
    const e = b.end.getTime();
    if (s < e && e > lo && s < hi) {
      rawStarts[m] = s;
      rawEnds[m] = e;
      m++;
    }
  }
  // The union of intervals depends only on the sorted starts and the sorted ends: sweep both, counting depth.
  const starts = rawStarts.subarray(0, m).sort();
  const ends = rawEnds.subarray(0, m).sort();
  const outStarts = new Float64Array(m);
  const outEnds = new Float64Array(m);
  let n = 0;
  let depth = 0;
  for (let i = 0, j = 0; j < m;) {
    // On a tie the start goes first, so touching intervals merge.
    if (i < m && starts[i]! <= ends[j]!) {
      if (depth++ === 0) outStarts[n] = starts[i]!;
      i++;
    } else {
      if (--depth === 0) outEnds[n++] = ends[j]!;
      j++;
    }
  }
  return { starts: outStarts, ends: outEnds, n };
}
