// Identity before a change by phone: finding, moving and cancelling reach only appointments booked with the caller ID,
// or with a number the call proved it holds by reading back a code texted to it. Vapi tool calls through the real
// route and database; the code is read from the sandbox outbox, as the caller reads it on their phone. When the owner
// turns it on, a name and date of birth is the other proof.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, callerMessages, notifications, optOuts, verificationCodes } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { createLoggedSender } from "@/lib/messaging/delivery/logged-sender";
import type { MessageTransport } from "@/lib/ports/messaging";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { codeOf } from "../helpers/codes";
import { dayAhead, newCallId, practice, vapiReply, vapiTool, type Practice } from "../helpers/practice";

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
// +33 61…: every number of the range is a valid French mobile (not so 06 39…, which the phone check refuses).
const newMobile = () => `+3361${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;
/** "06 12 34 56 78": how a caller says a French mobile. */
const spoken = (e164: string) => `0${e164.slice(3)}`.replace(/(\d{2})(?=\d)/g, "$1 ");

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

async function bookFor(p: Practice, phone: string, time: string) {
  expect(await vapiTool(p.line, newCallId(), phone, "book_appointment", { date: dayAhead(4), time, name: "Anne Martin" })).toMatch(
    /^Booked/,
  );
  await drain();
  const [a] = await getDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, phone)))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  return a!;
}

/** The last code texted to `phone` (the sandbox delivers to the outbox, and keeps what it delivered). */
async function codeTextedTo(phone: string): Promise<string | null> {
  const [sms] = await getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, phone), eq(notifications.channel, "sms")))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  // The stored row never reads the code: "••••••" in its place, the code sealed beside it.
  expect(sms?.body ?? "").not.toMatch(/your code is \d/);
  return sms?.body.includes("your code is ••••••") ? codeOf(sms) : null;
}

async function status(id: string) {
  const [a] = await getDb().select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
  return a!.status;
}

describe("a change by phone from a number that is not the appointment's", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Identité");
  });

  it("is refused until the code texted to the appointment's number is read back; then it goes through", async () => {
    const owner = newMobile();
    const other = newMobile();
    const a = await bookFor(p, owner, "09:00");
    const callId = newCallId();
    const tool = (name: string, args: unknown) => vapiTool(p.line, callId, other, name, args);

    expect(await tool("find_my_appointments", {})).toMatch(/^I found no upcoming appointment for the number you are calling from/);
    expect(await tool("cancel_appointment", { appointmentId: a.id })).toMatch(/^I found no upcoming appointment/);
    expect(await status(a.id)).toBe("booked");

    expect(await tool("send_verification_code", { phone: spoken(owner) })).toMatch(/^If that number has an appointment with us/);
    await drain();
    const code = await codeTextedTo(owner);
    expect(code).toMatch(/^\d{6}$/);
    // The code's text goes to the appointment's number, never to the caller's phone.
    expect(await codeTextedTo(other)).toBeNull();
    // Stored sealed, not in clear.
    const [row] = await getDb().select().from(verificationCodes).where(eq(verificationCodes.phone, owner));
    expect(row!.codeEnc).not.toContain(code!);

    // Not verified yet: still refused.
    expect(await tool("cancel_appointment", { appointmentId: a.id })).toMatch(/^I found no upcoming appointment/);
    const wrong = code === "123456" ? "654321" : "123456";
    expect(await tool("verify_code", { code: wrong })).toBe("That code is not right. Please read it again, digit by digit.");
    expect(await status(a.id)).toBe("booked");

    const verified = await vapiReply(p.line, callId, other, "verify_code", { code: `${code!.slice(0, 3)} ${code!.slice(3)}` });
    expect(verified.appointments!.map((x) => x.id)).toEqual([a.id]);
    expect(await tool("cancel_appointment", { appointmentId: a.id })).toMatch(/cancelled/i);
    expect(await status(a.id)).toBe("cancelled");

    // The proof lasts for this call only.
    const b = await bookFor(p, owner, "10:00");
    expect(await vapiTool(p.line, newCallId(), other, "cancel_appointment", { appointmentId: b.id })).toMatch(/^I found no upcoming/);
    expect(await status(b.id)).toBe("booked");
  });

  it("answers alike whether or not a number has an appointment, and texts only a number that has one", async () => {
    const nobody = newMobile();
    const caller = newMobile();
    const callId = newCallId();
    const said = await vapiTool(p.line, callId, caller, "send_verification_code", { phone: nobody });
    expect(said).toMatch(/^If that number has an appointment with us, I have just texted it a six-digit code/);
    await drain();
    expect(await codeTextedTo(nobody)).toBeNull();
    // Reading back a guess gets the answer a wrong code gets, not "no code was sent".
    expect(await vapiTool(p.line, callId, caller, "verify_code", { code: "123456" })).toBe(
      "That code is not right. Please read it again, digit by digit.",
    );
  });

  it("says at once that a landline takes no code, and texts nothing to it", async () => {
    const landline = "+33145678912";
    const callId = newCallId();
    const said = await vapiTool(p.line, callId, newMobile(), "send_verification_code", { phone: "01 45 67 89 12" });
    expect(said).toBe("That number cannot receive texts, so I cannot send it a code. I can take a message for the team instead.");
    await drain();
    expect(await codeTextedTo(landline)).toBeNull();
  });

  it("stops after five wrong codes, even for the right one, and asks for the number when the caller ID is hidden", async () => {
    const owner = newMobile();
    const a = await bookFor(p, owner, "11:00");
    const callId = newCallId();
    const tool = (name: string, args: unknown) => vapiTool(p.line, callId, "anonymous", name, args);
    expect(await tool("find_my_appointments", {})).toMatch(/^Your number is hidden/);
    await tool("send_verification_code", { phone: owner });
    await drain();
    const code = (await codeTextedTo(owner))!;
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 4; i++) expect(await tool("verify_code", { code: wrong })).toMatch(/not right/);
    expect(await tool("verify_code", { code: wrong })).toMatch(/wrong too many times/);
    expect(await tool("verify_code", { code })).toMatch(/wrong too many times/);
    expect(await tool("cancel_appointment", { appointmentId: a.id })).toMatch(/^Your number is hidden/);
    expect(await status(a.id)).toBe("booked");
  });
});

describe("limits that a caller cannot reset by calling again", () => {
  it("three codes a call, five a day to one number over any calls; the answer does not say whether it has an appointment", async () => {
    const p = await practice("Cabinet Limites");
    const patient = newMobile();
    await bookFor(p, patient, "12:00");
    const nobody = newMobile();
    const limit = "I cannot send another code to that number now. I can take a message for the team instead.";
    for (const target of [patient, nobody]) {
      const first = newCallId();
      // Each text goes out before the next is asked for, as on a live line (a newer code retires an older one unsent).
      const send = async (callId: string) => {
        const said = await vapiTool(p.line, callId, "anonymous", "send_verification_code", { phone: target });
        await drain();
        return said;
      };
      for (let i = 0; i < 3; i++) expect(await send(first)).toMatch(/^If that number has an appointment with us/);
      expect(await send(first)).toBe(limit);
      const second = newCallId();
      for (let i = 0; i < 2; i++) expect(await send(second)).toMatch(/^If that number has an appointment with us/);
      // Five to this number today: a third call gets none either.
      expect(await send(second)).toBe(limit);
      expect(await send(newCallId())).toBe(limit);
    }
    const texted = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, patient), eq(notifications.channel, "sms")));
    expect(texted.filter((n) => /your code is/.test(n.body))).toHaveLength(5);
  });

  it("three name-and-birth-date tries a call, six a day for one number over any calls", async () => {
    const p = await practice("Cabinet Limites Naissance");
    await api("PUT", "/api/account/privacy", { token: p.token, body: { birthDateCheck: true } });
    const patient = newMobile();
    const booked = await vapiTool(p.line, newCallId(), patient, "book_appointment", {
      date: dayAhead(4),
      time: "12:30",
      name: "Anne Martin",
      dateOfBirth: "1970-01-01",
    });
    expect(booked).toMatch(/^Booked/);
    const guess = (callId: string, day: number) =>
      vapiTool(p.line, callId, "anonymous", "verify_identity", {
        phone: patient,
        name: "Anne Martin",
        dateOfBirth: `1970-02-${String(day).padStart(2, "0")}`,
      });
    const calls = [newCallId(), newCallId()];
    for (const [i, callId] of calls.entries()) {
      expect(await guess(callId, i * 3 + 1)).toMatch(/^Those details do not match/);
      expect(await guess(callId, i * 3 + 2)).toMatch(/^Those details do not match/);
      expect(await guess(callId, i * 3 + 3)).toMatch(/^I cannot check those details again/);
    }
    // Six wrong today: a new call cannot try even the right date.
    const right = await vapiTool(p.line, newCallId(), "anonymous", "verify_identity", {
      phone: patient,
      name: "Anne Martin",
      dateOfBirth: "1970-01-01",
    });
    expect(right).toMatch(/^I cannot check those details again/);
  });
});

describe("a code texted through a real provider", () => {
  it("is handed to the provider in full and never kept in the outbox", async () => {
    const delivered: string[] = [];
    const telnyx: MessageTransport = {
      kind: "telnyx",
      deliver: async (m) => (delivered.push(m.text ?? ""), { providerMessageId: "msg-code" }),
    };
    const sms = createLoggedSender(getDb(), "sms", telnyx);
    const to = newMobile();
    const sent = await sms.send({ to, text: "Cabinet: your code is 482913.", redact: ["482913"], dedupeKey: `code-${to}` });
    expect(delivered).toEqual(["Cabinet: your code is 482913."]);
    const [row] = await getDb().select().from(notifications).where(eq(notifications.id, sent.id));
    expect(row!.body).toBe("Cabinet: your code is [redacted].");
  });

  it("as a one-time code: the provider gets it, the row keeps •••••• and the code sealed", async () => {
    const delivered: string[] = [];
    const telnyx: MessageTransport = {
      kind: "telnyx",
      deliver: async (m) => (delivered.push(m.text ?? ""), { providerMessageId: "msg-code" }),
    };
    const to = newMobile();
    const sealed = appContext().secrets.seal("482913");
    const sent = await createLoggedSender(getDb(), "sms", telnyx).send({
      to,
      text: "Cabinet: your code is 482913.",
      oneTimeCode: { plain: "482913", sealed },
      dedupeKey: `code-${to}`,
    });
    expect(delivered).toEqual(["Cabinet: your code is 482913."]);
    const [row] = await getDb().select().from(notifications).where(eq(notifications.id, sent.id));
    expect(row!.body).toBe("Cabinet: your code is ••••••.");
    expect(JSON.stringify(row)).not.toContain("482913");
    expect(codeOf(row)).toBe("482913");
  });
});

describe("with the owner's birth-date check on, a caller who cannot get a text proves it with the name and date of birth", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Naissance");
    const on = await api("PUT", "/api/account/privacy", { token: p.token, body: { birthDateCheck: true } });
    expect(on.body.birthDateCheck).toBe(true);
  });

  const birthOf = async (id: string) =>
    (await getDb().select({ b: appointments.patientBirthDate }).from(appointments).where(eq(appointments.id, id)))[0]!.b;

  it("booking by phone asks for the date of birth and keeps it; a date that is no day is asked again", async () => {
    const phone = newMobile();
    const book = (args: Record<string, unknown>) =>
      vapiTool(p.line, newCallId(), phone, "book_appointment", { date: dayAhead(5), time: "09:00", name: "Anne Martin", ...args });
    expect(await book({})).toBe("Before I can do that I still need the date of birth.");
    expect(await book({ dateOfBirth: "1984-02-30" })).toMatch(/^Sorry, I did not get that date of birth/);
    expect(await book({ dateOfBirth: "2999-01-01" })).toMatch(/^Sorry, I did not get that date of birth/);
    expect(await book({ dateOfBirth: "1984-03-07" })).toMatch(/^Booked/);
    await drain();
    const [a] = await getDb().select().from(appointments).where(eq(appointments.patientPhone, phone));
    expect(a!.patientBirthDate).toBe("1984-03-07");
  });

  it("a cancel from a landline is refused until the name and date of birth match; the same answer for a number with nothing booked", async () => {
    const mobile = newMobile();
    const landline = "+33145678901";
    const booked = await vapiTool(p.line, newCallId(), mobile, "book_appointment", {
      date: dayAhead(5),
      time: "10:00",
      name: "Marie-Hélène Dupont",
      dateOfBirth: "1962-11-02",
    });
    expect(booked).toMatch(/^Booked/);
    await drain();
    const [a] = await getDb().select().from(appointments).where(eq(appointments.patientPhone, mobile));
    const callId = newCallId();
    const tool = (name: string, args: unknown) => vapiTool(p.line, callId, landline, name, args);

    expect(await tool("cancel_appointment", { appointmentId: a!.id })).toMatch(/^I found no upcoming appointment/);
    const mismatch = "Those details do not match. Please check the full name and the date of birth the appointment was booked with.";
    expect(await tool("verify_identity", { phone: spoken(mobile), name: "Marie-Hélène Dupont", dateOfBirth: "1962-02-11" })).toBe(mismatch);
    expect(await tool("verify_identity", { phone: newMobile(), name: "Marie-Hélène Dupont", dateOfBirth: "1962-11-02" })).toBe(mismatch);
    expect(await tool("cancel_appointment", { appointmentId: a!.id })).toMatch(/^I found no upcoming appointment/);
    expect(await status(a!.id)).toBe("booked");

    // Family name first, no accents, capitals: the same person.
    const matched = await vapiReply(p.line, callId, landline, "verify_identity", {
      phone: spoken(mobile),
      name: "DUPONT marie helene",
      dateOfBirth: "1962-11-02",
    });
    expect(matched.appointments!.map((x) => x.id)).toEqual([a!.id]);
    expect(await tool("cancel_appointment", { appointmentId: a!.id })).toMatch(/cancelled/i);
    expect(await status(a!.id)).toBe("cancelled");
    // No code was texted for it.
    expect(await codeTextedTo(mobile)).toBeNull();
  });

  it("a birth date given while booking for a number the caller has not proved is not kept, so it proves nothing", async () => {
    const victim = newMobile();
    expect(
      await vapiTool(p.line, newCallId(), victim, "book_appointment", {
        date: dayAhead(6),
        time: "09:00",
        name: "Victor Hugo",
        dateOfBirth: "1950-02-26",
      }),
    ).toMatch(/^Booked/);
    await drain();
    const [theirs] = await getDb().select().from(appointments).where(eq(appointments.patientPhone, victim));
    // Someone with the number hidden books under the patient's number with a name and birth date of their own…
    const callId = newCallId();
    const tool = (name: string, args: unknown) => vapiTool(p.line, callId, "anonymous", name, args);
    expect(
      await tool("book_appointment", { date: dayAhead(6), time: "10:00", phone: victim, name: "Eve Faux", dateOfBirth: "2000-01-01" }),
    ).toMatch(/^Booked/);
    await drain();
    const planted = (await getDb().select().from(appointments).where(eq(appointments.patientPhone, victim))).find(
      (a) => a.id !== theirs!.id,
    );
    expect(planted!.patientBirthDate).toBeNull();
    // …and cannot use them to act for that number.
    expect(await tool("verify_identity", { phone: victim, name: "Eve Faux", dateOfBirth: "2000-01-01" })).toMatch(
      /^Those details do not match/,
    );
    expect(await tool("cancel_appointment", { appointmentId: theirs!.id })).toMatch(/^Your number is hidden/);
    expect(await status(theirs!.id)).toBe("booked");
  });

  it("allows three tries a call, after which even the right details are refused", async () => {
    const mobile = newMobile();
    expect(
      await vapiTool(p.line, newCallId(), mobile, "book_appointment", {
        date: dayAhead(5),
        time: "11:00",
        name: "Paul Leroy",
        dateOfBirth: "1990-05-20",
      }),
    ).toMatch(/^Booked/);
    await drain();
    const callId = newCallId();
    const tool = (args: Record<string, unknown>) =>
      vapiTool(p.line, callId, "anonymous", "verify_identity", { phone: mobile, name: "Paul Leroy", ...args });
    expect(await tool({ dateOfBirth: "1990-05-21" })).toMatch(/^Those details do not match/);
    expect(await tool({ dateOfBirth: "1990-05-22" })).toMatch(/^Those details do not match/);
    expect(await tool({ dateOfBirth: "1990-05-23" })).toMatch(/^I cannot check those details again on this call/);
    expect(await tool({ dateOfBirth: "1990-05-20" })).toMatch(/^I cannot check those details again on this call/);
    expect(await vapiTool(p.line, callId, "anonymous", "find_my_appointments", {})).toMatch(/^Your number is hidden/);
  });

  it("off (the default), the tool does nothing and a date of birth the model passes is not kept", async () => {
    const off = await practice("Cabinet Sans Naissance");
    const mobile = newMobile();
    expect(
      await vapiTool(off.line, newCallId(), mobile, "book_appointment", {
        date: dayAhead(5),
        time: "12:00",
        name: "Léa Petit",
        dateOfBirth: "2001-01-01",
      }),
    ).toMatch(/^Booked/);
    await drain();
    const [a] = await getDb().select().from(appointments).where(eq(appointments.patientPhone, mobile));
    expect(await birthOf(a!.id)).toBeNull();
    expect(
      await vapiTool(off.line, newCallId(), "+33145678902", "verify_identity", {
        phone: mobile,
        name: "Léa Petit",
        dateOfBirth: "2001-01-01",
      }),
    ).toBe("That is not something I can do.");
  });
});

describe("requests taken as tasks", () => {
  it("take_message files the request's category and urgency; made-up ones fall back to other and normal", async () => {
    const p = await practice("Cabinet Tâches");
    const caller = newMobile();
    const call = newCallId();
    await vapiTool(p.line, call, caller, "take_message", {
      name: "Paul Renouvel",
      message: "I need my blood pressure prescription renewed",
      category: "prescription",
      urgency: "urgent",
    });
    await vapiTool(p.line, call, caller, "take_message", { message: "Something else", category: "astrology", urgency: "yesterday" });
    const rows = await getDb().select().from(callerMessages).where(eq(callerMessages.userId, p.user.id)).orderBy(callerMessages.createdAt);
    expect(rows.map((r) => [r.category, r.urgency, r.status])).toEqual([
      ["prescription", "urgent", "open"],
      ["other", "normal", "open"],
    ]);
    // The owner's email says what the request is and that it is urgent, and links to the inbox where it is a task.
    await drain();
    const mails = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, p.user.email), eq(notifications.channel, "email")));
    const urgent = mails.find((m) => m.subject === "Urgent: New message from Paul Renouvel");
    expect(urgent?.body).toContain("Request: Prescription renewal");
    expect(urgent?.links[0]).toContain("/dashboard/inbox");
  });

  it("lists them urgent first; marking one done can text the caller, once, without saying what it was about", async () => {
    const p = await practice("Cabinet Suivi");
    const other = await practice("Cabinet Autre");
    const caller = newMobile();
    const call = newCallId();
    await vapiTool(p.line, call, caller, "take_message", { name: "Rita Form", message: "Sick note for school", category: "certificate" });
    await vapiTool(p.line, call, caller, "take_message", {
      name: "Rita Form",
      message: "My prescription runs out tomorrow",
      category: "prescription",
      urgency: "urgent",
    });
    const list = await api("GET", "/api/tasks", { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body.open).toBe(2);
    expect(list.body.tasks.map((t: { category: string }) => t.category)).toEqual(["prescription", "certificate"]);
    const urgent = list.body.tasks[0];

    expect((await api("PATCH", `/api/tasks/${urgent.id}`, { token: other.token, body: { status: "done" } })).status).toBe(404);
    const done = await api("PATCH", `/api/tasks/${urgent.id}`, { token: p.token, body: { status: "done", tellCaller: true } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "done", doneAt: expect.any(String), callerToldAt: expect.any(String) });
    await drain();
    const told = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, caller), eq(notifications.channel, "sms")));
    expect(told.map((n) => n.body)).toEqual([expect.stringMatching(/^Cabinet Suivi: your request has been handled\./)]);
    expect(told[0]!.body).not.toMatch(/prescription/i);
    // Done again, or reopened and done again: the caller is not texted twice.
    await api("PATCH", `/api/tasks/${urgent.id}`, { token: p.token, body: { status: "open" } });
    await api("PATCH", `/api/tasks/${urgent.id}`, { token: p.token, body: { status: "done", tellCaller: true } });
    await drain();
    expect(await getDb().$count(notifications, and(eq(notifications.recipient, caller), eq(notifications.channel, "sms")))).toBe(1);

    const open = await api("GET", "/api/tasks", { token: p.token });
    expect(open.body.tasks.map((t: { id: string }) => t.id)).not.toContain(urgent.id);
    expect((await api("GET", "/api/tasks?status=done", { token: p.token })).body.tasks.map((t: { id: string }) => t.id)).toEqual([
      urgent.id,
    ]);
    expect((await api("PATCH", `/api/tasks/${urgent.id}`, { token: p.token, body: { status: "archived" } })).status).toBe(400);
    expect((await api("GET", "/api/tasks")).status).toBe(401);
  });

  it("refuses to text a caller who sent STOP, and says so", async () => {
    const p = await practice("Cabinet Stop");
    const caller = newMobile();
    await vapiTool(p.line, newCallId(), caller, "take_message", { message: "Call me about my bill", category: "billing" });
    await getDb()
      .insert(optOuts)
      .values([{ userId: p.user.id, phone: caller, channel: "sms" }])
      .onConflictDoNothing();
    const [task] = (await api("GET", "/api/tasks", { token: p.token })).body.tasks;
    const res = await api("PATCH", `/api/tasks/${task.id}`, { token: p.token, body: { status: "done", tellCaller: true } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This caller asked not to receive texts (STOP). Call them instead.");
    expect((await api("GET", "/api/tasks", { token: p.token })).body.open).toBe(1);
  });
});
