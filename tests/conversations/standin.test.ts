// The conversation suite with the deterministic stand-in: every scenario, on the real webhook and a real database, at
// a fixed clock. A failure prints what went wrong and the whole conversation, tool calls included.
import { describe, expect, it } from "vitest";
import { transcriptOf } from "./harness";
import { scenarios } from "./scenarios";
import { runStandIn } from "./standin";
import type { Cover, Lang } from "./types";

const REQUIRED: Cover[] = [
  "book-today",
  "book-tomorrow",
  "book-weekday",
  "book-date",
  "book-part-of-day",
  "date-in-first-sentence",
  "full-day",
  "out-of-hours",
  "calendar-block",
  "reschedule",
  "cancel",
  "cancel-other-number",
  "cancel-verified",
  "cancel-birth-date",
  "closure",
  "price-known",
  "price-unknown",
  "message",
  "emergency",
  "medical-advice",
  "transfer",
  "national-number",
  "phone-not-reason",
  "silence",
  "change-of-mind",
  "two-callers",
  "opening",
  "closed-weekday",
  "closure-time",
  "part-after-closing",
  "other-day-named",
  "which-appointment",
  "unknown-item",
  "business-words",
  "caller-language",
  "public-holiday",
  "language-kept",
  "practitioner-kept",
  "transfer-fallback",
  "appointments-told-apart",
  "afternoon-by-language",
  "full-day-said",
  "one-channel",
  "uk-caller",
  "booking-for-child",
  "trade-red-flag",
  "impossible-date",
];

/** Covered in at least one language: a practice of several is played in French; a second cancel in English. */
const SOMEWHERE: Cover[] = ["two-practitioners", "practitioner-asked", "cancel-twice"];

describe("the scenario list", () => {
  it("has at least 40 scenarios with unique ids, covering every case in English, French and Spanish", () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(40);
    expect(new Set(scenarios.map((s) => s.id)).size).toBe(scenarios.length);
    for (const lang of ["en", "fr", "es"] as Lang[]) {
      const mine = scenarios.filter((s) => s.language === lang);
      expect(mine.length, lang).toBeGreaterThanOrEqual(10);
      const needed = REQUIRED;
      expect(
        needed.filter((c) => !mine.some((s) => s.covers.includes(c))),
        lang,
      ).toEqual([]);
    }
    expect(SOMEWHERE.filter((c) => !scenarios.some((s) => s.covers.includes(c)))).toEqual([]);
    for (const s of scenarios) {
      expect(
        s.calls.every((c) => /^\+\d{8,15}$/.test(c.from) && c.persona && c.goal),
        s.id,
      ).toBe(true);
      expect(s.id.startsWith(`${s.language}-`), s.id).toBe(true);
    }
  });
});

describe.each([
  { reading: "data" as const, driver: "the stand-in" },
  { reading: "words" as const, driver: "the literal driver, which books what the words say" },
])("conversations with $driver", ({ reading }) => {
  for (const sc of scenarios) {
    it(`${sc.id}: ${sc.title}`, async () => {
      const run = await runStandIn(sc, reading);
      // CONVERSATIONS_VERBOSE=1 prints every conversation, passed or not.
      if (process.env.CONVERSATIONS_VERBOSE) console.log(`${sc.id}\n${transcriptOf(run.records)}\n`);
      expect(run.verdict.failures, `\n${run.verdict.failures.join("\n")}\n\n${transcriptOf(run.records)}\n`).toEqual([]);
    });
  }
});
