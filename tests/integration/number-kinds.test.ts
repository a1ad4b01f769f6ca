// Numbers we dial or text are numbers a person answers: transfer destinations, the owner's phone and callback numbers
// are mobiles or landlines of a country the practice serves (its own, plus those the owner adds); satellite, premium,
// UAN and personal numbers never are. Texts go only to numbers that take one, never to the practice's own line, whatever
// the text. Rows saved before the rule are listed to the owner and skipped by calls, not dropped. Real routes, the
// Vapi webhook, the job handlers and the sandbox outbox on the real database.
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { callerMessages, callRoutes, notifications, users } from "@/db/schema";
import { loadBusiness } from "@/lib/accounts/business/business";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { book } from "@/lib/scheduling/booking/commands";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { addPoolNumbers, api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";

const FR = { "accept-language": "fr" };
const runTag = String(Date.now() % 10_000).padStart(4, "0");
let seq = 0;
// +33 64…: valid French mobiles, a block of this file's own.
const mobile = () => `+3364${runTag}${String(++seq).padStart(3, "0")}`;
// +33 1 47…: Paris landlines, of this file's own.
const landline = () => `+33147${runTag}${String(++seq).padStart(2, "0")}`;
const GERMAN_MOBILE = "+49 151 23456789";

const REFUSED = [
  ["+882 123 456 789", /satellite/],
  ["+881 6 1234 5678", /satellite/],
  ["+1 900 555 1234", /surtaxés/],
  ["+33 8 99 12 34 56", /surtaxés/],
] as const;

type VapiTool = { type: string; destinations?: { number: string; name: string }[] };

const putRouting = (p: Practice, body: Record<string, unknown>) =>
  api("PUT", "/api/call-routing", {
    token: p.token,
    headers: FR,
    body: { warmTransfer: false, hours: "always", destinations: [], ...body },
  });

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

async function transferOf(p: Practice) {
  const res = await vapi(vapiMessage(p.line, newCallId("kinds"), mobile(), { type: "assistant-request" }));
  expect(res.status).toBe(200);
  return (res.body.assistant.model.tools as VapiTool[]).find((t) => t.type === "transferCall");
}

describe("numbers we dial", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice(`Cabinet Numéros ${runTag}`);
    await getDb().update(users).set({ locale: "fr" }).where(eq(users.id, p.user.id));
  });

  it.each(REFUSED)("refuses %s as a transfer destination, saying why in the owner's language", async (phone, why) => {
    const res = await putRouting(p, { destinations: [{ name: "Dr Roux", phone }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Dr Roux\u00a0: /);
    expect(res.body.message).toMatch(why);
    expect(await getDb().select().from(callRoutes).where(eq(callRoutes.userId, p.user.id))).toEqual([]);
  });

  it.each(REFUSED)("refuses %s as the owner's phone", async (phone, why) => {
    const res = await api("PUT", "/api/auth/update-profile", { token: p.token, headers: FR, body: { phone } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(why);
  });

  it("takes a German mobile only once the owner adds Germany to the countries served", async () => {
    const before = await putRouting(p, { destinations: [{ name: "Dr Weber", phone: GERMAN_MOBILE }] });
    expect(before.status).toBe(400);
    expect(before.body.message).toBe(
      "Dr Weber\u00a0: ce numéro est en Allemagne, qui ne fait pas partie des pays que votre cabinet dessert (France). " +
        "Ajoutez Allemagne aux pays desservis, sur la page Transferts, pour l'utiliser.",
    );
    const owner = await api("PUT", "/api/auth/update-profile", { token: p.token, headers: FR, body: { phone: GERMAN_MOBILE } });
    expect(owner.status).toBe(400);

    const unknown = await putRouting(p, { servedCountries: ["XX"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("XX");
    expect(unknown.body.message).not.toContain("@");

    const after = await putRouting(p, { servedCountries: ["de"], destinations: [{ name: "Dr Weber", phone: GERMAN_MOBILE }] });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body).toMatchObject({ country: "FR", servedCountries: ["DE"], refused: [] });
    expect(after.body.destinations).toEqual([{ name: "Dr Weber", phone: "+4915123456789", when: null, backup: null }]);
    const ownerAfter = await api("PUT", "/api/auth/update-profile", { token: p.token, headers: FR, body: { phone: GERMAN_MOBILE } });
    expect(ownerAfter.status, JSON.stringify(ownerAfter.body)).toBe(200);
    expect(ownerAfter.body.phone).toBe("+4915123456789");
    expect((await transferOf(p))?.destinations?.map((d) => d.number)).toEqual(["+4915123456789"]);
  });

  it("lists saved numbers that break the rules, and never offers to transfer to them", async () => {
    const q = await practice(`Cabinet Ancien ${runTag}`);
    await getDb().update(users).set({ locale: "fr", phone: "+33899123456" }).where(eq(users.id, q.user.id));
    const good = mobile();
    // Saved before the rule: a satellite number, a German mobile (Germany not served) and a French mobile that is
    // the satellite number's backup and backs up to the German one.
    await getDb()
      .insert(callRoutes)
      .values([
        { userId: q.user.id, position: 0, name: "Bateau", phone: "+881612345678", when: "le bateau", backupPosition: 2 },
        { userId: q.user.id, position: 1, name: "Berlin", phone: "+4915123456789", when: "Berlin", backupPosition: null },
        { userId: q.user.id, position: 2, name: "Accueil", phone: good, when: null, backupPosition: 1 },
      ]);
    const res = await api("GET", "/api/call-routing", { token: q.token, headers: FR });
    expect(res.status).toBe(200);
    expect(res.body.destinations).toHaveLength(3);
    expect(res.body.refused.map((r: { position: number | null; reason: string }) => [r.position, r.reason])).toEqual([
      [0, "satellite"],
      [1, "notServed"],
      [null, "premium"],
    ]);
    expect(res.body.refused[1].message).toContain("Allemagne");
    // The call's transfer tool has only the French mobile, its backup (a refused row) now a message.
    const transfer = await transferOf(q);
    expect(transfer?.destinations?.map((d) => d.number)).toEqual([good]);

    // With no list, a premium owner's phone is no fallback either.
    await getDb().delete(callRoutes).where(eq(callRoutes.userId, q.user.id));
    expect(await transferOf(q)).toBeUndefined();
  });

  it("asks for another number when a caller leaves a premium or satellite number to call back", async () => {
    const call = newCallId("callback");
    const caller = mobile();
    await vapi(vapiMessage(p.line, call, caller, { type: "assistant-request" }));
    const said = await vapiTool(p.line, call, caller, "take_message", { message: "Rappelez-moi", phone: "+33 8 99 12 34 56" });
    expect(said).toMatch(/ne peut pas rappeler ce numéro/);
    expect(await getDb().select().from(callerMessages).where(eq(callerMessages.providerCallId, call))).toEqual([]);
    const kept = await vapiTool(p.line, call, caller, "take_message", { message: "Rappelez-moi", phone: "06 12 34 56 78" });
    expect(kept).toMatch(/transmis/);
  });

  it("takes the message of a caller whose own number is abroad, without that number, and says so", async () => {
    const call = newCallId("tourist");
    const belgian = "+32470123456";
    await vapi(vapiMessage(p.line, call, belgian, { type: "assistant-request" }));
    const said = await vapiTool(p.line, call, belgian, "take_message", { message: "J'ai perdu mon ordonnance" });
    expect(said).toMatch(/transmis/);
    expect(said).toContain("L'équipe ne peut pas rappeler le numéro depuis lequel vous appelez.");
    const saved = await getDb().select().from(callerMessages).where(eq(callerMessages.providerCallId, call));
    expect(saved.map((m) => [m.body, m.callerPhone])).toEqual([["J'ai perdu mon ordonnance", null]]);
  });

  it("promises no text to a caller booking from a landline", async () => {
    const said = await vapiTool(p.line, newCallId("landline"), "+33147000002", "book_appointment", {
      date: dayAhead(5),
      time: "10:00",
      name: "Jeanne Fixe",
    });
    expect(said).toMatch(/^Rendez-vous|^C'est noté|réservé/);
    expect(said).toContain("Ce numéro ne peut pas recevoir de SMS, aucune confirmation ne sera donc envoyée par SMS.");
    expect(said).not.toMatch(/par SMS et WhatsApp|confirmation par SMS\b/);
  });
});

describe("numbers we text", () => {
  let p: Practice;
  let slug: string;
  beforeAll(async () => {
    p = await practice(`Cabinet Textos ${runTag}`);
    // A landline of its own: the erasure test looks for its owner's number in every table of the shared database.
    await getDb().update(users).set({ phone: "+33144556690" }).where(eq(users.id, p.user.id));
    const page = await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true } });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    slug = page.body.slug;
  });

  it("refuses a booking code to a French landline, or to the practice's own line, up front", async () => {
    const fixed = await api("POST", `/api/book/${slug}/code`, { headers: FR, body: { phone: "01 47 00 00 01", language: "fr" } });
    expect(fixed.status).toBe(400);
    expect(fixed.body.message).toMatch(/ne peut pas recevoir de SMS/);
    const own = await api("POST", `/api/book/${slug}/code`, { headers: FR, body: { phone: p.line, language: "fr" } });
    expect(own.status).toBe(400);
    expect(own.body.message).toMatch(/numéro du cabinet lui-même/);
    const premium = await api("POST", `/api/book/${slug}/code`, { headers: FR, body: { phone: "08 99 12 34 56", language: "fr" } });
    expect(premium.status).toBe(400);
    const ok = await api("POST", `/api/book/${slug}/code`, { headers: FR, body: { phone: mobile(), language: "fr" } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(202);
  });

  it("does not text a confirmation to a landline, and records why in the outbox", async () => {
    const phone = landline();
    const biz = (await loadBusiness(getDb(), p.user.id))!;
    const outcome = await book(appContext().booking, biz, {
      source: "phone",
      start: zonedWallTimeToUtc(dayAhead(4), "10:00", "Europe/Paris")!,
      patientName: "Léa Fixe",
      patientPhone: phone,
      patientEmail: null,
      reason: null,
      service: null,
      language: "fr",
    });
    expect(outcome.ok).toBe(true);
    await drain();
    const sent = await getDb()
      .select({ channel: notifications.channel, status: notifications.status, error: notifications.error })
      .from(notifications)
      .where(eq(notifications.recipient, phone))
      .orderBy(asc(notifications.channel));
    expect(sent.length).toBeGreaterThan(0);
    for (const n of sent) expect(n).toMatchObject({ status: "failed", error: "refused:notMobile" });
  });

  it("never texts one of our own lines, whatever sends it", async () => {
    const [other] = await addPoolNumbers(1);
    const res = await appContext().dispatch.sms.send({ userId: p.user.id, to: other!, from: p.line, text: "Votre code : 123456" });
    expect(res.status).toBe("failed");
    const [row] = await getDb()
      .select({ status: notifications.status, error: notifications.error })
      .from(notifications)
      .where(and(eq(notifications.recipient, other!), eq(notifications.userId, p.user.id)));
    expect(row).toEqual({ status: "failed", error: "refused:ownLine" });
  });
});
