// The receptionist end to end through Vapi's server URL: the real route, the real database, the sandbox calendar and
// outbox, and the job queue drained in-process.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calendarEvents, calls, notifications, practitioners, subscriptions } from "@/db/schema";
import { jobHandlers } from "@/lib/server/job-handlers";
import { drainJobs } from "@/lib/platform/jobs/queue";
import type { CalendarOperations } from "@/lib/ports/calendar";
import { handleVapiMessage, type VapiDeps } from "@/lib/vendors/vapi/webhook";
import { appContext } from "@/lib/server/context";
import { cancel, reschedule } from "@/lib/scheduling/booking/commands";
import { loadBusiness } from "@/lib/accounts/business/business";
import { readReply, type ToolReply } from "@/lib/receptionist/tools/replies";
import { vapiAssistantErrors } from "../helpers/vapi-schema";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, type Account } from "../helpers/api";

const SECRET = { "x-vapi-secret": "test-vapi-secret" };
const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: open, sunday: open };

type Practice = Account & { line: string };

async function practice(opts: { entitled?: boolean; language?: "en" | "fr" | "es"; ownerPhone?: string } = {}): Promise<Practice> {
  const owner = await registerOwner({
    businessName: "Cabinet Lumière",
    workingHours: EVERY_DAY,
    appointmentDuration: "30",
    phone: opts.ownerPhone,
  });
  await connectSandboxCalendar(owner.token);
  await getDb()
    .insert(subscriptions)
    .values({ userId: owner.user.id, status: "trialing", trialEndsAt: new Date(Date.now() + 7 * 86_400_000) });
  await addPoolNumbers(1);
  const claim = await api("GET", "/api/phone-numbers/claim", { token: owner.token });
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  // Not entitled: the trial has ended since the number was claimed (the number is kept through the grace period).
  if (opts.entitled === false) {
    await getDb()
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, owner.user.id));
  }
  const ai = await api("POST", "/api/ai/parameters", {
    token: owner.token,
    body: {
      language: opts.language ?? "en",
      voiceId:
        opts.language === "fr" ? "voice_french_male_1" : opts.language === "es" ? "voice_spanish_female_1" : "voice_english_female_1",
      firstMessage: "",
      agentName: "Léa",
    },
  });
  expect(ai.status).toBe(201);
  return { ...owner, line: claim.body.phoneNumber };
}

let seq = 0;
const newCallId = () => `call-${Date.now().toString(36)}-${++seq}`;

function envelope(p: Practice, callId: string, caller: string, message: Record<string, unknown>) {
  return { message: { call: { id: callId, customer: { number: caller } }, phoneNumber: { number: p.line }, ...message } };
}

async function vapi(body: unknown, headers: Record<string, string> = SECRET) {
  return api("POST", "/api/webhooks/vapi", { body, headers });
}

/** The reply the model gets for one tool call: the words the caller hears, and the times and ids it passes back. */
async function toolReply(p: Practice, callId: string, caller: string, name: string, args: unknown, toolCallId = `tc-${++seq}`) {
  const res = await vapi(
    envelope(p, callId, caller, {
      type: "tool-calls",
      toolCallList: [{ id: toolCallId, type: "function", function: { name, arguments: args } }],
    }),
  );
  expect(res.status).toBe(200);
  const [r] = res.body.results;
  expect(r.toolCallId).toBe(toolCallId);
  return readReply((r.result ?? r.error) as string);
}

/** What the caller hears of one tool call. */
async function tool(p: Practice, callId: string, caller: string, name: string, args: unknown, toolCallId = `tc-${++seq}`) {
  return (await toolReply(p, callId, caller, name, args, toolCallId)).say;
}

const timesOf = (reply: ToolReply) => (reply.slots ?? []).map((o) => `${o.date} ${o.time}`);

/** A day two days ahead in Paris, so every slot of it is past the notice period whatever the hour of the run. */
function dayAhead(days = 2): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

describe("Vapi server URL", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice({ ownerPhone: "+33612345678" });
  });

  it("refuses a missing or wrong secret with 401 before reading the body, and accepts the Bearer form", async () => {
    const callId = newCallId();
    const body = envelope(p, callId, "+33700000001", { type: "status-update", status: "in-progress" });
    expect((await vapi(body, {})).status).toBe(401);
    expect((await vapi(body, { "x-vapi-secret": "wrong" })).status).toBe(401);
    expect((await vapi(body, { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await api("POST", "/api/webhooks/vapi", { raw: "not json", headers: { "x-vapi-secret": "nope" } })).status).toBe(401);
    expect(await getDb().select().from(calls).where(eq(calls.providerCallId, callId))).toHaveLength(0);
    expect((await vapi(body, { authorization: "Bearer test-vapi-secret" })).status).toBe(200);
    expect(await getDb().select().from(calls).where(eq(calls.providerCallId, callId))).toHaveLength(1);
    expect((await api("POST", "/api/webhooks/vapi", { raw: "{oops", headers: SECRET })).status).toBe(400);
  });

  it("answers assistant-request with a transient assistant built from the business's settings", async () => {
    const res = await vapi(envelope(p, newCallId(), "+33700000002", { type: "assistant-request" }));
    expect(res.status).toBe(200);
    const a = res.body.assistant;
    expect(a.firstMessage).toMatch(/^Hello, you are speaking with Léa, the virtual assistant of Cabinet Lumière\. This call is recorded\./);
    // Deepgram's multilingual mode: a caller in English, French or Spanish is understood on this English line.
    expect(a.transcriber).toMatchObject({ provider: "deepgram", language: "multi" });
    expect(a.voice).toEqual({ provider: "azure", voiceId: "en-US-EmmaMultilingualNeural" });
    const names = a.model.tools.map((t: { function?: { name: string }; type: string }) => t.function?.name ?? t.type);
    expect(names).toEqual([
      "check_availability",
      "book_appointment",
      "find_my_appointments",
      "reschedule_appointment",
      "cancel_appointment",
      "send_verification_code",
      "verify_code",
      "add_to_waitlist",
      "take_message",
      "report_spam",
      "transferCall",
      "endCall",
    ]);
    expect(a.model.tools.find((t: { type: string }) => t.type === "transferCall").destinations[0].number).toBe("+33612345678");
    const prompt = a.model.messages[0].content as string;
    // The emergency rule opens the instructions, before anything a tool could do.
    expect(prompt.split("\n")[0]).toMatch(/^EMERGENCIES COME FIRST/);
    // A business that did not say what it is: no advice of any trade.
    expect(prompt).toContain("Never give advice on health, law or money");
    // The caller ID as the business's country writes it.
    expect(prompt).toContain("07 00 00 00 02");
    expect(a.server.headers["x-vapi-secret"]).toBe("test-vapi-secret");
  });

  it("speaks Spanish with the owner's Spanish voice once the AI settings say so, introduced by the voice's name", async () => {
    const es = await practice();
    const saved = await api("PUT", "/api/ai/parameters", {
      token: es.token,
      body: { language: "es", voiceId: "voice_spanish_female_1", firstMessage: "", agentName: "" },
    });
    expect(saved.status).toBe(200);
    const res = await vapi(envelope(es, newCallId(), "+34600000001", { type: "assistant-request" }));
    expect(res.status).toBe(200);
    const a = res.body.assistant;
    expect(a.firstMessage).toBe(
      "Hola, está hablando con Isidora, la asistente virtual de Cabinet Lumière. Esta llamada se graba. ¿En qué puedo ayudarle?",
    );
    expect(a.voice).toEqual({ provider: "azure", voiceId: "es-ES-IsidoraMultilingualNeural" });
    expect(a.transcriber).toMatchObject({ provider: "deepgram", language: "multi" });
    expect(a.metadata.language).toBe("es");
    // Vapi's end-of-turn model is English only.
    expect(a.startSpeakingPlan.smartEndpointingPlan).toBeUndefined();
    expect(vapiAssistantErrors(a)).toEqual([]);
  }, 60_000);

  it("transfers to the owner's phone typed in national form, as the E.164 number Vapi dials", async () => {
    const local = await practice({ ownerPhone: "06 12 34 56 78" });
    const res = await vapi(envelope(local, newCallId(), "+33700000003", { type: "assistant-request" }));
    const transfer = res.body.assistant.model.tools.find((t: { type: string }) => t.type === "transferCall");
    expect(transfer.destinations[0].number).toBe("+33612345678");
  });

  it("says the number is not in service for a line no business holds", async () => {
    const res = await vapi({ message: { type: "assistant-request", call: { id: newCallId() }, phoneNumber: { number: "+19990000000" } } });
    expect(res.body).toEqual({ error: "Sorry, this number is not in service." });
  });

  it("books by phone: availability, booking, calendar event, messages, reminder, call log", async () => {
    const callId = newCallId();
    const caller = "+33761111111";
    const day = dayAhead(3);
    const offered = await toolReply(p, callId, caller, "check_availability", { date: day });
    expect(timesOf(offered)).toContain(`${day} 08:00`);
    // The words name the day of every time they offer, in the caller's language.
    expect(offered.say).toMatch(
      /^On \w+day, \w+ \d+ we are open from 8:00 AM to 6:00 PM\. I can offer \w+day, \w+ \d+ at 8:00 AM, 8:30 AM, or 9:00 AM\.$/,
    );
    // Arguments as a JSON string, as the SDK types them.
    const booked = await tool(
      p,
      callId,
      caller,
      "book_appointment",
      JSON.stringify({ date: day, time: "08:00", name: "Marie Curie", reason: "Check-up", email: "marie@example.com" }),
      "tc-book-1",
    );
    expect(booked).toMatch(/^Booked: Marie Curie, .* 8:00\sAM\. The confirmation goes by text message, WhatsApp, and email\.$/);
    // The same tool call retried: the same booking, not a second one.
    expect(await tool(p, callId, caller, "book_appointment", { date: day, time: "08:00", name: "Marie Curie" }, "tc-book-1")).toMatch(
      /^Booked/,
    );

    const db = getDb();
    const rows = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, caller)));
    expect(rows).toHaveLength(1);
    const appt = rows[0]!;
    expect(appt).toMatchObject({ source: "phone", status: "booked", calendarSyncStatus: "synced", language: "en" });
    // With the business's one practitioner (the owner): a call that names no one books the first.
    const [practitioner] = await db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, p.user.id));
    expect(appt.practitionerId).toBe(practitioner!.id);
    const events = await db.select().from(calendarEvents).where(eq(calendarEvents.userId, p.user.id));
    expect(events.map((e) => e.eventId)).toContain(appt.calendarEventId);
    expect(events.find((e) => e.eventId === appt.calendarEventId)!.description).toContain("Reason: Check-up");

    // The slot is gone for the next caller.
    expect(timesOf(await toolReply(p, newCallId(), "+33722222222", "check_availability", { date: day }))).not.toContain(`${day} 08:00`);

    await drain();
    const sent = await db.select().from(notifications).where(eq(notifications.userId, p.user.id));
    const to = (channel: string, recipient: string) =>
      sent.filter((n) => n.channel === channel && n.recipient === recipient && n.status === "sent");
    expect(to("sms", caller)).toHaveLength(1);
    expect(to("sms", caller)[0]!.body).not.toContain("Check-up");
    expect(to("whatsapp", caller)).toHaveLength(1);
    expect(to("email", "marie@example.com")).toHaveLength(1);
    expect(to("email", "marie@example.com")[0]!.attachments).toEqual([
      { filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" },
    ]);
    expect(to("email", p.email)).toHaveLength(1);
    expect(to("email", p.email)[0]!.body).toContain("Check-up");
    // Draining again sends nothing twice.
    await drain();
    expect(await db.select().from(notifications).where(eq(notifications.userId, p.user.id))).toHaveLength(sent.length);

    const reminders = await db.execute<{ start_after: Date }>(
      sql`select start_after from pgboss.job where name = 'appointment-reminder' and data->>'appointmentId' = ${appt.id}`,
    );
    expect(reminders).toHaveLength(1);
    expect(new Date(reminders[0]!.start_after).getTime()).toBe(appt.startsAt.getTime() - 86_400_000);

    const report = envelope(p, callId, caller, {
      type: "end-of-call-report",
      endedReason: "customer-ended-call",
      startedAt: "2026-11-20T10:00:00.000Z",
      endedAt: "2026-11-20T10:03:05.000Z",
      artifact: { transcript: "AI: Hello. User: I'd like an appointment.", recordingUrl: "https://recordings.example/1.wav" },
      analysis: { summary: "Booked a check-up for Marie Curie." },
    });
    expect((await vapi(report)).status).toBe(200);
    // A replayed report changes nothing.
    const replay = structuredClone(report) as unknown as { message: { analysis: { summary: string } } };
    replay.message.analysis.summary = "Something else";
    expect((await vapi(replay)).status).toBe(200);

    const list = await api("GET", "/api/calls", { token: p.token });
    const call = list.body.calls.find((c: { fromNumber: string }) => c.fromNumber === caller);
    expect(call).toMatchObject({ outcome: "booked", status: "ended", durationSeconds: 185, summary: "Booked a check-up for Marie Curie." });
    const detail = await api("GET", `/api/calls/${call.id}`, { token: p.token });
    expect(detail.body).toMatchObject({
      transcript: "AI: Hello. User: I'd like an appointment.",
      recordingUrl: "https://recordings.example/1.wav",
    });
    expect(detail.body.appointments.map((a: { id: string }) => a.id)).toEqual([appt.id]);
    const other = await registerOwner();
    expect((await api("GET", `/api/calls/${call.id}`, { token: other.token })).status).toBe(404);
  });

  it("lets a caller find, move and cancel their own appointment, keeping the calendar in step", async () => {
    const caller = "+33733333333";
    const day = dayAhead(4);
    const callId = newCallId();
    expect(await tool(p, callId, caller, "find_my_appointments", {})).toMatch(
      /^I found no upcoming appointment for the number you are calling from\. If it was booked with another mobile number/,
    );
    expect(await tool(p, callId, caller, "book_appointment", { start: `${day}T10:00`, name: "Louis Pasteur" })).toMatch(/^Booked/);
    const [appt] = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, caller)));
    const mine = await toolReply(p, callId, caller, "find_my_appointments", {});
    expect(mine.appointments!.map((a) => a.id)).toEqual([appt!.id]);
    expect(mine.say).toMatch(/^You have one upcoming appointment: \w+day, \w+ \d+ at 10:00 AM\.$/);
    // Someone else's number cannot see or touch it.
    expect(await tool(p, callId, "+33799999999", "cancel_appointment", { appointmentId: appt!.id })).toBe(
      "I found no upcoming appointment for the number you are calling from. If it was booked with another mobile number, tell me that number and I will text it a code to check it is yours.",
    );

    // Without the appointment's id nothing moves, even for a caller with one appointment: they are asked which.
    const which = await toolReply(p, callId, caller, "reschedule_appointment", { date: day, time: "11:30" });
    expect(which.say).toMatch(/^Your appointment is \w+day, \w+ \d+ at 10:00 AM\. Is that the one you mean\?$/);
    expect(which.appointments!.map((a) => a.id)).toEqual([appt!.id]);
    const move = { appointmentId: appt!.id, date: day, time: "11:30" };
    expect(await tool(p, callId, caller, "reschedule_appointment", move)).toMatch(/^Done: the appointment is moved to .*11:30/);
    // The same move asked again (a retried tool call) changes nothing and tells nobody twice.
    expect(await tool(p, callId, caller, "reschedule_appointment", move)).toMatch(/^Done: the appointment is moved to .*11:30/);
    const [moved] = await getDb().select().from(appointments).where(eq(appointments.id, appt!.id));
    expect(moved!.version).toBe(2);
    const notices = await getDb().execute(
      sql`select id from pgboss.job where name = 'appointment-notice' and data->>'appointmentId' = ${appt!.id} and data->>'kind' = 'reschedule'`,
    );
    expect(notices).toHaveLength(1);
    const [event] = await getDb().select().from(calendarEvents).where(eq(calendarEvents.eventId, moved!.calendarEventId!));
    expect(event!.startsAt.getTime()).toBe(moved!.startsAt.getTime());

    expect(await tool(p, callId, caller, "cancel_appointment", {})).toMatch(/Is that the one you mean\?$/);
    expect((await getDb().select().from(appointments).where(eq(appointments.id, appt!.id)))[0]!.status).toBe("booked");
    expect(await tool(p, callId, caller, "cancel_appointment", { appointmentId: appt!.id })).toMatch(
      /^Done: your appointment on .* is cancelled\.$/,
    );
    expect(await getDb().select().from(calendarEvents).where(eq(calendarEvents.eventId, moved!.calendarEventId!))).toHaveLength(0);
    const [{ outcome }] = (await getDb().select({ outcome: calls.outcome }).from(calls).where(eq(calls.providerCallId, callId))) as [
      { outcome: string },
    ];
    expect(outcome).toBe("booked");
  });

  it("lets no phone-side change through without the caller's number: whose appointment it is cannot be told", async () => {
    const day = dayAhead(5);
    expect(await tool(p, newCallId(), "+33734343434", "book_appointment", { start: `${day}T15:00`, name: "Marie Curie" })).toMatch(
      /^Booked/,
    );
    const [appt] = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, "+33734343434")));
    const biz = (await loadBusiness(getDb(), p.user.id))!;
    const deps = appContext().booking;
    const unknownCaller = { source: "phone" as const, appointmentId: appt!.id, callerPhone: null };
    expect(await reschedule(deps, biz, { ...unknownCaller, start: new Date(appt!.startsAt.getTime() + 3_600_000) })).toEqual({
      ok: false,
      reason: "notFound",
    });
    expect(await cancel(deps, biz, unknownCaller)).toBeNull();
    const [still] = await getDb().select().from(appointments).where(eq(appointments.id, appt!.id));
    expect(still).toMatchObject({ status: "booked", startsAt: appt!.startsAt });
    // The owner, on the dashboard, may.
    expect(await cancel(deps, biz, { source: "dashboard", appointmentId: appt!.id })).toMatchObject({ status: "cancelled" });
  });

  it("accepts toolWithToolCallList and flattened toolCalls, and answers an unknown tool with an error", async () => {
    const callId = newCallId();
    const res = await vapi(
      envelope(p, callId, "+33744444444", {
        type: "tool-calls",
        toolWithToolCallList: [
          {
            type: "function",
            function: { name: "check_availability" },
            toolCall: { id: "a1", function: { name: "check_availability", arguments: { date: dayAhead(5) } } },
          },
        ],
        toolCalls: [
          { id: "a2", name: "take_message", parameters: { message: "Please call me back", name: "Ada" } },
          { id: "a3", name: "launch_rocket", arguments: {} },
        ],
      }),
    );
    expect(res.body.results.map((r: { toolCallId: string }) => r.toolCallId)).toEqual(["a1", "a2", "a3"]);
    expect(readReply(res.body.results[0].result).say).toMatch(
      /^On \w+day, \w+ \d+ we are open from 8:00 AM to 6:00 PM\. I can offer \w+day/,
    );
    // Out of hours, the caller also hears when someone can call back (tested in call-memory.test.ts).
    expect(readReply(res.body.results[1].result).say).toMatch(/^Your message has been passed on to Cabinet Lumière\.( We are closed|$)/);
    expect(res.body.results[2].error).toBe("That is not something I can do.");
    await drain();
    const mail = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, p.email), eq(notifications.channel, "email")));
    expect(mail.some((m) => m.body.includes("Please call me back"))).toBe(true);
  });

  it("gives exactly one of 50 simultaneous callers a slot; the others get alternatives", async () => {
    const day = dayAhead(6);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        tool(p, newCallId(), `+3375000${String(i).padStart(4, "0")}`, "book_appointment", {
          date: day,
          time: "14:00",
          name: `Caller ${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.startsWith("Booked"))).toHaveLength(1);
    const taken = results.filter((r) => r.startsWith("Sorry, that time was just taken."));
    expect(taken).toHaveLength(49);
    // Each is offered the closest times instead, each with its day.
    for (const t of taken) expect(t).toMatch(/The closest I can offer is \w+day, \w+ \d+ at/);
    const booked = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.status, "booked"), sql`${appointments.patientName} like 'Caller %'`));
    expect(booked).toHaveLength(1);
    const notices = await getDb().execute(
      sql`select id from pgboss.job where name = 'appointment-notice' and data->>'appointmentId' = ${booked[0]!.id}`,
    );
    expect(notices).toHaveLength(1);
    // The calendar write has a deadline on a call; on a loaded machine it can finish in the retry job instead: one
    // event either way.
    await drain();
    const events = await getDb()
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, p.user.id), eq(calendarEvents.startsAt, booked[0]!.startsAt)));
    expect(events).toHaveLength(1);
  });
});

describe("what the caller hears", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice({ language: "fr" });
  });

  // In each language: the number given said back with the channels, the texts sent there, the caller ID kept.
  const ANOTHER_NUMBER = [
    {
      language: "fr",
      caller: "+33760121212",
      given: "06 98 76 54 33",
      booked: /^C'est réservé : Jeanne Autre, .* à 9 h\. La confirmation est envoyée au 06 98 76 54 33 par SMS et WhatsApp\.$/,
      cancelled: /^C'est fait : le rendez-vous du .* est annulé\.$/,
      own: / La confirmation vous est envoyée par SMS et WhatsApp\.$/,
    },
    {
      language: "en",
      caller: "+33760121222",
      given: "06 98 76 54 34",
      booked: /^Booked: Jeanne Autre, .* at 9:00 AM\. The confirmation goes to 06 98 76 54 34 by text message and WhatsApp\.$/,
      cancelled: /^Done: your appointment on .* at 9:00 AM is cancelled\.$/,
      own: / The confirmation goes by text message and WhatsApp\.$/,
    },
    {
      language: "es",
      caller: "+33760121232",
      given: "06 98 76 54 35",
      booked: /^Reservado: Jeanne Autre, .* a las 9:00\. La confirmación se envía al 06 98 76 54 35 por SMS y WhatsApp\.$/,
      cancelled: /^Hecho: la cita, el .* a las 9:00, está cancelada\.$/,
      own: / La confirmación se envía por SMS y WhatsApp\.$/,
    },
  ] as const;

  it.each(ANOTHER_NUMBER)(
    "names another number the confirmation goes to, and a later call from the caller's own number still finds the appointment ($language)",
    async ({ language, caller, given, booked: saysBooked, cancelled, own: saysOwn }) => {
      const biz = language === "fr" ? p : await practice({ language });
      const day = dayAhead(5);
      const e164 = `+33${given.replace(/\s/g, "").slice(1)}`;
      const booked = await tool(biz, newCallId(), caller, "book_appointment", {
        date: day,
        time: "09:00",
        name: "Jeanne Autre",
        phone: given,
      });
      expect(booked).toMatch(saysBooked);
      const [appt] = await getDb()
        .select()
        .from(appointments)
        .where(and(eq(appointments.userId, biz.user.id), eq(appointments.patientName, "Jeanne Autre")));
      expect(appt).toMatchObject({ patientPhone: e164, callerPhone: caller });
      // The texts go to the number given, not to the caller ID.
      await drain();
      const texts = await getDb()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, biz.user.id), eq(notifications.channel, "sms")));
      expect(texts.map((n) => n.recipient)).not.toContain(caller);
      expect(texts.some((n) => n.recipient === e164)).toBe(true);
      // A later call from the number the caller rang from finds it, and can cancel it by its id.
      const later = newCallId();
      const mine = await toolReply(biz, later, caller, "find_my_appointments", {});
      expect(mine.appointments!.map((a) => a.id)).toEqual([appt!.id]);
      expect(await tool(biz, later, caller, "cancel_appointment", { appointmentId: appt!.id })).toMatch(cancelled);
      // Booked with the caller's own number: nothing is said of a number, only of the channels.
      const own = await tool(biz, newCallId(), caller.replace(/2$/, "3"), "book_appointment", {
        date: day,
        time: "10:00",
        name: "Jeanne Même",
      });
      expect(own).toMatch(saysOwn);
      expect(own).not.toMatch(/\d\d \d\d \d\d/);
    },
  );

  it("answers in the language the caller speaks when the model says so, and in the call's otherwise", async () => {
    const day = dayAhead(5);
    const fr = await tool(p, newCallId(), "+33712121214", "check_availability", { date: day });
    expect(fr).toMatch(
      /^\p{Lu}\p{Ll}+ \d+(er)? \p{Ll}+, nous sommes ouverts de 8 h à 18 h\. Je peux vous proposer \p{Ll}+ \d+(er)? \p{Ll}+ à /u,
    );
    const es = await tool(p, newCallId(), "+33712121214", "check_availability", { date: day, language: "es" });
    expect(es).toMatch(/^El \p{Ll}+ \d+ de \p{Ll}+ abrimos de 8:00 a 18:00\. Puedo ofrecerle el \p{Ll}+ \d+ de \p{Ll}+ a las /u);
    // A language we do not speak is no language: the call's.
    expect(await tool(p, newCallId(), "+33712121214", "check_availability", { date: day, language: "de" })).toBe(fr);
  });
});

describe("a calendar grant Google refuses", () => {
  it("marks the calendar disconnected, still answers from our own appointments, and emails the owner once", async () => {
    const p = await practice();
    const ctx = appContext();
    const revoked = Object.assign(new Error("invalid_grant"), { name: "CalendarGrantRevokedError" });
    const { CalendarGrantRevokedError } = await import("@/lib/ports/calendar");
    const original = ctx.booking.calendar.freeBusy;
    ctx.booking.calendar.freeBusy = async () => {
      throw new CalendarGrantRevokedError(revoked.message);
    };
    try {
      const day = dayAhead(3);
      expect(timesOf(await toolReply(p, newCallId(), "+33766666666", "check_availability", { date: day }))).toContain(`${day} 08:00`);
      expect(timesOf(await toolReply(p, newCallId(), "+33766666667", "check_availability", { date: dayAhead(4) }))).not.toEqual([]);
    } finally {
      ctx.booking.calendar.freeBusy = original;
    }
    const profile = (await api("GET", "/api/auth/profile", { token: p.token })).body;
    expect(profile).toMatchObject({ hasGoogleOAuth: false, calendarRevokedAt: expect.any(String) });
    await drain();
    const mails = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, p.email), eq(notifications.subject, "Recepta can no longer read the calendar of Owner Test")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links[0]).toMatch(/\/dashboard\/calendar$/);
  });
});

describe("a line without an active subscription", () => {
  it("greets politely and only takes messages", async () => {
    const p = await practice({ entitled: false, language: "fr" });
    const res = await vapi(envelope(p, newCallId(), "+33755555555", { type: "assistant-request" }));
    const a = res.body.assistant;
    expect(a.firstMessage).toContain("Je ne peux pas prendre de rendez-vous sur cette ligne");
    expect(a.model.tools.map((t: { function?: { name: string }; type: string }) => t.function?.name ?? t.type)).toEqual([
      "take_message",
      "report_spam",
      "endCall",
    ]);
    expect(await tool(p, newCallId(), "+33755555555", "book_appointment", { date: dayAhead(3), time: "09:00", name: "X" })).toMatch(
      /^Je ne peux pas prendre ni modifier/,
    );
    expect(await getDb().select().from(appointments).where(eq(appointments.userId, p.user.id))).toHaveLength(0);
  });
});

describe("a calendar that stops answering during a call", () => {
  /** The sandbox calendar, except that free/busy and event writes never answer while `hanging` is set. */
  function hangingCalendar() {
    const real = appContext().booking.calendar;
    const state = { hanging: false, calls: 0 };
    const never = <T>() => new Promise<T>(() => {});
    const calendar: CalendarOperations = {
      revoke: (access) => real.revoke(access),
      freeBusy: (access, range) => (state.calls++, state.hanging ? never() : real.freeBusy(access, range)),
      insertEvent: (access, event) => (state.hanging ? never() : real.insertEvent(access, event)),
      patchEvent: (access, event) => (state.hanging ? never() : real.patchEvent(access, event)),
      deleteEvent: (access, id) => (state.hanging ? never() : real.deleteEvent(access, id)),
    };
    return { calendar, state };
  }

  function depsWith(calendar: CalendarOperations): VapiDeps {
    const ctx = appContext();
    return { ...ctx.booking, calendar, serverUrl: "http://localhost/api/webhooks/vapi", webhookSecret: "test-vapi-secret", sandbox: true };
  }

  async function ask(deps: VapiDeps, p: Practice, callId: string, name: string, args: Record<string, unknown>) {
    const answer = await handleVapiMessage(
      deps,
      envelope(p, callId, "+33733333333", {
        type: "tool-calls",
        toolCallList: [{ id: `tc-${++seq}`, type: "function", function: { name, arguments: args } }],
      }),
    );
    const [r] = answer.results as { result?: string; error?: string }[];
    return readReply((r!.result ?? r!.error)!);
  }

  it("answers availability from the view taken when the call started, and books with the calendar write left to a job", async () => {
    const p = await practice();
    const { calendar, state } = hangingCalendar();
    const deps = depsWith(calendar);
    const day = dayAhead(4);
    const callId = newCallId();
    // The call starts: the next two weeks of free/busy are read in the background.
    await handleVapiMessage(deps, envelope(p, callId, "+33733333333", { type: "assistant-request" }));
    await expect.poll(() => state.calls).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    state.hanging = true;

    // The calendar never answers: each reply comes from the call's budget (about 2.2 s), well before the test's timeout.
    let t0 = Date.now();
    const offered = await ask(deps, p, callId, "check_availability", { date: day });
    expect(timesOf(offered)).toContain(`${day} 08:00`);
    expect(Date.now() - t0).toBeLessThan(5_000);
    t0 = Date.now();
    const booked = await ask(deps, p, callId, "book_appointment", { date: day, time: "08:00", name: "Ada Lovelace" });
    expect(booked.say).toMatch(/^Booked: Ada Lovelace/);
    expect(Date.now() - t0).toBeLessThan(5_000);
    const [row] = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientName, "Ada Lovelace")));
    expect(row).toMatchObject({ status: "booked", calendarSyncStatus: "retrying" });

    // The calendar answers again: the retry job writes the event once.
    state.hanging = false;
    await drain();
    const [after] = await getDb().select().from(appointments).where(eq(appointments.id, row!.id));
    expect(after!.calendarSyncStatus).toBe("synced");
    const events = await getDb().select().from(calendarEvents).where(eq(calendarEvents.eventId, after!.calendarEventId!));
    expect(events).toHaveLength(1);
  }, 30_000);

  it("says the calendar cannot be reached, rather than offering times, when it never saw this owner's calendar", async () => {
    const p = await practice();
    const { calendar, state } = hangingCalendar();
    state.hanging = true;
    const answer = await ask(depsWith(calendar), p, newCallId(), "check_availability", { date: dayAhead(5) });
    expect(answer.say).toMatch(/cannot reach the calendar/);
    expect(answer.slots).toBeUndefined();
  }, 30_000);
});

describe("dates as models send them", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice();
  });

  it("tells the model, at 23:30 on a Sunday in Paris, that Sunday's date and the next 14 days, in the call's language", async () => {
    const fr = await practice({ language: "fr" });
    const deps: VapiDeps = {
      ...appContext().booking,
      serverUrl: "https://x.example/api/webhooks/vapi",
      webhookSecret: "s",
      sandbox: true,
      now: () => new Date("2026-11-22T22:30:00Z"),
    };
    const answer = await handleVapiMessage(deps, envelope(fr, newCallId(), "+33766666666", { type: "assistant-request" }));
    const prompt = (answer.assistant as { model: { messages: { content: string }[] } }).model.messages[0]!.content;
    expect(prompt).toContain("Nous sommes le dimanche 22 novembre 2026. Il est 23 h 30");
    for (const line of [
      "2026-11-23 = lundi 23 novembre 2026 (demain)",
      "2026-11-27 = vendredi 27 novembre 2026",
      "2026-12-01 = mardi 1er décembre 2026",
      "2026-12-06 = dimanche 6 décembre 2026",
    ]) {
      expect(prompt).toContain(line);
    }
    expect(vapiAssistantErrors(answer.assistant)).toEqual([]);
  }, 60_000);

  it("reads a local ISO date-time, 9h00 and 9:00 the same way", async () => {
    const day = dayAhead(6);
    const callId = newCallId();
    const caller = "+33744444444";
    const a = await tool(p, callId, caller, "check_availability", { date: day, time: "9h00" });
    const b = await tool(p, callId, caller, "check_availability", { start: `${day}T09:00:00` });
    const c = await tool(p, callId, caller, "check_availability", { date: day, time: "9:00" });
    expect(a).toMatch(/^Yes, .* at 9:00 AM is free\.$/);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it("answers a past day or one beyond the horizon with a sentence the model can act on, and books nothing", async () => {
    const caller = "+33755555555";
    const past = await tool(p, newCallId(), caller, "book_appointment", { date: "2020-01-06", time: "09:00", name: "Old Date" });
    expect(past).toMatch(/^That day has already passed: today is \w+day, \w+ \d+, \d{4}\. Which day would you like\?$/);
    const far = await tool(p, newCallId(), caller, "check_availability", { date: dayAhead(120) });
    expect(far).toMatch(/^I can only book up to 90 days ahead, so until \w+day, \w+ \d+, \d{4}\./);
    const unreadable = await tool(p, newCallId(), caller, "check_availability", { date: dayAhead(3), time: "after lunch" });
    expect(unreadable).toMatch(/did not understand that time/);
    const rows = await getDb().select().from(appointments).where(eq(appointments.patientName, "Old Date"));
    expect(rows).toHaveLength(0);
  });
});
