import { describe, expect, it } from "vitest";
import { spokenName } from "./desk-names";

describe("a destination's name as said in a sentence", () => {
  it("gives an English desk its article, a department none, and says a person as typed", () => {
    expect(spokenName("Front desk", "en")).toEqual({ name: "the front desk", to: "to the front desk" });
    expect(spokenName("Billing office", "en")).toEqual({ name: "the billing office", to: "to the billing office" });
    expect(spokenName("Doctor's mobile", "en")).toEqual({ name: "the doctor's mobile", to: "to the doctor's mobile" });
    expect(spokenName("Reception", "en")).toEqual({ name: "reception", to: "to reception" });
    expect(spokenName("Billing", "en").to).toBe("to billing");
    expect(spokenName("IT", "en").to).toBe("to IT");
    expect(spokenName("The team", "en").to).toBe("to the team");
    expect(spokenName("Dr Patel", "en")).toEqual({ name: "Dr Patel", to: "to Dr Patel" });
    expect(spokenName("Dr Patel's assistant", "en")).toEqual({ name: "Dr Patel's assistant", to: "to Dr Patel's assistant" });
    expect(spokenName("Paris office", "en").to).toBe("to Paris office");
    expect(spokenName("Marie", "en").to).toBe("to Marie");
  });

  it("elides and contracts the French article: l'accueil, au secrétariat, à la comptabilité", () => {
    expect(spokenName("Accueil", "fr")).toEqual({ name: "l'accueil", to: "à l'accueil" });
    expect(spokenName("Secrétariat", "fr")).toEqual({ name: "le secrétariat", to: "au secrétariat" });
    expect(spokenName("Comptabilité", "fr")).toEqual({ name: "la comptabilité", to: "à la comptabilité" });
    expect(spokenName("Infirmière de garde", "fr")).toEqual({ name: "l'infirmière de garde", to: "à l'infirmière de garde" });
    expect(spokenName("Secrétariat médical", "fr").to).toBe("au secrétariat médical");
    expect(spokenName("Portable du Dr Martin", "fr").to).toBe("au portable du Dr Martin");
    // Typed without its accents, or with its article, all the same.
    expect(spokenName("Secretariat", "fr").to).toBe("au secretariat");
    expect(spokenName("La comptabilité", "fr")).toEqual({ name: "la comptabilité", to: "à la comptabilité" });
    expect(spokenName("Le standard", "fr").to).toBe("au standard");
    expect(spokenName("L'équipe", "fr")).toEqual({ name: "l'équipe", to: "à l'équipe" });
  });

  it("says a French desk named in the plural with its plural article: les urgences, aux urgences", () => {
    expect(spokenName("Urgences", "fr")).toEqual({ name: "les urgences", to: "aux urgences" });
    expect(spokenName("Les urgences", "fr")).toEqual({ name: "les urgences", to: "aux urgences" });
    expect(spokenName("Los administrativos", "es")).toEqual({ name: "los administrativos", to: "con los administrativos" });
  });

  it("says a French person as typed, with the article a doctor's title takes", () => {
    expect(spokenName("Marie", "fr")).toEqual({ name: "Marie", to: "à Marie" });
    expect(spokenName("Dr Martin", "fr")).toEqual({ name: "le Dr Martin", to: "au Dr Martin" });
    expect(spokenName("Dre Roux", "fr")).toEqual({ name: "la Dre Roux", to: "à la Dre Roux" });
    expect(spokenName("Maître Dupont", "fr").to).toBe("à Maître Dupont");
  });

  it("says a Spanish department bare after 'con', any other desk and a titled person with the article", () => {
    expect(spokenName("Recepción", "es")).toEqual({ name: "recepción", to: "con recepción" });
    expect(spokenName("Administración", "es").to).toBe("con administración");
    expect(spokenName("Enfermería", "es").to).toBe("con enfermería");
    expect(spokenName("Recepción del hotel", "es")).toEqual({ name: "la recepción del hotel", to: "con la recepción del hotel" });
    expect(spokenName("Equipo", "es").to).toBe("con el equipo");
    expect(spokenName("el equipo", "es").to).toBe("con el equipo");
    expect(spokenName("Móvil de la doctora", "es").to).toBe("con el móvil de la doctora");
    // "Secretaría" is the office, "secretaria" the person.
    expect(spokenName("Secretaría", "es").to).toBe("con secretaría");
    expect(spokenName("Secretaria", "es").to).toBe("con la secretaria");
    expect(spokenName("Dr. Patel", "es")).toEqual({ name: "el Dr. Patel", to: "con el Dr. Patel" });
    expect(spokenName("Dra. Ruiz", "es").to).toBe("con la Dra. Ruiz");
    expect(spokenName("Marta", "es")).toEqual({ name: "Marta", to: "con Marta" });
  });
});
