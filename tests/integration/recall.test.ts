// Recall: per service, the months after an appointment when a caller is due again. The owner sets them for the
// practice's services only; the sweep texts each due caller the booking page's link once, in their language, from the
// business's line, never a number that texted STOP, nor one with an appointment to come, nor anyone while the booking
// page is off; the owner sees who is due, who was texted and who booked since. Appointments are back-dated rather than
// waited for; the job queue is drained in-process.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, bookingPages, notifications, recallTexts, users } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { firstPractitioner } from "@/lib/scheduling/booking/core";
import { runRecallSweep, sendDueRecalls } from "@/lib/recall/recall-sweep";
import { sendRecallText } from "@/lib/recall/recall-text";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, telnyx, vapiTool, type Practice } from "../helpers/practice";
import { messageReceived } from "../helpers/telnyx-events";

const FR = { "accept-language": "fr" };
const SERVICES = ["Détartrage", "Consultation", "Blanchiment"];

let callers = 0;
const runTag = String(Date.now() % 1000).padStart(3, "0");
/** A French mobile number of this file and run only (+33 78…): other tests search the shared database for theirs. */
const newCaller = () => `+3378${runTag}${String(++callers).padStart(4, "0")}`;

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

/** A dental practice in Paris with a line, a live trial, three services and its booking page turned on (or not). */
async function dentist(name: string, { page = true } = {}): Promise<Practice & { slug: string }> {
  const p = await practice(name);
  const db = getDb();
  await db.update(users).set({ services: SERVICES, locale: "fr" }).where(eq(users.id, p.user.id));
  const slug = `rappel-${p.user.id.slice(0, 8)}`;
  await db.insert(bookingPages).values({ userId: p.user.id, slug, enabled: page });
  return { ...p, slug };
}

const monthsAgo = (months: number, hour = 9) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

/** "YYYY-MM-DD" plus `n` months, on the month's last day when it is shorter (31 August + 6 → 28 or 29 February). */
const plusMonths = (date: string, n: number) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
};

/** An appointment as the booking commands leave it, at `startsAt` (back-dated or to come). */
async function appointment(p: Practice, phone: string, startsAt: Date, service: string | null, language: "fr" | "es" = "fr") {
  const db = getDb();
  const [a] = await db
    .insert(appointments)
    .values({
      userId: p.user.id,
      practitionerId: firstPractitioner(db, p.user.id),
      patientName: `Patient ${phone.slice(-4)}`,
      patientPhone: phone,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      source: "phone",
      service,
      language,
    })
    .returning({ id: appointments.id });
  return a!.id;
}

const setIntervals = (p: Practice, services: { service: string; intervalMonths: number | null }[]) =>
  api("PUT", "/api/recall-settings", { token: p.token, headers: FR, body: { services } });

/** The sandbox's "send now": the same per-business step the sweep runs, then the texts' jobs. */
async function sendNow(p: Practice): Promise<number> {
  const res = await api("POST", "/api/sandbox/recalls", { token: p.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await drain();
  return res.body.texted as number;
}

const textsTo = (to: string) =>
  getDb().select().from(notifications).where(eq(notifications.recipient, to)).orderBy(notifications.createdAt);

type Recalls = {
  bookingPageEnabled: boolean;
  due: { phone: string; service: string; dueOn: string; lastVisit: string; optedOut: boolean }[];
  texted: { phone: string; service: string; sentAt: string }[];
  booked: { phone: string; appointmentStartsAt: string }[];
};
const recalls = async (p: Practice) => {
  const res = await api<Recalls>("GET", "/api/recalls", { token: p.token });
  expect(res.status).toBe(200);
  return res.body;
};

describe("recall settings", () => {
  it("lists the practice's services, keeps an interval per service and owner, and refuses what is not one", async () => {
    const p = await dentist("Cabinet Rappels Réglages");
    const other = await dentist("Cabinet Voisin");
    const empty = await api("GET", "/api/recall-settings", { token: p.token });
    expect(empty.body).toEqual({ services: SERVICES.map((service) => ({ service, intervalMonths: null })) });

    // Matched whatever its case, kept as the practice spells it.
    const saved = await setIntervals(p, [
      { service: "détartrage", intervalMonths: 6 },
      { service: "Consultation", intervalMonths: 12 },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.services).toEqual([
      { service: "Détartrage", intervalMonths: 6 },
      { service: "Consultation", intervalMonths: 12 },
      { service: "Blanchiment", intervalMonths: null },
    ]);
    expect((await api("GET", "/api/recall-settings", { token: p.token })).body).toEqual(saved.body);
    // Another practice's settings are its own.
    const theirs = await api("GET", "/api/recall-settings", { token: other.token });
    expect(theirs.body.services.map((s: { intervalMonths: number | null }) => s.intervalMonths)).toEqual([null, null, null]);

    // Refusals, in French, change nothing.
    const unknown = await setIntervals(p, [{ service: "Orthodontie", intervalMonths: 6 }]);
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: "«\u00a0Orthodontie\u00a0» ne fait pas partie des prestations de votre cabinet." },
    });
    for (const months of [0, 61, 1.5, "6"]) {
      const res = await api("PUT", "/api/recall-settings", {
        token: p.token,
        headers: FR,
        body: { services: [{ service: "Détartrage", intervalMonths: months }] },
      });
      expect(res.status, String(months)).toBe(400);
      expect(res.body.message).toBe("L’intervalle de rappel doit être un nombre entier de mois, de 1 à 60.");
    }
    const twice = await setIntervals(p, [
      { service: "Détartrage", intervalMonths: 6 },
      { service: "DÉTARTRAGE", intervalMonths: 3 },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe("Services\u00a0: chaque prestation n'apparaît qu'une fois.");
    expect((await api("GET", "/api/recall-settings", { token: p.token })).body).toEqual(saved.body);

    // A service left out, or given null, has no recall any more.
    const cleared = await setIntervals(p, [{ service: "Consultation", intervalMonths: null }]);
    expect(cleared.body.services.map((s: { intervalMonths: number | null }) => s.intervalMonths)).toEqual([null, null, null]);

    expect((await api("GET", "/api/recall-settings")).status).toBe(401);
    expect((await api("PUT", "/api/recall-settings", { body: { services: [] } })).status).toBe(401);
    expect((await api("GET", "/api/recalls")).status).toBe(401);
  });
});

describe("recall texts", () => {
  it("texts a due caller once, in their language, with the booking page's link; never one who opted out or is coming", async () => {
    const p = await dentist("Cabinet Rappels");
    expect((await setIntervals(p, [{ service: "Détartrage", intervalMonths: 6 }])).status).toBe(200);
    const due = newCaller();
    const spanish = newCaller();
    const stopped = newCaller();
    const coming = newCaller();
    const recent = newCaller();
    const otherService = newCaller();
    const cleaning = await appointment(p, due, monthsAgo(7), "Détartrage");
    // An older cleaning counts for nothing: the last one does.
    await appointment(p, due, monthsAgo(14, 10), "Détartrage");
    await appointment(p, spanish, monthsAgo(7, 11), "Détartrage", "es");
    await appointment(p, stopped, monthsAgo(7, 12), "Détartrage");
    await appointment(p, coming, monthsAgo(7, 13), "Détartrage");
    await appointment(p, coming, new Date(Date.now() + 10 * 86_400_000), "Consultation");
    await appointment(p, recent, monthsAgo(2, 14), "Détartrage");
    await appointment(p, otherService, monthsAgo(7, 15), "Consultation");
    // The caller texts STOP to the practice's line.
    expect((await telnyx(messageReceived(stopped, p.line, "STOP"))).status).toBe(200);
    await drain();

    const before = await recalls(p);
    expect(before.bookingPageEnabled).toBe(true);
    const listed = before.due.filter((d) => [due, spanish, stopped, coming, recent, otherService].includes(d.phone));
    expect(listed.map((d) => [d.phone, d.service, d.optedOut])).toEqual(
      expect.arrayContaining([
        [due, "Détartrage", false],
        [spanish, "Détartrage", false],
        [stopped, "Détartrage", true],
      ]),
    );
    expect(listed).toHaveLength(3);
    const mine = listed.find((d) => d.phone === due)!;
    // Due six months after the last cleaning, by the practice's dates.
    const visit = monthsAgo(7).toISOString().slice(0, 10);
    expect(mine.lastVisit).toBe(visit);
    expect(mine.dueOn).toBe(plusMonths(visit, 6));

    expect(await sendNow(p)).toBe(2);
    const [text] = await textsTo(due);
    expect(text).toMatchObject({ channel: "sms", status: "sent", userId: p.user.id });
    expect(text!.body).toContain("Cabinet Rappels : il est temps de prendre votre prochain rendez-vous (Détartrage).");
    expect(text!.body).toContain(`/fr/b/${p.slug}?via=recall`);
    expect(text!.body).toMatch(/Répondez STOP/);
    const [es] = await textsTo(spanish);
    expect(es!.body).toContain("es hora de pedir su próxima cita (Détartrage)");
    expect(es!.body).toContain(`/es/b/${p.slug}?via=recall`);
    for (const none of [stopped, coming, recent, otherService]) expect(await textsTo(none), none).toEqual([]);
    const [row] = await getDb().select().from(recallTexts).where(eq(recallTexts.phone, due));
    expect(row).toMatchObject({ userId: p.user.id, service: "Détartrage", afterAppointmentId: cleaning, dueOn: mine.dueOn });

    // Once: the next run, and a change of interval (a new due date for the same visit), send nothing more.
    expect(await sendNow(p)).toBe(0);
    expect((await setIntervals(p, [{ service: "Détartrage", intervalMonths: 5 }])).status).toBe(200);
    expect(await sendNow(p)).toBe(0);
    expect(await textsTo(due)).toHaveLength(1);

    const after = await recalls(p);
    expect(after.due.map((d) => d.phone)).toContain(stopped);
    expect(after.due.map((d) => d.phone)).not.toContain(due);
    expect(after.texted.map((t) => t.phone).sort()).toEqual([due, spanish].sort());
    expect(after.booked).toEqual([]);

    // The caller books (here by the dashboard, as after a call): the owner sees it, and the text keeps the booking.
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const booked = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Patient rappelé", patientPhone: due, date: day, time: "10:00", duration: 30 },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const view = await recalls(p);
    expect(view.booked.map((b) => b.phone)).toEqual([due]);
    expect(view.texted.map((t) => t.phone)).toEqual([spanish]);
    expect(await sendNow(p)).toBe(0);
    const [linked] = await getDb().select().from(recallTexts).where(eq(recallTexts.phone, due));
    expect(linked!.bookedAppointmentId).toBeTruthy();
  });

  it("counts from a cleaning booked by phone or in the dashboard, named as the caller or the owner put it", async () => {
    const p = await dentist("Cabinet Rappels Réels");
    expect((await setIntervals(p, [{ service: "Détartrage", intervalMonths: 6 }])).status).toBe(200);
    const [byPhone, byOwner] = [newCaller(), newCaller()];
    // The caller says what it is for; the model passes it as the reason (the practice's services are everyone's).
    const said = await vapiTool(p.line, newCallId("recall"), byPhone, "book_appointment", {
      date: dayAhead(3),
      time: "10:00",
      name: "Paul Téléphone",
      reason: "un détartrage",
    });
    expect(said).toMatch(/^(Booked|C'est réservé|Rendez-vous)/);
    const made = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Odile Tableau", patientPhone: byOwner, date: dayAhead(4), time: "11:00", duration: 30, reason: "Détartrage" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const db = getDb();
    const booked = await db.select().from(appointments).where(eq(appointments.userId, p.user.id));
    expect(booked.map((a) => a.service)).toEqual(["Détartrage", "Détartrage"]);
    // Seven months on (the appointments moved back rather than waited for), both are due and texted.
    for (const [i, a] of booked.entries())
      await db
        .update(appointments)
        .set({ startsAt: monthsAgo(7, 9 + i), endsAt: new Date(monthsAgo(7, 9 + i).getTime() + 30 * 60_000) })
        .where(eq(appointments.id, a.id));
    expect((await recalls(p)).due.map((d) => d.phone).sort()).toEqual([byPhone, byOwner].sort());
  });

  it("a text claimed in the daytime but sent late at night is withdrawn; one sent as claimed goes", async () => {
    const p = await dentist("Cabinet Rappels Nuit");
    const [late, prompt] = [newCaller(), newCaller()];
    // 02:00 in Paris, whatever the date.
    const night = new Date("2026-03-10T01:00:00Z");
    const claim = async (phone: string, claimedAt: Date) => {
      const [row] = await getDb()
        .insert(recallTexts)
        .values({ userId: p.user.id, phone, service: "Détartrage", dueOn: "2026-03-01", sentAt: claimedAt, createdAt: claimedAt })
        .returning({ id: recallTexts.id });
      return row!.id;
    };
    const lateId = await claim(late, new Date(night.getTime() - 8 * 3_600_000));
    const promptId = await claim(prompt, new Date(night.getTime() - 60_000));
    const dispatch = { ...appContext().dispatch, now: () => night };
    await sendRecallText(dispatch, { recallTextId: lateId });
    await sendRecallText(dispatch, { recallTextId: promptId });
    expect(await textsTo(late)).toHaveLength(0);
    expect(await getDb().select().from(recallTexts).where(eq(recallTexts.id, lateId))).toHaveLength(0);
    expect(await textsTo(prompt)).toHaveLength(1);
  });

  it("sends nothing while the booking page is off, and says so", async () => {
    const p = await dentist("Cabinet Sans Page", { page: false });
    await setIntervals(p, [{ service: "Détartrage", intervalMonths: 6 }]);
    const caller = newCaller();
    await appointment(p, caller, monthsAgo(8), "Détartrage");
    const view = await recalls(p);
    expect(view.bookingPageEnabled).toBe(false);
    expect(view.due.map((d) => d.phone)).toEqual([caller]);
    expect(await sendNow(p)).toBe(0);
    expect(await textsTo(caller)).toEqual([]);
  });

  it("a text claimed before its caller opts out is withdrawn, not sent", async () => {
    const p = await dentist("Cabinet Retrait");
    await setIntervals(p, [{ service: "Consultation", intervalMonths: 12 }]);
    const caller = newCaller();
    await appointment(p, caller, monthsAgo(13), "Consultation");
    const ctx = appContext();
    expect(await sendDueRecalls(ctx.booking, p.user.id)).toBe(1);
    // STOP arrives before the queue sends the text.
    expect((await telnyx(messageReceived(caller, p.line, "STOP"))).status).toBe(200);
    await drain();
    expect(await textsTo(caller)).toEqual([]);
    const view = await recalls(p);
    expect(view.texted).toEqual([]);
    expect(view.due).toEqual([expect.objectContaining({ phone: caller, optedOut: true })]);
  });

  it("two runs at once (two instances) text a due caller once", async () => {
    const p = await dentist("Cabinet Deux Instances");
    await setIntervals(p, [{ service: "Détartrage", intervalMonths: 6 }]);
    const caller = newCaller();
    await appointment(p, caller, monthsAgo(7), "Détartrage");
    const ctx = appContext();
    const runs = await Promise.all([sendDueRecalls(ctx.booking, p.user.id), sendDueRecalls(ctx.booking, p.user.id)]);
    expect(runs.reduce((a, b) => a + b)).toBe(1);
    await drain();
    expect(await textsTo(caller)).toHaveLength(1);
  });

  it("the hourly sweep texts a business in its daytime only", async () => {
    const p = await dentist("Cabinet Horaires");
    await setIntervals(p, [{ service: "Blanchiment", intervalMonths: 3 }]);
    const caller = newCaller();
    await appointment(p, caller, monthsAgo(4), "Blanchiment");
    const ctx = appContext();
    // Today in Paris at 03:00 (or 04:00, summer or winter): too early; at 10:30 it goes.
    const today = new Date().toISOString().slice(0, 10);
    await runRecallSweep({ ...ctx.booking, now: () => new Date(`${today}T02:00:00Z`) });
    await drain();
    expect(await textsTo(caller)).toEqual([]);
    await runRecallSweep({ ...ctx.booking, now: () => new Date(`${today}T08:30:00Z`) });
    await drain();
    const sent = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, caller), eq(notifications.userId, p.user.id)));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain("(Blanchiment)");
  });
});
