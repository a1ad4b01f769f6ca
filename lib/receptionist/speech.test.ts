import { describe, expect, it } from "vitest";
import { slotReference, speakList } from "./speech";

describe("slotReference", () => {
  it("is the wall-clock time in the business's zone, zero-padded, midnight as 00:00 of the next day", () => {
    expect(slotReference(new Date("2026-12-01T08:05:00Z"), "Europe/Paris")).toBe("2026-12-01 09:05");
    expect(slotReference(new Date("2026-12-01T23:00:00Z"), "Europe/Paris")).toBe("2026-12-02 00:00");
    expect(slotReference(new Date("2026-07-04T04:00:00Z"), "America/New_York")).toBe("2026-07-04 00:00");
  });

  it("follows the zone's clock change (Paris springs forward at 02:00 on 29 March 2026)", () => {
    expect(slotReference(new Date("2026-03-29T00:59:00Z"), "Europe/Paris")).toBe("2026-03-29 01:59");
    expect(slotReference(new Date("2026-03-29T01:00:00Z"), "Europe/Paris")).toBe("2026-03-29 03:00");
  });
});

describe("speakList", () => {
  it("joins in the call's language, as a choice or as a list", () => {
    expect(speakList(["9:00", "9:30", "10:00"], "en")).toBe("9:00, 9:30, or 10:00");
    expect(speakList(["9:00", "9:30"], "fr")).toBe("9:00 ou 9:30");
    expect(speakList(["name", "phone"], "es", "conjunction")).toBe("name y phone");
  });
});
