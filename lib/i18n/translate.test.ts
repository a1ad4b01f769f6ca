import { describe, expect, it } from "vitest";
import { regionParam, translate } from "./translate";

describe("translate", () => {
  it("fills parameters, translating @-keys in the same language", () => {
    expect(translate("fr", "Validation.required", { field: "@Fields.email" })).toBe("E-mail est obligatoire");
    expect(translate("es", "Api.tooManyAttempts", { minutes: 3 })).toBe(
      "Demasiados intentos de inicio de sesión. Inténtelo de nuevo en 3 minutos.",
    );
  });
});

describe("a region parameter", () => {
  it("reads as the country's name in the answer's language", () => {
    expect(translate("en", "Api.noNumbersForCountry", { country: regionParam("FR") })).toContain("France");
    expect(translate("es", "Api.noNumbersForCountry", { country: regionParam("FR") })).toContain("Francia");
    expect(translate("fr", "Api.noNumbersForCountry", { country: regionParam("ES") })).toContain("Espagne");
  });
});
