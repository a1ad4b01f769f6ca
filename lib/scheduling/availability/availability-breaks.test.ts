import { describe, expect, it } from "vitest";
import type { DayHours, WorkingHours } from "@/db/schema";
import { freeSlots, hoursOn, inClosure, isSlotFree, nearestFreeSlots, openIntervals, type Rules } from "./availability";
import { LUNCH_BREAK_DAY } from "@/lib/accounts/account/working-hours.fixtures";

// Europe/Madrid in June is UTC+2: 09:00 local is 07:00Z.
const lunch = LUNCH_BREAK_DAY;
const shut: DayHours = { isOpen: false, openTime: "09:00", closeTime: "17:00" };
const week = (day: DayHours): WorkingHours => ({
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: shut,
  sunday: shut,
});
const rules = (over: Partial<Rules> = {}): Rules => ({
  timeZone: "Europe/Madrid",
  workingHours: week(lunch),
  durationMinutes: 30,
  minNoticeMinutes: 0,
  horizonDays: 60,
  now: new Date("2027-06-01T00:00:00Z"),
  busy: [],
  ...over,
});
// Thursday 10 June 2027, in Madrid.
const day = { from: new Date("2027-06-09T22:00:00Z"), to: new Date("2027-06-10T22:00:00Z") };
const madrid = (hhmm: string) => new Date(`2027-06-10T${hhmm}:00+02:00`);
const local = (d: Date) => d.toLocaleTimeString("en-GB", { timeZone: "Europe/Madrid", hour: "2-digit", minute: "2-digit" });

describe("free times on a day with a lunch break", () => {
  it("offers the morning up to the break and the afternoon from its end, nothing in between", () => {
    const times = freeSlots({ ...rules(), ...day }).map((s) => local(s.start));
    expect(times).toContain("13:30");
    expect(times).toContain("16:00");
    expect(times.filter((t) => t >= "14:00" && t < "16:00")).toEqual([]);
    expect(times.at(-1)).toBe("19:30");
  });

  it("never offers a slot that would run into the break", () => {
    const times = freeSlots({ ...rules({ durationMinutes: 60 }), ...day }).map((s) => local(s.start));
    // 13:30 for an hour would end at 14:30, inside the break.
    expect(times).toContain("13:00");
    expect(times).not.toContain("13:30");
    expect(isSlotFree({ ...rules({ durationMinutes: 60 }), start: madrid("13:30") })).toBe(false);
    expect(isSlotFree({ ...rules({ durationMinutes: 60 }), start: madrid("13:00") })).toBe(true);
    expect(isSlotFree({ ...rules(), start: madrid("15:00") })).toBe(false);
  });

  it("restarts the grid at the afternoon's own opening", () => {
    const quarterPast = week({ ...lunch, ranges: [lunch.ranges[0]!, { openTime: "16:15", closeTime: "20:00" }] });
    const times = freeSlots({ ...rules({ workingHours: quarterPast }), ...day }).map((s) => local(s.start));
    expect(times.filter((t) => t >= "13:00" && t < "17:00")).toEqual(["13:00", "13:30", "16:15", "16:45"]);
  });

  it("finds the nearest times either side of the break for a time asked inside it", () => {
    const near = nearestFreeSlots({ ...rules(), around: madrid("15:30"), count: 2 }).map((s) => local(s.start));
    expect(near).toEqual(["16:00", "16:30"]);
  });

  it("says the day's stretches, and its first opening and last closing", () => {
    expect(hoursOn(week(lunch), [], "2027-06-10")).toEqual({
      from: "week",
      hours: {
        open: "09:00",
        close: "20:00",
        ranges: [
          { open: "09:00", close: "14:00" },
          { open: "16:00", close: "20:00" },
        ],
      },
    });
  });

  it("is not open during the break for the open hours the insights and the transfer read", () => {
    const list = openIntervals({ timeZone: "Europe/Madrid", workingHours: week(lunch), ...day });
    expect(list.map((i) => [local(i.start), local(i.end)])).toEqual([
      ["09:00", "14:00"],
      ["16:00", "20:00"],
    ]);
  });

  it("keeps an owner's booking on special hours with a break clear of the break", () => {
    const exceptions = [{ from: "2027-06-10", to: "2027-06-10", hours: lunch }];
    expect(inClosure(exceptions, "Europe/Madrid", madrid("10:00"), 60)).toBe(false);
    expect(inClosure(exceptions, "Europe/Madrid", madrid("13:30"), 60)).toBe(true);
    expect(inClosure(exceptions, "Europe/Madrid", madrid("16:00"), 60)).toBe(false);
  });

  it("drops a stretch that overlaps the one before it, keeping the rest of the day", () => {
    const overlapping = week({ ...lunch, ranges: [lunch.ranges[0]!, { openTime: "13:00", closeTime: "15:00" }] });
    const times = freeSlots({ ...rules({ workingHours: overlapping }), ...day }).map((s) => local(s.start));
    expect(times[0]).toBe("09:00");
    expect(times.at(-1)).toBe("13:30");
  });
});
