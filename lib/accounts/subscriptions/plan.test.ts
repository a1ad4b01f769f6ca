import { describe, expect, it } from "vitest";
import { formatPlanPrice, formatTrialEnd } from "./plan";

describe("formatPlanPrice", () => {
  it("is the billed amount in the billed currency (EUR) in every locale; the locale only formats it", () => {
    expect(formatPlanPrice("en")).toBe("€49.99");
    expect(formatPlanPrice("fr").replace(/\s/g, " ")).toBe("49,99 €");
    expect(formatPlanPrice("es").replace(/\s/g, " ")).toBe("49,99 €");
  });
});

describe("formatTrialEnd", () => {
  it("is today plus seven days in the locale's long format", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(formatTrialEnd("en", now, "UTC")).toBe("November 28, 2026");
    expect(formatTrialEnd("fr", now, "UTC")).toBe("28 novembre 2026");
    expect(formatTrialEnd("es", now, "UTC")).toBe("28 de noviembre de 2026");
  });
  it("crosses a month end", () => {
    expect(formatTrialEnd("en", new Date("2026-12-28T12:00:00Z"), "UTC")).toBe("January 4, 2027");
  });
});
