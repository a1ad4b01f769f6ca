import { describe, expect, it } from "vitest";
import { keyParam, regionParam, translate } from "./translate";

describe("translate", () => {
  it("fills parameters, translating a key written in code in the same language", () => {
    expect(translate("fr", "Validation.required", { field: keyParam("Fields.email") })).toBe("E-mail est obligatoire");
    expect(translate("es", "Api.tooManyAttempts", { minutes: 3 })).toBe(
      "Demasiados intentos de inicio de sesión. Inténtelo de nuevo en 3 minutos.",
    );
  });
});

describe("ICU plurals", () => {
  it("say one and several as each language does (French counts 0 as one)", () => {
    expect(translate("fr", "Api.tooManyAttempts", { minutes: 1 })).toBe(
      "Trop de tentatives de connexion. Veuillez réessayer dans 1 minute.",
    );
    expect(translate("en", "Api.tooManyAttempts", { minutes: 1 })).toBe("Too many sign-in attempts. Please try again in 1 minute.");
    expect(translate("es", "Api.tooManyAttempts", { minutes: "2" })).toBe(
      "Demasiados intentos de inicio de sesión. Inténtelo de nuevo en 2 minutos.",
    );
    expect(translate("fr", "Api.selfServiceCutoff", { hours: 0 })).toBe(
      "Les modifications en ligne ferment à l'heure du rendez-vous. Merci d'appeler le cabinet.",
    );
  });

  it("shows an argument outside a plural as given (no grouping: a year or a postcode is no quantity), leaves a missing one", () => {
    expect(translate("en", "Api.holidaysImported", { imported: 12345 })).toBe("Public holidays added: 12345.");
    expect(translate("fr", "Validation.required", {})).toBe("{field} est obligatoire");
  });
});

describe("a region parameter", () => {
  it("reads as the country's name in the answer's language", () => {
    expect(translate("en", "Api.noNumbersForCountry", { country: regionParam("FR") })).toContain("France");
    expect(translate("es", "Api.noNumbersForCountry", { country: regionParam("FR") })).toContain("Francia");
    expect(translate("fr", "Api.noNumbersForCountry", { country: regionParam("ES") })).toContain("Espagne");
  });
});

describe("a caller's text", () => {
  it("is shown as written, even when it reads like a message key or a region", () => {
    expect(translate("en", "CalendarEvent.summary", { name: "@Api.unauthorized" })).toContain("@Api.unauthorized");
    expect(translate("en", "CalendarEvent.summary", { name: "@Api.unauthorized" })).not.toContain(translate("en", "Api.unauthorized"));
    expect(translate("fr", "Validation.required", { field: "@Fields.email" })).toBe("@Fields.email est obligatoire");
    expect(translate("en", "CalendarEvent.summary", { name: "#region:FR" })).toContain("#region:FR");
    // A JSON copy of a reference (what a request body could carry) is no reference.
    expect(translate("fr", "Validation.required", { field: JSON.parse(JSON.stringify(keyParam("Fields.email"))) as string })).not.toContain(
      "E-mail",
    );
  });
});
