import { describe, expect, it } from "vitest";
import { horizonEnd, whyNotBookable } from "./availability-answer";
import { ask, at, business, closed, open, practitioner, refs, NOW, WEEK } from "./availability-answer.fixtures";

describe("the availability answer", () => {
  it("says a free time back with its day, and gives the time to book apart", () => {
    const a = ask({ date: "2027-06-09", time: "10:00" })!;
    expect(a.say).toBe("Yes, Wednesday, June 9 at 10:00 AM is free.");
    expect(refs(a.slots)).toEqual(["2027-06-09 10:00"]);
  });

  it("names the day of every time it offers, the asked day included, at most three", () => {
    const a = ask({ date: "2027-06-09" })!;
    expect(a.say).toBe(
      "On Wednesday, June 9 we are open from 9:00 AM to 5:00 PM. I can offer Wednesday, June 9 at 9:00 AM, 9:30 AM, or 10:00 AM.",
    );
    expect(a.slots).toHaveLength(3);
    const next = ask({}, { language: "fr" })!;
    // Today at 14:00 with an hour's notice: 15:00 is the first.
    expect(next.say).toBe("Au plus tôt, je peux vous proposer mardi 8 juin à 15 h, 15 h 30 ou 16 h.");
  });

  it("says a weekly closed day is closed, then the next open day's times with that day, never 'the earliest' after days with room", () => {
    // Sunday asked on a Tuesday: Wednesday to Saturday have room, so Monday's times are the next after Sunday, not the earliest.
    for (const [language, said] of [
      ["en", "We are closed on Sundays. The next free times after that are Monday, June 14 at 9:00 AM, 9:30 AM, or 10:00 AM."],
      ["fr", "Nous sommes fermés le dimanche. Les créneaux libres suivants sont lundi 14 juin à 9 h, 9 h 30 ou 10 h."],
      ["es", "Estamos cerrados los domingos. Los siguientes huecos libres son el lunes 14 de junio a las 9:00, 9:30 o 10:00."],
    ] as const) {
      expect(ask({ date: "2027-06-13" }, { language })!.say).toBe(said);
    }
  });

  it("says 'the earliest' when the times after a closed day are truly the first free from now", () => {
    // Today is full after 14:00 and Wednesday is closed: Thursday's first times are the earliest there are.
    const biz = business({ closures: [{ from: "2027-06-09", to: "2027-06-09", openTime: null, closeTime: null, reason: null }] });
    const today = [{ start: NOW, end: at("2027-06-08", "17:00") }];
    expect(ask({ date: "2027-06-09" }, { biz, busy: today, language: "es" })!.say).toBe(
      "Estamos cerrados el miércoles 9 de junio. Lo más pronto que puedo ofrecerle es el jueves 10 de junio a las 9:00, 9:30 o 10:00.",
    );
  });

  it("says a closure and its reason, for a date, a time that day and a part of it", () => {
    const biz = business({ closures: [{ from: "2027-06-10", to: "2027-06-11", openTime: null, closeTime: null, reason: "formation" }] });
    const day = ask({ date: "2027-06-10" }, { biz })!;
    expect(day.say).toMatch(
      /^We are closed from Thursday, June 10 to Friday, June 11 \(formation\)\. The next free times after that are Saturday, June 12 at/,
    );
    expect(ask({ date: "2027-06-10", time: "10:00" }, { biz })!.say).toMatch(
      /^We are closed from Thursday, June 10 to Friday, June 11 \(formation\)\./,
    );
    expect(ask({ date: "2027-06-11", part: "afternoon" }, { biz })!.say).toMatch(
      /^We are closed from .* \(formation\)\. The next free times after that are Monday, June 14 at 12:00 PM/,
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
    // The first evening times are not the first free times (today has room at 3 PM): no "earliest".
    const late = business({ workingHours: { ...WEEK, thursday: open("09:00", "20:00") } });
    expect(ask({ part: "evening" }, { biz: late })!.say).toBe(
      "The first times free in the evening are Thursday, June 10 at 5:00 PM, 5:30 PM, or 6:00 PM.",
    );
    // A morning at a business that opens at 14:00: the day's first times, with no superlative.
    const afternoons = business({ workingHours: { ...WEEK, wednesday: open("14:00", "19:00") } });
    expect(ask({ date: "2027-06-09", part: "morning" }, { biz: afternoons, language: "es" })!.say).toBe(
      "El miércoles 9 de junio abrimos a las 14:00. Ese día puedo ofrecerle el miércoles 9 de junio a las 14:00, 14:30 o 15:00.",
    );
  });

  it("divides the day as the call's language does: a Spanish 'tarde' from 16:00 to closing, an English afternoon from noon to 17:00", () => {
    const late = business({ workingHours: { ...WEEK, wednesday: open("09:00", "20:00") } });
    const busy = [{ start: at("2027-06-09", "12:00"), end: at("2027-06-09", "17:00") }];
    expect(ask({ date: "2027-06-09", part: "afternoon" }, { biz: late, busy, language: "es" })!.say).toBe(
      "El miércoles 9 de junio abrimos de 9:00 a 20:00. Puedo ofrecerle el miércoles 9 de junio a las 17:00, 17:30 o 18:00.",
    );
    // The same afternoon, full until 17:00, in English: what follows is the evening, so the afternoon is full.
    expect(ask({ date: "2027-06-09", part: "afternoon" }, { biz: late, busy, language: "en" })!.say).toBe(
      "On Wednesday, June 9 we are open from 9:00 AM to 8:00 PM. Nothing is free on Wednesday, June 9 in the afternoon. " +
        "The next free times after that are Thursday, June 10 at 12:00 PM, 12:30 PM, or 1:00 PM.",
    );
    // "Por la noche" is after 20:00: at a practice closing at 20:00, its latest times.
    expect(ask({ date: "2027-06-09", part: "evening" }, { biz: late, language: "es" })!.say).toBe(
      "El miércoles 9 de junio cerramos a las 20:00. Lo más tarde que puedo ofrecerle ese día es el miércoles 9 de junio a las 18:30, 19:00 o 19:30.",
    );
  });

  it("never offers 12:00 for a Spanish 'tarde', nor 12:30 for a French 'après-midi', at a practice open 09:00–17:00", () => {
    const tarde = ask({ date: "2027-06-09", part: "afternoon" }, { language: "es" })!;
    expect(tarde.say).toBe("El miércoles 9 de junio abrimos de 9:00 a 17:00. Puedo ofrecerle el miércoles 9 de junio a las 16:00 o 16:30.");
    expect(ask({ date: "2027-06-09", part: "afternoon" }, { language: "fr" })!.say).toBe(
      "Mercredi 9 juin, nous sommes ouverts de 9 h à 17 h. Je peux vous proposer mercredi 9 juin à 13 h, 13 h 30 ou 14 h.",
    );
    // With no day: the first "tarde" times, today's 16:00 and 16:30 (15:00 is free, but it is no "tarde").
    expect(refs(ask({ part: "afternoon" }, { language: "es" })!.slots)).toEqual([
      "2027-06-08 16:00",
      "2027-06-08 16:30",
      "2027-06-09 16:00",
    ]);
  });

  it("hears lunchtime as midday, as each language has it: 12:00–14:00 in English and French, 12:00–16:00 in Spanish", () => {
    const busy = [{ start: at("2027-06-09", "12:00"), end: at("2027-06-09", "13:00") }];
    for (const [language, said] of [
      ["en", "On Wednesday, June 9 we are open from 9:00 AM to 5:00 PM. I can offer Wednesday, June 9 at 1:00 PM or 1:30 PM."],
      ["fr", "Mercredi 9 juin, nous sommes ouverts de 9 h à 17 h. Je peux vous proposer mercredi 9 juin à 13 h ou 13 h 30."],
      ["es", "El miércoles 9 de junio abrimos de 9:00 a 17:00. Puedo ofrecerle el miércoles 9 de junio a las 13:00, 13:30 o 14:00."],
    ] as const) {
      expect(ask({ date: "2027-06-09", part: "midday" }, { busy, language })!.say).toBe(said);
    }
    // A Saturday closing at 12:00 has no lunchtime: its latest times, said with the closing time.
    expect(ask({ date: "2027-06-12", part: "midday" })!.say).toBe(
      "On Saturday, June 12 we close at 12:00 PM. The latest I can offer that day is Saturday, June 12 at 10:30 AM, 11:00 AM, or 11:30 AM.",
    );
  });

  it("hears 'after school' and 'after work' as the last hours of the afternoon, cut to the day's hours", () => {
    // Closing at 17:00: its last times, never 12:00–13:00.
    expect(ask({ date: "2027-06-09", part: "lateAfternoon" })!.say).toBe(
      "On Wednesday, June 9 we are open from 9:00 AM to 5:00 PM. I can offer Wednesday, June 9 at 4:00 PM or 4:30 PM.",
    );
    expect(ask({ date: "2027-06-09", part: "lateAfternoon" }, { language: "fr" })!.say).toBe(
      "Mercredi 9 juin, nous sommes ouverts de 9 h à 17 h. Je peux vous proposer mercredi 9 juin à 16 h 30.",
    );
    // In Spain school and work end later: at a practice closing at 17:00, the day's latest times.
    expect(ask({ date: "2027-06-09", part: "lateAfternoon" }, { language: "es" })!.say).toBe(
      "El miércoles 9 de junio cerramos a las 17:00. Lo más tarde que puedo ofrecerle ese día es el miércoles 9 de junio a las 15:30, 16:00 o 16:30.",
    );
    const late = business({ workingHours: { ...WEEK, wednesday: open("09:00", "20:00") } });
    expect(refs(ask({ date: "2027-06-09", part: "lateAfternoon" }, { biz: late, language: "es" })!.slots)).toEqual([
      "2027-06-09 18:00",
      "2027-06-09 18:30",
      "2027-06-09 19:00",
    ]);
    // No day: the first late-afternoon times, said as the first of that part, not the earliest.
    expect(ask({ part: "lateAfternoon" })!.say).toBe(
      "The first times free in the late afternoon are Tuesday, June 8 at 4:00 PM or 4:30 PM or Wednesday, June 9 at 4:00 PM.",
    );
  });

  it("begins a day's answer with that day's hours, so 'when do you close on Friday?' hears the closing time", () => {
    for (const [language, hours] of [
      ["en", "On Friday, June 11 we are open from 9:00 AM to 5:00 PM. "],
      ["fr", "Vendredi 11 juin, nous sommes ouverts de 9 h à 17 h. "],
      ["es", "El viernes 11 de junio abrimos de 9:00 a 17:00. "],
    ] as const) {
      expect(ask({ date: "2027-06-11" }, { language })!.say.startsWith(hours), language).toBe(true);
    }
    // The practitioner asked for: their own hours that day, by name.
    const roux = practitioner("p2", "Dr Roux", { ...WEEK, friday: open("08:00", "13:00") });
    const team = business({ practitioners: [practitioner("p1", "Dr Martin"), roux] });
    expect(ask({ date: "2027-06-11" }, { biz: team, practitioner: roux })!.say).toBe(
      "On Friday, June 11 Dr Roux works from 8:00 AM to 1:00 PM. I can offer Friday, June 11 at 8:00 AM, 8:30 AM, or 9:00 AM.",
    );
  });

  it("says a full day is fully booked, for a date, a time that day, a part of it and a refused booking, then the next times", () => {
    const saturday = [{ start: at("2027-06-12", "09:00"), end: at("2027-06-12", "12:00") }];
    for (const [language, said] of [
      [
        "en",
        "On Saturday, June 12 we are open from 9:00 AM to 12:00 PM, but we are fully booked. The next free times after that are Monday, June 14 at 9:00 AM, 9:30 AM, or 10:00 AM.",
      ],
      [
        "fr",
        "Samedi 12 juin, nous sommes ouverts de 9 h à 12 h, mais c'est complet. Les créneaux libres suivants sont lundi 14 juin à 9 h, 9 h 30 ou 10 h.",
      ],
      [
        "es",
        "El sábado 12 de junio abrimos de 9:00 a 12:00, pero ya está todo completo. Los siguientes huecos libres son el lunes 14 de junio a las 9:00, 9:30 o 10:00.",
      ],
    ] as const) {
      expect(ask({ date: "2027-06-12" }, { busy: saturday, language })!.say).toBe(said);
    }
    // A time on the full day: full, then the closest times either side, each with its day.
    expect(ask({ date: "2027-06-12", time: "10:00" }, { busy: saturday })!.say).toBe(
      "Saturday, June 12 is fully booked. The closest I can offer is Friday, June 11 at 3:30 PM, 4:00 PM, or 4:30 PM.",
    );
    expect(ask({ date: "2027-06-12", time: "15:00" }, { busy: saturday, language: "fr" })!.say).toMatch(
      /^Samedi 12 juin, nous fermons à 12 h\. Samedi 12 juin, c'est complet\. Au plus près, je peux vous proposer /,
    );
    // A part of the full day: the day is full, not only the part.
    expect(ask({ date: "2027-06-12", part: "morning" }, { busy: saturday, language: "es" })!.say).toBe(
      "El sábado 12 de junio abrimos de 9:00 a 12:00, pero ya está todo completo. Los siguientes huecos libres son el lunes 14 de junio a las 9:00, 9:30 o 10:00.",
    );
    // A refused booking on it.
    expect(whyNotBookable(business(), "en", at("2027-06-12", "10:00"), undefined, true)).toBe("Saturday, June 12 is fully booked.");
    expect(whyNotBookable(business(), "es", at("2027-06-12", "15:00"), undefined, true)).toBe(
      "El sábado 12 de junio cerramos a las 12:00. El sábado 12 de junio está completo.",
    );
    // A closed day is closed, never "full".
    expect(whyNotBookable(business(), "fr", at("2027-06-13", "10:00"), undefined, true)).toBe("Nous sommes fermés le dimanche.");
  });

  it("says a full part of a day with room is full, then the part's next times", () => {
    const mornings = [{ start: at("2027-06-09", "09:00"), end: at("2027-06-09", "12:00") }];
    expect(ask({ date: "2027-06-09", part: "morning" }, { busy: mornings, language: "fr" })!.say).toBe(
      "Mercredi 9 juin, nous sommes ouverts de 9 h à 17 h. Il n'y a plus de place mercredi 9 juin le matin. " +
        "Les créneaux libres suivants sont jeudi 10 juin à 9 h, 9 h 30 ou 10 h.",
    );
  });

  it("says 'the earliest' for a practitioner only of their own first free time", () => {
    // Dr Roux works Thursdays only: her first free time is Thursday's, whoever else has room before.
    const roux = practitioner("p2", "Dr Roux", {
      ...Object.fromEntries(Object.keys(WEEK).map((d) => [d, closed])),
      thursday: open("09:00", "12:00"),
    } as typeof WEEK);
    const team = business({ practitioners: [practitioner("p1", "Dr Martin"), roux] });
    expect(ask({}, { biz: team, practitioner: roux, language: "fr" })!.say).toBe(
      "Au plus tôt, je peux vous proposer jeudi 10 juin à 9 h, 9 h 30 ou 10 h.",
    );
    // Asked for a Friday she does not work: her next times after it are not her earliest (Thursday comes first).
    expect(ask({ date: "2027-06-11" }, { biz: team, practitioner: roux })!.say).toBe(
      "Dr Roux does not work on Fridays. The next free times after that are Thursday, June 17 at 9:00 AM, 9:30 AM, or 10:00 AM.",
    );
  });

  it("says nothing is free only when the whole horizon is full, and asks for the rest of it before saying so", () => {
    const everything = [{ start: NOW, end: horizonEnd(NOW) }];
    // The window a first answer reads is full, but the horizon goes on: the caller of the builder reads the rest.
    expect(ask({ date: "2027-06-09" }, { busy: [{ start: NOW, end: new Date(NOW.getTime() + 40 * 86_400_000) }] })).toBeNull();
    expect(ask({ date: "2027-06-09" }, { busy: everything, whole: true })!.say).toBe(
      "On Wednesday, June 9 we are open from 9:00 AM to 5:00 PM, but we are fully booked. Nothing is free in the next 90 days. I can take a message for the team.",
    );
    const lateOpening = [{ start: NOW, end: new Date(NOW.getTime() + 40 * 86_400_000) }];
    expect(ask({}, { busy: lateOpening, whole: true })!.say).toMatch(/^The earliest I can offer is Monday, July 19 at 9:00 AM/);
  });
});
