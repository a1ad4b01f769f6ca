// Wall-clock time in a business's IANA time zone → the UTC instant, with Intl only (no date library). Pure: the same in
// the browser and on the server, whatever the process's own TZ.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const HOUR_MS = 3_600_000;

/** "2026-02-28" → true; "2026-02-30", "2026-13-01", "26-1-1" → false. */
export function isCalendarDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  // Day 0 of the next month is the last day of this one: 2028-02 → 29, 2026-02 → 28.
  return d <= new Date(utcMs(y, mo + 1, 0, 0, 0, 0)).getUTCDate();
}

/**
 * The instant at which clocks in `timeZone` show `date` `time` (24 h "HH:MM"), or null when that wall time never
 * happens: an invalid date or time, or the hour skipped when clocks go forward. When clocks go back the hour happens
 * twice; the earlier instant wins (the first 01:30 in New York on 2026-11-01 is 05:30Z, not 06:30Z).
 *
 * How: read the zone's UTC offset a day either side of the wall time (the offsets in force before and after any DST
 * change that could concern it), try "wall time − offset" for each, and keep the candidates the zone maps back to that
 * wall time. Paris, 2026-03-29 02:30: offsets +1 h and +2 h give 01:30Z (Paris shows 03:30) and 00:30Z (Paris shows
 * 01:30): neither shows 02:30, so null.
 */
export function zonedWallTimeToUtc(date: string, time: string, timeZone: string): Date | null {
  const key = `${timeZone} ${date} ${time}`;
  let instant = wallTimes.get(key);
  if (instant === undefined) {
    instant = wallTimeToUtcMs(date, time, timeZone);
    // Pure, and asked again and again for the same days and slots (every availability answer names them): kept, up to
    // a bound.
    if (wallTimes.size >= MAX_WALL_TIMES) wallTimes.clear();
    wallTimes.set(key, instant);
  }
  return instant === null ? null : new Date(instant);
}
const wallTimes = new Map<string, number | null>();
const MAX_WALL_TIMES = 20_000;

function wallTimeToUtcMs(date: string, time: string, timeZone: string): number | null {
  const t = TIME.exec(time);
  if (!t || !isCalendarDate(date)) return null;
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const wall = utcMs(y, mo, d, Number(t[1]), Number(t[2]), 0);
  const offsets = new Set([-24, 0, 24].map((h) => zoneOffsetMs(wall + h * HOUR_MS, timeZone)));
  const instants = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => zoneOffsetMs(instant, timeZone) === wall - instant)
    .sort((a, b) => a - b);
  return instants.length > 0 ? instants[0]! : null;
}

// "3/29/2026, 03:00:00": format() is about three times faster than formatToParts(), which stays as the fallback.
const EN_US = /^(\d{1,2})\/(\d{1,2})\/(\d{1,6}), (\d{1,2}):(\d{2}):(\d{2})$/;

/**
 * The zone's offset from UTC at `instant`, in ms, to the whole second (Paris in summer: +7 200 000; New York in winter:
 * −18 000 000). Shared with the availability engine.
 */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const f = formatterFor(timeZone);
  const date = new Date(instant);
  const m = EN_US.exec(f.format(date));
  let shown: number;
  if (m) {
    shown = utcMs(Number(m[3]), Number(m[1]), Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]));
  } else {
    const parts = f.formatToParts(date);
    const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
    const year = parts.some((p) => p.type === "era" && p.value.startsWith("B")) ? 1 - get("year") : get("year");
    shown = utcMs(year, get("month"), get("day"), get("hour"), get("minute"), get("second"));
  }
  // The formatter drops milliseconds; compare whole seconds.
  return shown - Math.floor(instant / 1000) * 1000;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One cached 24-hour en-US formatter per zone (shared with the availability engine). Throws a RangeError for an
 * unknown time zone (users.time_zone is validated when it is saved).
 */
export function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

// Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear does not.
function utcMs(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  return date.getTime();
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in `timeZone`, "YYYY-MM-DD" (en-CA writes dates that way). */
export function localDate(at: Date, timeZone: string): string {
  let f = dateFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormatters.set(timeZone, f);
  }
  return f.format(at);
}

// Midnight UTC of a "YYYY-MM-DD" day, for every year a tool may be sent (0001 to 9999): Date.UTC would read the years
// 0 to 99 as 1900 to 1999, so the year is set on its own.
function utcMidnight(date: string, plusDays = 0): Date {
  const d = new Date(0);
  d.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + plusDays);
  return d;
}

/** The day `days` after `date` ("YYYY-MM-DD"), as "YYYY-MM-DD" (four-digit years only). */
export function addDays(date: string, days: number): string {
  return utcMidnight(date, days).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` ("YYYY-MM-DD" both). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to).getTime() - utcMidnight(from).getTime()) / 86_400_000);
}
