import { describe, expect, it } from "vitest";
import { VOICE_LANGUAGE, VOICES, voicesOf } from "@/lib/accounts/account/options";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import { testBusiness } from "@/tests/helpers/business";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { agentNameFor, voiceFor } from "./voices";

function business(ai: Business["ai"], locale: CallLanguage = "en"): Business {
  return testBusiness({ ai, locale, ownerPhone: null, businessName: "Clínica Gómez", businessType: "medical", timeZone: "Europe/Madrid" });
}

const ai = (language: CallLanguage, voiceId: string, agentName = "") => ({ language, voiceId, firstMessage: "", agentName });

describe("voiceFor", () => {
  it("speaks a Spanish call with the owner's Spanish voice, male or female", () => {
    expect(voiceFor(business(ai("es", "voice_spanish_female_1")), "es")).toEqual({
      id: "voice_spanish_female_1",
      language: "es",
      name: "Isidora",
      gender: "feminine",
    });
    expect(voiceFor(business(ai("es", "voice_spanish_male_1")), "es").name).toBe("Tristán");
    expect(voiceFor(business(ai("fr", "voice_french_female_1")), "fr").name).toBe("Vivienne");
  });

  it("gives a call the default voice of its language when the owner's voice speaks another one, or there is none", () => {
    // Voices saved before the server checked them against the language: the call's language wins.
    expect(voiceFor(business(ai("es", "voice_french_female_1")), "es").id).toBe("voice_spanish_female_1");
    expect(voiceFor(business(ai("en", "voice_spanish_female_1")), "en").id).toBe("voice_english_female_1");
    expect(voiceFor(business(ai("fr", "voice_klingon_1")), "fr").id).toBe("voice_french_female_1");
    // The default receptionist is a woman in every language, as the copy calls her.
    expect(voiceFor(business(null, "es"), "es")).toEqual({
      id: "voice_spanish_female_1",
      language: "es",
      name: "Isidora",
      gender: "feminine",
    });
    expect(voiceFor(business(null, "fr"), "fr").name).toBe("Vivienne");
    expect(voiceFor(business(null, "en"), "en").gender).toBe("feminine");
  });

  it("offers voices in every language, and every language's default voice speaks it", () => {
    for (const language of ["en", "fr", "es"] as const) {
      expect(voicesOf(language).length, language).toBeGreaterThanOrEqual(2);
      expect(voiceFor(business(null, language), language).language).toBe(language);
    }
    expect(voicesOf("es")).toEqual(["voice_spanish_male_1", "voice_spanish_female_1"]);
  });
});

describe("agentNameFor", () => {
  it("uses the voice's first name when the owner left the placeholder, in any language and any case", () => {
    expect(agentNameFor(business(ai("es", "voice_spanish_female_1", "Asistente IA")), "es")).toBe("Isidora");
    expect(agentNameFor(business(ai("es", "voice_spanish_male_1", "asistente ia ")), "es")).toBe("Tristán");
    expect(agentNameFor(business(ai("fr", "voice_french_male_1", "Assistant IA")), "fr")).toBe("Rémy");
    expect(agentNameFor(business(ai("en", "voice_english_male_2", "AI Assistant")), "en")).toBe("Brian");
    // A placeholder of another language is no name either.
    expect(agentNameFor(business(ai("es", "voice_spanish_female_1", "AI Assistant")), "es")).toBe("Isidora");
    expect(agentNameFor(business(ai("fr", "voice_french_female_1", "Asistente IA")), "fr")).toBe("Vivienne");
    expect(agentNameFor(business(ai("es", "voice_spanish_female_1", "  ")), "es")).toBe("Isidora");
  });

  it("keeps a name the owner gave", () => {
    expect(agentNameFor(business(ai("es", "voice_spanish_female_1", "Lucía")), "es")).toBe("Lucía");
    expect(agentNameFor(business(ai("es", "voice_spanish_female_1", "Asistente Lucía")), "es")).toBe("Asistente Lucía");
  });
});

describe("the voices' labels", () => {
  it("name, in every dashboard language, the first name the assistant introduces itself with", () => {
    for (const id of VOICES) {
      const language = VOICE_LANGUAGE[id];
      const name = agentNameFor(business(ai(language, id)), language);
      for (const messages of [en, fr, es]) expect(messages.AiConfigSection.voices[id]).toContain(`(${name})`);
    }
  });
});
