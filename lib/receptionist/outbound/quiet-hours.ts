// When a reminder call may ring: inside the callee's local calling window (09:00–20:00; in the United States 08:00–21:00,
// the TCPA's), never on a Sunday nor on a public holiday of the callee's country. Saturdays are allowed. Pure: the
// callee's country from their number, their clock from that country, the holidays from date-holidays.
import { countryOfPhone } from "@/lib/platform/phone/phone";
import { TIME_ZONES_BY_COUNTRY } from "@/lib/platform/phone/time-zone-countries";
import { addDays, localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { publicHolidays } from "@/lib/scheduling/closures/holiday-calendar";

/** The hours a call may start in, local time: from `from`:00 up to, not including, `to`:00 (20:00 is too late). */
export type CallWindow = { from: number; to: number };

/** Where a callee is judged: the country whose holidays count and the zone whose clock does. */
export type CalleePlace = { country: string; timeZone: string };

const DEFAULT_WINDOW: CallWindow = { from: 9, to: 20 };
// The TCPA forbids telemarketing calls before 8 a.m. and after 9 p.m. at the called party's location.
const WINDOWS: Record<string, CallWindow> = { US: { from: 8, to: 21 } };

/** Enough for any run of Sundays and holidays (the longest is a few days at Christmas or Easter). */
const MAX_DAYS = 31;

/**
 * The zone most of a country's people live in, for the countries whose zones keep different clocks. The others list one
 * clock under several names (Asia/Dacca and Asia/Dhaka, Eire and Europe/Dublin): their first is as good as any.
 */
const MAIN_ZONES: Record<string, string> = {
  US: "America/New_York", CA: "America/Toronto", MX: "America/Mexico_City", BR: "America/Sao_Paulo",
  AR: "America/Argentina/Buenos_Aires", CL: "America/Santiago", EC: "America/Guayaquil", GL: "America/Nuuk",
  GB: "Europe/London", ES: "Europe/Madrid", PT: "Europe/Lisbon", DE: "Europe/Berlin", NL: "Europe/Amsterdam",
  DK: "Europe/Copenhagen", UA: "Europe/Kyiv", RU: "Europe/Moscow", CD: "Africa/Kinshasa", KZ: "Asia/Almaty",
  MN: "Asia/Ulaanbaatar", CN: "Asia/Shanghai", ID: "Asia/Jakarta", AU: "Australia/Sydney", NZ: "Pacific/Auckland",
  PF: "Pacific/Tahiti", PG: "Pacific/Port_Moresby", KI: "Pacific/Tarawa", FM: "Pacific/Pohnpei",
}; // prettier-ignore

/** The hours a call may start in for a callee of `country` (ISO 3166-1 alpha-2). */
export function callWindow(country: string): CallWindow {
  return WINDOWS[country] ?? DEFAULT_WINDOW;
}

/**
 * The callee's country and clock. In the business's own country, the business's zone (a New York practice's callers are
 * mostly local, and the owner reads the same clock); abroad, the country's main zone; a country whose zone we cannot
 * tell, the business's. A number of no known country is judged as the business's country.
 */
export function calleePlace(phone: string, business: { timeZone: string; country: string }): CalleePlace {
  const country = countryOfPhone(phone) ?? business.country;
  if (country === business.country) return { country, timeZone: business.timeZone };
  const listed = TIME_ZONES_BY_COUNTRY[country]?.split(" ")[0];
  return { country, timeZone: MAIN_ZONES[country] ?? listed ?? business.timeZone };
}

/**
 * The earliest instant at or after `at` at which a reminder call to `phone` may ring: `at` itself when it is inside the
 * callee's window on an allowed day, else the window's start on the next allowed day. A French callee at 08:30 Paris
 * time: 09:00 the same day; at 20:00 on a Saturday: Monday 09:00 (Sunday skipped), or Tuesday when Monday is a holiday.
 */
export function nextCallTime(input: { at: Date; phone: string; businessTimeZone: string; businessCountry: string }): Date {
  const { country, timeZone } = calleePlace(input.phone, { timeZone: input.businessTimeZone, country: input.businessCountry });
  const span = country !== input.businessCountry ? SPANS[country] : undefined;
  if (!span) return nextInZone(input.at, country, timeZone);
  // A callee abroad in a country of several clocks may live on any of them: the time must suit its first and its last
  // (a New York 08:00 is 05:00 in Los Angeles). Each zone's next time is at or after the other's; a few rounds settle.
  let at = input.at;
  for (let round = 0; round < 8; round++) {
    const next = span.reduce((t, zone) => nextInZone(t, country, zone), at);
    if (next.getTime() === at.getTime()) return at;
    at = next;
  }
  return at;
}

/**
 * The countries whose callee, called from abroad, could be on clocks hours apart, by their easternmost and westernmost
 * main zones. Only where the calling hours are the law's (the TCPA's are at the called party's location).
 */
const SPANS: Record<string, string[]> = { US: ["America/New_York", "America/Los_Angeles"] };

function nextInZone(at: Date, country: string, timeZone: string): Date {
  const input = { at };
  const window = callWindow(country);
  const today = localDate(input.at, timeZone);
  // The country's holidays (national ones: the callee's region is unknown), from a week back so that a holiday of
  // several days begun before today still counts.
  const holidays = publicHolidays(country, "en", addDays(today, -7), addDays(today, MAX_DAYS));
  const isHoliday = (day: string) => holidays.some((h) => h.from <= day && day <= h.to);
  for (let i = 0; i <= MAX_DAYS; i++) {
    const day = addDays(today, i);
    if (isSunday(day) || isHoliday(day)) continue;
    const opens = wallHour(day, window.from, timeZone);
    const closes = wallHour(day, window.to, timeZone);
    if (input.at < closes) return input.at > opens ? input.at : opens;
  }
  throw new Error(`No calling window for ${country} within ${MAX_DAYS} days of ${input.at.toISOString()}`);
}

/** "2026-03-15" → true: its weekday read at noon UTC, the same day whatever the process's own zone. */
function isSunday(day: string): boolean {
  return new Date(`${day}T12:00:00Z`).getUTCDay() === 0;
}

/**
 * The instant clocks in `timeZone` show `hour`:00 on `day`; on the day a zone skips that hour (clocks forward), the
 * hour after.
 */
function wallHour(day: string, hour: number, timeZone: string): Date {
  const at = (h: number) => zonedWallTimeToUtc(day, `${String(h).padStart(2, "0")}:00`, timeZone);
  return at(hour) ?? at(hour + 1)!;
}
