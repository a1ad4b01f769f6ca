import { describe, expect, it } from "vitest";
import { vapiAssistantErrors } from "@/tests/helpers/vapi-schema";
import { openingLine, truncateText } from "@/lib/receptionist/assistant/assistant";
import { VOICE_LANGUAGE, VOICES } from "@/lib/accounts/account/options";
import { agentNameFor, type VoiceId } from "@/lib/receptionist/assistant/voices";
import { buildAssistant } from "./assistant";
import type { Business } from "@/lib/accounts/business/business";
import { testBusiness } from "@/tests/helpers/business";

function business(over: Partial<Business> = {}): Business {
  return testBusiness({
    ai: { language: "fr", voiceId: "voice_french_male_1", firstMessage: "Bonjour, comment puis-je vous aider ?", agentName: "Camille" },
    ...over,
  });
}

const options = { serverUrl: "https://recepta.example/api/webhooks/vapi", webhookSecret: "s3cret", callerNumber: "+33611223344" };
// Sunday 22 November 2026, 23:30 in Paris (UTC+1).
const SUNDAY_NIGHT = new Date("2026-11-22T22:30:00Z");
const withoutAccents = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");
const systemOf = (a: ReturnType<typeof buildAssistant>) => (a.model as { messages: { content: string }[] }).messages[0]!.content;

describe("the assistant's date context", () => {
  it("gives a Paris call at 23:30 on a Sunday that Sunday and the next 14 days with their weekdays, in French", () => {
    const prompt = systemOf(buildAssistant(business(), { ...options, now: SUNDAY_NIGHT }));
    expect(prompt).toContain("Nous sommes le dimanche 22 novembre 2026. Il est 23 h 30");
    expect(prompt).toContain("- 2026-11-22 = dimanche 22 novembre 2026 (aujourd'hui)");
    expect(prompt).toContain("- 2026-11-23 = lundi 23 novembre 2026 (demain)");
    expect(prompt).toContain("- 2026-11-24 = mardi 24 novembre 2026");
    expect(prompt).toContain("- 2026-12-06 = dimanche 6 décembre 2026");
    // Exactly today and 14 days: nothing after 6 December in the list.
    expect(prompt).not.toContain("- 2026-12-07");
    expect(prompt).toContain("- 2026-12-01 = mardi 1er décembre 2026");
    expect(prompt).toContain("« Demain » est le 2026-11-23");
  });

  it("says the days in the call's language: Spanish and English", () => {
    const es = systemOf(buildAssistant(business({ ai: null, locale: "es" }), { ...options, now: SUNDAY_NIGHT }));
    expect(es).toContain("Hoy es domingo 22 de noviembre de 2026. La hora local es 23:30");
    expect(es).toContain("- 2026-11-23 = lunes 23 de noviembre de 2026 (mañana)");
    const en = systemOf(
      buildAssistant(business({ ai: null, locale: "en", timeZone: "America/New_York" }), { ...options, now: SUNDAY_NIGHT }),
    );
    // 22:30Z is 17:30 the same Sunday in New York.
    expect(en).toContain("Today is Sunday, November 22, 2026. The local time is 5:30 PM (America/New_York).");
    expect(en).toContain("- 2026-11-23 = Monday, November 23, 2026 (tomorrow)");
  });

  it("moves with the business's zone: 00:30 in Paris on Monday is already Monday", () => {
    const prompt = systemOf(buildAssistant(business(), { ...options, now: new Date("2026-11-22T23:30:00Z") }));
    expect(prompt).toContain("Nous sommes le lundi 23 novembre 2026. Il est 0 h 30");
  });
});

describe("the assistant as Vapi takes it", () => {
  it("is a valid CreateAssistantDto, with no field Vapi does not know, for every kind of line", () => {
    const variants = [
      buildAssistant(business(), { ...options, now: SUNDAY_NIGHT }),
      buildAssistant(business({ entitled: false, ownerPhone: null, ai: null, locale: "es" }), {
        ...options,
        recording: false,
        now: SUNDAY_NIGHT,
      }),
      buildAssistant(business({ ai: null, locale: "en" }), { ...options, callerNumber: null, now: SUNDAY_NIGHT }),
      buildAssistant(business({ ai: { language: "es", voiceId: "voice_spanish_female_1", firstMessage: "", agentName: "" } }), {
        ...options,
        now: SUNDAY_NIGHT,
      }),
    ];
    expect(vapiAssistantErrors(...variants)).toEqual([]);
  }, 60_000);

  it("speaks every voice an owner can pick with a multilingual Azure voice named as the assistant introduces itself", () => {
    const expected: Record<VoiceId, string> = {
      voice_english_male_1: "en-US-AndrewMultilingualNeural",
      voice_english_male_2: "en-US-BrianMultilingualNeural",
      voice_english_female_1: "en-US-EmmaMultilingualNeural",
      voice_french_male_1: "fr-FR-RemyMultilingualNeural",
      voice_french_female_1: "fr-FR-VivienneMultilingualNeural",
      voice_spanish_male_1: "es-ES-TristanMultilingualNeural",
      voice_spanish_female_1: "es-ES-IsidoraMultilingualNeural",
    };
    for (const voiceId of VOICES) {
      const language = VOICE_LANGUAGE[voiceId];
      const a = buildAssistant(business({ ai: { language, voiceId, firstMessage: "", agentName: "" } }), { ...options, now: SUNDAY_NIGHT });
      expect(a.voice, voiceId).toEqual({ provider: "azure", voiceId: expected[voiceId] });
      // With no agent name the assistant introduces itself with the Azure voice's own name ("Rémy" is fr-FR-Remy…).
      const name = agentNameFor(business({ ai: { language, voiceId, firstMessage: "", agentName: "" } }), language);
      expect(expected[voiceId], voiceId).toContain(`-${withoutAccents(name)}Multilingual`);
    }
  });

  it("transcribes the caller in English, French or Spanish whatever the call's language, with the key terms", () => {
    for (const ai of [
      { language: "en" as const, voiceId: "voice_english_female_1" },
      { language: "fr" as const, voiceId: "voice_french_male_1" },
      { language: "es" as const, voiceId: "voice_spanish_female_1" },
    ]) {
      const a = buildAssistant(business({ ai: { ...ai, firstMessage: "", agentName: "Camille" } }), { ...options, now: SUNDAY_NIGHT });
      expect(a.transcriber).toMatchObject({ provider: "deepgram", model: "nova-3", language: "multi" });
      expect((a.transcriber as { keyterm: string[] }).keyterm).toEqual(["Cabinet Dentaire Martin", "Camille"]);
      // Vapi's end-of-turn model is English only: French and Spanish calls end turns on the transcription timings.
      expect(Boolean(a.startSpeakingPlan?.smartEndpointingPlan), ai.language).toBe(ai.language === "en");
    }
  });

  it("is refused by the same check when it carries a field Vapi does not know", () => {
    const a = buildAssistant(business(), { ...options, now: SUNDAY_NIGHT });
    const errors = vapiAssistantErrors({ ...a, serverUrl: "https://old-style.example" });
    expect(errors.join("\n")).toMatch(/serverUrl/);
  }, 60_000);

  it("declares a request-start and a delayed message for every function tool, in the call's language", () => {
    const tools = buildAssistant(business(), { ...options, now: SUNDAY_NIGHT }).model!.tools as {
      type: string;
      function?: { name: string; parameters: { required: string[] } };
      messages?: { type: string; content: string; timingMilliseconds?: number }[];
    }[];
    const functions = tools.filter((t) => t.type === "function");
    expect(functions.map((t) => t.function!.name)).toEqual([
      "check_availability",
      "book_appointment",
      "find_my_appointments",
      "reschedule_appointment",
      "cancel_appointment",
      "send_verification_code",
      "verify_code",
      "add_to_waitlist",
      "take_message",
      "report_spam",
    ]);
    for (const t of functions) {
      expect(t.messages?.find((m) => m.type === "request-start")?.content).toMatch(/^(Un instant|Je note|D'accord)/);
      expect(t.messages?.find((m) => m.type === "request-response-delayed")?.timingMilliseconds).toBeLessThanOrEqual(3000);
    }
    expect(functions.find((t) => t.function!.name === "book_appointment")!.function!.parameters.required).toEqual(["date", "time", "name"]);
    expect(tools.find((t) => t.type === "transferCall")).toMatchObject({ destinations: [{ type: "number", number: "+33123456789" }] });
    // Reporting spam: its goodbye, in French, ends the call.
    const spam = functions.find((t) => t.function!.name === "report_spam")!;
    expect(spam.messages?.find((m) => m.type === "request-complete")).toMatchObject({
      content: "Cette ligne est réservée aux personnes qui appellent l'entreprise. Au revoir.",
      endCallAfterSpokenEnabled: true,
    });
  });

  it("with the birth-date check on: book_appointment requires the date of birth, verify_identity is offered, and the prompt says when", () => {
    const a = buildAssistant(business({ birthDateCheck: true }), { ...options, now: SUNDAY_NIGHT });
    const functions = (a.model!.tools as { type: string; function?: { name: string; parameters: { required: string[] } } }[])
      .filter((t) => t.type === "function")
      .map((t) => t.function!);
    expect(functions.find((f) => f.name === "book_appointment")!.parameters.required).toEqual(["date", "time", "name", "dateOfBirth"]);
    expect(functions.find((f) => f.name === "verify_identity")!.parameters.required).toEqual(["phone", "name", "dateOfBirth"]);
    expect(systemOf(a)).toContain("appelez verify_identity avec le numéro, le nom et la date de naissance");
    expect(systemOf(a)).toContain("passez-la à book_appointment dans dateOfBirth");
    const off = systemOf(buildAssistant(business(), { ...options, now: SUNDAY_NIGHT }));
    expect(off).not.toContain("verify_identity");
    expect(off).not.toContain("date de naissance");
  });

  it("keeps the name within Vapi's 40 characters without splitting an emoji", () => {
    const name = `${"Cabinet dentaire du Marais ".padEnd(39, "x")}🦷 et associés`;
    const a = buildAssistant(business({ businessName: name }), { ...options, now: SUNDAY_NIGHT });
    expect(a.name!.length).toBeLessThanOrEqual(40);
    expect(a.name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(truncateText("ab👍🏽cd", 4)).toBe("ab");
    expect(truncateText("ab👍🏽cd", 6)).toBe("ab👍🏽");
  });
});

describe("the opening line", () => {
  it("greets once, in English, French and Spanish", () => {
    const en = buildAssistant(
      business({
        locale: "en",
        ai: {
          language: "en",
          voiceId: "voice_english_female_1",
          firstMessage: "Hello, how can I help you today?",
          agentName: "AI Assistant",
        },
      }),
      { ...options, now: SUNDAY_NIGHT },
    );
    expect(en.firstMessage).toBe(
      "Hello, you are speaking with Emma, the virtual assistant of Cabinet Dentaire Martin. This call is recorded. How can I help you today?",
    );
    const fr = buildAssistant(business(), { ...options, now: SUNDAY_NIGHT });
    expect(fr.firstMessage).toBe(
      "Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel du Cabinet Dentaire Martin. Cet appel est enregistré. Comment puis-je vous aider ?",
    );
    const es = buildAssistant(business({ ai: null, locale: "es" }), { ...options, recording: false, now: SUNDAY_NIGHT });
    expect(es.firstMessage).toBe(
      "Hola, está hablando con Isidora, la asistente virtual de Cabinet Dentaire Martin. ¿En qué puedo ayudarle?",
    );
    for (const line of [en.firstMessage!, fr.firstMessage!, es.firstMessage!]) {
      expect(line.match(/\b(hello|bonjour|hola)\b/gi)).toHaveLength(1);
    }
  });

  it("drops a greeting's salutation and a repeated business name, and keeps the rest", () => {
    const d = "Bonjour, vous êtes en ligne avec Camille, l'assistant virtuel de Cabinet Martin.";
    expect(openingLine(d, "Bonjour, Cabinet Martin, comment puis-je vous aider ?", "Cabinet Martin")).toBe(
      `${d} Comment puis-je vous aider ?`,
    );
    expect(openingLine(d, "Bonsoir ! Que puis-je faire pour vous ?", "Cabinet Martin")).toBe(`${d} Que puis-je faire pour vous ?`);
    expect(openingLine("Hola, está hablando con Álvaro.", "Buenos días, ¿en qué puedo ayudarle?", "X")).toBe(
      "Hola, está hablando con Álvaro. ¿En qué puedo ayudarle?",
    );
    expect(openingLine("Hello, this is Emma.", "Hi!", "X")).toBe("Hello, this is Emma.");
    // The standard French phone answer, name first; "Allô", "¡Hola!", "Hi there".
    expect(openingLine(d, "Cabinet Martin, bonjour ! Que puis-je faire pour vous ?", "Cabinet Martin")).toBe(
      `${d} Que puis-je faire pour vous ?`,
    );
    expect(openingLine(d, "Cabinet Martin, bonjour !", "Cabinet Martin")).toBe(d);
    expect(openingLine(d, "Allô, que puis-je faire pour vous ?", "X")).toBe(`${d} Que puis-je faire pour vous ?`);
    expect(openingLine("Hola, está hablando con Álvaro.", "¡Hola! ¿En qué puedo ayudarle?", "X")).toBe(
      "Hola, está hablando con Álvaro. ¿En qué puedo ayudarle?",
    );
    expect(openingLine("Hello, this is Emma.", "Hi there, how can I help?", "X")).toBe("Hello, this is Emma. How can I help?");
    expect(openingLine("Hello, this is Emma.", "Hiking club, how can I help?", "X")).toBe(
      "Hello, this is Emma. Hiking club, how can I help?",
    );
    // A greeting that does not start with a salutation is kept whole.
    expect(openingLine("Hello, this is Emma.", "Thanks for calling the best dentist in town.", "X")).toBe(
      "Hello, this is Emma. Thanks for calling the best dentist in town.",
    );
  });

  it("sends callers to their own country's emergency number, whatever country the line is from", () => {
    const prompt = systemOf(buildAssistant(business({ line: "+12125550101" }), { ...options, now: SUNDAY_NIGHT }));
    expect(prompt).toContain("appeler le 15 / 112, le numéro d'urgence");
    expect(prompt).not.toContain("911");
  });

  it("uses a name that reads as a name when the owner left the placeholder", () => {
    expect(
      agentNameFor(business({ ai: { language: "fr", voiceId: "voice_french_male_1", firstMessage: "", agentName: "Assistant IA" } }), "fr"),
    ).toBe("Rémy");
    expect(
      agentNameFor(
        business({ ai: { language: "en", voiceId: "voice_english_male_2", firstMessage: "", agentName: "AI Assistant" } }),
        "en",
      ),
    ).toBe("Brian");
    expect(agentNameFor(business({ ai: null }), "es")).toBe("Isidora");
    expect(agentNameFor(business(), "fr")).toBe("Camille");
  });
});
