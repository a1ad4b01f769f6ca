// The AI page's read: a new account gets the defaults in use (200, never a 404 in the browser's console), and the
// greeting it shows is the one a call really opens with, word for word.
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { subscriptions } from "@/db/schema";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, type Account } from "../helpers/api";

const SECRET = { "x-vapi-secret": "test-vapi-secret" };
let seq = 0;

/** A Spanish practice with a live trial and its own line. */
async function spanishPractice(): Promise<Account & { line: string }> {
  const owner = await registerOwner({ locale: "es", businessName: "Fisioterapia Ortega", timeZone: "Europe/Madrid" });
  await connectSandboxCalendar(owner.token);
  await getDb()
    .insert(subscriptions)
    .values({ userId: owner.user.id, status: "trialing", trialEndsAt: new Date(Date.now() + 7 * 86_400_000) });
  await addPoolNumbers(1, "ES");
  const claim = await api("GET", "/api/phone-numbers/claim", { token: owner.token });
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  return { ...owner, line: claim.body.phoneNumber };
}

/** The first words of a call to the line, as the voice platform is told them. */
async function callOpening(line: string): Promise<string> {
  const message = { type: "assistant-request", call: { id: `greeting-${Date.now()}-${++seq}`, customer: { number: "+34612345678" } } };
  const res = await api("POST", "/api/webhooks/vapi", {
    body: { message: { ...message, phoneNumber: { number: line } } },
    headers: SECRET,
  });
  expect(res.status).toBe(200);
  return res.body.assistant.firstMessage;
}

describe("the AI page's greeting", () => {
  it("answers 200 for a new account: the defaults of its language, not saved yet", async () => {
    const owner = await registerOwner({ locale: "es", businessName: "Clínica Sol" });
    const res = await api("GET", "/api/ai/parameters", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ saved: false, language: "es", voiceId: "voice_spanish_female_1", agentName: "Asistente IA" });
    // Not the bare default text: the opening line names the assistant and the business.
    expect(res.body.spokenGreeting).not.toBe("Hola, ¿en qué puedo ayudarle?");
    expect(res.body.spokenGreeting).toContain("Clínica Sol");
  });

  it("shows a Spanish business the assistant's own first message, before and after the owner writes one", async () => {
    const p = await spanishPractice();
    const before = await api("GET", "/api/ai/parameters", { token: p.token });
    expect(before.body.saved).toBe(false);
    expect(before.body.spokenGreeting).toBe(await callOpening(p.line));
    expect(before.body.spokenGreeting).toBe(
      "Hola, está hablando con Isidora, la asistente virtual de Fisioterapia Ortega. Esta llamada se graba. ¿En qué puedo ayudarle?",
    );

    const saved = await api("POST", "/api/ai/parameters", {
      token: p.token,
      body: {
        language: "es",
        voiceId: "voice_spanish_male_1",
        firstMessage: "Fisioterapia Ortega, buenos días. ¿Qué desea?",
        agentName: "",
      },
    });
    expect(saved.status).toBe(201);
    const after = await api("GET", "/api/ai/parameters", { token: p.token });
    expect(after.body).toMatchObject({ saved: true, firstMessage: "Fisioterapia Ortega, buenos días. ¿Qué desea?" });
    expect(after.body.spokenGreeting).toBe(await callOpening(p.line));
    expect(after.body.spokenGreeting).toBe(
      "Hola, está hablando con Tristán, el asistente virtual de Fisioterapia Ortega. Esta llamada se graba. ¿Qué desea?",
    );
  }, 60_000);
});
