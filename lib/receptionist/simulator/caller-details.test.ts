import { describe, expect, it } from "vitest";
import { readCountry } from "@/lib/platform/phone/country-names";
import { channelIn, countryIn, forSomeoneElse, namedAmong, ownName, saysWhatFor, SOONEST, URGENT } from "./caller-details";
import { norm, PERSON, practitionerIn } from "./hearing";

describe("what a caller says of a booking's details", () => {
  it("hears the one way they want the confirmation, and nothing when they name none", () => {
    expect(channelIn("No email, just a text please")).toBe("sms");
    expect(channelIn("Juste par SMS, s'il vous plaît")).toBe("sms");
    expect(channelIn("Solo por WhatsApp, por favor")).toBe("whatsapp");
    expect(channelIn("No WhatsApp, just a text")).toBe("sms");
    expect(channelIn("both, text and WhatsApp")).toBe("both");
    expect(channelIn("no thanks")).toBeNull();
    expect(channelIn("I can't receive texts on that phone")).toBeNull();
  });

  it("hears the country a number is from, never a two-letter word taken for a code", () => {
    for (const said of ["my UK mobile", "The UK", "un portable anglais", "es un móvil del Reino Unido", "it's a British number"]) {
      const country = countryIn(said);
      expect(country, said).not.toBeNull();
      expect(readCountry(country), said).toBe("GB");
    }
    expect(countryIn("es mi móvil, de verdad")).toBeNull();
    expect(countryIn("my mobile is the one I call from")).toBeNull();
  });

  it("tells whom the appointment is for from who is calling", () => {
    expect(forSomeoneElse("It's for my daughter Lily Evans, I'm her mother Sophie Evans")).toEqual({
      name: "Lily Evans",
      callerName: "Sophie Evans",
    });
    expect(forSomeoneElse("C'est pour ma fille Léa Martin, je suis sa mère, Sophie Martin")).toEqual({
      name: "Léa Martin",
      callerName: "Sophie Martin",
    });
    expect(forSomeoneElse("Es para mi hijo Pablo Ruiz. Soy su padre, Andrés Ruiz")).toEqual({
      name: "Pablo Ruiz",
      callerName: "Andrés Ruiz",
    });
    expect(forSomeoneElse("I'd like an appointment for my son Tom Evans")).toEqual({ name: "Tom Evans", callerName: null });
    expect(forSomeoneElse("My name is John Carter")).toBeNull();
    expect(ownName("Please call me back about my invoice, this is Clark Kent")).toBe("Clark Kent");
    expect(ownName("Sí, que me llamen por la factura, soy Emilia Pardo")).toBe("Emilia Pardo");
    expect(ownName("please call me back")).toBeNull();
    // A long sentence heard as a name is cut to what the call keeps, so the Try call goes on.
    const long = forSomeoneElse(`It's for my daughter ${"Anne ".repeat(40)}Evans`)!;
    expect(long.name.length).toBeLessThanOrEqual(120);
  });

  it("hears urgency and the earliest time in each language", () => {
    for (const said of ["it's urgent, my back is killing me", "c'est urgent", "es urgente"])
      expect(URGENT.test(norm(said)), said).toBe(true);
    for (const said of ["as soon as possible", "au plus vite", "lo antes posible"]) expect(SOONEST.test(norm(said)), said).toBe(true);
    expect(URGENT.test(norm("c'est une urgence"))).toBe(false);
  });

  it("hears a caller who no longer minds who they see", () => {
    expect(practitionerIn("Actually anyone is fine")).toBe("anyone");
    expect(practitionerIn("Finalement, peu importe le praticien")).toBe("anyone");
    expect(practitionerIn("Me da igual con quien")).toBe("anyone");
    expect(practitionerIn("with Dr Roux please")).toBe("Dr Roux");
  });

  it("finds which of several things the caller's words name, by what it is for or whose it is", () => {
    const mine = ["Wednesday, June 9 at 11:00 AM, colouring", "Wednesday, June 9 at 5:00 PM, haircut"];
    expect(namedAmong("the colouring one", mine, "none")).toBe(0);
    expect(namedAmong("cancel the haircut please", mine, "none")).toBe(1);
    expect(namedAmong("the one on Wednesday", mine, "none")).toBeNull();
    expect(namedAmong("the second one", mine, "none")).toBeNull();
    expect(
      namedAmong("celui de Léa", ["mercredi 9 juin à 11 h, pour Léa Martin", "mercredi 9 juin à 17 h, pour Hugo Martin"], "none"),
    ).toBe(0);
    const desks = ["billing questions", "urgent clinical questions from patients"];
    expect(namedAmong("I'd like to speak to someone about my bill", desks)).toBe(0);
    expect(namedAmong("je voudrais parler à quelqu'un de ma facture", ["questions de facturation", "urgences"])).toBe(0);
  });

  it("tells a request for a person that says what it is about from one that does not", () => {
    for (const said of [
      "Can I speak to a real person, please?",
      "Bonjour, est-ce que je peux parler à une personne ?",
      "Hola, ¿puedo hablar con alguien, por favor?",
    ])
      expect(saysWhatFor(said, PERSON), said).toBe(false);
    for (const said of [
      "I'd like to speak to someone about my bill",
      "Je voudrais parler à quelqu'un de ma facture",
      "Quería hablar con alguien sobre una factura",
    ])
      expect(saysWhatFor(said, PERSON), said).toBe(true);
  });
});
