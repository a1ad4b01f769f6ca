// Giving an appointment to another practitioner, through the API and the job queue drained in-process: the patient is
// texted only when the owner asks, in the patient's language, by the one channel the patient is reached by, with the
// new practitioner's name and the time unchanged.
import { and, eq, gt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, notifications } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { messageReceived } from "../helpers/telnyx-events";
import { dayAhead, practice, telnyx, type Practice } from "../helpers/practice";

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
/** A French mobile of this run, distinct per patient (+33 6 12 …, an allocated range). */
const newPatient = () => `+33612${runTag.slice(1)}${String(++callers).padStart(3, "0")}`;

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

/** What went to a number since a moment: its channel and body, oldest first. */
const sentTo = (recipient: string, since: Date) =>
  getDb()
    .select({ channel: notifications.channel, body: notifications.body, dedupeKey: notifications.dedupeKey })
    .from(notifications)
    .where(and(eq(notifications.recipient, recipient), gt(notifications.createdAt, since)))
    .orderBy(notifications.createdAt);

describe("reassigning an appointment to another practitioner", () => {
  let p: Practice;
  let owner: string;
  let javier: string;
  const day = dayAhead(6);
  let slot = 0;

  beforeAll(async () => {
    p = await practice("Clínica Sol");
    owner = (await api("GET", "/api/practitioners", { token: p.token })).body.practitioners[0].id;
    const added = await api("POST", "/api/practitioners", { token: p.token, body: { name: "Javier Ortega" } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    javier = added.body.id;
  });

  /** An appointment with the owner at 09:00, 10:00, … for a patient who speaks Spanish, its confirmation sent. */
  let lastTime = "";
  async function booked(phone: string): Promise<string> {
    const time = (lastTime = `${String(9 + slot++).padStart(2, "0")}:00`);
    const res = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Ana García", patientPhone: phone, date: day, time, duration: 30, practitionerId: owner },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The patient spoke Spanish on the call: their texts are in Spanish, whatever the owner's language.
    await getDb().update(appointments).set({ language: "es" }).where(eq(appointments.id, res.body.id));
    await drain();
    return res.body.id as string;
  }

  async function reassign(id: string, body: Record<string, unknown>) {
    const res = await api("POST", `/api/appointments/${id}/reassign`, { token: p.token, body: { practitionerId: javier, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.practitionerId).toBe(javier);
    await drain();
  }

  it("sends the patient nothing when the owner does not ask, and nothing by default", async () => {
    for (const body of [{}, { notifyCaller: false }]) {
      const phone = newPatient();
      const id = await booked(phone);
      const since = new Date();
      await reassign(id, body);
      expect(await sentTo(phone, since)).toEqual([]);
      const [row] = await getDb().select().from(appointments).where(eq(appointments.id, id));
      expect(row!.practitionerId).toBe(javier);
    }
  });

  it("texts once, by SMS, in the patient's language, naming the new practitioner and keeping the time, when asked", async () => {
    const phone = newPatient();
    const id = await booked(phone);
    const since = new Date();
    await reassign(id, { notifyCaller: true });
    const sent = await sentTo(phone, since);
    // The practice confirms by SMS and WhatsApp both; news of a practitioner change goes once, by SMS.
    expect(sent.map((m) => m.channel)).toEqual(["sms"]);
    expect(sent[0]!.body).toMatch(
      /^Clínica Sol: su cita del .+ a las (\d\d:\d\d) \(para Ana\) ahora es con Javier Ortega; la hora no cambia\./,
    );
    expect(/a las (\d\d:\d\d)/.exec(sent[0]!.body)![1]).toBe(lastTime);
    expect(sent[0]!.body).not.toMatch(/cambiado|moved|déplacé/);
  });

  it("goes by WhatsApp to a patient who writes to the practice on WhatsApp, and by both to one who asked for both", async () => {
    const onWhatsApp = newPatient();
    const first = await booked(onWhatsApp);
    // The patient answered the confirmation on WhatsApp (to the shared WhatsApp sender) with a question for the owner.
    expect((await telnyx(messageReceived(onWhatsApp, "+15550009999", "¿Hay aparcamiento?", { type: "WHATSAPP" }))).status).toBe(200);
    await drain();
    let since = new Date();
    await reassign(first, { notifyCaller: true });
    let sent = await sentTo(onWhatsApp, since);
    expect(sent.map((m) => m.channel)).toEqual(["whatsapp"]);
    expect(sent[0]!.body).toContain("ahora es con Javier Ortega; la hora no cambia.");

    const both = newPatient();
    const second = await booked(both);
    await getDb().update(appointments).set({ notifyChannel: "both" }).where(eq(appointments.id, second));
    since = new Date();
    await reassign(second, { notifyCaller: true });
    sent = await sentTo(both, since);
    expect(sent.map((m) => m.channel).sort()).toEqual(["sms", "whatsapp"]);
  });
});
