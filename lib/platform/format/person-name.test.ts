import { describe, expect, it } from "vitest";
import { firstNames, personName, titleOf } from "./person-name";

describe("a person's name in a sentence", () => {
  it("takes its title's article in French and Spanish, and stays as typed in English or without a title", () => {
    expect(personName("Dr Camille Roux", "fr")).toBe("le Dr Camille Roux");
    expect(personName("Dre Inès Martin", "fr")).toBe("la Dre Inès Martin");
    expect(personName("Dra. Marta Ruiz", "es")).toBe("la Dra. Marta Ruiz");
    expect(personName("Dr. Raj Patel", "es")).toBe("el Dr. Raj Patel");
    expect(personName("Dr Raj Patel", "en")).toBe("Dr Raj Patel");
    expect(personName("Marie Dupont", "fr")).toBe("Marie Dupont");
    // A meadow is no professor: titles are matched with their accents.
    expect(titleOf("Pré Vert", "fr")).toBeNull();
  });
});

describe("the first names a text gives", () => {
  it("are the first names, passing over a courtesy title", () => {
    expect(firstNames("Léa Martin", "Sophie Martin")).toEqual({ patient: "Léa", caller: "Sophie" });
    expect(firstNames("Dr Roux")).toEqual({ patient: "Roux", caller: null });
    expect(firstNames("Léa")).toEqual({ patient: "Léa", caller: null });
    expect(firstNames("Mme")).toEqual({ patient: "Mme", caller: null });
  });

  it("keep both whole names when two people would be told by the same first name", () => {
    expect(firstNames("María José García", "María Luisa García")).toEqual({ patient: "María José García", caller: "María Luisa García" });
    expect(firstNames("Mme Martin", "M. Martin")).toEqual({ patient: "Mme Martin", caller: "M. Martin" });
  });
});
