import { describe, expect, it } from "vitest";
import { normalizeReply, readReply } from "./replies";

describe("readReply", () => {
  it("reads confirmations in English, French and Spanish, whatever the case, accents and punctuation", () => {
    for (const text of [
      "C",
      "c",
      " c. ",
      "Confirm",
      "je confirme",
      "Confirmé !",
      "confirmo",
      "CONFIRMAR",
      "OK",
      "ok!",
      "d'accord",
      "vale",
      "👍 ok",
    ])
      expect(readReply(text), text).toBe("confirm");
    // Only these answer "reply YES to cancel": agreement alone ("OK") confirms the appointment instead.
    for (const text of ["yes", "Y", "Oui", "oui merci", "OUI !!", "sí", "Si"]) expect(readReply(text), text).toBe("yes");
  });

  it("reads cancellations, changes and a no", () => {
    for (const text of ["ANNULER", "annulé", "x", "Cancel it", "cancelar", "Anular."]) expect(readReply(text), text).toBe("cancel");
    // A bare CANCEL is an opt-out word (carriers and Telnyx act on it), not an answer.
    expect(readReply("Cancel")).toBeNull();
    for (const text of ["changer", "Déplacer", "reschedule", "CAMBIAR", "modificar"]) expect(readReply(text), text).toBe("change");
    for (const text of ["no", "Non", "NON MERCI", "no gracias"]) expect(readReply(text), text).toBe("no");
  });

  it("leaves anything else to the owner: a sentence that merely contains a word is no answer", () => {
    for (const text of [
      "",
      "   ",
      "Can I cancel and come on Friday?",
      "oui mais je serai en retard",
      "ok but 10 minutes late",
      "STOP",
      "C'est possible de venir plus tôt ?",
      "x".repeat(500),
    ])
      expect(readReply(text), text).toBeNull();
  });

  it("normalizes to plain upper-case words", () => {
    expect(normalizeReply("  Sí, ¡claro!  ")).toBe("SI CLARO");
    expect(normalizeReply("d'accord.")).toBe("D ACCORD");
  });
});
