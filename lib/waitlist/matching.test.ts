import { describe, expect, it } from "vitest";
import { offerSendTime, suits, wallClock } from "./matching";

const PARIS = "Europe/Paris";
const at = (iso: string) => new Date(iso);

describe("a freed slot and a wish on the waitlist", () => {
  it("reads the business's wall clock, summer time included", () => {
    expect(wallClock(at("2026-07-01T07:30:00Z"), PARIS)).toEqual({ date: "2026-07-01", time: "09:30" });
    expect(wallClock(at("2026-12-01T23:30:00Z"), PARIS)).toEqual({ date: "2026-12-02", time: "00:30" });
  });

  it("takes any time on one of their days when they gave no times, and no other day", () => {
    const wish = { fromDate: "2026-07-01", toDate: "2026-07-03", times: null };
    expect(suits(wish, at("2026-07-01T16:00:00Z"), at("2026-07-01T16:30:00Z"), PARIS)).toBe(true);
    expect(suits(wish, at("2026-07-03T07:00:00Z"), at("2026-07-03T07:30:00Z"), PARIS)).toBe(true);
    expect(suits(wish, at("2026-07-04T07:00:00Z"), at("2026-07-04T07:30:00Z"), PARIS)).toBe(false);
    expect(suits(wish, at("2026-06-30T21:30:00Z"), at("2026-06-30T22:00:00Z"), PARIS)).toBe(false);
  });

  it("keeps a slot wholly inside one of their windows: 09:00–12:00 takes 11:30, not 11:45", () => {
    const wish = {
      fromDate: "2026-07-01",
      toDate: "2026-07-01",
      times: [
        { from: "09:00", to: "12:00" },
        { from: "17:00", to: "19:00" },
      ],
    };
    expect(suits(wish, at("2026-07-01T09:30:00Z"), at("2026-07-01T10:00:00Z"), PARIS)).toBe(true);
    expect(suits(wish, at("2026-07-01T09:45:00Z"), at("2026-07-01T10:15:00Z"), PARIS)).toBe(false);
    expect(suits(wish, at("2026-07-01T06:30:00Z"), at("2026-07-01T07:00:00Z"), PARIS)).toBe(false);
    expect(suits(wish, at("2026-07-01T15:00:00Z"), at("2026-07-01T15:30:00Z"), PARIS)).toBe(true);
    expect(suits(wish, at("2026-07-01T12:00:00Z"), at("2026-07-01T12:30:00Z"), PARIS)).toBe(false);
  });
});

describe("when an offer may be texted", () => {
  it("texts between 08:00 and 20:00 local, at once", () => {
    for (const iso of ["2026-01-15T07:00:00Z", "2026-01-15T12:00:00Z", "2026-01-15T18:59:00Z"]) {
      expect(offerSendTime(at(iso), PARIS)).toEqual(at(iso));
    }
  });

  it("holds an offer made at night until the next 08:00, across a change of clocks", () => {
    // 07:59 and 02:00 in Paris: 08:00 the same day.
    expect(offerSendTime(at("2026-01-15T06:59:00Z"), PARIS)).toEqual(at("2026-01-15T07:00:00Z"));
    expect(offerSendTime(at("2026-01-15T01:00:00Z"), PARIS)).toEqual(at("2026-01-15T07:00:00Z"));
    // 20:00: 08:00 the next day.
    expect(offerSendTime(at("2026-01-15T19:00:00Z"), PARIS)).toEqual(at("2026-01-16T07:00:00Z"));
    // 22:00 on the eve of summer time: 08:00 CEST is 06:00Z.
    expect(offerSendTime(at("2026-03-28T21:00:00Z"), PARIS)).toEqual(at("2026-03-29T06:00:00Z"));
    // New York, 23:00 EDT on the eve of the return to standard time: 08:00 EST is 13:00Z.
    expect(offerSendTime(at("2026-11-01T03:00:00Z"), "America/New_York")).toEqual(at("2026-11-01T13:00:00Z"));
  });
});
