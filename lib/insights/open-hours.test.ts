import { describe, expect, it } from "vitest";
import type { WorkingHours } from "@/db/schema";
import { openIntervals as openHours } from "@/lib/scheduling/availability/availability";
import { LUNCH_BREAK_DAY } from "@/lib/accounts/account/working-hours.fixtures";

const closed = { isOpen: false, openTime: "09:00", closeTime: "17:00" };
const lunchBreak = LUNCH_BREAK_DAY;
const WEEK: WorkingHours = {
  monday: lunchBreak,
  tuesday: { isOpen: true, openTime: "09:00", closeTime: "17:00" },
  wednesday: closed,
  thursday: closed,
  friday: closed,
  saturday: closed,
  sunday: closed,
};
const iso = (i: { start: Date; end: Date }) => [i.start.toISOString(), i.end.toISOString()];

describe("openIntervals, as the insights read opening hours", () => {
  // Paris is UTC+2 on Monday 5 and Tuesday 6 October 2026.
  const from = new Date("2026-10-04T22:00:00Z");
  const to = new Date("2026-10-06T22:00:00Z");

  it("closes a day's lunch break: 09:00–14:00 and 16:00–20:00 are two intervals, a day without one is one", () => {
    expect(openHours({ timeZone: "Europe/Paris", workingHours: WEEK, exceptions: [], from, to }).map(iso)).toEqual([
      ["2026-10-05T07:00:00.000Z", "2026-10-05T12:00:00.000Z"],
      ["2026-10-05T14:00:00.000Z", "2026-10-05T18:00:00.000Z"],
      ["2026-10-06T07:00:00.000Z", "2026-10-06T15:00:00.000Z"],
    ]);
  });

  it("an exception day keeps its own hours, never the week's afternoon; a closed one has none", () => {
    const exceptions = [
      { from: "2026-10-05", to: "2026-10-05", hours: { isOpen: true, openTime: "10:00", closeTime: "12:00" } },
      { from: "2026-10-06", to: "2026-10-06", hours: null },
    ];
    expect(openHours({ timeZone: "Europe/Paris", workingHours: WEEK, exceptions, from, to }).map(iso)).toEqual([
      ["2026-10-05T08:00:00.000Z", "2026-10-05T10:00:00.000Z"],
    ]);
  });
});
