import { describe, expect, it } from "vitest";
import { categoryFor, ofBusiness, wordsFor } from "./wording";

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
  });
});
