import { describe, expect, it } from "vitest";
import { heardTimes, languageOf, parseDay, parsePartOfDay, parseTime, practitionerIn } from "./hearing";

// Tuesday 8 June 2027, 14:00 in Paris.
const NOW = new Date("2027-06-08T12:00:00Z");
const heard = (words: string, sameDay: string | null = null) => heardTimes(words, NOW, "Europe/Paris", sameDay);

describe("what a listener hears in a tool's words", () => {
  it("puts every time on the last day named before it, in each language", () => {
    expect(heard("I can offer Friday, June 11 at 3:30 PM or 4:00 PM, or Monday, June 14 at 9:00 AM.")).toEqual([
      "2027-06-11 15:30",
      "2027-06-11 16:00",
      "2027-06-14 09:00",
    ]);
    expect(heard("Au plus tôt, je peux vous proposer mardi 1er février à 9 h ou 9 h 30.")).toEqual([
      "2028-02-01 09:00",
      "2028-02-01 09:30",
    ]);
    expect(heard("Puedo ofrecerle el viernes 11 de junio a las 15:30 o 16:00.")).toEqual(["2027-06-11 15:30", "2027-06-11 16:00"]);
  });

  it("takes a time whose day is not said to be on the day the caller asked about, and nothing when there is none", () => {
    const words = "That time is not free. The nearest free times are 3:30 PM, 4:00 PM or 4:30 PM.";
    expect(heard(words, "2027-06-12")).toEqual(["2027-06-12 15:30", "2027-06-12 16:00", "2027-06-12 16:30"]);
    expect(heard(words)).toEqual([]);
  });

  it("hears the offer in the last sentence that says times, not a closing time or the time refused before it", () => {
    expect(
      heard("On Saturday, June 12 we close at 12:00 PM. The latest I can offer that day is Saturday, June 12 at 11:00 AM or 11:30 AM."),
    ).toEqual(["2027-06-12 11:00", "2027-06-12 11:30"]);
    expect(heard("Wednesday, June 9 at 10:00 AM is not free. The closest I can offer is Wednesday, June 9 at 10:30 AM.")).toEqual([
      "2027-06-09 10:30",
    ]);
    expect(heard("The confirmation goes to 06 98 76 54 32 by SMS.")).toEqual([]);
  });
});

describe("what a caller says", () => {
  it("hears the late afternoon in 'after school' and 'after work', midday at lunchtime, in each language", () => {
    for (const said of [
      "after school",
      "after work",
      "at the end of the day",
      "après l'école",
      "après le travail",
      "en fin de journée",
      "en fin d'après-midi",
      "a la salida del cole",
      "después del trabajo",
      "a última hora",
    ])
      expect(parsePartOfDay(said), said).toBe("lateAfternoon");
    for (const said of ["at lunchtime", "à midi", "entre midi et deux", "al mediodía"]) expect(parsePartOfDay(said), said).toBe("midday");
    for (const said of ["tonight", "ce soir", "esta noche"]) expect(parsePartOfDay(said), said).toBe("evening");
    expect(parsePartOfDay("por la tarde")).toBe("afternoon");
    expect(parsePartOfDay("cet après-midi")).toBe("afternoon");
  });

  it("passes a day its month does not have on as said, for the tool to say it does not exist", () => {
    expect(parseDay("le 31 février", NOW, "Europe/Paris")).toBe("2028-02-31");
    expect(parseDay("el 31 de junio", NOW, "Europe/Paris")).toBe("2027-06-31");
    expect(parseDay("April 31", NOW, "Europe/Paris")).toBe("2028-04-31");
    expect(parseDay("le 30 juin", NOW, "Europe/Paris")).toBe("2027-06-30");
  });

  it("knows the language of a sentence that is clearly in one, and says nothing of a word or two", () => {
    expect(languageOf("Hola, quisiera una cita para mañana por favor")).toBe("es");
    expect(languageOf("Bonjour, je voudrais un rendez-vous demain")).toBe("fr");
    expect(languageOf("Hi, I'd like to book an appointment please")).toBe("en");
    expect(languageOf("sí")).toBeNull();
    expect(languageOf("ok merci")).toBeNull();
  });
});

describe("whom, when and at what time a caller asks, in each language", () => {
  const TEAM = ["Lucía Martín", "Javier Ortega", "Dr Camille Roux"];

  it("hears a practitioner of the team after with, avec or con, titled or not, and gives their full name", () => {
    for (const said of [
      "I'd like an appointment with Javier Ortega on Thursday afternoon",
      "Je voudrais un rendez-vous avec Javier jeudi",
      "Quisiera una cita con Javier Ortega el jueves por la tarde",
      "¿Y a las 17:00 con Javier?",
      "Can I see Javier tomorrow?",
      // Speech-to-text misspells names: one letter away still fits, as it does for the tools.
      "con Javier Ortegga",
    ])
      expect(practitionerIn(said, TEAM), said).toBe("Javier Ortega");
    expect(practitionerIn("avec le docteur Roux demain matin", TEAM)).toBe("Dr Camille Roux");
    expect(practitionerIn("chez la docteure Camille Roux", TEAM)).toBe("Dr Camille Roux");
    expect(practitionerIn("con Lucía, por la mañana", TEAM)).toBe("Lucía Martín");
  });

  it("hears a name alone only where the caller is choosing, and never the caller's own name as someone to see", () => {
    expect(practitionerIn("Javier", TEAM, true)).toBe("Javier Ortega");
    expect(practitionerIn("Javier", TEAM)).toBeNull();
    // A part of the day, a day or a time answered alone is not a name one letter away from it.
    const martin = ["Claire Martin", "Javier Ortega"];
    expect(practitionerIn("Martin", martin, true)).toBe("Claire Martin");
    for (const said of ["Le matin", "mardi", "à 17 h"]) expect(practitionerIn(said, martin, true), said).toBeNull();
    expect(practitionerIn("Me llamo Lucía Martín", TEAM)).toBeNull();
    expect(practitionerIn("It's for my daughter Léa Martin", TEAM)).toBeNull();
  });

  it("passes a name that fits several as said, for the tools to ask which; one outside the team after a title as said", () => {
    const twins = ["Javier Ortega", "Javier Ruiz"];
    expect(practitionerIn("con Javier el jueves", twins)).toBe("Javier");
    expect(practitionerIn("avec le Dr Dupont", TEAM)).toBe("Dr Dupont");
    expect(practitionerIn("con quien sea", TEAM)).toBe("anyone");
  });

  it("hears the part of the day in each language", () => {
    for (const said of ["in the morning", "jeudi matin", "le matin", "por la mañana", "el jueves en la mañana"])
      expect(parsePartOfDay(said), said).toBe("morning");
    for (const said of ["Thursday afternoon", "in the afternoon", "jeudi après-midi", "l'après-midi", "por la tarde", "en la tarde"])
      expect(parsePartOfDay(said), said).toBe("afternoon");
    for (const said of ["in the evening", "le soir", "por la noche"]) expect(parsePartOfDay(said), said).toBe("evening");
    // "Mañana" alone is tomorrow, not the morning.
    expect(parsePartOfDay("mañana")).toBeNull();
    expect(parseDay("mañana por la tarde", NOW, "Europe/Madrid")).toBe("2027-06-09");
  });

  it("hears a named time in each language", () => {
    for (const [said, time] of [
      ["at 5 pm", "17:00"],
      ["at 5:30 pm", "17:30"],
      ["and at 17:00 with James?", "17:00"],
      ["à 17 h", "17:00"],
      ["17h30", "17:30"],
      ["vers 9 h 30", "09:30"],
      ["a las 17:00", "17:00"],
      ["a las 5 de la tarde", "17:00"],
      ["a las 10 y media", "10:30"],
    ] as const)
      expect(parseTime(said), said).toBe(time);
  });
});
