import { describe, expect, it } from "vitest";
import { categoryFor, ofBusiness, toBusiness, wordsFor } from "./wording";

describe("the business's own words", () => {
  it("names callers and the advice rule by the kind of business", () => {
    expect(wordsFor({ businessType: "dental" })).toMatchObject({ kind: "health", audience: "patients", advice: "medical" });
    expect(wordsFor({ businessType: "restaurant" })).toMatchObject({ kind: "hospitality", audience: "guests", advice: "general" });
    expect(wordsFor({ businessType: "legal" })).toMatchObject({ kind: "professional", audience: "clients", advice: "legal" });
    expect(wordsFor({ businessType: "accounting" })).toMatchObject({ advice: "financial" });
    expect(wordsFor({ businessType: "education" })).toMatchObject({ audience: "students" });
    expect(wordsFor({ businessType: "beauty" })).toMatchObject({ kind: "services", audience: "clients" });
    // A business that did not say what it is: nothing assumed, every kind of request offered.
    expect(wordsFor({ businessType: null }).categories).toContain("prescription");
    expect(wordsFor({ businessType: null }).categories).toContain("order");
  });

  it("files a request under one of the business's categories, else 'other'", () => {
    const salon = wordsFor({ businessType: "beauty" });
    expect(categoryFor(salon, "quote")).toBe("quote");
    expect(categoryFor(salon, "prescription")).toBe("other");
    expect(categoryFor(salon, "astrology")).toBe("other");
    expect(categoryFor(wordsFor({ businessType: "medical" }), "prescription")).toBe("prescription");
  });

  it("puts the article French and Spanish say before a business's name", () => {
    expect(ofBusiness("Smith Family Practice", "en")).toBe("of Smith Family Practice");
    expect(ofBusiness("Cabinet Martin", "fr")).toBe("du Cabinet Martin");
    expect(ofBusiness("Clinique du Lac", "fr")).toBe("de la Clinique du Lac");
    expect(ofBusiness("Atelier Rose", "fr")).toBe("de l'Atelier Rose");
    expect(ofBusiness("Hôtel Bellevue", "fr")).toBe("de l'Hôtel Bellevue");
    expect(ofBusiness("Le Petit Salon", "fr")).toBe("du Petit Salon");
    expect(ofBusiness("La Belle Époque", "fr")).toBe("de la Belle Époque");
    expect(ofBusiness("Les Jardins", "fr")).toBe("des Jardins");
    expect(ofBusiness("Lemaire Dentaire", "fr")).toBe("de Lemaire Dentaire");
    expect(ofBusiness("Marie Coiffure", "fr")).toBe("de Marie Coiffure");
    expect(ofBusiness("Clínica Sol", "es")).toBe("de la Clínica Sol");
    expect(ofBusiness("Centro Médico Norte", "es")).toBe("del Centro Médico Norte");
    expect(ofBusiness("El Rincón", "es")).toBe("del Rincón");
    expect(ofBusiness("Marta Pérez", "es")).toBe("de Marta Pérez");
    expect(ofBusiness("Dr Martin", "fr")).toBe("du Dr Martin");
    expect(ofBusiness("Dra. Gómez", "es")).toBe("de la Dra. Gómez");
  });

  it("and after 'to', with the contractions each language makes: au, aux, à la, à l', al, a la", () => {
    expect(toBusiness("Smith Family Practice", "en")).toBe("to Smith Family Practice");
    expect(toBusiness("Cabinet Martin", "fr")).toBe("au Cabinet Martin");
    expect(toBusiness("Clinique du Lac", "fr")).toBe("à la Clinique du Lac");
    expect(toBusiness("Atelier Rose", "fr")).toBe("à l'Atelier Rose");
    expect(toBusiness("Les Jardins", "fr")).toBe("aux Jardins");
    expect(toBusiness("Dr Martin", "fr")).toBe("au Dr Martin");
    expect(toBusiness("Dre Roux", "fr")).toBe("à la Dre Roux");
    expect(toBusiness("Marie Coiffure", "fr")).toBe("à Marie Coiffure");
    expect(toBusiness("Clínica Sol", "es")).toBe("a la Clínica Sol");
    expect(toBusiness("Centro Médico Norte", "es")).toBe("al Centro Médico Norte");
    expect(toBusiness("El Rincón", "es")).toBe("al Rincón");
    expect(toBusiness("Dr. Ruiz", "es")).toBe("al Dr. Ruiz");
  });
});
