import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCalendarDate, zonedWallTimeToUtc } from "./zoned-time";

const utc = (date: string, time: string, tz: string) => zonedWallTimeToUtc(date, time, tz)?.toISOString() ?? null;

// The process's own TZ must not matter: the same answers under three different ones.
describe.each(["UTC", "Pacific/Kiritimati", "America/Los_Angeles"])("zonedWallTimeToUtc (process TZ %s)", (processTz) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = processTz;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it("runs under the process time zone it names", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(processTz);
  });

  it("applies Paris's winter (+1) and summer (+2) offsets", () => {
    expect(utc("2026-01-15", "10:00", "Europe/Paris")).toBe("2026-01-15T09:00:00.000Z");
    expect(utc("2026-07-15", "10:00", "Europe/Paris")).toBe("2026-07-15T08:00:00.000Z");
    expect(utc("2026-01-01", "00:30", "Europe/Paris")).toBe("2025-12-31T23:30:00.000Z");
  });

  it("refuses the hour Paris skips on 2026-03-29 (02:00 → 03:00) and converts either side of it", () => {
    expect(utc("2026-03-29", "01:59", "Europe/Paris")).toBe("2026-03-29T00:59:00.000Z");
    expect(utc("2026-03-29", "02:00", "Europe/Paris")).toBeNull();
    expect(utc("2026-03-29", "02:30", "Europe/Paris")).toBeNull();
    expect(utc("2026-03-29", "03:00", "Europe/Paris")).toBe("2026-03-29T01:00:00.000Z");
  });

  it("takes the first of the two 02:30s when Paris falls back on 2026-10-25", () => {
    expect(utc("2026-10-25", "01:59", "Europe/Paris")).toBe("2026-10-24T23:59:00.000Z");
    expect(utc("2026-10-25", "02:30", "Europe/Paris")).toBe("2026-10-25T00:30:00.000Z");
    expect(utc("2026-10-25", "03:00", "Europe/Paris")).toBe("2026-10-25T02:00:00.000Z");
  });

  it("refuses the hour New York skips on 2026-03-08 and takes the first 01:30 on 2026-11-01", () => {
    expect(utc("2026-03-08", "01:59", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(utc("2026-03-08", "02:30", "America/New_York")).toBeNull();
    expect(utc("2026-03-08", "03:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
    expect(utc("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(utc("2026-11-01", "02:00", "America/New_York")).toBe("2026-11-01T07:00:00.000Z");
  });

  it("handles half-hour offsets and UTC itself", () => {
    expect(utc("2026-06-01", "09:00", "Asia/Kolkata")).toBe("2026-06-01T03:30:00.000Z");
    expect(utc("2026-06-01", "23:59", "UTC")).toBe("2026-06-01T23:59:00.000Z");
  });

  it("answers null for a date or time that is not on the calendar or the clock", () => {
    expect(utc("2026-02-30", "10:00", "Europe/Paris")).toBeNull();
    expect(utc("2026-13-01", "10:00", "Europe/Paris")).toBeNull();
    expect(utc("2026-04-31", "10:00", "Europe/Paris")).toBeNull();
    expect(utc("2026-06-01", "25:00", "Europe/Paris")).toBeNull();
    expect(utc("2026-06-01", "9:00", "Europe/Paris")).toBeNull();
    expect(utc("2026-06-01", "24:00", "Europe/Paris")).toBeNull();
  });
});

describe("isCalendarDate", () => {
  it("knows month lengths and leap years", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-12-31")).toBe(true);
    expect(isCalendarDate("2026-00-10")).toBe(false);
    expect(isCalendarDate("2026-01-00")).toBe(false);
    expect(isCalendarDate("2026-1-5")).toBe(false);
    expect(isCalendarDate("")).toBe(false);
  });
});
