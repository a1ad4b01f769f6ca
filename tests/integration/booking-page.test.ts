// The public booking page: off until the owner turns it on, at an address of its own; a caller picks a free time from
// the same engine a call hears, proves their number with a code texted to it, and only then is the appointment booked,
// with the usual confirmation. Real routes and database, the sandbox outbox, the job queue drained in-process.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, notifications, optOuts, users } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { localDate } from "@/lib/platform/time/zoned-time";
import { bookingPageState } from "@/lib/booking-page/booking-page.service";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api, registerOwner } from "../helpers/api";
import { codeOf } from "../helpers/codes";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";
import { vapiAssistantErrors } from "../helpers/vapi-schema";

type VapiTool = { type: string; function?: { name: string } };

const runTag = String(Date.now() % 100_000).padStart(5, "0");
let callers = 0;
// +33 65…: valid French mobiles, a block no other test texts.
const newCaller = () => `+3365${runTag.slice(2)}${String(++callers).padStart(4, "0")}`;
/** The number as a caller types it in France. */
const typed = (e164: string) => `0${e164.slice(3)}`;
const FR = { "accept-language": "fr-FR,fr;q=0.9" };

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

/** The texts sent to `phone`, newest first (the sandbox delivers to the outbox and keeps what it delivered). */
async function textsTo(phone: string) {
  return getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, phone), eq(notifications.channel, "sms")))
    .orderBy(desc(notifications.createdAt));
}

/** The code in the last text to `phone`: never readable in the stored row, opened from its seal as the phone read it. */
async function codeTextedTo(phone: string): Promise<string> {
  const [last] = await textsTo(phone);
  expect(last?.body).not.toMatch(/\d{6}/);
  const code = codeOf(last);
  expect(code, last?.body).toMatch(/^\d{6}$/);
  return code!;
}

const byte = () => 1 + Math.floor(Math.random() * 254);
/** A visitor of their own: the wait between codes grows per client address, and each visit here is another person's. */
const visitor = (headers: Record<string, string> = {}) => ({ ...headers, "x-forwarded-for": `10.${byte()}.${byte()}.${byte()}` });

async function bookedWith(userId: string, phone: string) {
  return getDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.patientPhone, phone)));
}

describe("the booking page", () => {
  let p: Practice;
  let slug: string;
  beforeAll(async () => {
    p = await practice(`Cabinet Réservé ${runTag}`);
    await getDb()
      .update(users)
      .set({ services: ["Détartrage", "Consultation"] })
      .where(eq(users.id, p.user.id));
  });

  it("is off by default: no address, and the public routes answer 404", async () => {
    const res = await api("GET", "/api/booking-page", { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: false, slug: null, url: null, textAfterHangUp: false, ready: false });
    expect((await api("GET", `/api/book/cabinet-reserve-${runTag}`)).status).toBe(404);
    expect((await api("GET", "/api/booking-page")).status).toBe(401);
  });

  it("reads an address no page can have as no page, before any query (the page's own route renders its 404)", async () => {
    for (const odd of ["\u0000", "a\u0001b", "\uD800", "x".repeat(200), "Cabinet Roux"])
      expect(await bookingPageState(appContext().bookingPage, odd), JSON.stringify(odd)).toBeNull();
  });

  it("takes its address from the business's name when turned on, and gives it as url", async () => {
    const res = await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    slug = res.body.slug;
    expect(slug).toBe(`cabinet-reserve-${runTag}`);
    expect(res.body).toMatchObject({ enabled: true, ready: true });
    expect(res.body.url).toMatch(new RegExp(`^https?://[^/]+(/fr)?/b/${slug}$`));
  });

  it("refuses a malformed address with a 400 and another practice's with a 409, changing nothing", async () => {
    const bad = await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true, slug: "-Bad slug!" }, headers: FR });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Adresse\u00a0: de 3 à 40 lettres minuscules/);
    const other = await registerOwner({ businessName: `Autre ${runTag}` });
    const taken = await api("PUT", "/api/booking-page", { token: other.token, body: { enabled: true, slug }, headers: FR });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`L’adresse «\u00a0${slug}\u00a0» est déjà prise. Choisissez-en une autre.`);
    expect((await api("GET", "/api/booking-page", { token: other.token })).body).toMatchObject({ enabled: false, slug: null });
    // Its own name's address is free: without a slug it gets that one.
    const own = await api("PUT", "/api/booking-page", { token: other.token, body: { enabled: false } });
    expect(own.body).toMatchObject({ enabled: false, slug: `autre-${runTag}`, ready: false });
  });

  it("shows the practice's services and the free times of a day", async () => {
    const view = await api("GET", `/api/book/${slug}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      businessName: `Cabinet Réservé ${runTag}`,
      services: [
        { name: "Détartrage", durationMinutes: 30 },
        { name: "Consultation", durationMinutes: 30 },
      ],
      practitioners: [],
    });
    const day = dayAhead(3);
    const slots = await api("GET", `/api/book/${slug}/slots?date=${day}&service=Détartrage`);
    expect(slots.status).toBe(200);
    expect(slots.body.day.kind).toBe("open");
    expect(slots.body.slots.length).toBeGreaterThan(4);
    const unknown = await api("GET", `/api/book/${slug}/slots?date=${day}&service=Piercing`, { headers: FR });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Cette prestation n’est pas proposée ici. Choisissez-en une dans la liste.");
  });

  it("books only with the code texted to the caller's number, once, in the page's language, and confirms it", async () => {
    const caller = newCaller();
    const day = dayAhead(4);
    const { body: free } = await api("GET", `/api/book/${slug}/slots?date=${day}&service=Détartrage`);
    const start = free.slots[2].start as string;
    const sent = await api("POST", `/api/book/${slug}/code`, { body: { phone: typed(caller), language: "fr" }, headers: visitor() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.phone).toBe(caller);
    await drain();
    const [codeText] = await textsTo(caller);
    expect(codeText!.body).toMatch(new RegExp(`^Cabinet Réservé ${runTag} : votre code de réservation est ••••••\\.`));
    const code = await codeTextedTo(caller);
    const booking = {
      verificationId: sent.body.verificationId,
      name: "Inès Page",
      phone: typed(caller),
      start,
      service: "Détartrage",
      language: "fr",
    };

    // A wrong code books nothing.
    const wrong = await api("POST", `/api/book/${slug}`, {
      body: { ...booking, smsCode: code === "123456" ? "654321" : "123456" },
      headers: FR,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Ce code n’est pas celui que nous avons envoyé. Vérifiez le SMS et réessayez.");
    expect(await bookedWith(p.user.id, caller)).toHaveLength(0);
    // The code proves that number, not another typed afterwards.
    const other = await api("POST", `/api/book/${slug}`, { body: { ...booking, phone: typed(newCaller()), smsCode: code }, headers: FR });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("Le code a été envoyé à un autre numéro. Demandez un code pour ce numéro.");

    const ok = await api("POST", `/api/book/${slug}`, { body: { ...booking, smsCode: code } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ startsAt: new Date(start).toISOString(), service: "Détartrage", practitioner: null });
    // Sent twice (a double click, a retry): the same booking.
    const again = await api("POST", `/api/book/${slug}`, { body: { ...booking, smsCode: code } });
    expect(again.status).toBe(201);
    const rows = await bookedWith(p.user.id, caller);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "page", service: "Détartrage", patientName: "Inès Page", language: "fr", status: "booked" });
    await drain();
    const texts = await textsTo(caller);
    expect(texts.some((t) => /rendez-vous/i.test(t.body) && t.body !== codeText!.body)).toBe(true);
  });

  it("texts codes to the practice's own country only, and makes an address wait between codes: no SMS pumping", async () => {
    const abroad = await api("POST", `/api/book/${slug}/code`, { body: { phone: "+44 7400 123456" }, headers: FR });
    expect(abroad.status).toBe(400);
    expect(abroad.body.message).toBe(
      "Les codes ne sont envoyés qu’aux numéros de ce pays\u00a0: France. Pour réserver avec un autre numéro, appelez le cabinet.",
    );
    // Two codes at once from one address (a mistyped number), then a wait that says how long (booking-page-abuse.test.ts).
    const from = visitor(FR);
    for (let i = 0; i < 2; i++) {
      const res = await api("POST", `/api/book/${slug}/code`, { body: { phone: newCaller() }, headers: from });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
    }
    const third = await api("POST", `/api/book/${slug}/code`, { body: { phone: newCaller() }, headers: from });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(25);
    expect(third.body.message).toMatch(/^Un code vient d’être envoyé\. Patientez \d+ secondes avant d’en demander un autre\.$/);
  });

  it("refuses a time taken meanwhile with a 409 and books nothing; the proven number may pick another time", async () => {
    const [first, second] = [newCaller(), newCaller()];
    const day = dayAhead(5);
    const { body: free } = await api("GET", `/api/book/${slug}/slots?date=${day}`);
    const [start, later] = [free.slots[0].start as string, free.slots[1].start as string];
    const visits: { id: string; code: string; phone: string }[] = [];
    for (const phone of [first, second]) {
      const sent = await api("POST", `/api/book/${slug}/code`, { body: { phone }, headers: visitor() });
      await drain();
      visits.push({ id: sent.body.verificationId, code: await codeTextedTo(phone), phone });
    }
    const bookAt = (v: (typeof visits)[number], at: string) =>
      api("POST", `/api/book/${slug}`, {
        body: { verificationId: v.id, smsCode: v.code, name: "Pierre Deux", phone: v.phone, start: at },
        headers: FR,
      });
    // Both at the same moment: one gets it, the other a 409 naming why.
    const [a, b] = await Promise.all([bookAt(visits[0]!, start), bookAt(visits[1]!, start)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.message).toBe("Ce créneau vient d’être réservé. Choisissez-en un autre.");
    const loser = a.status === 409 ? visits[0]! : visits[1]!;
    expect(await bookedWith(p.user.id, loser.phone)).toHaveLength(0);
    const retry = await bookAt(loser, later);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
  });

  it("records a booking opened from a recall text as recall's", async () => {
    const caller = newCaller();
    const { body: free } = await api("GET", `/api/book/${slug}/slots?date=${dayAhead(6)}`);
    const sent = await api("POST", `/api/book/${slug}/code`, { body: { phone: caller }, headers: visitor() });
    await drain();
    const res = await api("POST", `/api/book/${slug}`, {
      body: {
        verificationId: sent.body.verificationId,
        smsCode: await codeTextedTo(caller),
        name: "Rémi Rappel",
        phone: caller,
        start: free.slots[0].start,
        via: "recall",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await bookedWith(p.user.id, caller))[0]!.source).toBe("recall");
  });

  it("counts its bookings in insights by channel: the page, and recall's apart", async () => {
    const today = localDate(new Date(), "Europe/Paris");
    const res = await api("GET", `/api/insights?from=${today}&to=${today}`, { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.bookings.page).toEqual({ booked: 3, rescheduled: 0, cancelled: 0 });
    expect(res.body.bookings.recall).toEqual({ booked: 1, rescheduled: 0, cancelled: 0 });
    expect(res.body.bookings.phone.booked).toBe(0);
  });

  it("lets the receptionist text its link to a caller the call could not book: once per call, never after STOP", async () => {
    const caller = newCaller();
    const callId = newCallId("link");
    const start = await vapi(vapiMessage(p.line, callId, caller, { type: "assistant-request" }));
    expect(vapiAssistantErrors(start.body.assistant)).toEqual([]);
    const tools = start.body.assistant.model.tools as VapiTool[];
    expect(tools.some((t) => t.function?.name === "text_booking_link")).toBe(true);
    expect(start.body.assistant.model.messages[0].content).toContain("text_booking_link");
    const said = await vapiTool(p.line, callId, caller, "text_booking_link", {});
    expect(said).toBe("I have just texted you the link to our booking page. You can choose a time there whenever suits you.");
    // Asked again on the same call: still one text.
    await vapiTool(p.line, callId, caller, "text_booking_link", {});
    await drain();
    const links = (await textsTo(caller)).filter((t) => t.body.includes(`/b/${slug}`));
    expect(links).toHaveLength(1);
    expect(links[0]!.body).toMatch(
      new RegExp(`^Cabinet Réservé ${runTag}: book your appointment online, at a time that suits you: https?://\\S+/b/${slug}$`),
    );

    // A number that opted out is told so, and texted nothing.
    const stopped = newCaller();
    await getDb().insert(optOuts).values({ userId: p.user.id, phone: stopped, channel: "sms" });
    const refused = await vapiTool(p.line, newCallId("link"), stopped, "text_booking_link", {});
    expect(refused).toMatch(/^This number has asked us not to text it/);
    await drain();
    expect(await textsTo(stopped)).toHaveLength(0);
  });

  it("texts its link to a caller who looked for a time and hung up unbooked; not after a booking or a goodbye", async () => {
    const ended = async (callId: string, caller: string, endedReason: string) => {
      const now = Date.now();
      const res = await vapi(
        vapiMessage(p.line, callId, caller, {
          type: "end-of-call-report",
          endedReason,
          startedAt: new Date(now - 60_000).toISOString(),
          endedAt: new Date(now).toISOString(),
          artifact: { transcript: "AI: Hello. User: Do you have anything on Friday?" },
        }),
      );
      expect(res.status).toBe(200);
      await drain();
      return (await textsTo(caller)).filter((t) => t.body.includes(`/b/${slug}`));
    };
    const [left, booked, heardGoodbye, beforeOptIn] = [newCaller(), newCaller(), newCaller(), newCaller()];
    // Off by default: a caller who hangs up is not texted unasked.
    const quietCall = newCallId("hangup");
    await vapiTool(p.line, quietCall, beforeOptIn, "check_availability", { date: dayAhead(7) });
    expect(await ended(quietCall, beforeOptIn, "customer-ended-call")).toHaveLength(0);
    const on = await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true, textAfterHangUp: true } });
    expect(on.body).toMatchObject({ enabled: true, slug, textAfterHangUp: true });
    // Turned on: looked for a time, hung up: texted the link, once even when the report comes twice.
    const leftCall = newCallId("hangup");
    await vapiTool(p.line, leftCall, left, "check_availability", { date: dayAhead(7) });
    expect(await ended(leftCall, left, "customer-ended-call")).toHaveLength(1);
    expect(await ended(leftCall, left, "customer-ended-call")).toHaveLength(1);
    // Booked, then hung up: nothing more to offer.
    const bookedCall = newCallId("hangup");
    expect(
      await vapiTool(p.line, bookedCall, booked, "book_appointment", { date: dayAhead(7), time: "15:00", name: "Yves Booked" }),
    ).toMatch(/^Booked/);
    expect(await ended(bookedCall, booked, "customer-ended-call")).toHaveLength(0);
    // The receptionist ended the call: it offered the link already, or the caller declined.
    const goodbyeCall = newCallId("hangup");
    await vapiTool(p.line, goodbyeCall, heardGoodbye, "check_availability", { date: dayAhead(7) });
    expect(await ended(goodbyeCall, heardGoodbye, "assistant-ended-call")).toHaveLength(0);
  });

  it("stops taking bookings the moment it is turned off", async () => {
    expect((await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: false } })).body).toMatchObject({
      enabled: false,
      slug,
    });
    const res = await api("GET", `/api/book/${slug}`, { headers: FR });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Cette page de réservation n’existe pas ou est fermée. Appelez le cabinet pour prendre rendez-vous.");
    expect((await api("POST", `/api/book/${slug}/code`, { body: { phone: newCaller() } })).status).toBe(404);
    // Nor does the receptionist offer its link any more.
    const start = await vapi(vapiMessage(p.line, newCallId("link"), newCaller(), { type: "assistant-request" }));
    expect((start.body.assistant.model.tools as VapiTool[]).some((t) => t.function?.name === "text_booking_link")).toBe(false);
    expect(await vapiTool(p.line, newCallId("link"), newCaller(), "text_booking_link", {})).toMatch(/^We do not have online booking/);
    await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true } });
  });
});
