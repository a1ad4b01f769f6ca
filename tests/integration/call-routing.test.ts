// Calls worth answering and people worth reaching, through the API and the voice platform's webhook: a call the
// receptionist reports as spam is screened with its reason and counted nowhere (unless it already did something for
// its caller); the owner's routing is kept in E.164 and order, and the assistant a call gets lists every destination,
// each with what it is for and its warm-transfer plan, says in its instructions whom to transfer to for what, and when
// one does not answer tries only the backup the owner named for it, else takes a message: a billing caller never lands
// on the doctor's mobile because it came next. Every assistant is checked against Vapi's own type for it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { calls, subscriptions, users } from "@/db/schema";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiReply, type Practice } from "../helpers/practice";
import { vapiAssistantErrors } from "../helpers/vapi-schema";

const FR = { "accept-language": "fr" };

type Destination = {
  type: string;
  number: string;
  name: string;
  description: string;
  message: string;
  transferPlan?: {
    mode: string;
    summaryPlan: { messages: { role: string; content: string }[] };
    fallbackPlan: { message: string; endCallEnabled: boolean };
  };
};
type VapiTool = { type: string; function?: { name: string }; destinations?: Destination[]; messages?: unknown[] };
type Saved = { name: string; phone: string; when: string | null; backup: number | null };

/** A French practice with a paid period under way (usage counts its calls) and the owner's phone on file. */
async function frenchPractice(name: string): Promise<Practice> {
  const p = await practice(name);
  const now = Date.now();
  await getDb()
    .update(subscriptions)
    .set({ status: "active", currentPeriodStart: new Date(now - 86_400_000), currentPeriodEnd: new Date(now + 29 * 86_400_000) })
    .where(eq(subscriptions.userId, p.user.id));
  await getDb().update(users).set({ locale: "fr", phone: "01 44 55 66 77" }).where(eq(users.id, p.user.id));
  return p;
}

/** The practice's calls answered in `locale` (the call's language is the business's). */
async function speaking(p: Practice, locale: "en" | "fr" | "es") {
  await getDb().update(users).set({ locale }).where(eq(users.id, p.user.id));
}

/** Three people, as an owner types their numbers (national, international, mobile), each but the first with its "when". */
const TEAM = [
  { name: "Accueil", phone: "01 44 55 66 01" },
  { name: "Comptabilité", phone: "+33 1 44 55 66 02", when: "les questions de facturation" },
  { name: "Dr Martin", phone: "06 11 22 33 44", when: "demande le Dr Martin" },
];

/** Saves the practice's routing through the API, its refusals read in French. */
const putRouting = (p: Practice, body: unknown) => api("PUT", "/api/call-routing", { token: p.token, headers: FR, body });

async function assistantOf(p: Practice, caller = "+33611223344") {
  const res = await vapi(vapiMessage(p.line, newCallId("routing"), caller, { type: "assistant-request" }));
  expect(res.status).toBe(200);
  expect(vapiAssistantErrors(res.body.assistant)).toEqual([]);
  const tools = res.body.assistant.model.tools as VapiTool[];
  return { prompt: res.body.assistant.model.messages[0].content as string, tools, transfer: tools.find((t) => t.type === "transferCall") };
}

describe("spam the receptionist recognises", () => {
  it("screens a sales pitch with its reason, says goodbye in French, and leaves it out of usage", async () => {
    const p = await frenchPractice("Cabinet Sans Démarchage");
    const pitch = newCallId("pitch");
    // A number of its own: other tests search the shared database for theirs.
    const seller = `+3365${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const start = await vapi(vapiMessage(p.line, pitch, seller, { type: "assistant-request" }));
    expect((start.body.assistant.model.tools as VapiTool[]).some((t) => t.function?.name === "report_spam")).toBe(true);
    const spamTool = (start.body.assistant.model.tools as VapiTool[]).find((t) => t.function?.name === "report_spam")!;
    // The goodbye is the platform's closing line, in French; the tool's answer says nothing a model could repeat.
    expect(JSON.stringify(spamTool.messages)).toContain("Cette ligne est réservée aux personnes qui appellent l'entreprise. Au revoir.");
    const reply = await vapiReply(p.line, pitch, seller, "report_spam", { kind: "sales" });
    expect(reply.say).toBe("");
    const now = Date.now();
    await vapi(
      vapiMessage(p.line, pitch, seller, {
        type: "end-of-call-report",
        endedReason: "assistant-ended-call",
        startedAt: new Date(now - 40_000).toISOString(),
        endedAt: new Date(now).toISOString(),
        artifact: { transcript: "AI: Bonjour. User: Bonjour, je vous appelle pour vous proposer une offre sur vos contrats d'énergie." },
      }),
    );
    // A patient calls and books: counted.
    const patient = newCallId("patient");
    await vapi(vapiMessage(p.line, patient, "+33612121212", { type: "assistant-request" }));
    const booked = await vapiReply(p.line, patient, "+33612121212", "book_appointment", {
      date: dayAhead(3),
      time: "10:00",
      name: "Léa Martin",
    });
    expect(booked.say).toMatch(/réservé|confirm/i);
    // The model then wrongly reports that call: a call that booked stays a real caller's, and carries on (a refusal,
    // so the platform does not say the goodbye that ends the call).
    const kept = await vapi(
      vapiMessage(p.line, patient, "+33612121212", {
        type: "tool-calls",
        toolCallList: [{ id: "tc-kept", type: "function", function: { name: "report_spam", arguments: { kind: "robocall" } } }],
      }),
    );
    expect(kept.body.results).toEqual([
      { toolCallId: "tc-kept", name: "report_spam", error: "Bien sûr. Que puis-je faire d'autre pour vous ?" },
    ]);

    const [screened] = await getDb().select().from(calls).where(eq(calls.providerCallId, pitch));
    expect(screened).toMatchObject({ screening: "sales", status: "ended" });
    const [real] = await getDb().select().from(calls).where(eq(calls.providerCallId, patient));
    expect(real!.screening).toBeNull();
    const log = (await api("GET", "/api/calls", { token: p.token })).body.calls as { fromNumber: string; screening: string | null }[];
    expect(log.find((c) => c.fromNumber === seller)).toMatchObject({ screening: "sales" });
    expect((await api("GET", "/api/account/usage", { token: p.token })).body.calls).toBe(1);
  });

  it("reads an unknown reason as plain spam", async () => {
    const p = await frenchPractice("Cabinet Prudent");
    const callId = newCallId("odd");
    await vapi(vapiMessage(p.line, callId, "+33600000001", { type: "assistant-request" }));
    await vapiReply(p.line, callId, "+33600000001", "report_spam", { kind: "lottery" });
    const [row] = await getDb().select().from(calls).where(eq(calls.providerCallId, callId));
    expect(row!.screening).toBe("spam");
  });
});

describe("call routing", () => {
  it("starts with the business's phone, and keeps a list in E.164 and in order, per owner", async () => {
    const p = await frenchPractice("Cabinet Routage");
    const other = await frenchPractice("Cabinet Voisin");
    expect((await api("GET", "/api/call-routing", { token: p.token })).body).toEqual({
      warmTransfer: false,
      hours: "always",
      destinations: [],
      fallbackPhone: "+33144556677",
      country: "FR",
      servedCountries: [],
      refused: [],
    });
    const saved = await putRouting(p, {
      warmTransfer: true,
      hours: "open",
      destinations: TEAM,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.destinations).toEqual([
      { name: "Accueil", phone: "+33144556601", when: null, backup: null },
      { name: "Comptabilité", phone: "+33144556602", when: "les questions de facturation", backup: null },
      { name: "Dr Martin", phone: "+33611223344", when: "demande le Dr Martin", backup: null },
    ]);
    expect((await api("GET", "/api/call-routing", { token: p.token })).body).toEqual(saved.body);
    expect((await api("GET", "/api/call-routing", { token: other.token })).body.destinations).toEqual([]);

    // Refused whole, in French: nothing of it is written.
    const twice = await putRouting(p, {
      warmTransfer: false,
      hours: "always",
      destinations: [
        { name: "A", phone: "01 44 55 66 01" },
        { name: "B", phone: "+33144556601" },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe("Personnes à qui transférer les appels\u00a0: chaque numéro ne figure qu'une fois.");
    const unreadable = await putRouting(p, {
      warmTransfer: false,
      hours: "always",
      destinations: [
        { name: "Accueil", phone: "01 44 55 66 01" },
        { name: "Dr Roux", phone: "pas un numéro" },
      ],
    });
    expect(unreadable.status).toBe(400);
    // The message names whose number it is.
    expect(unreadable.body.message).toMatch(/^Dr Roux\u00a0: ce numéro/);
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `P${i}`, phone: `+331445566${String(i).padStart(2, "0")}` }));
    const tooMany = await putRouting(p, { warmTransfer: false, hours: "always", destinations: many });
    expect(tooMany.status).toBe(400);
    const badHours = await putRouting(p, { warmTransfer: false, hours: "night", destinations: [] });
    expect(badHours.status).toBe(400);
    expect((await api("GET", "/api/call-routing", { token: p.token })).body).toEqual(saved.body);
    expect((await api("PUT", "/api/call-routing", { body: saved.body })).status).toBe(401);
  });

  it("applies two saves made at the same moment one after the other, each whole", async () => {
    const p = await frenchPractice("Cabinet Simultané");
    const list = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: `${prefix} ${i + 1}`,
        phone: `+3314455${prefix === "A" ? "66" : "77"}${String(i).padStart(2, "0")}`,
      }));
    const [a, b] = await Promise.all([
      putRouting(p, { warmTransfer: true, hours: "always", destinations: list("A", 3) }),
      putRouting(p, { warmTransfer: false, hours: "open", destinations: list("B", 2) }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const final = (await api("GET", "/api/call-routing", { token: p.token })).body;
    const names = final.destinations.map((d: { name: string }) => d.name);
    expect([
      ["A 1", "A 2", "A 3"],
      ["B 1", "B 2"],
    ]).toContainEqual(names);
    expect(final.warmTransfer).toBe(names[0] === "A 1");
  });

  it("gives the assistant every destination with what it is for and its warm-transfer plan, and says whom to transfer to", async () => {
    const p = await frenchPractice("Cabinet Orienté");
    await putRouting(p, {
      warmTransfer: true,
      hours: "always",
      destinations: TEAM,
    });
    const { prompt, transfer } = await assistantOf(p);
    expect(transfer!.destinations!.map((d) => [d.number, d.name, d.description])).toEqual([
      ["+33144556601", "Accueil", "Accueil: toute demande qui ne relève d'aucun autre contact"],
      ["+33144556602", "Comptabilité", "Comptabilité: les questions de facturation"],
      ["+33611223344", "Dr Martin", "Dr Martin: demande le Dr Martin"],
    ]);
    const [first, second, last] = transfer!.destinations!;
    // Desks said with their article, a person as typed (a doctor's title with its own).
    expect([first!.message, second!.message, last!.message]).toEqual([
      "Je vous transfère à l'accueil.",
      "Je vous transfère à la comptabilité.",
      "Je vous transfère au Dr Martin.",
    ]);
    for (const d of [first!, second!, last!]) {
      expect(d.transferPlan).toMatchObject({ mode: "warm-transfer-experimental", fallbackPlan: { endCallEnabled: false } });
      // The person reached is briefed in the call's language.
      expect(d.transferPlan!.summaryPlan.messages[0]!.content).toMatch(/en français/);
    }
    // No backup named: whoever does not answer, the caller hears that a message can be taken, and nobody else is tried.
    expect(first!.transferPlan!.fallbackPlan.message).toBe(
      "L'accueil ne répond pas pour le moment. Je peux prendre un message pour que l'on vous rappelle.",
    );
    expect(last!.transferPlan!.fallbackPlan.message).toMatch(/^Le Dr Martin ne répond pas.*prendre un message/);
    // The instructions say what each one is for, and what to do when it does not answer.
    expect(prompt).toContain(
      "1. ⟪owner-text:transfer⟫Accueil⟪/owner-text⟫ (+33144556601): toute demande qui ne relève d'aucun autre contact. Sans réponse : proposez de prendre un message avec take_message. " +
        "2. ⟪owner-text:transfer⟫Comptabilité⟪/owner-text⟫ (+33144556602): ⟪owner-text:transfer⟫les questions de facturation⟪/owner-text⟫. Sans réponse : proposez de prendre un message avec take_message.",
    );
    expect(prompt).toContain("N'essayez jamais un autre contact pour la même demande.");

    // A cold transfer: the same list, no plan, and nothing promised after.
    const {
      fallbackPhone: _,
      country: _country,
      refused: _refused,
      ...cold
    } = (await api("GET", "/api/call-routing", { token: p.token })).body;
    expect((await putRouting(p, { ...cold, warmTransfer: false })).status).toBe(200);
    const coldCall = await assistantOf(p);
    expect(coldCall.transfer!.destinations!).toHaveLength(3);
    expect(coldCall.transfer!.destinations!.every((d) => d.transferPlan === undefined)).toBe(true);
    expect(coldCall.prompt).not.toMatch(/Sans réponse/);
  });

  it("puts nobody through outside opening hours when the owner says so, and takes a message instead", async () => {
    const p = await frenchPractice("Cabinet Fermé");
    const closed = { isOpen: false, openTime: "09:00", closeTime: "17:00" };
    const week = { monday: closed, tuesday: closed, wednesday: closed, thursday: closed, friday: closed, saturday: closed, sunday: closed };
    await getDb().update(users).set({ workingHours: week }).where(eq(users.id, p.user.id));
    await putRouting(p, { warmTransfer: true, hours: "open", destinations: [{ name: "Accueil", phone: "01 44 55 66 01" }] });
    const offHours = await assistantOf(p);
    expect(offHours.transfer).toBeUndefined();
    expect(offHours.prompt).toContain("Personne ne peut prendre d'appel transféré à cette heure-ci");
    // At any hour: put through again.
    await putRouting(p, { warmTransfer: true, hours: "always", destinations: [{ name: "Accueil", phone: "01 44 55 66 01" }] });
    expect((await assistantOf(p)).transfer!.destinations![0]!.number).toBe("+33144556601");
  });
});

describe("transfers by what each one is for", () => {
  /** The front desk for billing and the doctor's mobile for urgent clinical questions, as in a small practice. */
  const BILLING_AND_URGENT = [
    { name: "Front desk", phone: "01 44 55 66 01", when: "billing questions" },
    { name: "Doctor's mobile", phone: "06 11 22 33 44", when: "urgent clinical questions" },
  ];

  it("offers a billing caller whose front desk does not answer a message, never the doctor's mobile", async () => {
    const p = await frenchPractice("Smith Family Practice");
    await speaking(p, "en");
    const saved = await putRouting(p, { warmTransfer: true, hours: "always", destinations: BILLING_AND_URGENT });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.destinations.map((d: Saved) => d.backup)).toEqual([null, null]);
    const { prompt, transfer } = await assistantOf(p);
    const [desk, doctor] = transfer!.destinations!;
    expect(desk!.description).toBe("Front desk: billing questions");
    expect(desk!.message).toBe("I'm putting you through to the front desk.");
    // Not answered: a message, and the doctor is not so much as named.
    expect(desk!.transferPlan!.fallbackPlan).toEqual({
      message: "The front desk isn't answering right now. I can take a message so that you are called back.",
      endCallEnabled: false,
    });
    expect(doctor!.transferPlan!.fallbackPlan.message).toBe(
      "The doctor's mobile isn't answering right now. I can take a message so that you are called back.",
    );
    // The model is told to choose by the caller's need, and after a no-answer to try no one else.
    expect(prompt).toContain("use transferCall with the one whose purpose fits what the caller needs");
    expect(prompt).toContain(
      "1. ⟪owner-text:transfer⟫Front desk⟪/owner-text⟫ (+33144556601): ⟪owner-text:transfer⟫billing questions⟪/owner-text⟫. Not answered: offer to take a message with take_message.",
    );
    expect(prompt).toContain(
      "2. ⟪owner-text:transfer⟫Doctor's mobile⟪/owner-text⟫ (+33611223344): ⟪owner-text:transfer⟫urgent clinical questions⟪/owner-text⟫.",
    );
    expect(prompt).toContain("Never try anyone else for the same need.");
    expect(prompt).not.toMatch(/Not answered: try only the doctor's mobile/);
  });

  it("tries the backup the owner named for a destination, and only it", async () => {
    const p = await frenchPractice("Patel Clinic");
    await speaking(p, "en");
    const other = await frenchPractice("Clinic Next Door");
    await putRouting(other, { warmTransfer: true, hours: "always", destinations: [{ name: "Reception", phone: "01 44 55 77 01" }] });
    const saved = await putRouting(p, {
      warmTransfer: true,
      hours: "always",
      destinations: [
        { ...BILLING_AND_URGENT[0], backup: 2 },
        BILLING_AND_URGENT[1],
        { name: "Dr Patel's assistant", phone: "01 44 55 66 03", when: "asks for Dr Patel", backup: null },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.destinations.map((d: Saved) => [d.name, d.backup])).toEqual([
      ["Front desk", 2],
      ["Doctor's mobile", null],
      ["Dr Patel's assistant", null],
    ]);
    expect((await api("GET", "/api/call-routing", { token: p.token })).body).toEqual(saved.body);

    const { prompt, transfer } = await assistantOf(p);
    const [desk, doctor, assistant] = transfer!.destinations!;
    expect(desk!.transferPlan!.fallbackPlan.message).toBe(
      "The front desk isn't answering right now. I'll try putting you through to Dr Patel's assistant.",
    );
    expect(doctor!.transferPlan!.fallbackPlan.message).toMatch(/take a message/);
    expect(assistant!.transferPlan!.fallbackPlan.message).toBe(
      "Dr Patel's assistant isn't answering right now. I can take a message so that you are called back.",
    );
    expect(prompt).toContain(
      "1. ⟪owner-text:transfer⟫Front desk⟪/owner-text⟫ (+33144556601): ⟪owner-text:transfer⟫billing questions⟪/owner-text⟫. Not answered: try only Dr Patel's assistant (+33144556603).",
    );

    // The practice next door keeps its own list, and its calls hear of nobody else's.
    expect((await api("GET", "/api/call-routing", { token: other.token })).body.destinations).toEqual([
      { name: "Reception", phone: "+33144557701", when: null, backup: null },
    ]);
    const nextDoor = await assistantOf(other);
    expect(nextDoor.transfer!.destinations!.map((d) => d.number)).toEqual(["+33144557701"]);
    expect(nextDoor.prompt).not.toContain("+33144556603");
  });

  it("refuses in French a backup that is itself, not in the list or going round in a loop, naming whose it is", async () => {
    const p = await frenchPractice("Cabinet Relais");
    const before = await putRouting(p, {
      warmTransfer: true,
      hours: "always",
      destinations: [{ name: "Accueil", phone: "01 44 55 66 01" }],
    });
    expect(before.status).toBe(200);
    const list = (backups: unknown[]) => ({
      warmTransfer: true,
      hours: "always",
      destinations: [
        { name: "Accueil", phone: "01 44 55 66 01", backup: backups[0] },
        { name: "Secrétariat", phone: "01 44 55 66 02", backup: backups[1] },
        { name: "Dr Roux", phone: "06 11 22 33 44", backup: backups[2] },
      ],
    });
    const refusals: [unknown[], string][] = [
      [[0, null, null], "Accueil\u00a0: sans réponse, choisissez une autre personne, ou un message."],
      [[null, 3, null], "Secrétariat\u00a0: la personne à essayer sans réponse ne figure pas dans la liste."],
      [[null, null, -1], "Dr Roux\u00a0: la personne à essayer sans réponse ne figure pas dans la liste."],
      [
        [1, 2, 0],
        "Accueil\u00a0: sans réponse, l'appel tournerait en boucle jusqu'à revenir à cette personne. Choisissez «\u00a0Prendre un message\u00a0» pour l'une d'elles.",
      ],
      [
        [null, 2, 1],
        "Secrétariat\u00a0: sans réponse, l'appel tournerait en boucle jusqu'à revenir à cette personne. Choisissez «\u00a0Prendre un message\u00a0» pour l'une d'elles.",
      ],
      [[1.5, null, null], "«\u00a0Sans réponse\u00a0» n'est pas valide"],
      [["Secrétariat", null, null], "«\u00a0Sans réponse\u00a0» n'est pas valide"],
    ];
    for (const [backups, message] of refusals) {
      const res = await putRouting(p, list(backups));
      expect(res.status, JSON.stringify(backups)).toBe(400);
      expect(res.body.message, JSON.stringify(backups)).toBe(message);
    }
    // Nothing of them was written; a chain that ends with a message is fine.
    expect((await api("GET", "/api/call-routing", { token: p.token })).body.destinations).toEqual(before.body.destinations);
    const chain = await putRouting(p, list([1, 2, null]));
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect(chain.body.destinations.map((d: Saved) => d.backup)).toEqual([1, 2, null]);
    const { transfer } = await assistantOf(p);
    expect(transfer!.destinations!.map((d) => d.transferPlan!.fallbackPlan.message)).toEqual([
      "L'accueil ne répond pas pour le moment. Je vais essayer de vous transférer au secrétariat.",
      "Le secrétariat ne répond pas pour le moment. Je vais essayer de vous transférer au Dr Roux.",
      "Le Dr Roux ne répond pas pour le moment. Je peux prendre un message pour que l'on vous rappelle.",
    ]);
  });

  it("names Spanish desks as Spain says them on the phone", async () => {
    const p = await frenchPractice("Clínica Sol");
    await speaking(p, "es");
    await putRouting(p, {
      warmTransfer: true,
      hours: "always",
      destinations: [
        { name: "Recepción", phone: "01 44 55 66 01", backup: 1 },
        { name: "Administración", phone: "01 44 55 66 02", when: "facturas y pagos" },
      ],
    });
    const { transfer } = await assistantOf(p);
    const [reception, admin] = transfer!.destinations!;
    expect(reception!.message).toBe("Le paso con recepción.");
    expect(reception!.transferPlan!.fallbackPlan.message).toBe(
      "Recepción no contesta ahora mismo. Voy a intentar pasarle con administración.",
    );
    expect(admin!.message).toBe("Le paso con administración.");
  });
});
