import { describe, expect, it } from "vitest";
import { formatClock, formatCountry, formatLongDate, formatShortDate } from "./intl";

describe("formatClock", () => {
  it("reads 12-hour AM/PM in English and the 24-hour clock in French and Spanish", () => {
    expect(formatClock("09:00", "en")).toMatch(/^9:00\sAM$/);
    expect(formatClock("17:30", "en")).toMatch(/^5:30\sPM$/);
    expect(formatClock("00:15", "en")).toMatch(/^12:15\sAM$/);
    expect(formatClock("17:30", "fr")).toBe("17:30");
    expect(formatClock("09:00", "fr")).toBe("09:00");
    expect(formatClock("17:30", "es")).toBe("17:30");
    expect(formatClock("09:00", "es")).toBe("9:00");
  });
  it("leaves anything that is not HH:MM as it is", () => {
    expect(formatClock("9am", "en")).toBe("9am");
  });
});

describe("dates", () => {
  const iso = "2026-11-21T10:00:00.000Z";
  it("uses each locale's long format", () => {
    expect(formatLongDate(iso, "en", "UTC")).toBe("November 21, 2026");
    expect(formatLongDate(iso, "fr", "UTC")).toBe("21 novembre 2026");
    expect(formatLongDate(iso, "es", "UTC")).toBe("21 de noviembre de 2026");
  });
  it("uses the short format in admin tables", () => {
    expect(formatShortDate(iso, "en", "UTC")).toBe("11/21/26");
    expect(formatShortDate(iso, "fr", "UTC")).toBe("21/11/2026");
  });
  it("renders nothing for a missing or broken date rather than 'Invalid Date'", () => {
    expect(formatLongDate(null, "en")).toBe("");
    expect(formatLongDate("not a date", "en")).toBe("");
  });
});

describe("formatCountry", () => {
  it("names a country in the page's language, and falls back on the code", () => {
    expect(["en", "fr", "es"].map((l) => formatCountry("ES", l))).toEqual(["Spain", "Espagne", "España"]);
    expect(formatCountry("US", "fr")).toBe("États-Unis");
    expect(formatCountry("not a code", "en")).toBe("not a code");
  });
});
