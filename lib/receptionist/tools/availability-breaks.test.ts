import { describe, expect, it } from "vitest";
import type { DayHours, WorkingHours } from "@/db/schema";
import { whyNotBookable } from "./availability-answer";
import { ask, at, business, closed, practitioner, refs } from "./availability-answer.fixtures";
import { LUNCH_BREAK_DAY } from "@/lib/accounts/account/working-hours.fixtures";

// A Spanish-style day: 09:00–14:00, closed for lunch, 16:00–20:00.
const lunch = LUNCH_BREAK_DAY;
const WEEK: WorkingHours = {
  monday: lunch,
  tuesday: lunch,
  wednesday: lunch,
  thursday: lunch,
  friday: lunch,
  saturday: closed,
  sunday: closed,
};
const biz = business({ workingHours: WEEK });

describe("the availability answer on a day with a lunch break", () => {
  it("says the break and offers the first times after it, in each language", () => {
    for (const [language, said] of [
      [
        "en",
        "On Thursday, June 10 we are closed for lunch from 2:00 PM to 4:00 PM. I can offer Thursday, June 10 at 4:00 PM, 4:30 PM, or 5:00 PM.",
      ],
      [
        "fr",
        "Jeudi 10 juin, nous sommes fermés pour la pause déjeuner de 14 h à 16 h. Je peux vous proposer jeudi 10 juin à 16 h, 16 h 30 ou 17 h.",
      ],
      [
        "es",
        "El jueves 10 de junio cerramos para comer de 14:00 a 16:00. Puedo ofrecerle el jueves 10 de junio a las 16:00, 16:30 o 17:00.",
      ],
    ] as const) {
      const a = ask({ date: "2027-06-10", time: "15:00" }, { biz, language })!;
      expect(a.say).toBe(said);
      expect(refs(a.slots)[0]).toBe("2027-06-10 16:00");
    }
  });

  it("says the break for a time that would run into it", () => {
    const long = business({ workingHours: WEEK, appointmentDuration: "60" });
    expect(ask({ date: "2027-06-10", time: "13:30" }, { biz: long })!.say).toMatch(
      /^On Thursday, June 10 we are closed for lunch from 2:00 PM to 4:00 PM\. I can offer Thursday, June 10 at 4:00 PM/,
    );
  });

  it("gives both stretches of the day's hours", () => {
    expect(ask({ date: "2027-06-10" }, { biz, language: "es" })!.say).toMatch(
      /^El jueves 10 de junio abrimos de 9:00 a 14:00 y de 16:00 a 20:00\. Puedo ofrecerle/,
    );
    expect(ask({ date: "2027-06-10" }, { biz, language: "fr" })!.say).toMatch(
      /^Jeudi 10 juin, nous sommes ouverts de 9 h à 14 h et de 16 h à 20 h\./,
    );
  });

  it("refuses a booking in the break with the reason", () => {
    expect(whyNotBookable(biz, "en", at("2027-06-10", "14:30"))).toBe(
      "On Thursday, June 10 we are closed for lunch from 2:00 PM to 4:00 PM.",
    );
    expect(whyNotBookable(biz, "en", at("2027-06-10", "13:00"))).toBeNull();
  });

  it("says an evening break as a closed stretch, not lunch", () => {
    const evening: DayHours = {
      ...lunch,
      ranges: [
        { openTime: "09:00", closeTime: "17:00" },
        { openTime: "18:00", closeTime: "20:00" },
      ],
    };
    const b = business({ workingHours: { ...WEEK, thursday: evening } });
    expect(whyNotBookable(b, "en", at("2027-06-10", "17:15"))).toBe("On Thursday, June 10 we are closed from 5:00 PM to 6:00 PM.");
  });

  it("names a practitioner's own break in a practice of several", () => {
    const javier = practitioner("j", "Javier Ortega", WEEK);
    const b = business({ practitioners: [javier, practitioner("l", "Lucía Martín")] });
    expect(ask({ date: "2027-06-10", time: "15:00" }, { biz: b, practitioner: javier, language: "es" })!.say).toMatch(
      /^El jueves 10 de junio Javier Ortega no trabaja de 14:00 a 16:00\. Puedo ofrecerle el jueves 10 de junio a las 16:00/,
    );
  });
});
