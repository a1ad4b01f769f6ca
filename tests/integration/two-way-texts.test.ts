// Callers answering our texts: Telnyx message.received events, signed as Telnyx signs them, through the real webhook
// route and database, the job queue drained in-process. An answer about the caller's next appointment confirms it,
// asks before cancelling it, or says how to change it; anything else lands in the owner's inbox with an email.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calendarEvents, notifications, optOuts, pendingReplies, threadMessages, threads } from "@/db/schema";
import { drainJobs } from "@/lib/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { sandboxTelnyxKeys, signTelnyxPayload } from "@/lib/vendors/telnyx/webhook";
import { api } from "../helpers/api";
import { messageReceived, type InboundOptions } from "../helpers/telnyx-events";
import { dayAhead, newCallId, practice, telnyx, vapiTool, type Practice } from "../helpers/practice";

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
/** A French mobile number of this run (+33 7 …), distinct for each caller. */
const newCaller = () => `+337${runTag}${String(++callers).padStart(4, "0")}`;

async function text(p: Practice, from: string, body: string, opts: InboundOptions = {}): Promise<string> {
  const res = await telnyx(messageReceived(from, p.line, body, opts));
  expect(res.status).toBe(200);
  await drain();
  return body;
}

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

/** Books a slot by phone for `caller` (their caller ID is the appointment's number) and returns the appointment. */
async function bookedBy(p: Practice, caller: string, time: string, day = dayAhead(3)) {
  const said = await vapiTool(p.line, newCallId(), caller, "book_appointment", { date: day, time, name: "Jeanne Texte" });
  expect(said).toMatch(/^Booked/);
  await drain();
  const [a] = await getDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, caller)))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  return a!;
}

/** The texts sent to `to`, oldest first. */
async function textsTo(to: string) {
  return getDb().select().from(notifications).where(eq(notifications.recipient, to)).orderBy(notifications.createdAt);
}

async function appointment(id: string) {
  const [a] = await getDb().select().from(appointments).where(eq(appointments.id, id));
  return a!;
}

describe("answers to a confirmation or a reminder", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Réponse");
  });

  it("tells the caller which answers it reads, in the confirmation text", async () => {
    const caller = newCaller();
    await bookedBy(p, caller, "09:00");
    const sms = (await textsTo(caller)).find((n) => n.channel === "sms");
    expect(sms?.body).toContain("Reply C to confirm or CANCEL to cancel.");
  });

  it('"C" confirms the next appointment: it shows confirmed, and the caller is thanked', async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "10:00");
    expect(a.confirmedAt).toBeNull();
    await text(p, caller, "C");
    expect((await appointment(a.id)).confirmedAt).not.toBeNull();
    const list = await api("GET", "/api/appointments", { token: p.token });
    expect(list.body.upcoming.find((x: { id: string }) => x.id === a.id)?.confirmedAt).toBeTruthy();
    const last = (await textsTo(caller)).at(-1)!;
    expect(last.channel).toBe("sms");
    expect(last.body).toMatch(/^Cabinet Réponse: thank you, your appointment on .* is confirmed\.$/);
    expect(await getDb().select().from(threads).where(eq(threads.callerPhone, caller))).toHaveLength(0);
  });

  it('"Oui !" and "sí" confirm too, whatever the accents and punctuation', async () => {
    for (const answer of ["Oui !", "sí", "ok."]) {
      const caller = newCaller();
      const a = await bookedBy(p, caller, answer === "sí" ? "10:30" : answer === "ok." ? "12:00" : "11:00");
      await text(p, caller, answer);
      expect((await appointment(a.id)).confirmedAt, answer).not.toBeNull();
    }
  });

  it('"ANNULER" asks first; "OUI" then cancels, frees the slot and removes the calendar event', async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "14:00");
    const [event] = await getDb().select().from(calendarEvents).where(eq(calendarEvents.userId, p.user.id));
    expect(event).toBeDefined();
    const eventsBefore = await getDb().select().from(calendarEvents).where(eq(calendarEvents.userId, p.user.id));
    const eventId = a.calendarEventId!;
    expect(eventsBefore.some((e) => e.eventId === eventId)).toBe(true);

    await text(p, caller, "ANNULER");
    expect((await appointment(a.id)).status).toBe("booked");
    expect((await textsTo(caller)).at(-1)!.body).toMatch(/reply YES to cancel your appointment on .*, or NO to keep it/);
    // Not an opt-out, although CANCEL-like words are carrier stop words: there was an appointment to cancel.
    expect(await getDb().select().from(optOuts).where(eq(optOuts.phone, caller))).toHaveLength(0);

    await text(p, caller, "OUI");
    const after = await appointment(a.id);
    expect(after.status).toBe("cancelled");
    const eventsAfter = await getDb().select().from(calendarEvents).where(eq(calendarEvents.userId, p.user.id));
    expect(eventsAfter.some((e) => e.eventId === eventId)).toBe(false);
    expect((await textsTo(caller)).some((n) => n.channel === "sms" && /has been cancelled/.test(n.body))).toBe(true);
    // The slot is free again: another caller books it.
    const other = newCaller();
    const rebooked = await bookedBy(p, other, "14:00");
    expect(rebooked.startsAt.getTime()).toBe(a.startsAt.getTime());
  });

  it('"CANCEL" then "NO" keeps the appointment; a "yes" long after asks nothing and cancels nothing', async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "15:00");
    await text(p, caller, "cancel");
    await text(p, caller, "no");
    expect((await appointment(a.id)).status).toBe("booked");
    expect((await textsTo(caller)).at(-1)!.body).toMatch(/is kept\.$/);

    await text(p, caller, "cancel");
    await getDb()
      .update(pendingReplies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingReplies.callerPhone, caller));
    await text(p, caller, "yes");
    const kept = await appointment(a.id);
    expect(kept.status).toBe("booked");
    // With nothing pending, "yes" is a confirmation.
    expect(kept.confirmedAt).not.toBeNull();
  });

  it("a yes to a cancellation asked before the appointment was moved cancels nothing, and says so", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "16:00");
    await text(p, caller, "ANNULER");
    // The caller moves it by phone before answering.
    const said = await vapiTool(p.line, newCallId(), caller, "reschedule_appointment", {
      appointmentId: a.id,
      date: dayAhead(4),
      time: "16:00",
    });
    expect(said).toMatch(/^Done: the appointment is moved/);
    await drain();
    await text(p, caller, "OUI");
    expect((await appointment(a.id)).status).toBe("booked");
    expect((await textsTo(caller)).at(-1)!.body).toMatch(/nothing was cancelled/);
  });

  it("a change request is answered with how to change it", async () => {
    const caller = newCaller();
    await bookedBy(p, caller, "17:00");
    await text(p, caller, "Changer");
    expect((await textsTo(caller)).at(-1)!.body).toMatch(/to change your appointment on .*, (open|call) /);
  });

  it("STOP still opts out, and a CANCEL with no appointment to cancel is an opt-out", async () => {
    const a = newCaller();
    await text(p, a, "STOP");
    expect(await getDb().select().from(optOuts).where(eq(optOuts.phone, a))).toHaveLength(2);
    const b = newCaller();
    await text(p, b, "CANCEL");
    expect(await getDb().select().from(optOuts).where(eq(optOuts.phone, b))).toHaveLength(2);
  });

  it("anything else goes to the owner's inbox as a thread, and the owner is emailed once until it is read", async () => {
    const caller = newCaller();
    await bookedBy(p, caller, "08:30");
    await text(p, caller, "Bonjour, puis-je venir avec ma fille ?");
    await text(p, caller, "Elle a 6 ans");
    const [thread] = await getDb()
      .select()
      .from(threads)
      .where(and(eq(threads.userId, p.user.id), eq(threads.callerPhone, caller)));
    expect(thread).toMatchObject({ status: "open", unread: 2 });
    const messages = await getDb().select().from(threadMessages).where(eq(threadMessages.threadId, thread!.id));
    expect(messages.map((m) => m.body).sort()).toEqual(["Bonjour, puis-je venir avec ma fille ?", "Elle a 6 ans"]);
    const owner = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, p.user.email), eq(notifications.channel, "email")));
    const about = owner.filter((n) => n.subject?.startsWith("New text from"));
    expect(about).toHaveLength(1);
    expect(about[0]!.subject).toBe("New text from Jeanne Texte");
    expect(about[0]!.body).toContain("Bonjour, puis-je venir avec ma fille ?");
    expect(about[0]!.links[0]).toContain(`/dashboard/inbox?thread=${thread!.id}`);
  });

  it("a replayed event changes nothing the second time, and a forged one is refused before anything is read", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "13:00");
    const raw = messageReceived(caller, p.line, "ANNULER");
    expect((await telnyx(raw)).status).toBe(200);
    await drain();
    const asked = (await textsTo(caller)).length;
    expect((await telnyx(raw)).status).toBe(200);
    await drain();
    expect(await textsTo(caller)).toHaveLength(asked);

    // Forged: signed with a key that is not Telnyx's (nor the sandbox's).
    const forgedRaw = messageReceived(caller, p.line, "OUI");
    const ts = Math.floor(Date.now() / 1000);
    const { privateKey } = sandboxTelnyxKeys("not the installation's secret");
    const { POST } = await import("@/app/api/webhooks/telnyx/route");
    const forged = await POST(
      new Request("http://localhost:3000/api/webhooks/telnyx", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "telnyx-timestamp": String(ts),
          "telnyx-signature-ed25519": signTelnyxPayload(forgedRaw, privateKey, ts),
        },
        body: forgedRaw,
      }),
    );
    expect(forged.status).toBe(401);
    await drain();
    expect((await appointment(a.id)).status).toBe("booked");
  });

  it("a WhatsApp answer is answered on WhatsApp, and opens the thread's 24-hour window", async () => {
    const caller = newCaller();
    await bookedBy(p, caller, "08:00");
    await text(p, caller, "Can I park nearby?", { type: "WHATSAPP" });
    const [thread] = await getDb().select().from(threads).where(eq(threads.callerPhone, caller));
    expect(thread!.whatsappWindowEndsAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await text(p, caller, "C", { type: "WHATSAPP" });
    const last = (await textsTo(caller)).at(-1)!;
    expect(last.channel).toBe("whatsapp");
    expect(last.body).toMatch(/is confirmed\.$/);
  });
});
