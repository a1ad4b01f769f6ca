// The owner's blocklist, through the API and the voice platform's webhook: numbers kept in E.164 whatever way they were
// typed, a blocked caller who hears one sentence in the business's language and gets no assistant and no tool, and whose
// call is shown apart and counted nowhere; unblocked, they are answered again. A call of a few seconds in which the
// caller said nothing is set apart too.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calls, subscriptions, users } from "@/db/schema";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapi, vapiMessage } from "../helpers/practice";

const FR = { "accept-language": "fr" };

describe("blocked numbers", () => {
  it("keeps each number once, in E.164, per owner; refuses what cannot be read in the owner's language", async () => {
    const p = await practice("Cabinet Bloqueur");
    const other = await practice("Cabinet Voisin");
    const added = await api("POST", "/api/blocked-numbers", { token: p.token, body: { phone: "06 12 34 56 78", reason: "Démarchage" } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ phone: "+33612345678", reason: "Démarchage" });
    const twice = await api("POST", "/api/blocked-numbers", { token: p.token, headers: FR, body: { phone: "+33 6 12 34 56 78" } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("Ce numéro est déjà bloqué.");
    const unreadable = await api("POST", "/api/blocked-numbers", { token: p.token, headers: FR, body: { phone: "pas un numéro" } });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.message).toMatch(/numéro/i);
    // Another practice neither sees it nor can remove it; its own list is its own.
    expect((await api("GET", "/api/blocked-numbers", { token: other.token })).body).toEqual({ blockedNumbers: [] });
    expect((await api("DELETE", `/api/blocked-numbers/${added.body.id}`, { token: other.token })).status).toBe(404);
    expect((await api("POST", "/api/blocked-numbers", { token: other.token, body: { phone: "+33612345678" } })).status).toBe(201);
    const mine = await api("GET", "/api/blocked-numbers", { token: p.token });
    expect(mine.body.blockedNumbers).toEqual([added.body]);
    expect((await api("DELETE", `/api/blocked-numbers/${added.body.id}`, { token: p.token })).status).toBe(200);
    expect((await api("GET", "/api/blocked-numbers", { token: p.token })).body).toEqual({ blockedNumbers: [] });
    expect((await api("DELETE", `/api/blocked-numbers/${added.body.id}`, { token: p.token })).status).toBe(404);
  });

  it("answers a blocked caller with one sentence and no tool, shows the call apart and counts it nowhere", async () => {
    const p = await practice("Cabinet Tranquille");
    const now = Date.now();
    await getDb()
      .update(subscriptions)
      .set({ status: "active", currentPeriodStart: new Date(now - 86_400_000), currentPeriodEnd: new Date(now + 29 * 86_400_000) })
      .where(eq(subscriptions.userId, p.user.id));
    // A French practice: its callers hear French.
    await getDb().update(users).set({ locale: "fr" }).where(eq(users.id, p.user.id));
    const spammer = "+33698765432";
    await api("POST", "/api/blocked-numbers", { token: p.token, body: { phone: spammer } });

    const callId = newCallId("blocked");
    const refused = await vapi(vapiMessage(p.line, callId, spammer, { type: "assistant-request" }));
    expect(refused.status).toBe(200);
    // The practice is French: the sentence is French, and there is no assistant (so no tool) for this call.
    expect(refused.body).toEqual({ error: "Désolé, cette ligne ne peut pas prendre votre appel. Au revoir." });
    // Even a tool call that reaches us for that caller runs nothing.
    const tools = await vapi(
      vapiMessage(p.line, callId, spammer, {
        type: "tool-calls",
        toolCallList: [
          {
            id: "tc-1",
            type: "function",
            function: { name: "book_appointment", arguments: { date: dayAhead(3), time: "10:00", name: "Spam" } },
          },
        ],
      }),
    );
    expect(tools.body.results).toEqual([
      { toolCallId: "tc-1", name: "book_appointment", error: "Désolé, cette ligne ne peut pas prendre votre appel. Au revoir." },
    ]);
    expect(await getDb().select().from(appointments).where(eq(appointments.userId, p.user.id))).toEqual([]);
    // The platform's report of the call, as for any call: it stays screened.
    await vapi(
      vapiMessage(p.line, callId, spammer, {
        type: "end-of-call-report",
        endedReason: "customer-ended-call",
        startedAt: new Date(now - 20_000).toISOString(),
        endedAt: new Date(now - 5_000).toISOString(),
      }),
    );

    // Someone else calls: answered, and counted.
    const welcome = await vapi(vapiMessage(p.line, newCallId("welcome"), "+33611112222", { type: "assistant-request" }));
    expect(welcome.body.assistant).toBeDefined();

    const log = (await api("GET", "/api/calls", { token: p.token })).body.calls as { fromNumber: string; screening: string | null }[];
    expect(log.find((c) => c.fromNumber === spammer)).toMatchObject({ screening: "blocked" });
    expect(log.find((c) => c.fromNumber === "+33611112222")).toMatchObject({ screening: null });
    const usage = await api("GET", "/api/account/usage", { token: p.token });
    expect(usage.body.calls).toBe(1);
    const [row] = await getDb().select().from(calls).where(eq(calls.providerCallId, callId));
    expect(row).toMatchObject({ screening: "blocked", status: "ended" });

    // Unblocked, the same number gets the receptionist again.
    const [entry] = (await api("GET", "/api/blocked-numbers", { token: p.token })).body.blockedNumbers;
    await api("DELETE", `/api/blocked-numbers/${entry.id}`, { token: p.token });
    const again = await vapi(vapiMessage(p.line, newCallId("again"), spammer, { type: "assistant-request" }));
    expect(again.body.assistant).toBeDefined();
  });

  it("sets apart a call of a few seconds in which the caller said nothing, and counts one where they spoke", async () => {
    const p = await practice("Cabinet Silencieux");
    const now = Date.now();
    await getDb()
      .update(subscriptions)
      .set({ status: "active", currentPeriodStart: new Date(now - 86_400_000), currentPeriodEnd: new Date(now + 29 * 86_400_000) })
      .where(eq(subscriptions.userId, p.user.id));
    const report = (caller: string, seconds: number, transcript?: string) =>
      vapi(
        vapiMessage(p.line, newCallId("short"), caller, {
          type: "end-of-call-report",
          endedReason: "customer-ended-call",
          startedAt: new Date(now - seconds * 1000).toISOString(),
          endedAt: new Date(now).toISOString(),
          ...(transcript ? { artifact: { transcript } } : {}),
        }),
      );
    await report("+33611110001", 4, "AI: Bonjour, cabinet Silencieux, que puis-je pour vous ?");
    await report("+33611110002", 6, "AI: Bonjour. User: Je rappellerai.");
    await report("+33611110003", 45);
    // A short report without a transcript is not judged: it counts.
    await report("+33611110004", 3);
    const log = (await api("GET", "/api/calls", { token: p.token })).body.calls as { fromNumber: string; screening: string | null }[];
    expect(Object.fromEntries(log.map((c) => [c.fromNumber, c.screening]))).toEqual({
      "+33611110001": "silent",
      "+33611110002": null,
      "+33611110003": null,
      "+33611110004": null,
    });
    expect((await api("GET", "/api/account/usage", { token: p.token })).body.calls).toBe(3);
  });
});
