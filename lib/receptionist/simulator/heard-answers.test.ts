// The availability answers played to a listener who takes the words literally (the sandbox's own hearing, as a small,
// fast voice model would): every time it hears is a time the answer gives to book, whatever the business and its
// closures.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CallLanguage } from "@/lib/accounts/business/business";
import type { ClosureRow } from "@/lib/accounts/business/tenant";
import type { WorkingHours } from "@/db/schema";
import type { PartOfDay } from "../tools/availability-answer";
import { ask, at, business, closed, open, refs, NOW } from "../tools/availability-answer.fixtures";
import { heardTimes } from "./hearing";

describe("a listener who takes the words literally", () => {
  it("books what the words say: a time without its day is on the day the caller asked about", () => {
    // The old answer to "Saturday at 3 PM" at a practice closed Saturday afternoons: Friday's times, the day unsaid.
    const old = "That time is not free. The nearest free times are 3:30 PM, 4:00 PM or 4:30 PM.";
    expect(heardTimes(old, NOW, "Europe/Paris", "2027-06-12")).toEqual(["2027-06-12 15:30", "2027-06-12 16:00", "2027-06-12 16:30"]);
    // The answer now: every time with its day, the closing time not taken for an offer.
    const now = ask({ date: "2027-06-12", time: "15:00" })!;
    expect(heardTimes(now.say, NOW, "Europe/Paris", "2027-06-12")).toEqual(refs(now.slots));
  });
});

// --- the property: whatever the business, its closures and the question, the words say every day ------------------------

const TIMES = ["07:00", "08:00", "08:30", "09:00", "10:00", "12:00", "13:00", "14:00", "17:00", "18:00", "19:30", "21:00"];
const dayHours = fc.oneof(
  { weight: 1, arbitrary: fc.constant(closed) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...TIMES), fc.constantFrom(...TIMES))
      .filter(([a, b]) => a < b)
      .map(([a, b]) => open(a, b)),
  },
);
const week = fc.record({
  monday: dayHours,
  tuesday: dayHours,
  wednesday: dayHours,
  thursday: dayHours,
  friday: dayHours,
  saturday: dayHours,
  sunday: dayHours,
}) as fc.Arbitrary<WorkingHours>;
const dayOffset = fc.integer({ min: 0, max: 20 });
const isoDay = (offset: number) => new Date(Date.UTC(2027, 5, 8 + offset)).toISOString().slice(0, 10);
const closure: fc.Arbitrary<ClosureRow> = fc
  .tuple(dayOffset, fc.integer({ min: 0, max: 3 }), fc.boolean(), fc.constantFrom(null, "congés", "training"))
  .map(([from, length, special, reason]) => ({
    from: isoDay(from),
    to: isoDay(from + length),
    openTime: special ? "10:00" : null,
    closeTime: special ? "12:00" : null,
    reason,
  }));
const question = fc.record({
  date: fc.option(dayOffset.map(isoDay), { nil: null }),
  time: fc.option(fc.constantFrom(...TIMES, "09:15", "16:45"), { nil: null }),
  part: fc.option(fc.constantFrom<PartOfDay>("morning", "afternoon", "evening"), { nil: null }),
});
const busyDay = fc
  .tuple(dayOffset, fc.constantFrom(...TIMES), fc.integer({ min: 1, max: 10 }))
  .map(([d, from, hours]) => ({ start: at(isoDay(d), from), end: new Date(at(isoDay(d), from).getTime() + hours * 3_600_000) }));

describe("every availability answer, for any business (a property)", () => {
  it("names the day of every time its words offer, and calls a closed day closed, never 'nothing free'", () => {
    fc.assert(
      fc.property(
        week,
        fc.array(closure, { maxLength: 2 }),
        question,
        fc.array(busyDay, { maxLength: 4 }),
        fc.constantFrom<CallLanguage>("en", "fr", "es"),
        fc.constantFrom("30", "45", "60"),
        (workingHours, closures, q, busy, language, appointmentDuration) => {
          // Closures never overlap (the database refuses it).
          const kept = closures.filter((c, i) => closures.slice(0, i).every((o) => c.to < o.from || c.from > o.to));
          const biz = business({ workingHours, closures: kept, appointmentDuration });
          const question = q.date ? q : { ...q, time: null };
          const a = ask(question, { biz, language, busy }) ?? ask(question, { biz, language, busy, whole: true });
          if (!a) throw new Error("no answer over the whole horizon");
          // A listener who knows no day but the ones said hears exactly the times given to book.
          expect(heardTimes(a.say, NOW, biz.timeZone, null)).toEqual(refs(a.slots));
          expect(a.slots!.length).toBeLessThanOrEqual(3);
          if (question.date) {
            const closure = kept.find((c) => c.from <= question.date! && question.date! <= c.to && !c.openTime);
            const weekday = new Date(`${question.date}T12:00:00Z`).getUTCDay();
            const dayKey = (["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const)[weekday]!;
            const weeklyClosed = !kept.some((c) => c.from <= question.date! && question.date! <= c.to) && !workingHours[dayKey].isOpen;
            if (closure || weeklyClosed) {
              const closedWords = { en: /^We are closed/, fr: /^Nous sommes fermés/, es: /^Estamos cerrados/ }[language];
              expect(a.say).toMatch(closedWords);
            }
          }
        },
      ),
      { numRuns: 400, seed: 28 },
    );
  });
});
