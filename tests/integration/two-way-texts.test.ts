// Callers answering our texts: Telnyx message.received events, signed as Telnyx signs them, through the real webhook
// route and database, the job queue drained in-process. An answer about the caller's next appointment confirms it,
// asks before cancelling it, or says how to change it; anything else lands in the owner's inbox with an email.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calendarEvents, notifications, optOuts, pendingReplies, threadMessages, threads } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { sandboxTelnyxKeys, signTelnyxPayload } from "@/lib/vendors/telnyx/webhook";
import { addPoolNumbers, api } from "../helpers/api";
import { messageReceived, type InboundOptions } from "../helpers/telnyx-events";
import { dayAhead, newCallId, practice, telnyx, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
/** A French mobile number of this run, distinct for each caller: +33 76…, where every number is a valid mobile. */
const newCaller = () => `+3376${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;

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
  const callId = newCallId();
  expect((await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }))).status).toBe(200);
  const said = await vapiTool(p.line, callId, caller, "book_appointment", { date: day, time, name: "Jeanne Texte" });
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
    // Not CANCEL: carriers and Telnyx read it as an opt-out from every text of the line.
    expect(sms?.body).toContain("Reply C to confirm or X to cancel.");
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

  it('"ANNULER" then "OK" keeps the appointment and confirms it: only an explicit yes cancels', async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "15:30");
    await text(p, caller, "ANNULER");
    await text(p, caller, "OK");
    const kept = await appointment(a.id);
    expect(kept.status).toBe("booked");
    expect(kept.confirmedAt).not.toBeNull();
    expect(await getDb().select().from(pendingReplies).where(eq(pendingReplies.callerPhone, caller))).toHaveLength(0);
  });

  it('"X" then "NO" keeps the appointment; a "yes" after the question expired cancels nothing and confirms nothing', async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "15:00");
    await text(p, caller, "x");
    expect((await textsTo(caller)).at(-1)!.body).toMatch(/reply YES to cancel your appointment/);
    await text(p, caller, "no");
    expect((await appointment(a.id)).status).toBe("booked");
    expect((await textsTo(caller)).at(-1)!.body).toMatch(/is kept\.$/);

    await text(p, caller, "X");
    await getDb()
      .update(pendingReplies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingReplies.callerPhone, caller));
    await text(p, caller, "yes");
    const kept = await appointment(a.id);
    expect(kept.status).toBe("booked");
    // The caller meant to cancel: not a confirmation, and they are told how to ask again.
    expect(kept.confirmedAt).toBeNull();
    expect((await textsTo(caller)).at(-1)!.body).toMatch(/your request to cancel has expired, so nothing was cancelled\. Reply X/);
    // With nothing pending any more, a later "yes" is a confirmation.
    await text(p, caller, "yes");
    expect((await appointment(a.id)).confirmedAt).not.toBeNull();
  });

  it("the owner's cut-off is checked again at the yes: a yes that comes inside it cancels nothing and says to call", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "15:30", dayAhead(2));
    await text(p, caller, "ANNULER");
    // The question was asked outside the cut-off; by the yes, the appointment is inside it (here: the owner widened it).
    expect((await api("PUT", "/api/auth/update-profile", { token: p.token, body: { selfServiceCutoffHours: 96 } })).status).toBe(200);
    try {
      await text(p, caller, "OUI");
      expect((await appointment(a.id)).status).toBe("booked");
      expect((await textsTo(caller)).at(-1)!.body).toMatch(/too close to cancel by text/);
    } finally {
      await api("PUT", "/api/auth/update-profile", { token: p.token, body: { selfServiceCutoffHours: 24 } });
    }
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

  it("STOP still opts out, and so does a bare CANCEL, even with an appointment to cancel (carriers read it so)", async () => {
    const a = newCaller();
    await text(p, a, "STOP");
    expect(
      await getDb()
        .select()
        .from(optOuts)
        .where(and(eq(optOuts.userId, p.user.id), eq(optOuts.phone, a))),
    ).toHaveLength(2);
    const b = newCaller();
    const booked = await bookedBy(p, b, "12:30");
    await text(p, b, "CANCEL");
    expect(
      await getDb()
        .select()
        .from(optOuts)
        .where(and(eq(optOuts.userId, p.user.id), eq(optOuts.phone, b))),
    ).toHaveLength(2);
    expect(await getDb().select().from(pendingReplies).where(eq(pendingReplies.callerPhone, b))).toHaveLength(0);
    expect((await appointment(booked.id)).status).toBe("booked");
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

  it("a WhatsApp answer to the one sender every business shares reaches the business that last wrote to the caller", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "17:30");
    // The confirmation went out on WhatsApp too; the answer comes to the shared WhatsApp number, not the line.
    const res = await telnyx(messageReceived(caller, "+15550009999", "C", { type: "WHATSAPP" }));
    expect(res.status).toBe(200);
    await drain();
    expect((await appointment(a.id)).confirmedAt).not.toBeNull();
    // A stranger's text to a number no business holds changes nothing and is stored nowhere.
    const stranger = newCaller();
    expect((await telnyx(messageReceived(stranger, "+15550009999", "Hello?"))).status).toBe(200);
    expect(await getDb().select().from(threads).where(eq(threads.callerPhone, stranger))).toHaveLength(0);
  });

  it("an SMS to a line back in the pool reaches no business, not even the one that last wrote to the caller", async () => {
    const caller = newCaller();
    const a = await bookedBy(p, caller, "16:30");
    const [old] = await addPoolNumbers(1);
    for (const body of ["C", "Mes résultats sont arrivés ?"]) expect((await telnyx(messageReceived(caller, old!, body))).status).toBe(200);
    await drain();
    expect((await appointment(a.id)).confirmedAt).toBeNull();
    expect(await getDb().select().from(threads).where(eq(threads.callerPhone, caller))).toHaveLength(0);
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

describe("opt-outs belong to the business whose line was texted", () => {
  let dentist: Practice;
  let physio: Practice;
  beforeAll(async () => {
    dentist = await practice("Cabinet Dentaire Stop");
    physio = await practice("Kiné Stop");
  });
  const stopsOf = (caller: string) =>
    getDb().select({ userId: optOuts.userId, channel: optOuts.channel }).from(optOuts).where(eq(optOuts.phone, caller));
  const smsFrom = async (p: Practice, caller: string) =>
    (await textsTo(caller)).filter((n) => n.channel === "sms" && n.userId === p.user.id);

  it("a STOP to one practice silences that practice only: the other still confirms by text", async () => {
    const caller = newCaller();
    await bookedBy(dentist, caller, "09:00");
    await bookedBy(physio, caller, "09:00", dayAhead(4));
    await text(dentist, caller, "STOP");
    expect(await stopsOf(caller)).toEqual(
      expect.arrayContaining([
        { userId: dentist.user.id, channel: "sms" },
        { userId: dentist.user.id, channel: "whatsapp" },
      ]),
    );
    expect(await stopsOf(caller)).toHaveLength(2);

    // The next bookings: the dentist sends nothing more, the physiotherapist confirms as usual.
    const dentistBefore = (await smsFrom(dentist, caller)).length;
    const physioBefore = (await smsFrom(physio, caller)).length;
    await bookedBy(dentist, caller, "10:00", dayAhead(5));
    await bookedBy(physio, caller, "10:00", dayAhead(5));
    expect(await smsFrom(dentist, caller)).toHaveLength(dentistBefore);
    expect(await smsFrom(physio, caller)).toHaveLength(physioBefore + 1);

    // START to the physiotherapist's line changes nothing at the dentist's; START to the dentist's opts back in there.
    await text(physio, caller, "START");
    expect(await stopsOf(caller)).toHaveLength(2);
    await text(dentist, caller, "START");
    expect(await stopsOf(caller)).toHaveLength(0);
  });

  it("the sandbox's simulated caller opts a number out of the owner's own practice only", async () => {
    const caller = newCaller();
    const res = await api("POST", "/api/sandbox/texts", { token: physio.token, body: { from: caller, text: "STOP", channel: "sms" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ received: true, action: "opt-out" });
    expect(await stopsOf(caller)).toEqual(expect.arrayContaining([{ userId: physio.user.id, channel: "sms" }]));
    expect((await stopsOf(caller)).every((r) => r.userId === physio.user.id)).toBe(true);
    await bookedBy(dentist, caller, "11:00", dayAhead(6));
    expect(await smsFrom(dentist, caller)).toHaveLength(1);
  });

  it("a STOP to a line back in the pool silences no business, not even the one that last texted the caller", async () => {
    const caller = newCaller();
    await bookedBy(dentist, caller, "12:00", dayAhead(7));
    expect(await smsFrom(dentist, caller)).toHaveLength(1);
    const [old] = await addPoolNumbers(1);
    expect((await telnyx(messageReceived(caller, old!, "STOP"))).status).toBe(200);
    await drain();
    expect(await stopsOf(caller)).toHaveLength(0);
  });
});

describe("the inbox: GET /api/threads, GET /api/threads/{id}, POST /api/threads/{id}/messages, PATCH /api/threads/{id}", () => {
  let p: Practice;
  let other: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Boîte");
    other = await practice("Cabinet Voisin");
  });

  async function threadOf(owner: Practice, caller: string) {
    const list = await api("GET", "/api/threads", { token: owner.token });
    expect(list.status).toBe(200);
    return list.body.threads.find((t: { callerPhone: string }) => t.callerPhone === caller);
  }

  it("lists the caller's thread with their name, the last text and the unread count, and shows calls beside the texts", async () => {
    const caller = newCaller();
    await bookedBy(p, caller, "09:30");
    await text(p, caller, "Is there a lift in the building?");
    const t = await threadOf(p, caller);
    expect(t).toMatchObject({
      callerName: "Jeanne Texte",
      status: "open",
      unread: 1,
      lastText: { direction: "in", channel: "sms", body: "Is there a lift in the building?" },
      whatsappWindowEndsAt: null,
    });
    expect((await api("GET", "/api/threads", { token: p.token })).body.unread).toBeGreaterThanOrEqual(1);
    const detail = await api("GET", `/api/threads/${t.id}`, { token: p.token });
    expect(detail.status).toBe(200);
    expect(detail.body.items.map((i: { kind: string }) => i.kind)).toEqual(["call", "text"]);
    // Another business sees neither the thread nor its texts.
    expect(await threadOf(other, caller)).toBeUndefined();
    expect((await api("GET", `/api/threads/${t.id}`, { token: other.token })).status).toBe(404);
    expect((await api("POST", `/api/threads/${t.id}/messages`, { token: other.token, body: { channel: "sms", text: "Hi" } })).status).toBe(
      404,
    );
  });

  it("the owner's SMS reply goes out from the business's line, and the thread shows it sent and read", async () => {
    const caller = newCaller();
    await text(p, caller, "Do you take new patients?");
    const t = await threadOf(p, caller);
    const reply = await api("POST", `/api/threads/${t.id}/messages`, {
      token: p.token,
      body: { channel: "sms", text: "  Yes, call us to book.  " },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ kind: "text", direction: "out", channel: "sms", body: "Yes, call us to book.", status: "queued" });
    await drain();
    const [sent] = (await textsTo(caller)).filter((n) => n.body === "Yes, call us to book.");
    expect(sent).toMatchObject({ channel: "sms", status: "sent" });
    const detail = await api("GET", `/api/threads/${t.id}`, { token: p.token });
    expect(detail.body.unread).toBe(0);
    expect(detail.body.items.at(-1)).toMatchObject({ direction: "out", status: "sent" });
  });

  it("a reply moves the conversation out of the ones to handle, until the caller writes again", async () => {
    const caller = newCaller();
    await text(p, caller, "Can I bring my daughter along?");
    const t = await threadOf(p, caller);
    const inOpen = async () =>
      (await api("GET", "/api/threads?status=open", { token: p.token })).body.threads.some((x: { id: string }) => x.id === t.id);
    expect(await inOpen()).toBe(true);
    const reply = await api("POST", `/api/threads/${t.id}/messages`, { token: p.token, body: { channel: "sms", text: "Of course." } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(await inOpen()).toBe(false);
    expect(await threadOf(p, caller)).toMatchObject({ status: "done", unread: 0 });
    await text(p, caller, "Thank you! And parking?");
    expect(await threadOf(p, caller)).toMatchObject({ status: "open", unread: 1 });
    expect(await inOpen()).toBe(true);
  });

  it("a reply that cannot go (the caller sent STOP before it left) puts the conversation back among the ones to handle", async () => {
    const caller = newCaller();
    await text(p, caller, "Is the clinic open on Saturday?");
    const t = await threadOf(p, caller);
    const reply = await api("POST", `/api/threads/${t.id}/messages`, {
      token: p.token,
      body: { channel: "sms", text: "Yes, until noon." },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(await threadOf(p, caller)).toMatchObject({ status: "done" });
    // The STOP arrives while the reply waits in the queue.
    await getDb().insert(optOuts).values({ userId: p.user.id, phone: caller, channel: "sms" });
    await drain();
    const detail = await api("GET", `/api/threads/${t.id}`, { token: p.token });
    expect(detail.body.items.at(-1)).toMatchObject({ direction: "out", status: "failed" });
    expect(await threadOf(p, caller)).toMatchObject({ status: "open" });
  });

  it("marking the conversation handled handles the requests the caller left in it too, and no one else's", async () => {
    const caller = newCaller();
    const neighbour = newCaller();
    for (const [who, message] of [
      [caller, "Please renew my prescription"],
      [neighbour, "Please send my certificate"],
    ] as const)
      expect(await vapiTool(p.line, newCallId(), who, "take_message", { message })).toMatch(/^Your message/);
    await text(p, caller, "Did you get my message?");
    const t = await threadOf(p, caller);
    const openRequests = async () =>
      (await api("GET", "/api/tasks?status=open", { token: p.token })).body.tasks.map((x: { body: string }) => x.body);
    expect(await openRequests()).toEqual(expect.arrayContaining(["Please renew my prescription", "Please send my certificate"]));
    const done = await api("PATCH", `/api/threads/${t.id}`, { token: p.token, body: { status: "done" } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const open = await openRequests();
    expect(open).not.toContain("Please renew my prescription");
    expect(open).toContain("Please send my certificate");
    // Handled quietly: only the request's own action texts the caller.
    await drain();
    expect((await textsTo(caller)).filter((n) => /request/i.test(n.body))).toHaveLength(0);
  });

  it("refuses WhatsApp free text outside the 24-hour window with a clear message, and allows it inside", async () => {
    const caller = newCaller();
    await text(p, caller, "Hello by SMS");
    const t = await threadOf(p, caller);
    const refused = await api("POST", `/api/threads/${t.id}/messages`, {
      token: p.token,
      body: { channel: "whatsapp", text: "Bonjour" },
      headers: { "accept-language": "fr" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "WhatsApp n'autorise un message libre que dans les 24 heures suivant le dernier message WhatsApp du patient. Répondez par SMS.",
    );
    expect(
      await getDb()
        .select()
        .from(threadMessages)
        .where(and(eq(threadMessages.threadId, t.id), eq(threadMessages.direction, "out"))),
    ).toHaveLength(0);

    // A WhatsApp message 25 hours ago: the window has closed.
    await getDb()
      .update(threads)
      .set({ whatsappWindowEndsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(threads.id, t.id));
    expect((await api("POST", `/api/threads/${t.id}/messages`, { token: p.token, body: { channel: "whatsapp", text: "Hi" } })).status).toBe(
      409,
    );

    await text(p, caller, "Hello on WhatsApp", { type: "WHATSAPP" });
    const ok = await api("POST", `/api/threads/${t.id}/messages`, { token: p.token, body: { channel: "whatsapp", text: "Hi there" } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    await drain();
    expect((await textsTo(caller)).find((n) => n.body === "Hi there")).toMatchObject({ channel: "whatsapp", status: "sent" });
  });

  it("refuses to text a caller who sent STOP", async () => {
    const caller = newCaller();
    await text(p, caller, "Who is this?");
    await text(p, caller, "STOP");
    const t = await threadOf(p, caller);
    const res = await api("POST", `/api/threads/${t.id}/messages`, { token: p.token, body: { channel: "sms", text: "Sorry" } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This caller asked not to receive texts (STOP). Call them instead.");
  });

  it("marks a thread read, done and open again; a new text reopens a done thread", async () => {
    const caller = newCaller();
    await text(p, caller, "Thanks for yesterday");
    const t = await threadOf(p, caller);
    expect((await api("PATCH", `/api/threads/${t.id}`, { token: p.token, body: { read: true } })).body).toMatchObject({
      unread: 0,
      status: "open",
    });
    expect((await api("PATCH", `/api/threads/${t.id}`, { token: p.token, body: { status: "done" } })).body.status).toBe("done");
    const open = await api("GET", "/api/threads?status=open", { token: p.token });
    expect(open.body.threads.some((x: { id: string }) => x.id === t.id)).toBe(false);
    await text(p, caller, "One more question");
    expect(await threadOf(p, caller)).toMatchObject({ status: "open", unread: 1 });
  });

  it("answers 400 for a bad reply or update, 404 for a thread id that is not one", async () => {
    const caller = newCaller();
    await text(p, caller, "Hello");
    const t = await threadOf(p, caller);
    for (const body of [{ channel: "sms", text: "   " }, { channel: "fax", text: "Hi" }, { channel: "sms", text: "x".repeat(1001) }, {}]) {
      const res = await api("POST", `/api/threads/${t.id}/messages`, { token: p.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await api("PATCH", `/api/threads/${t.id}`, { token: p.token, body: {} })).status).toBe(400);
    expect((await api("PATCH", `/api/threads/${t.id}`, { token: p.token, body: { status: "archived" } })).status).toBe(400);
    expect((await api("GET", "/api/threads/not-a-uuid", { token: p.token })).status).toBe(404);
    expect((await api("GET", "/api/threads?status=nope", { token: p.token })).status).toBe(400);
    expect((await api("GET", "/api/threads")).status).toBe(401);
  });
});
