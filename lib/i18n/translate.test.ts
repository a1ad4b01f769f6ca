import { describe, expect, it } from "vitest";
import { translate } from "./translate";

describe("translate", () => {
  it("fills parameters, translating @-keys in the same language", () => {
    expect(translate("fr", "Validation.required", { field: "@Fields.email" })).toBe("E-mail est obligatoire");
    expect(translate("es", "Api.tooManyAttempts", { minutes: 3 })).toBe(
      "Demasiados intentos de inicio de sesión. Inténtelo de nuevo en 3 minutos.",
    );
  });
});
