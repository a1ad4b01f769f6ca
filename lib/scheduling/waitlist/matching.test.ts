import { describe, expect, it } from "vitest";
import { suits, wallClock } from "./matching";

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
