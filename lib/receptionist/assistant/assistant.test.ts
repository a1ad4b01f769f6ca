import { describe, expect, it } from "vitest";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import { testBusiness } from "@/tests/helpers/business";
import { assistantFor, type AssistantDefinition, type FunctionTool } from "./assistant";

const NOW = new Date("2027-06-08T12:00:00Z");
const TEAM: Business["practitioners"] = [
  { id: "5b2e1c9a-7f4d-4e2a-9c3b-1d2e3f4a5b6c", name: "Claire Martin", services: [], workingHours: null, calendar: null, closures: [] },
  { id: "6c3f2d0b-8a5e-4f3b-8d4c-2e3f4a5b6c7d", name: "Dr Camille Roux", services: [], workingHours: null, calendar: null, closures: [] },
];

function business(over: Partial<Business> = {}): Business {
  return testBusiness({
    businessName: "Cabinet Martin",
    birthDateCheck: true,
    closures: [
      { from: "2027-06-10", to: "2027-06-10", openTime: null, closeTime: null, reason: null },
      { from: "2027-06-14", to: "2027-06-16", openTime: "10:00", closeTime: "12:00", reason: null },
    ],
    ...over,
  });
}

/** Everything the model reads or the caller hears: the instructions, every tool's words, the platform's lines. */
function allWords(a: AssistantDefinition): string[] {
  const fns = a.tools.filter((t): t is FunctionTool => t.type === "function");
  return [
    a.firstMessage,
    a.systemPrompt,
    a.endCallMessage,
    ...a.silence.prompts,
    a.silence.goodbye,
    ...fns.flatMap((t) => [t.description, t.spoken.start, t.spoken.delayed, t.spoken.failed]),
    ...fns.flatMap((t) => Object.values(t.parameters.properties).map((p) => p.description ?? "")),
    ...fns.flatMap((t) => (t.closing ? [t.closing.content] : [])),
    ...a.tools.flatMap((t) =>
      t.type === "transfer"
        ? [...t.destinations.flatMap((d) => [d.message, d.description, d.noAnswer ?? ""]), t.warm?.summaryPrompt ?? ""]
        : [],
    ),
  ];
}

// What the model passes back or calls by name is not English prose: tool and field names, enum values, formats.
const IDENTIFIERS =
  /\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+[A-Z]\w*\b|«\s?\w+\s?»|\((?:date|time|id)\)|\b(?:language|phone|date|time|name|email|reason|code|question|category|urgency|id|say|slots|appointments|morning|midday|afternoon|lateAfternoon|evening|urgent|normal|prescription|certificate|results|documents|quote|order|event|billing|callback|other|en|fr|es|JSON|markdown|WhatsApp|SMS|AAAA-MM-JJ|AAAA-MM-DD|YYYY-MM-DD|HH:mm|Europe\/Paris)\b/g;
// Words of English prose that are not French or Spanish words.
const ENGLISH =
  /\b(the|and|you|your|with|when|if|is|are|to|of|for|not|this|that|before|after|only|call|caller|booked|book|never|always|ask|free|closed|please|thank|hello|what|which|will|would|can|cannot|appointment|number|day|tomorrow|today)\b/i;

describe("the assistant in French and Spanish", () => {
  for (const language of ["fr", "es"] as CallLanguage[]) {
    it(`has no English sentence in its ${language} instructions, tool descriptions and lines`, () => {
      // A practice of several: the practitioners' rule and the tools' practitioner parameter are in the language too.
      const a = assistantFor(business({ locale: language, practitioners: TEAM }), {
        callerNumber: "+33611223344",
        now: NOW,
        knowledge: { mode: "tool", count: 40 },
      });
      expect(a.language).toBe(language);
      for (const text of allWords(a)) {
        const prose = text.replace(IDENTIFIERS, " ");
        expect(prose, text).not.toMatch(ENGLISH);
      }
    });
  }

  it("lists both stretches of a day with a lunch break, in each language", () => {
    const lunch = {
      isOpen: true,
      openTime: "09:00",
      closeTime: "20:00",
      ranges: [
        { openTime: "09:00", closeTime: "14:00" },
        { openTime: "16:00", closeTime: "20:00" },
      ],
    };
    const week = { ...business().workingHours, monday: lunch };
    const said = (locale: CallLanguage) =>
      assistantFor(business({ locale, workingHours: week }), { callerNumber: null, now: NOW }).systemPrompt;
    expect(said("es")).toContain("lunes de 9:00 a 14:00 y de 16:00 a 20:00; martes de 9:00 a 18:00");
    expect(said("fr")).toMatch(/lundi de 9 h à 14 h et de 16 h à 20 h\s?;\smardi de 9 h à 18 h/);
    expect(said("en")).toContain("Monday 9:00 AM to 2:00 PM and 4:00 PM to 8:00 PM; Tuesday 9:00 AM to 6:00 PM");
  });

  it("says hours, dates and times as a native speaker writes them", () => {
    const fr = assistantFor(business(), { callerNumber: null, now: NOW }).systemPrompt;
    expect(fr).toContain("lundi de 9 h à 18 h");
    expect(fr).toContain("samedi fermé");
    expect(fr).toContain("Nous sommes le mardi 8 juin 2027. Il est 14 h, heure locale (Europe/Paris).");
    expect(fr).toContain("jeudi 10 juin : fermé");
    expect(fr).toContain("du lundi 14 juin au mercredi 16 juin : ouvert seulement de 10 h à 12 h");
    expect(fr).not.toMatch(/monday|closed/);
    const es = assistantFor(business({ locale: "es", businessName: "Clínica Sol" }), { callerNumber: null, now: NOW });
    expect(es.systemPrompt).toContain("lunes de 9:00 a 18:00");
    expect(es.firstMessage).toBe(
      "Hola, está hablando con Isidora, la asistente virtual de la Clínica Sol. Esta llamada se graba. ¿En qué puedo ayudarle?",
    );
  });
});

describe("the instructions", () => {
  it("open with the emergency rule, which no tool comes before, and give the model a way to end the call", () => {
    for (const language of ["en", "fr", "es"] as CallLanguage[]) {
      const a = assistantFor(business({ locale: language }), { callerNumber: null, now: NOW });
      const first = a.systemPrompt.split("\n")[0]!;
      expect(first).toMatch(
        { en: /^EMERGENCIES COME FIRST/, fr: /^LES URGENCES PASSENT AVANT TOUT/, es: /^LAS URGENCIAS VAN PRIMERO/ }[language],
      );
      expect(first).toContain("15 / 112");
      expect(first).toContain("endCall");
      expect(a.tools.at(-1)).toEqual({ type: "endCall" });
      // The availability tool's description no longer says "always": never during an emergency.
      const check = a.tools.find((t) => t.type === "function" && t.name === "check_availability") as FunctionTool;
      expect(check.description).not.toMatch(/\balways\b/);
    }
  });

  it("speak of a salon's clients, with no medical rule and the requests a salon gets", () => {
    const salon = assistantFor(business({ locale: "en", businessType: "beauty", businessName: "Salon Rose" }), {
      callerNumber: null,
      now: NOW,
    });
    const words = allWords(salon).join("\n");
    expect(words).not.toMatch(/patient|medical|prescription|certificate|test results|chest pain/i);
    expect(salon.systemPrompt).toContain("Never reveal anything about other clients");
    const message = salon.tools.find((t) => t.type === "function" && t.name === "take_message") as FunctionTool;
    expect(message.parameters.properties.category!.enum).toEqual(["quote", "billing", "callback", "other"]);
    const practice = assistantFor(business({ locale: "en" }), { callerNumber: null, now: NOW });
    expect(practice.systemPrompt).toContain("Never give medical advice");
    expect(practice.systemPrompt).toContain("other patients");
    const restaurant = assistantFor(business({ locale: "fr", businessType: "restaurant", businessName: "Le Bistrot" }), {
      callerNumber: null,
      now: NOW,
    });
    expect(restaurant.firstMessage).toMatch(/l'assistante virtuelle du Bistrot\./);
    expect(
      (restaurant.tools.find((t) => t.type === "function" && t.name === "take_message") as FunctionTool).parameters.properties.category!
        .enum,
    ).toEqual(["order", "event", "billing", "callback", "other"]);
  });

  it("listen for each trade's own warning signs, and ask its question when a caller says it is urgent", () => {
    const prompt = (over: Partial<Business>, language: CallLanguage = "en") =>
      assistantFor(business({ locale: language, ...over }), { callerNumber: null, now: NOW }).systemPrompt;
    const physio = prompt({ businessType: "medical", businessName: "Fisioterapia Ortega", services: ["Fisioterapia"] }, "es");
    expect(physio.split("\n")[0]).toMatch(/pérdida del control de la vejiga/);
    expect(physio).toMatch(/antes de ofrecer la hora más cercana, pregunte: «Con ese dolor, ¿ha perdido el control de la vejiga/);
    const dentist = prompt({ businessType: "dental" }, "fr");
    expect(dentist.split("\n")[0]).toMatch(/gonflement du visage qui s'étend vers l'œil/);
    expect(dentist).toMatch(/demandez : « Y a-t-il un gonflement qui s'étend vers l'œil ou la gorge/);
    const vet = prompt({ businessType: "other", businessName: "Clinique Vétérinaire des Lilas", services: [] }, "fr");
    expect(vet.split("\n")[0]).toMatch(/ventre d'un chien gonflé et dur/);
    expect(vet).toMatch(/Le ventre de l'animal est-il gonflé ou dur/);
    expect(vet).not.toMatch(/douleur dans la poitrine/);
    // A doctor's practice keeps the general medical signs; a salon has no urgent question to ask.
    expect(prompt({ businessType: "medical", specialty: "general", services: [] })).toMatch(/ask: "Do you have chest pain/);
    expect(prompt({ businessType: "beauty", businessName: "Salon Rose", services: [] })).not.toMatch(/says it is urgent/);
  });

  it("say when a person can be reached again while the practice is closed, and nothing while it is open", () => {
    // NOW is Tuesday 2027-06-08 at 14:00 in Paris: open (Monday to Friday, 09:00–18:00).
    const open = assistantFor(business({ locale: "en", closures: [] }), { callerNumber: null, now: NOW });
    expect(open.systemPrompt).not.toMatch(/closed right now/);
    // Saturday 2027-06-12 at 11:00: closed until Monday.
    const weekend = assistantFor(business({ locale: "fr", closures: [] }), { callerNumber: null, now: new Date("2027-06-12T09:00:00Z") });
    expect(weekend.systemPrompt).toContain("Nous sommes fermés en ce moment et nous rouvrons le lundi 14 juin à 9 h.");
    const es = assistantFor(business({ locale: "es", closures: [] }), { callerNumber: null, now: new Date("2027-06-12T09:00:00Z") });
    expect(es.systemPrompt).toContain("Ahora mismo estamos cerrados y volvemos a abrir el lunes 14 de junio a las 9:00.");
  });

  it("say that what the owner's answers do not name is unknown, never refused", () => {
    const a = assistantFor(business({ locale: "en" }), { callerNumber: null, now: NOW, knowledge: { mode: "prompt", entries: [] } });
    expect(a.systemPrompt).toContain('"We accept A and B" says nothing about C.');
  });

  it("require the appointment's id to move or cancel, and let a caller's language through to every tool", () => {
    const a = assistantFor(business({ locale: "en" }), { callerNumber: null, now: NOW });
    const fns = a.tools.filter((t): t is FunctionTool => t.type === "function");
    expect(fns.find((t) => t.name === "cancel_appointment")!.parameters.required).toEqual(["appointmentId"]);
    expect(fns.find((t) => t.name === "reschedule_appointment")!.parameters.required).toEqual(["appointmentId", "date", "time"]);
    for (const t of fns) expect(t.parameters.properties.language!.enum).toEqual(["en", "fr", "es"]);
    // What the caller hears while a tool runs, in every language, the call's first.
    expect(fns[0]!.spoken.byLanguage.map((v) => v.language)).toEqual(["en", "fr", "es"]);
  });

  it("name the practitioners of a practice of several, and let the caller choose one in both booking tools", () => {
    const team = assistantFor(business({ locale: "en", practitioners: TEAM }), { callerNumber: null, now: NOW });
    expect(team.systemPrompt).toContain(
      "The practitioners: ⟪owner-text:practitioners⟫Claire Martin, Dr Camille Roux⟪/owner-text⟫. A caller may ask for one by name",
    );
    const fns = team.tools.filter((t): t is FunctionTool => t.type === "function");
    for (const name of ["check_availability", "book_appointment"]) {
      expect(fns.find((t) => t.name === name)!.parameters.properties.practitioner?.description).toMatch(/^Optional: who the caller wants/);
    }
    expect(team.keyterms).toContain("Dr Camille Roux");
    // A practice of one has nobody to choose: no rule, no parameter.
    const alone = assistantFor(business({ locale: "en" }), { callerNumber: null, now: NOW });
    expect(alone.systemPrompt).not.toContain("practitioner");
    expect(alone.tools.some((t) => t.type === "function" && "practitioner" in t.parameters.properties)).toBe(false);
  });

  it("a woman's voice is the assistante, la asistente", () => {
    const fr = assistantFor(business({ ai: { language: "fr", voiceId: "voice_french_female_1", firstMessage: "", agentName: "" } }), {
      callerNumber: null,
      now: NOW,
    });
    expect(fr.firstMessage).toMatch(/^Bonjour, vous êtes en ligne avec Vivienne, l'assistante virtuelle du Cabinet Martin\./);
    const es = assistantFor(
      business({ locale: "es", ai: { language: "es", voiceId: "voice_spanish_female_1", firstMessage: "", agentName: "" } }),
      { callerNumber: null, now: NOW },
    );
    expect(es.firstMessage).toMatch(/^Hola, está hablando con Isidora, la asistente virtual de Cabinet Martin\./);
  });
});
