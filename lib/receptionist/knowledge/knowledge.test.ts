import { describe, expect, it } from "vitest";
import { entryLine, namesNotIn } from "./knowledge.service";

describe("what the owner's entries do not name", () => {
  it("is each name the question asks about that no entry mentions", () => {
    const entries = ["Policy, Insurance: We accept Delta Dental and Aetna"];
    expect(namesNotIn("Do you take Cigna?", entries)).toEqual(["Cigna"]);
    expect(namesNotIn("Do you accept Aetna?", entries)).toEqual([]);
    expect(namesNotIn("Do you take my insurance?", entries)).toEqual([]);
    expect(namesNotIn("Acceptez-vous la mutuelle Harmonie ?", ["Règle, Mutuelle : nous acceptons MGEN et Malakoff"])).toEqual(["Harmonie"]);
    expect(namesNotIn("¿Trabajan con Sanitas?", ["Norma, Seguros: aceptamos Sanitas y Adeslas"])).toEqual([]);
  });
});

describe("an entry as the model reads it", () => {
  it("is labelled in the call's language", () => {
    const price = { kind: "price" as const, title: "Détartrage", details: "60 € | remboursé" };
    expect(entryLine(price, "fr")).toBe("Tarif, Détartrage : 60 € / remboursé");
    expect(entryLine({ kind: "faq", title: "¿Hay aparcamiento?", details: "Sí, detrás" }, "es")).toBe(
      "Pregunta: ¿Hay aparcamiento? Respuesta: Sí, detrás",
    );
  });
});
