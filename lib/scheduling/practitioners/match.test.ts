import { describe, expect, it } from "vitest";
import { asksForAnyone, asksForSame, matchPractitioners, servicesNamed } from "./match";

const team = [{ name: "Dr Camille Roux" }, { name: "Dr Paul Martin" }, { name: "Martine Lefèvre" }, { name: "Dra. Lucía Martín" }];
const names = (asked: string) => matchPractitioners(asked, team).map((p) => p.name);

describe("matchPractitioners", () => {
  it("finds a practitioner by surname, first name or full name, with or without a title, in any language", () => {
    for (const asked of ["Roux", "Dr Roux", "docteur Roux", "la docteure Camille Roux", "camille", "with Dr. ROUX", "doctora roux"]) {
      expect(names(asked), asked).toEqual(["Dr Camille Roux"]);
    }
    expect(names("Madame Lefevre")).toEqual(["Martine Lefèvre"]);
    expect(names("Lucia")).toEqual(["Dra. Lucía Martín"]);
  });

  it("forgives one letter in a longer name, as speech-to-text spells it, and not in a short one", () => {
    expect(names("Dr Lefebre")).toEqual(["Martine Lefèvre"]);
    expect(names("Dr Camile Roux")).toEqual(["Dr Camille Roux"]);
    expect(names("Dr Rous")).toEqual([]);
  });

  it("answers every practitioner a name fits, and none for a title alone or a stranger", () => {
    // "Martin" is Paul Martin's surname and, without its accent, Lucía Martín's; Martine is one letter away, and not taken.
    expect(names("Dr Martin")).toEqual(["Dr Paul Martin", "Dra. Lucía Martín"]);
    expect(names("Martine")).toEqual(["Martine Lefèvre"]);
    expect(names("Paul Martin")).toEqual(["Dr Paul Martin"]);
    expect(names("the doctor")).toEqual([]);
    expect(names("Dr Dupont")).toEqual([]);
  });
});

describe("asksForSame", () => {
  it("hears 'the same as last time' in English, French and Spanish, and not in a name", () => {
    for (const asked of [
      "the same dentist as last time",
      "same as usual",
      "le même que la dernière fois",
      "el mismo de siempre",
      "la misma",
    ]) {
      expect(asksForSame(asked), asked).toBe(true);
    }
    for (const asked of ["Dr Roux", "Dr Camille Roux", "Mesme"]) expect(asksForSame(asked), asked).toBe(false);
  });
});

describe("asksForAnyone", () => {
  it("hears the choice left to the practice, and not a name", () => {
    for (const asked of ["anyone", "no preference", "peu importe", "n'importe qui", "cualquiera", "me da igual"]) {
      expect(asksForAnyone(asked), asked).toBe(true);
    }
    for (const asked of ["Dr Roux", "the same as last time"]) expect(asksForAnyone(asked), asked).toBe(false);
  });
});

describe("servicesNamed", () => {
  const list = ["Consultation", "Consultation enfant", "Détartrage complet", "Implant"];
  const named = (asked: string) => servicesNamed(list, asked, (s) => s);

  it("takes the service spelled the same first, else every one the words fit", () => {
    expect(named("consultation")).toEqual(["Consultation"]);
    expect(named("Consultation Enfant")).toEqual(["Consultation enfant"]);
    expect(named("detartrage")).toEqual(["Détartrage complet"]);
    expect(named("enfant")).toEqual(["Consultation enfant"]);
    expect(named("blanchiment")).toEqual([]);
    expect(servicesNamed(["Consultation adulte", "Consultation enfant"], "consultation", (s) => s)).toEqual([
      "Consultation adulte",
      "Consultation enfant",
    ]);
  });
});
