import { describe, expect, it } from "vitest";
import { horizonEnd, whyNotBookable } from "./availability-answer";
import { ask, at, business, open, refs, NOW, WEEK } from "./availability-answer.fixtures";

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

  it("divides the day as the call's language does: a Spanish 'tarde' runs until 20:00, an English afternoon until 17:00", () => {
    const late = business({ workingHours: { ...WEEK, wednesday: open("09:00", "20:00") } });
    const busy = [{ start: at("2027-06-09", "12:00"), end: at("2027-06-09", "17:00") }];
    expect(ask({ date: "2027-06-09", part: "afternoon" }, { biz: late, busy, language: "es" })!.say).toBe(
      "Puedo ofrecerle el miércoles 9 de junio a las 17:00, 17:30 o 18:00.",
    );
    // The same afternoon, full until 17:00, in English: what follows is the evening, so the afternoon is full.
    expect(ask({ date: "2027-06-09", part: "afternoon" }, { biz: late, busy, language: "en" })!.say).toMatch(
      /^Nothing is free on Wednesday, June 9 in the afternoon\./,
    );
    // "Después del trabajo" is the Spanish evening, after 20:00: at a practice closing at 20:00, its latest times.
    expect(ask({ date: "2027-06-09", part: "evening" }, { biz: late, language: "es" })!.say).toMatch(
      /^El miércoles 9 de junio cerramos a las 20:00\. Lo más tarde que puedo ofrecerle ese día es el miércoles 9 de junio a las 18:30, 19:00 o 19:30\.$/,
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
