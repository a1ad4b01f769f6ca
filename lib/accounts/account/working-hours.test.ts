import { describe, expect, it } from "vitest";
import type { DayHours } from "@/db/schema";
import { dayBreaks, dayRanges } from "./working-hours";
import { LUNCH_BREAK_DAY } from "./working-hours.fixtures";

const lunch = LUNCH_BREAK_DAY;

describe("dayRanges: the stretches a day is open", () => {
  it("is the one opening of a day without a break", () => {
    expect(dayRanges({ isOpen: true, openTime: "08:30", closeTime: "18:00" })).toEqual([{ openTime: "08:30", closeTime: "18:00" }]);
  });

  it("is the morning and the afternoon of a day with a lunch break, never the whole day", () => {
    expect(dayRanges(lunch)).toEqual([
      { openTime: "09:00", closeTime: "14:00" },
      { openTime: "16:00", closeTime: "20:00" },
    ]);
  });

  it("is empty for a closed day, even one that keeps its ranges for the form", () => {
    expect(dayRanges({ ...lunch, isOpen: false })).toEqual([]);
    expect(dayRanges(undefined)).toEqual([]);
  });
});

describe("dayBreaks: the closed stretches between a day's ranges", () => {
  it("is the lunch break between the morning and the afternoon", () => {
    expect(dayBreaks(lunch)).toEqual([{ openTime: "14:00", closeTime: "16:00" }]);
  });

  it("is two breaks for three ranges, and none for one range or a closed day", () => {
    const three: DayHours = {
      ...lunch,
      ranges: [...lunch.ranges.slice(0, 1), { openTime: "15:00", closeTime: "17:00" }, { openTime: "18:00", closeTime: "20:00" }],
    };
    expect(dayBreaks(three)).toEqual([
      { openTime: "14:00", closeTime: "15:00" },
      { openTime: "17:00", closeTime: "18:00" },
    ]);
    expect(dayBreaks({ isOpen: true, openTime: "09:00", closeTime: "17:00" })).toEqual([]);
    expect(dayBreaks({ ...lunch, isOpen: false })).toEqual([]);
  });
});
