// The waitlist: the owner's list through the API; a freed slot (a cancellation or a move, by any path) offered by text
// to the people waiting for it in the order they joined; the first YES books it through the booking commands, the
// others are told it is gone, an offer past its expiry is refused. Texts come in through the signed Telnyx webhook, the
// job queue drained in-process; the receptionist adds callers through the Vapi webhook.
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, notifications, users, waitlistEntries, waitlistOffers } from "@/db/schema";
import { loadBusiness } from "@/lib/accounts/business/business";
import { drainJobs, type JobQueue } from "@/lib/platform/jobs/queue";
import { zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { OFFER_TTL_MS, offerFreedSlot } from "@/lib/waitlist/offers";
import { MAX_WAITING } from "@/lib/waitlist/waitlist.schemas";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { messageReceived } from "../helpers/telnyx-events";
import { dayAhead, newCallId, practice, telnyx, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";

const FR = { "accept-language": "fr" };
let people = 0;
const runTag = String(Date.now() % 1000).padStart(3, "0");
/** A French mobile number of this run, distinct for each person: +33 798…, a range no other test uses. */
const newPerson = () => `+33798${runTag}${String(++people).padStart(3, "0")}`;
/** The same number as a French owner types it. */
const national = (e164: string) => `0${e164.slice(3).replace(/(\d)(\d{2})(\d{2})(\d{2})(\d{2})/, "$1 $2 $3 $4 $5")}`;

const PARIS = "Europe/Paris";
/** A wall time of the practices' zone (Paris) as an instant. */
const parisAt = (date: string, time: string) => zonedWallTimeToUtc(date, time, PARIS)!;

/**
 * The offers job's clock: now while it is day in Paris, else the next 08:05 there. Offers wait for the morning, and
 * these tests offer whatever the hour they run at.
 */
function offerClock(): Date {
  const now = new Date();
  const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: PARIS, hour: "2-digit", hourCycle: "h23" }).format(now));
  if (hour >= 8 && hour < 20) return now;
  return parisAt(dayAhead(hour < 8 ? 0 : 1), "08:05");
}

/** The offers job's dependencies, on that clock. */
const offerDeps = (over: Partial<BookingDeps> = {}): BookingDeps => ({ ...appContext().booking, now: offerClock, ...over });

async function drain() {
  const ctx = appContext();
  const handlers = jobHandlers(ctx.booking, ctx.dispatch, ctx.notices);
  return drainJobs(await ctx.jobs.ready(), { ...handlers, "waitlist-slot": (data) => offerFreedSlot(offerDeps(), data) });
}

/** The offers job of one slot waiting in the queue, with when it runs. */
async function slotJobs(p: Practice, startsAt: Date) {
  const rows = await getDb().execute<{ start_after: Date | string }>(
    sql`select start_after from pgboss.job where name = ${"waitlist-slot"} and data->>'userId' = ${p.user.id} and data->>'startsAt' = ${startsAt.toISOString()} and state = 'created'`,
  );
  return Array.from(rows).map((r) => new Date(r.start_after));
}

/** The first practitioner's slot at `time` on `date` (Paris), as the offers job is given it. */
async function slot(p: Practice, date: string, time: string) {
  const biz = await loadBusiness(getDb(), p.user.id);
  return { userId: p.user.id, practitionerId: biz!.practitioners[0]!.id, startsAt: parisAt(date, time).toISOString() };
}

const offersOf = (p: Practice) => getDb().select().from(waitlistOffers).where(eq(waitlistOffers.userId, p.user.id));

async function text(p: Practice, from: string, body: string) {
  const res = await telnyx(messageReceived(from, p.line, body));
  expect(res.status).toBe(200);
  await drain();
}

/** The texts sent to `to`, oldest first. */
async function textsTo(to: string) {
  return getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, to), eq(notifications.channel, "sms")))
    .orderBy(asc(notifications.createdAt));
}

/** An appointment the owner books in the dashboard, for someone not on the waitlist. */
async function booked(p: Practice, date: string, time: string, patientPhone = newPerson()) {
  const res = await api("POST", "/api/appointments", {
    token: p.token,
    body: { patientName: "Paul Premier", patientPhone, date, time, duration: 30 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; startsAt: string };
}

async function join(p: Practice, phone: string, extra: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/waitlist", {
    token: p.token,
    body: { name: `Patient ${phone.slice(-3)}`, phone: national(phone), from: dayAhead(1), to: dayAhead(5), ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; phone: string };
}

async function bookedAt(p: Practice, startsAt: string) {
  return getDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, p.user.id), eq(appointments.startsAt, new Date(startsAt)), eq(appointments.status, "booked")));
}

describe("the waitlist through the API", () => {
  let p: Practice;
  let other: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Patience");
    other = await practice("Cabinet Voisin d'Attente");
    await getDb()
      .update(users)
      .set({ services: ["Détartrage", "Consultation"] })
      .where(eq(users.id, p.user.id));
  });

  it("adds someone with their number in E.164, lists them to their owner only, and removes them", async () => {
    const phone = newPerson();
    const added = await api("POST", "/api/waitlist", {
      token: p.token,
      body: {
        name: "Jeanne Attente",
        phone: national(phone),
        from: dayAhead(2),
        to: dayAhead(9),
        service: "détartrage",
        times: [{ from: "09:00", to: "12:00" }],
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      name: "Jeanne Attente",
      phone,
      from: dayAhead(2),
      to: dayAhead(9),
      service: "Détartrage",
      times: [{ from: "09:00", to: "12:00" }],
      source: "dashboard",
      status: "waiting",
      channel: "sms",
      offers: [],
    });
    const list = await api("GET", "/api/waitlist", { token: p.token });
    expect(list.body.entries.map((e: { id: string }) => e.id)).toContain(added.body.id);
    expect(list.body.services).toEqual(["Détartrage", "Consultation"]);
    expect((await api("GET", "/api/waitlist", { token: other.token })).body.entries).toEqual([]);
    expect((await api("DELETE", `/api/waitlist/${added.body.id}`, { token: other.token })).status).toBe(404);
    const removed = await api("DELETE", `/api/waitlist/${added.body.id}`, { token: p.token, headers: FR });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Retiré de la liste d’attente.");
    expect((await api("GET", "/api/waitlist", { token: p.token })).body.entries.map((e: { id: string }) => e.id)).not.toContain(
      added.body.id,
    );
    expect((await api("DELETE", `/api/waitlist/${added.body.id}`, { token: p.token })).status).toBe(404);
  });

  it("refuses in the owner's language what cannot be kept, and writes nothing", async () => {
    const phone = newPerson();
    const base = { name: "Refusé", phone: national(phone), from: dayAhead(2), to: dayAhead(4) };
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ from: dayAhead(4), to: dayAhead(2) }, /La période doit finir le jour de son début ou après/],
      [{ from: dayAhead(-5), to: dayAhead(-2) }, /Ces jours sont déjà passés/],
      [{ service: "Chirurgie" }, /Choisissez l’un des services de votre cabinet/],
      [{ phone: "pas un numéro" }, /numéro/i],
      [{ times: [{ from: "12:00", to: "09:00" }] }, /^Horaires\u00a0: chaque plage horaire doit finir après son début\.$/],
      [{ from: "2026-02-30" }, /date/i],
      [{ name: "" }, /obligatoire/i],
    ];
    for (const [change, message] of refusals) {
      const res = await api("POST", "/api/waitlist", { token: p.token, headers: FR, body: { ...base, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message, JSON.stringify(change)).toMatch(message);
    }
    expect(await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.phone, phone))).toEqual([]);
    // The same number twice: refused, the first kept.
    expect((await api("POST", "/api/waitlist", { token: p.token, body: base })).status).toBe(201);
    const twice = await api("POST", "/api/waitlist", { token: p.token, headers: FR, body: base });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/déjà sur la liste d’attente/);
    expect(await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.phone, phone))).toHaveLength(1);
  });

  it("takes back a number whose days are past as a new entry, at the end of the line", async () => {
    const phone = newPerson();
    const first = await join(p, phone);
    const past = { fromDate: dayAhead(-4), toDate: dayAhead(-1), createdAt: new Date(Date.now() - 7 * 86_400_000) };
    await getDb().update(waitlistEntries).set(past).where(eq(waitlistEntries.id, first.id));
    const again = await join(p, phone);
    expect(again.id).not.toBe(first.id);
    const rows = await getDb()
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.phone, phone))
      .orderBy(asc(waitlistEntries.createdAt));
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [first.id, "expired"],
      [again.id, "waiting"],
    ]);
  });

  it("counts no entry past its last day toward the limit", async () => {
    // As many entries as the limit, every one of them over: the list is not full.
    const q = await practice("Cabinet Liste Pleine");
    await getDb()
      .insert(waitlistEntries)
      .values(
        Array.from({ length: MAX_WAITING }, (_, i) => ({
          userId: q.user.id,
          name: `Ancien ${i}`,
          phone: `+33799${String(i).padStart(6, "0")}`,
          fromDate: dayAhead(-3),
          toDate: dayAhead(-1),
        })),
      );
    await join(q, newPerson());
  });

  it("answers 401 without a session", async () => {
    expect((await api("GET", "/api/waitlist")).status).toBe(401);
    expect(
      (await api("POST", "/api/waitlist", { body: { name: "X", phone: "0612345678", from: dayAhead(1), to: dayAhead(2) } })).status,
    ).toBe(401);
    expect((await api("DELETE", "/api/waitlist/00000000-0000-4000-8000-000000000000")).status).toBe(401);
  });
});

describe("a freed slot offered to the waitlist", () => {
  it("offers a cancelled slot to those waiting for it, books the first YES and tells the second it is gone", async () => {
    const p = await practice("Cabinet Liste");
    const day = dayAhead(3);
    const appt = await booked(p, day, "10:00");
    const [first, second, mornings, afternoons] = [newPerson(), newPerson(), newPerson(), newPerson()];
    await join(p, first);
    await join(p, second, { channel: "sms" });
    await join(p, mornings, { times: [{ from: "08:00", to: "10:00" }] });
    await join(p, afternoons, { from: dayAhead(4) });
    await drain();

    const cancelled = await api("DELETE", `/api/appointments/${appt.id}`, { token: p.token });
    expect(cancelled.status).toBe(200);
    await drain();
    // The two whose days and times fit, in the order they joined; 10:00–10:30 is past the "until 10" window, and the
    // last one's days start later.
    // Each offer names whom it is for.
    for (const who of [first, second]) {
      const [offer] = await textsTo(who);
      expect(offer?.body).toMatch(
        new RegExp(`^Cabinet Liste: a slot has freed up on .+ at 10:00 AM \\(for Patient\\)\\. Reply YES before .+ to take it; the first`),
      );
    }
    expect(await textsTo(mornings)).toEqual([]);
    expect(await textsTo(afternoons)).toEqual([]);

    await text(p, first, "Yes");
    const taken = await bookedAt(p, appt.startsAt);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ patientPhone: first, source: "waitlist", patientName: `Patient ${first.slice(-3)}` });
    // The usual confirmation, and the other one told it is gone.
    expect((await textsTo(first)).at(-1)?.body).toMatch(/your appointment is confirmed for .+ at 10:00 AM/);
    // The confirmation goes by the channel they waited on (a text), not the practice's default (text and WhatsApp).
    const whatsapp = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, first), eq(notifications.channel, "whatsapp")));
    expect(whatsapp).toEqual([]);
    expect((await textsTo(second)).at(-1)?.body).toMatch(
      /^Cabinet Liste: sorry, the slot on .+ at 10:00 AM \(for Patient\) has already been taken\./,
    );

    const sentBefore = (await textsTo(second)).length;
    await text(p, second, "OUI");
    expect(await bookedAt(p, appt.startsAt)).toHaveLength(1);
    const replies = await textsTo(second);
    expect(replies).toHaveLength(sentBefore + 1);
    expect(replies.at(-1)?.body).toMatch(/has already been taken\. You stay on the waiting list\.$/);

    const list = await api("GET", "/api/waitlist", { token: p.token });
    const byPhone = (phone: string) => list.body.entries.find((e: { phone: string }) => e.phone === phone);
    expect(byPhone(first)).toMatchObject({ status: "booked", appointmentId: taken[0]!.id, offers: [{ status: "taken" }] });
    expect(byPhone(second)).toMatchObject({ status: "waiting", offers: [{ status: "gone" }] });
    expect(byPhone(mornings).offers).toEqual([]);
  });

  it("gives the slot to one of two YES arriving at once", async () => {
    const p = await practice("Cabinet Course");
    const appt = await booked(p, dayAhead(2), "15:00");
    const [a, b] = [newPerson(), newPerson()];
    await join(p, a);
    await join(p, b);
    expect((await api("DELETE", `/api/appointments/${appt.id}`, { token: p.token })).status).toBe(200);
    await drain();
    const answers = await Promise.all([a, b].map((from) => telnyx(messageReceived(from, p.line, "YES"))));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await drain();
    const taken = await bookedAt(p, appt.startsAt);
    expect(taken).toHaveLength(1);
    const loser = taken[0]!.patientPhone === a ? b : a;
    expect((await textsTo(loser)).at(-1)?.body).toMatch(/has already been taken/);
    const offers = await getDb().select().from(waitlistOffers).where(eq(waitlistOffers.userId, p.user.id));
    expect(offers.map((o) => o.status).sort()).toEqual(["gone", "taken"]);
  });

  it("refuses a YES after the offer expired, and books nothing", async () => {
    const p = await practice("Cabinet Tardif");
    const appt = await booked(p, dayAhead(3), "11:00");
    const late = newPerson();
    await join(p, late, { language: "fr" });
    expect((await api("DELETE", `/api/appointments/${appt.id}`, { token: p.token })).status).toBe(200);
    await drain();
    expect((await textsTo(late))[0]?.body).toMatch(
      /^Cabinet Tardif : un créneau s’est libéré le .+ à 11:00 \(pour Patient\)\. Répondez OUI avant/,
    );
    await getDb()
      .update(waitlistOffers)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(waitlistOffers.userId, p.user.id));
    await text(p, late, "oui");
    expect(await bookedAt(p, appt.startsAt)).toEqual([]);
    expect((await textsTo(late)).at(-1)?.body).toMatch(
      /la proposition du créneau du .+ à 11:00 \(pour Patient\) a expiré\. Vous restez sur la liste/,
    );
    const [offer] = await getDb().select().from(waitlistOffers).where(eq(waitlistOffers.userId, p.user.id));
    expect(offer?.status).toBe("expired");
  });

  it("offers the slot a caller frees by moving their appointment on the phone", async () => {
    const p = await practice("Cabinet Mouvement");
    const caller = newPerson();
    const waiting = newPerson();
    await join(p, waiting, { from: dayAhead(2), to: dayAhead(2) });
    const callId = newCallId("waitlist");
    await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }));
    expect(await vapiTool(p.line, callId, caller, "book_appointment", { date: dayAhead(2), time: "09:00", name: "Marc Mobile" })).toMatch(
      /^Booked/,
    );
    await drain();
    const [a] = await getDb().select().from(appointments).where(eq(appointments.patientPhone, caller));
    const moved = await vapiTool(p.line, callId, caller, "reschedule_appointment", {
      appointmentId: a!.id,
      date: dayAhead(3),
      time: "09:00",
    });
    expect(moved).toMatch(/moved/i);
    await drain();
    expect((await textsTo(waiting)).at(-1)?.body).toMatch(/a slot has freed up on .+ at 9:00 AM/);
  });
});

describe("an offer and the other questions put to the same person", () => {
  it("gives a YES to the cancellation asked after the offer, and leaves the offer open", async () => {
    const p = await practice("Cabinet Question");
    const person = newPerson();
    const friday = await booked(p, dayAhead(4), "16:00", person);
    const freed = await booked(p, dayAhead(2), "10:00");
    await join(p, person);
    expect((await api("DELETE", `/api/appointments/${freed.id}`, { token: p.token })).status).toBe(200);
    await drain();
    expect((await textsTo(person)).at(-1)?.body).toMatch(/a slot has freed up on .+ at 10:00 AM/);
    // Offered at 9:00, asked at 9:30.
    await getDb()
      .update(waitlistOffers)
      .set({ createdAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(waitlistOffers.userId, p.user.id));
    await text(p, person, "X");
    expect((await textsTo(person)).at(-1)?.body).toMatch(/reply YES to cancel your appointment on .+ at 4:00 PM/);
    await text(p, person, "YES");
    expect(await bookedAt(p, freed.startsAt)).toEqual([]);
    const [fri] = await getDb().select().from(appointments).where(eq(appointments.id, friday.id));
    expect(fri?.status).toBe("cancelled");
    expect((await offersOf(p)).map((o) => o.status)).toEqual(["open"]);
  });

  it("gives a YES to the offer made after the cancellation was asked", async () => {
    const p = await practice("Cabinet Question Bis");
    const person = newPerson();
    const friday = await booked(p, dayAhead(4), "16:00", person);
    const freed = await booked(p, dayAhead(2), "10:00");
    await join(p, person);
    await text(p, person, "X");
    expect((await api("DELETE", `/api/appointments/${freed.id}`, { token: p.token })).status).toBe(200);
    await drain();
    await text(p, person, "YES");
    expect(await bookedAt(p, freed.startsAt)).toMatchObject([{ patientPhone: person }]);
    const [fri] = await getDb().select().from(appointments).where(eq(appointments.id, friday.id));
    expect(fri?.status).toBe("booked");
  });

  it("lets a YES confirm a cancellation after an offer that is gone, rather than say again it is taken", async () => {
    const p = await practice("Cabinet Question Ter");
    const [winner, person] = [newPerson(), newPerson()];
    const friday = await booked(p, dayAhead(4), "16:00", person);
    const freed = await booked(p, dayAhead(2), "10:00");
    await join(p, winner);
    await join(p, person);
    expect((await api("DELETE", `/api/appointments/${freed.id}`, { token: p.token })).status).toBe(200);
    await drain();
    await text(p, winner, "YES");
    expect((await textsTo(person)).at(-1)?.body).toMatch(/has already been taken/);
    await text(p, person, "X");
    const sent = (await textsTo(person)).length;
    await text(p, person, "YES");
    const [fri] = await getDb().select().from(appointments).where(eq(appointments.id, friday.id));
    expect(fri?.status).toBe("cancelled");
    expect((await textsTo(person)).slice(sent).map((t) => t.body)).not.toContainEqual(expect.stringMatching(/already been taken/));
  });

  it("reads a second YES right after winning as the same one", async () => {
    const p = await practice("Cabinet Deux Oui");
    const person = newPerson();
    const freed = await booked(p, dayAhead(2), "11:00");
    await join(p, person);
    expect((await api("DELETE", `/api/appointments/${freed.id}`, { token: p.token })).status).toBe(200);
    await drain();
    await text(p, person, "YES");
    expect((await textsTo(person)).at(-1)?.body).toMatch(/your appointment is confirmed for .+ at 11:00 AM/);
    const sent = (await textsTo(person)).length;
    await text(p, person, "YES");
    expect(await bookedAt(p, freed.startsAt)).toHaveLength(1);
    expect(await textsTo(person)).toHaveLength(sent);
  });
});

describe("who is offered a freed slot, and when", () => {
  it("offers the places to numbers that may be texted, passing over one that opted out", async () => {
    const p = await practice("Cabinet Silence");
    const freed = await booked(p, dayAhead(3), "14:00");
    const [silent, a, b, c] = [newPerson(), newPerson(), newPerson(), newPerson()];
    for (const who of [silent, a, b, c]) await join(p, who);
    await text(p, silent, "STOP");
    expect((await api("DELETE", `/api/appointments/${freed.id}`, { token: p.token })).status).toBe(200);
    await drain();
    const offered = await getDb()
      .select({ phone: waitlistEntries.phone })
      .from(waitlistOffers)
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
      .where(eq(waitlistOffers.userId, p.user.id));
    expect(offered.map((o) => o.phone).sort()).toEqual([a, b, c].sort());
  });

  it("holds a slot freed at night until 08:00, and lets the offer run its two hours from then", async () => {
    const p = await practice("Cabinet Nuit");
    const person = newPerson();
    await join(p, person, { from: dayAhead(2), to: dayAhead(2) });
    const day = dayAhead(2);
    const night = { ...offerDeps(), now: () => parisAt(day, "02:00") };
    const afternoon = await slot(p, day, "14:00");
    await offerFreedSlot(night, afternoon);
    expect(await offersOf(p)).toEqual([]);
    expect(await slotJobs(p, new Date(afternoon.startsAt))).toEqual([parisAt(day, "08:00")]);
    // 09:00 must be booked by 08:00: not worth a text at 08:00.
    const early = await slot(p, day, "09:00");
    await offerFreedSlot(night, early);
    expect(await slotJobs(p, new Date(early.startsAt))).toEqual([]);

    await offerFreedSlot({ ...offerDeps(), now: () => parisAt(day, "08:00") }, afternoon);
    const [offer] = await offersOf(p);
    expect(offer?.expiresAt).toEqual(new Date(parisAt(day, "08:00").getTime() + OFFER_TTL_MS));
  });

  it("keeps the sweep of a slot whose offers were made by a job that then failed and ran again", async () => {
    const p = await practice("Cabinet Reprise");
    await join(p, newPerson());
    const freed = await slot(p, dayAhead(3), "10:00");
    const real = appContext().booking.jobs;
    let crash = true;
    const jobs: JobQueue = {
      ready: () => real.ready(),
      async send(name, data, options) {
        if (name === "waitlist-slot" && crash) {
          crash = false;
          throw new Error("the worker died");
        }
        return real.send(name, data, options);
      },
    };
    await expect(offerFreedSlot(offerDeps({ jobs }), freed)).rejects.toThrow("the worker died");
    await offerFreedSlot(offerDeps({ jobs }), freed);
    const [offer] = await offersOf(p);
    expect(offer?.status).toBe("open");
    expect(await slotJobs(p, new Date(freed.startsAt))).toEqual([new Date(offer!.expiresAt.getTime() + 1000)]);
  });

  it("gives one person one open offer when two slots are offered at once", async () => {
    const p = await practice("Cabinet Simultané");
    await join(p, newPerson());
    const slots = [await slot(p, dayAhead(3), "10:00"), await slot(p, dayAhead(3), "15:00")];
    await Promise.all(slots.map((s) => offerFreedSlot(offerDeps(), s)));
    expect(await offersOf(p)).toHaveLength(1);
  });
});

describe("the receptionist's add_to_waitlist", () => {
  it("puts the caller on the list with their number, days and times, and says so in the call's language", async () => {
    const p = await practice("Cabinet Appel");
    const caller = newPerson();
    const callId = newCallId("waitlist-tool");
    await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }));
    const said = await vapiTool(p.line, callId, caller, "add_to_waitlist", {
      name: "Lucie Appel",
      from: dayAhead(2),
      to: dayAhead(6),
      partOfDay: "morning",
    });
    expect(said).toMatch(/^Lucie Appel is on the waiting list from .+ to .+, in the morning\. If a time frees up, we'll text/);
    expect(said).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const [entry] = await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.phone, caller));
    expect(entry).toMatchObject({
      userId: p.user.id,
      name: "Lucie Appel",
      fromDate: dayAhead(2),
      toDate: dayAhead(6),
      source: "phone",
      language: "en",
      status: "waiting",
    });
    expect(entry!.times).toEqual([{ from: "00:00", to: "12:00" }]);
    // Asked again on a later call: the days are replaced, not a second entry.
    const again = await vapiTool(p.line, newCallId("waitlist-tool"), caller, "add_to_waitlist", {
      name: "Lucie Appel",
      from: dayAhead(3),
      to: dayAhead(3),
      language: "fr",
    });
    expect(again).toMatch(/^Lucie Appel est sur la liste d’attente pour le .+\. Si un créneau se libère/);
    const rows = await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.phone, caller));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fromDate: dayAhead(3), toDate: dayAhead(3), times: null, language: "fr" });
  });

  it("adds a caller whose last day is past as someone new, behind those who joined since", async () => {
    const p = await practice("Cabinet Appel Ter");
    const caller = newPerson();
    const args = { name: "Léa Retour", from: dayAhead(2), to: dayAhead(4) };
    expect(await vapiTool(p.line, newCallId(), caller, "add_to_waitlist", args)).toMatch(/^Léa Retour is on the waiting list/);
    const [old] = await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.phone, caller));
    await getDb()
      .update(waitlistEntries)
      .set({ fromDate: dayAhead(-5), toDate: dayAhead(-1), createdAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(waitlistEntries.id, old!.id));
    const since = await join(p, newPerson());
    expect(await vapiTool(p.line, newCallId(), caller, "add_to_waitlist", args)).toMatch(/^Léa Retour is on the waiting list/);
    const rows = await getDb()
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.phone, caller))
      .orderBy(asc(waitlistEntries.createdAt));
    expect(rows.map((r) => r.status)).toEqual(["expired", "waiting"]);
    const [joined] = await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.id, since.id));
    expect(rows[1]!.createdAt.getTime()).toBeGreaterThan(joined!.createdAt.getTime());
  });

  it("asks again for days already past, and for a name", async () => {
    const p = await practice("Cabinet Appel Bis");
    const caller = newPerson();
    expect(await vapiTool(p.line, newCallId(), caller, "add_to_waitlist", { name: "Paul", from: dayAhead(-3), to: dayAhead(-1) })).toMatch(
      /already passed/,
    );
    expect(await vapiTool(p.line, newCallId(), caller, "add_to_waitlist", { from: dayAhead(2), to: dayAhead(3) })).toMatch(/name/);
    expect(await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.phone, caller))).toEqual([]);
  });
});
