// The caller's self-service link: in every confirmation and reminder, a signed link to one appointment, where the
// caller sees it and cancels or moves it through the booking commands, up to the owner's cut-off. Real routes, real
// database, sandbox calendar and outbox, the job queue drained in-process.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calendarEvents, notifications } from "@/db/schema";
import { selfServiceToken } from "@/lib/scheduling/booking/self-service-link";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, telnyx, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";
import { messageReceived } from "../helpers/telnyx-events";

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
// +33 64…: every number of the range is a valid French mobile (not so 06 39…, which the phone check refuses).
const newCaller = () => `+3364${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

async function bookedBy(p: Practice, caller: string, time: string, day = dayAhead(3)) {
  const callId = newCallId();
  await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }));
  expect(await vapiTool(p.line, callId, caller, "book_appointment", { date: day, time, name: "Lucie Lien" })).toMatch(/^Booked/);
  await drain();
  const [a] = await getDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, caller)))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  return a!;
}

/** The token of the last self-service link texted to `caller` (the sandbox outbox keeps what it delivered). */
async function linkTextedTo(caller: string): Promise<{ path: string; token: string }> {
  const texts = await getDb()
    .select()
    .from(notifications)
    .where(eq(notifications.recipient, caller))
    .orderBy(desc(notifications.createdAt));
  for (const n of texts) {
    const m = /https?:\/\/[^/\s]+(\/(?:(?:fr|es)\/)?a\/([0-9a-z_-]+))/i.exec(n.body);
    if (m) return { path: m[1]!, token: m[2]! };
  }
  throw new Error(`no self-service link texted to ${caller}`);
}

async function appointment(id: string) {
  const [a] = await getDb().select().from(appointments).where(eq(appointments.id, id));
  return a!;
}

const ip = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });

describe("the self-service link", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Lien");
  });

  it("comes in the confirmation text, names no personal data in its address, and shows the appointment", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "09:00");
    const { path, token } = await linkTextedTo(caller);
    expect(path).toBe(`/a/${token}`);
    expect(token).not.toContain(caller.slice(1));
    const res = await api("GET", `/api/self-service/${token}`, { headers: ip(1) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      businessName: "Cabinet Lien",
      status: "booked",
      patientFirstName: "Lucie",
      changeable: true,
      closedReason: null,
      startsAt: a.startsAt.toISOString(),
      cutoffHours: 24,
    });
  });

  it("moves the appointment to a free time of another day: the appointment, the calendar and a new confirmation follow", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "10:00");
    const { token } = await linkTextedTo(caller);
    const day = dayAhead(5);
    const slots = await api("GET", `/api/self-service/${token}/slots?date=${day}`, { headers: ip(2) });
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    expect(slots.body.slots.length).toBeGreaterThan(5);
    const target = slots.body.slots[3].start as string;
    const moved = await api("POST", `/api/self-service/${token}/move`, { body: { start: target }, headers: ip(2) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.startsAt).toBe(new Date(target).toISOString());
    await drain();
    const after = await appointment(a.id);
    expect(after.startsAt.toISOString()).toBe(new Date(target).toISOString());
    expect(after.version).toBe(a.version + 1);
    const [event] = await getDb()
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, p.user.id), eq(calendarEvents.eventId, after.calendarEventId!)));
    expect(event!.startsAt.toISOString()).toBe(new Date(target).toISOString());
    const texts = await getDb().select().from(notifications).where(eq(notifications.recipient, caller));
    expect(texts.some((n) => n.channel === "sms" && /has been moved to/.test(n.body))).toBe(true);
    // The time it left is free again.
    const other = newCaller();
    expect((await bookedBy(p, other, "10:00")).startsAt.getTime()).toBe(a.startsAt.getTime());
  });

  it("cancels: the slot and the calendar event are freed, and a second cancel changes nothing", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "11:00");
    const { token } = await linkTextedTo(caller);
    const res = await api("POST", `/api/self-service/${token}/cancel`, { headers: ip(3) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", changeable: false, closedReason: "cancelled" });
    await drain();
    expect((await appointment(a.id)).status).toBe("cancelled");
    expect(await getDb().select().from(calendarEvents).where(eq(calendarEvents.eventId, a.calendarEventId!))).toHaveLength(0);
    const again = await api("POST", `/api/self-service/${token}/cancel`, { headers: { ...ip(3), "accept-language": "fr" } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Ce rendez-vous a été annulé.");
  });

  it("refuses a time that is taken, or not one the rules offer", async () => {
    const caller = newCaller();
    await bookedBy(p, caller, "12:00");
    const other = newCaller();
    const taken = await bookedBy(p, other, "12:30");
    const { token } = await linkTextedTo(caller);
    const onTaken = await api("POST", `/api/self-service/${token}/move`, { body: { start: taken.startsAt.toISOString() }, headers: ip(4) });
    expect(onTaken.status).toBe(409);
    expect(onTaken.body.message).toBe("Someone has just taken this time. Choose another one.");
    const offGrid = new Date(taken.startsAt.getTime() + 7 * 60_000).toISOString();
    expect((await api("POST", `/api/self-service/${token}/move`, { body: { start: offGrid }, headers: ip(4) })).status).toBe(409);
    const soon = new Date(Date.now() + 2 * 3_600_000).toISOString();
    expect((await api("POST", `/api/self-service/${token}/move`, { body: { start: soon }, headers: ip(4) })).status).toBe(409);
    expect((await api("POST", `/api/self-service/${token}/move`, { body: { start: "tomorrow" }, headers: ip(4) })).status).toBe(400);
  });

  it("answers an altered link with 404 and an expired one with 410, each with a clear message", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "13:00");
    const { token } = await linkTextedTo(caller);
    const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const res = await api("GET", `/api/self-service/${altered}`, { headers: ip(5) });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("This link is not valid. Use the link in your latest message, or call the practice.");
    const expired = selfServiceToken(process.env.AUTH_SECRET!, a.id, new Date(Date.now() - 60_000));
    const gone = await api("GET", `/api/self-service/${expired}`, { headers: { ...ip(5), "accept-language": "es" } });
    expect(gone.status).toBe(410);
    expect(gone.body.message).toMatch(/^Este enlace ha caducado/);
    expect((await api("POST", `/api/self-service/${expired}/cancel`, { headers: ip(5) })).status).toBe(410);
    expect((await appointment(a.id)).status).toBe("booked");
  });

  it("closes online changes inside the owner's cut-off, by link and by text", async () => {
    const owner = await practice("Cabinet Délai");
    const caller = newCaller();
    const a = await bookedBy(owner, caller, "14:00", dayAhead(2));
    const { token } = await linkTextedTo(caller);
    const set = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { selfServiceCutoffHours: 96 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.selfServiceCutoffHours).toBe(96);
    const view = await api("GET", `/api/self-service/${token}`, { headers: ip(6) });
    expect(view.body).toMatchObject({ changeable: false, closedReason: "cutoff", cutoffHours: 96 });
    const refused = await api("POST", `/api/self-service/${token}/cancel`, { headers: { ...ip(6), "accept-language": "fr" } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Les modifications en ligne ferment 96 heures avant le rendez-vous. Merci d'appeler le cabinet.");
    // By text: no "reply YES", the caller is told to call.
    expect((await telnyx(messageReceived(caller, owner.line, "X"))).status).toBe(200);
    await drain();
    expect((await appointment(a.id)).status).toBe("booked");
    const [last] = await getDb()
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, caller))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(last!.body).toMatch(/too close to cancel by text\. To cancel it, call /);
    // Out of range: refused with the field's name.
    for (const bad of [-1, 169, 2.5, "soon"]) {
      const res = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { selfServiceCutoffHours: bad } });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toBe("Online changes must be a whole number of hours between 0 and 168");
    }
  });

  it("limits how many requests one address makes", async () => {
    const caller = newCaller();
    await bookedBy(p, caller, "15:00");
    const { token } = await linkTextedTo(caller);
    let status = 200;
    for (let i = 0; i < 125 && status === 200; i++) status = (await api("GET", `/api/self-service/${token}`, { headers: ip(99) })).status;
    expect(status).toBe(429);
    expect((await api("GET", `/api/self-service/${token}`, { headers: ip(98) })).status).toBe(200);
  });
});
