import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Business, CallLanguage } from "@/lib/business/business";
import type { ClosureRow } from "@/lib/business/tenant";
import type { WorkingHours } from "@/db/schema";
import { zonedWallTimeToUtc } from "@/lib/time/zoned-time";
import {
  answerAvailability,
  horizonEnd,
  knownWindowFor,
  whyNotBookable,
  type AvailabilityQuestion,
  type PartOfDay,
} from "./availability-answer";
import { heardTimes } from "./simulator-hearing";

const open = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime });
const closed = { isOpen: false, openTime: "09:00", closeTime: "17:00" };
// Monday to Friday 09:00–17:00, Saturday mornings, closed on Sunday.
const WEEK: WorkingHours = {
  monday: open("09:00", "17:00"),
  tuesday: open("09:00", "17:00"),
  wednesday: open("09:00", "17:00"),
  thursday: open("09:00", "17:00"),
  friday: open("09:00", "17:00"),
  saturday: open("09:00", "12:00"),
  sunday: closed,
};
// Tuesday 8 June 2027, 14:00 in Paris.
const NOW = new Date("2027-06-08T12:00:00Z");

function business(over: Partial<Business> = {}): Business {
  return {
    userId: "u",
    timeZone: "Europe/Paris",
    appointmentDuration: "30",
    workingHours: WEEK,
    closures: [],
    ...over,
  } as Business;
}

function ask(
  question: Partial<AvailabilityQuestion>,
  o: { biz?: Business; language?: CallLanguage; busy?: { start: Date; end: Date }[]; whole?: boolean } = {},
) {
  const biz = o.biz ?? business();
  const q = { date: null, time: null, part: null, ...question };
  const known = o.whole ? { from: NOW, to: horizonEnd(NOW) } : knownWindowFor(q, NOW, biz.timeZone);
  return answerAvailability({ biz, language: o.language ?? "en", now: NOW, question: q, busy: o.busy ?? [], known });
}

const at = (date: string, time: string) => zonedWallTimeToUtc(date, time, "Europe/Paris")!;
const refs = (slots: { date: string; time: string }[] | undefined) => (slots ?? []).map((s) => `${s.date} ${s.time}`);

describe("the availability answer", () => {
  it("says a free time back with its day, and gives the time to book apart", () => {
    const a = ask({ date: "2027-06-09", time: "10:00" })!;
    expect(a.say).toBe("Yes, Wednesday, June 9 at 10:00 AM is free.");
    expect(refs(a.slots)).toEqual(["2027-06-09 10:00"]);
  });

  it("names the day of every time it offers, the asked day included, at most three", () => {
    const a = ask({ date: "2027-06-09" })!;
    expect(a.say).toBe("I can offer Wednesday, June 9 at 9:00 AM, 9:30 AM, or 10:00 AM.");
    expect(a.slots).toHaveLength(3);
    const next = ask({}, { language: "fr" })!;
    // Today at 14:00 with an hour's notice: 15:00 is the first.
    expect(next.say).toBe("Au plus tôt, je peux vous proposer mardi 8 juin à 15 h, 15 h 30 ou 16 h.");
  });

  it("says a weekly closed day is closed, then offers the next open day's times with that day", () => {
    for (const [language, said] of [
      ["en", "We are closed on Sundays. The earliest I can offer is Monday, June 14 at 9:00 AM, 9:30 AM, or 10:00 AM."],
      ["fr", "Nous sommes fermés le dimanche. Au plus tôt, je peux vous proposer lundi 14 juin à 9 h, 9 h 30 ou 10 h."],
      ["es", "Estamos cerrados los domingos. Lo más pronto que puedo ofrecerle es el lunes 14 de junio a las 9:00, 9:30 o 10:00."],
    ] as const) {
      expect(ask({ date: "2027-06-13" }, { language })!.say).toBe(said);
    }
  });

  it("says a closure and its reason, for a date, a time that day and a part of it", () => {
    const biz = business({ closures: [{ from: "2027-06-10", to: "2027-06-11", openTime: null, closeTime: null, reason: "formation" }] });
    const day = ask({ date: "2027-06-10" }, { biz })!;
    expect(day.say).toMatch(
      /^We are closed from Thursday, June 10 to Friday, June 11 \(formation\)\. The earliest I can offer is Saturday, June 12 at/,
    );
    expect(ask({ date: "2027-06-10", time: "10:00" }, { biz })!.say).toMatch(
      /^We are closed from Thursday, June 10 to Friday, June 11 \(formation\)\./,
    );
    expect(ask({ date: "2027-06-11", part: "afternoon" }, { biz })!.say).toMatch(
      /^We are closed from .* \(formation\)\. The earliest I can offer is Monday, June 14 at 12:00 PM/,
    );
    expect(whyNotBookable(biz, "fr", at("2027-06-10", "10:00"))).toBe(
      "Nous sommes fermés du jeudi 10 juin au vendredi 11 juin (formation).",
    );
  });

  it("says special hours, and offers only their times", () => {
    const biz = business({
      closures: [{ from: "2027-06-16", to: "2027-06-16", openTime: "14:00", closeTime: "16:00", reason: "réunion" }],
    });
    const a = ask({ date: "2027-06-16" }, { biz, language: "fr" })!;
    expect(a.say).toBe(
      "Mercredi 16 juin, nous ne sommes ouverts que de 14 h à 16 h (réunion). Je peux vous proposer mercredi 16 juin à 14 h, 14 h 30 ou 15 h.",
    );
    expect(ask({ date: "2027-06-16", time: "10:00" }, { biz })!.say).toMatch(
      /^On Wednesday, June 16 we are open only from 2:00 PM to 4:00 PM \(réunion\)\. The closest I can offer is Wednesday, June 16 at 2:00 PM/,
    );
  });

  it("says when the day opens or closes for a time outside its hours", () => {
    expect(ask({ date: "2027-06-09", time: "08:00" })!.say).toMatch(
      /^On Wednesday, June 9 we open at 9:00 AM\. The closest I can offer is Wednesday, June 9 at 9:00 AM/,
    );
    expect(ask({ date: "2027-06-09", time: "16:45" })!.say).toMatch(/^On Wednesday, June 9 we close at 5:00 PM\./);
    expect(whyNotBookable(business(), "es", at("2027-06-12", "15:00"))).toBe("El sábado 12 de junio cerramos a las 12:00.");
    // Inside the hours, a refusal is only busy time: no reason to give.
    expect(whyNotBookable(business(), "en", at("2027-06-09", "10:00"))).toBeNull();
  });

  it("maps a part of the day onto the business's own hours: after closing, the day's latest times; never 'nothing free'", () => {
    const evening = ask({ date: "2027-06-09", part: "evening" }, { language: "en" })!;
    expect(evening.say).toBe(
      "On Wednesday, June 9 we close at 5:00 PM. The latest I can offer that day is Wednesday, June 9 at 3:30 PM, 4:00 PM, or 4:30 PM.",
    );
    const saturday = ask({ date: "2027-06-12", part: "afternoon" }, { language: "fr" })!;
    expect(saturday.say).toBe(
      "Samedi 12 juin, nous fermons à 12 h. Au plus tard ce jour-là, je peux vous proposer samedi 12 juin à 10 h 30, 11 h ou 11 h 30.",
    );
    // No day given: the first day with room, said with its closing time.
    expect(ask({ part: "evening" })!.say).toMatch(
      /^On Tuesday, June 8 we close at 5:00 PM\. The latest I can offer that day is Tuesday, June 8 at/,
    );
    const late = business({ workingHours: { ...WEEK, thursday: open("09:00", "20:00") } });
    expect(ask({ part: "evening" }, { biz: late })!.say).toBe(
      "The earliest I can offer is Thursday, June 10 at 5:00 PM, 5:30 PM, or 6:00 PM.",
    );
    // A morning at a business that opens at 14:00.
    const afternoons = business({ workingHours: { ...WEEK, wednesday: open("14:00", "19:00") } });
    expect(ask({ date: "2027-06-09", part: "morning" }, { biz: afternoons, language: "es" })!.say).toBe(
      "El miércoles 9 de junio abrimos a las 14:00. Lo más pronto que puedo ofrecerle ese día es el miércoles 9 de junio a las 14:00, 14:30 o 15:00.",
    );
  });

  it("says a full day or part is full and offers the next times, each with its day", () => {
    const busy = [{ start: at("2027-06-09", "09:00"), end: at("2027-06-09", "17:00") }];
    expect(ask({ date: "2027-06-09" }, { busy })!.say).toBe(
      "Nothing is free on Wednesday, June 9. The earliest I can offer is Thursday, June 10 at 9:00 AM, 9:30 AM, or 10:00 AM.",
    );
    const mornings = [{ start: at("2027-06-09", "09:00"), end: at("2027-06-09", "12:00") }];
    expect(ask({ date: "2027-06-09", part: "morning" }, { busy: mornings, language: "fr" })!.say).toBe(
      "Il n'y a plus de place mercredi 9 juin le matin. Au plus tôt, je peux vous proposer jeudi 10 juin à 9 h, 9 h 30 ou 10 h.",
    );
  });

  it("says nothing is free only when the whole horizon is full, and asks for the rest of it before saying so", () => {
    const everything = [{ start: NOW, end: horizonEnd(NOW) }];
    // The window a first answer reads is full, but the horizon goes on: the caller of the builder reads the rest.
    expect(ask({ date: "2027-06-09" }, { busy: [{ start: NOW, end: new Date(NOW.getTime() + 40 * 86_400_000) }] })).toBeNull();
    expect(ask({ date: "2027-06-09" }, { busy: everything, whole: true })!.say).toBe(
      "Nothing is free on Wednesday, June 9. Nothing is free in the next 90 days. I can take a message for the team.",
    );
    const lateOpening = [{ start: NOW, end: new Date(NOW.getTime() + 40 * 86_400_000) }];
    expect(ask({}, { busy: lateOpening, whole: true })!.say).toMatch(/^The earliest I can offer is Monday, July 19 at 9:00 AM/);
  });
});

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
