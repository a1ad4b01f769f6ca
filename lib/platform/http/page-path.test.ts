import { describe, expect, it } from "vitest";
import { pathInLocale } from "./page-path";

describe("pathInLocale", () => {
  it("moves an unprefixed or prefixed address to the account's language, always prefixed", () => {
    expect(pathInLocale("/dashboard", "fr")).toBe("/fr/dashboard");
    expect(pathInLocale("/es/dashboard/calls", "fr")).toBe("/fr/dashboard/calls");
    expect(pathInLocale("/fr/dashboard/profile", "en")).toBe("/en/dashboard/profile");
    expect(pathInLocale("/fr", "es")).toBe("/es");
  });

  it("keeps the query asked, without Next's own _rsc parameter", () => {
    expect(pathInLocale("/dashboard/insights?from=2026-01-01&_rsc=abc", "es")).toBe("/es/dashboard/insights?from=2026-01-01");
    expect(pathInLocale("/dashboard?_rsc=1", "fr")).toBe("/fr/dashboard");
  });
});
