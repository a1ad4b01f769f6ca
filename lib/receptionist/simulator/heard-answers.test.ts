// The availability answers played to a listener who takes the words literally (the sandbox's own hearing, as a small,
// fast voice model would): every time it hears is a time the answer gives to book, whatever the business, its closures
// (public holidays among them), its special hours, the language and the question; and what the words claim is true: a
// time offered for a part of the day lies in that part as the language divides it, "the earliest" is the first free
// time from now, a day with nothing free is said to be fully booked.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { ClosureRow } from "@/lib/accounts/business/tenant";
import type { WorkingHours } from "@/db/schema";
import { freeSlotsAmong } from "@/lib/scheduling/availability/availability";
import { openingOn, rules } from "@/lib/scheduling/booking/core";
import { addDays } from "@/lib/platform/time/zoned-time";
import { dayStart, horizonEnd } from "../tools/availability-answer";
import { PART_MINUTES, PARTS_OF_DAY, type PartOfDay } from "../tools/parts-of-day";
import { ask, at, business, closed, open, refs, NOW } from "../tools/availability-answer.fixtures";
import { slotReference } from "../speech/speech";
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

// --- the property: whatever the business, its closures and the question, the words say every day and say true ---------

const TIMES = ["07:00", "08:00", "08:30", "09:00", "10:00", "12:00", "13:00", "14:00", "16:00", "17:00", "18:00", "19:30", "21:00"];
const hoursPair = fc
  .tuple(fc.constantFrom(...TIMES), fc.constantFrom(...TIMES))
  .filter(([a, b]) => a < b)
  .map(([a, b]) => open(a, b));
const dayHours = fc.oneof({ weight: 1, arbitrary: fc.constant(closed) }, { weight: 3, arbitrary: hoursPair });
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
// The owner's closures (a run of days, closed or on special hours, with or without a reason) and public holidays (one
// day, closed, named in the business's language).
const ownClosure: fc.Arbitrary<ClosureRow> = fc
  .tuple(dayOffset, fc.integer({ min: 0, max: 3 }), fc.option(hoursPair, { nil: null }), fc.constantFrom(null, "congés", "training"))
  .map(([from, length, special, reason]) => ({
    from: isoDay(from),
    to: isoDay(from + length),
    openTime: special?.openTime ?? null,
    closeTime: special?.closeTime ?? null,
    reason,
  }));
const holiday: fc.Arbitrary<ClosureRow> = fc
  .tuple(dayOffset, fc.constantFrom("Christmas Day", "Noël", "Navidad", "Fête nationale", "Inmaculada Concepción"))
  .map(([day, name]) => ({ from: isoDay(day), to: isoDay(day), openTime: null, closeTime: null, reason: name, holiday: true }));
const closure = fc.oneof(ownClosure, holiday);
const question = fc.record({
  date: fc.option(dayOffset.map(isoDay), { nil: null }),
  time: fc.option(fc.constantFrom(...TIMES, "09:15", "16:45"), { nil: null }),
  part: fc.option(fc.constantFrom<PartOfDay>(...PARTS_OF_DAY), { nil: null }),
});
// Some busy hours, or a whole day taken.
const busyTime = fc.oneof(
  fc
    .tuple(dayOffset, fc.constantFrom(...TIMES), fc.integer({ min: 1, max: 10 }))
    .map(([d, from, hours]) => ({ start: at(isoDay(d), from), end: new Date(at(isoDay(d), from).getTime() + hours * 3_600_000) })),
  dayOffset.map((d) => ({ start: at(isoDay(d), "00:00"), end: at(isoDay(d + 1), "00:00") })),
);

const CLOSED_WORDS = { en: /^We are closed/, fr: /^Nous sommes fermés/, es: /^Estamos cerrados/ };
const EARLIEST = { en: /\bearliest\b/i, fr: /au plus tôt/i, es: /lo más pronto/i };
const FULL = { en: /\bfully booked\b/, fr: /\bcomplet\b/, es: /\bcompleto\b/ };
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether an appointment of `length` minutes can start within the part on a day open `open`–`close`. */
function startsInPart(language: CallLanguage, part: PartOfDay, hours: { open: string; close: string }, length: number): boolean {
  const [from, to] = PART_MINUTES[language][part];
  return from <= minutes(hours.close) - length && to > minutes(hours.open);
}

/** The business's own truth, apart from the answer: what is free, when, and how a day stands. */
function truth(biz: Business, busy: { start: Date; end: Date }[]) {
  const seats = [{ ...rules(biz, NOW), busy }];
  const length = seats[0]!.durationMinutes;
  return {
    firstFree: freeSlotsAmong(seats, NOW, horizonEnd(NOW), 1)[0],
    freeOn: (date: string) => freeSlotsAmong(seats, dayStart(date, biz.timeZone), dayStart(addDays(date, 1), biz.timeZone), 1).length > 0,
    /** The day's hours, or null when it is closed (a closure, a holiday, its weekday). */
    hoursOn: (date: string) => {
      const o = openingOn(biz, date);
      return o.kind === "open" || o.kind === "special" ? { open: o.open, close: o.close } : null;
    },
    /** Whether the part can be had on some weekday of the week (the days ahead hold it again and again). */
    weekHas: (language: CallLanguage, part: PartOfDay) =>
      Object.values(biz.workingHours).some(
        (h) => h.isOpen && h.openTime < h.closeTime && startsInPart(language, part, { open: h.openTime, close: h.closeTime }, length),
      ),
    length,
  };
}

describe("every availability answer, for any business (a property)", () => {
  it("says every day of the times it offers, offers a part's times in that part, says 'earliest' and 'full' only when true", () => {
    fc.assert(
      fc.property(
        week,
        fc.array(closure, { maxLength: 3 }),
        question,
        fc.array(busyTime, { maxLength: 4 }),
        fc.constantFrom<CallLanguage>("en", "fr", "es"),
        fc.constantFrom("30", "45", "60"),
        // The day asked, taken whole: a full day is asked about often enough to be checked.
        fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
        (workingHours, closures, q, someBusy, language, appointmentDuration, fillAskedDay) => {
          // Closures never overlap (the database refuses it).
          const kept = closures.filter((c, i) => closures.slice(0, i).every((o) => c.to < o.from || c.from > o.to));
          const biz = business({ workingHours, closures: kept, appointmentDuration });
          const question = q.date ? q : { ...q, time: null };
          const busy =
            fillAskedDay && q.date ? [...someBusy, { start: at(q.date, "00:00"), end: at(addDays(q.date, 1), "00:00") }] : someBusy;
          const a = ask(question, { biz, language, busy }) ?? ask(question, { biz, language, busy, whole: true });
          if (!a) throw new Error("no answer over the whole horizon");
          const slots = refs(a.slots);
          const t = truth(biz, busy);

          // A listener who knows no day but the ones said hears exactly the times given to book.
          expect(heardTimes(a.say, NOW, biz.timeZone, null)).toEqual(slots);
          expect(slots.length).toBeLessThanOrEqual(3);

          // "The earliest" is the first free time from now.
          if (EARLIEST[language].test(a.say)) expect(slots[0]).toBe(t.firstFree && slotReference(t.firstFree.start, biz.timeZone));

          const hours = question.date ? t.hoursOn(question.date) : null;
          if (question.date && !hours) {
            // A closed day (a closure, a public holiday, its weekday) is said to be closed, never full.
            expect(a.say).toMatch(CLOSED_WORDS[language]);
            expect(a.say).not.toMatch(FULL[language]);
          }
          // An open day with nothing free is said to be fully booked, whatever was asked of it.
          if (question.date && hours && !t.freeOn(question.date)) expect(a.say).toMatch(FULL[language]);

          // A part the business is open in: every time offered lies in it, unless the day asked has no start in it
          // (then the day's nearest times, said with its opening or closing time).
          const part = question.time ? null : question.part;
          if (part && t.weekHas(language, part) && (!hours || startsInPart(language, part, hours, t.length))) {
            const [from, to] = PART_MINUTES[language][part];
            for (const slot of slots) {
              const m = minutes(slot.slice(11));
              expect(m >= from && m < to, `${slot} outside ${part} in ${language}: ${a.say}`).toBe(true);
            }
          }
        },
      ),
      { numRuns: 600, seed: 45 },
    );
  });
});
