// The transfer a call gets from the owner's routing, at a given moment: put through within opening hours (or a
// closure's special hours) only when the owner says so; the business's phone when no one is listed; nobody at all
// without a number to dial.
import { describe, expect, it } from "vitest";
import { testBusiness } from "@/tests/helpers/business";
import type { CallRouting } from "./routing.service";
import { openAt, transferFor } from "./transfer";

// Tuesday 10:00 and 20:00 in Paris (UTC+1 in winter).
const TUESDAY_MORNING = new Date("2026-12-01T09:00:00Z");
const TUESDAY_EVENING = new Date("2026-12-01T19:00:00Z");
const routing = (over: Partial<CallRouting> = {}): CallRouting => ({
  warmTransfer: false,
  hours: "open",
  destinations: [{ name: "Accueil", phone: "+33144556601", when: null }],
  fallbackPhone: "+33123456789",
  ...over,
});

describe("the transfer of one call", () => {
  it("puts callers through within opening hours only, when the owner says so", () => {
    const b = testBusiness();
    expect(transferFor(b, routing(), "fr", TUESDAY_MORNING).tool?.destinations.map((d) => d.number)).toEqual(["+33144556601"]);
    const evening = transferFor(b, routing(), "fr", TUESDAY_EVENING);
    expect(evening.tool).toBeNull();
    expect(evening.instructions.join(" ")).toMatch(/take_message/);
    expect(transferFor(b, routing({ hours: "always" }), "fr", TUESDAY_EVENING).tool).not.toBeNull();
  });

  it("reads a closure's special hours as that day's opening hours", () => {
    const b = testBusiness({ closures: [{ from: "2026-12-01", to: "2026-12-01", reason: null, openTime: "18:00", closeTime: "21:00" }] });
    expect(openAt(b, TUESDAY_MORNING)).toBe(false);
    expect(openAt(b, TUESDAY_EVENING)).toBe(true);
  });

  it("falls back to the business's phone, and to no transfer without a number", () => {
    const team = transferFor(testBusiness(), routing({ destinations: [], hours: "always" }), "es", TUESDAY_EVENING);
    expect(team.tool?.destinations).toMatchObject([{ number: "+33123456789", name: "el equipo", message: "Le paso con el equipo." }]);
    expect(transferFor(testBusiness(), routing({ destinations: [], fallbackPhone: null }), "es", TUESDAY_MORNING)).toEqual({
      tool: null,
      instructions: [],
    });
  });

  it("tells the caller who is tried next when a warm transfer is not answered", () => {
    const two = routing({
      warmTransfer: true,
      destinations: [
        { name: "Accueil", phone: "+33144556601", when: null },
        { name: "Dr Roux", phone: "+33144556602", when: "asks for Dr Roux" },
      ],
    });
    const { tool } = transferFor(testBusiness(), two, "en", TUESDAY_MORNING);
    expect(tool!.destinations.map((d) => d.noAnswer)).toEqual([
      "Accueil isn't answering right now. I'll try Dr Roux.",
      "Dr Roux isn't answering right now. I can take a message so that you are called back.",
    ]);
    expect(tool!.warm!.summaryPrompt).toMatch(/in English/);
  });
});
