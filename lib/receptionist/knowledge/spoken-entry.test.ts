import { describe, expect, it } from "vitest";
import { entryLine } from "./knowledge.service";
import { entryOfLine, sentence, spokenEntries, spokenEntry } from "./spoken-entry";

const price = (title: string, details: string) => ({ kind: "price" as const, title, details });

describe("spokenEntry", () => {
  it("says a price as a person would, in each language", () => {
    expect(spokenEntry(price("Sesión de fisioterapia", "50 euros."), "es")).toBe("Una sesión de fisioterapia cuesta 50 euros.");
    expect(spokenEntry(price("Séance de kinésithérapie", "50 euros"), "fr")).toBe("Une séance de kinésithérapie coûte 50 euros.");
    expect(spokenEntry(price("Physiotherapy session", "50 euros"), "en")).toBe("A physiotherapy session costs 50 euros.");
  });
  it("picks the article the noun takes, and the plural verb for a plural", () => {
    expect(spokenEntry(price("Bilan initial", "60 €"), "fr")).toBe("Un bilan initial coûte 60 €.");
    expect(spokenEntry(price("Examen dental", "desde 40 euros"), "es")).toBe("Un examen dental cuesta desde 40 euros.");
    expect(spokenEntry(price("Extraction", "$90"), "en")).toBe("An extraction costs $90.");
    expect(spokenEntry(price("Sesiones de grupo", "20 euros cada una"), "es")).toBe("Las sesiones de grupo cuestan 20 euros cada una.");
    expect(spokenEntry(price("La primera visita", "45 euros"), "es")).toBe("La primera visita cuesta 45 euros.");
  });
  it("never ends on a double full stop, and keeps the owner's own ending", () => {
    expect(spokenEntry(price("Sesión de fisioterapia", "50 euros.."), "es")).toBe("Una sesión de fisioterapia cuesta 50 euros.");
    expect(spokenEntry(price("Consultation", "40 euros, remboursés !"), "fr")).toBe("Une consultation coûte 40 euros, remboursés !");
    expect(spokenEntry({ kind: "faq", title: "Parking?", details: "Yes, behind the building." }, "en")).toBe("Yes, behind the building.");
  });
  it("keeps the label when the price is not an amount", () => {
    expect(spokenEntry(price("Implants", "depends on the case"), "en")).toBe("Implants: depends on the case.");
    expect(spokenEntry({ kind: "policy", title: "Annulation", details: "prévenez 24 h avant" }, "fr")).toBe(
      "Annulation : prévenez 24 h avant.",
    );
  });
});

describe("entryOfLine", () => {
  it.each(["en", "fr", "es"] as const)("reads back in %s the entry the instructions list", (language) => {
    const entry = price("Sesión de fisioterapia", "50 euros");
    expect(entryOfLine(entryLine(entry, language), language)).toEqual(entry);
    expect(entryOfLine("something else", language)).toBeNull();
  });
});

describe("sentence", () => {
  it("adds one full stop, or none when the text ends as a sentence", () => {
    expect(sentence("50 euros")).toBe("50 euros.");
    expect(sentence("50 euros.")).toBe("50 euros.");
    expect(sentence("¿Quiere cita?")).toBe("¿Quiere cita?");
    expect(sentence("wait…")).toBe("Wait…");
  });
  it("joins entries as sentences", () => {
    expect(spokenEntries([price("Filling", "80 euros."), price("Cleaning", "60 euros")], "en")).toBe(
      "A filling costs 80 euros. A cleaning costs 60 euros.",
    );
  });
});
