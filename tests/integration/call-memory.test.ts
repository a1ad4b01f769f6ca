// A call remembers what the caller settled, through the Vapi webhook and the real database: the language they speak, the
// practitioner and service they asked for, where the confirmation goes and the times just offered. A tool call that
// leaves one out uses the call's value; a new value replaces it; the memory ends with the call and holds across
// instances (another module graph on the same database stands in for a second server).
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { appointments, callerMessages, calls, notifications, users } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiReply, vapiTool, type Practice } from "../helpers/practice";

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
const newCaller = () => `+3375${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;

const morning = { isOpen: true, openTime: "09:00", closeTime: "13:00" };
const MORNINGS = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, morning]),
);

async function frenchPractice(name: string): Promise<Practice> {
  const p = await practice(name);
  await getDb().update(users).set({ locale: "fr" }).where(eq(users.id, p.user.id));
  return p;
}

async function latestFor(p: Practice, phone: string) {
  const [a] = await getDb()
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, phone)))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  return a;
}

describe("the language the caller speaks", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await frenchPractice("Cabinet Mémoire");
  });

  it("is kept for the tool calls that leave it out, until the caller changes it", async () => {
    const call = newCallId();
    const caller = newCaller();
    const asked = await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(3), language: "en" });
    expect(asked.say).toMatch(/^(I can offer|On|The)/);
    const slot = asked.slots![0]!;
    // The model leaves the language out: the caller still hears English, not the practice's French.
    const booked = await vapiTool(p.line, call, caller, "book_appointment", { date: slot.date, time: slot.time, name: "Ann Smith" });
    expect(booked).toMatch(/^Booked: Ann Smith, /);
    // Back to French when the caller switches, and French from then on.
    expect(await vapiTool(p.line, call, caller, "find_my_appointments", { language: "fr" })).toMatch(/^Vous avez un rendez-vous à venir/);
    expect(await vapiTool(p.line, call, caller, "find_my_appointments", {})).toMatch(/^Vous avez un rendez-vous à venir/);
    // Another call from the same number starts from the practice's language.
    expect(await vapiTool(p.line, newCallId(), caller, "find_my_appointments", {})).toMatch(/^Vous avez/);
  });

  it("holds when the next tool call reaches another instance", async () => {
    const call = newCallId();
    const caller = newCaller();
    expect(await vapiTool(p.line, call, caller, "check_availability", { date: dayAhead(4), language: "es" })).toMatch(
      /^(Puedo ofrecerle|El|La|Las)/,
    );
    // A second server: its own modules and caches, and its own pool of connections (the pool is kept on globalThis:
    // set aside while the second one runs), to the same database.
    const shared = globalThis as { __receptaDb?: unknown };
    const first = shared.__receptaDb;
    shared.__receptaDb = undefined;
    vi.resetModules();
    try {
      const other = await import("../helpers/practice");
      const reply = await other.vapiTool(p.line, call, caller, "check_availability", { date: dayAhead(4) });
      expect(reply).not.toMatch(/^(Je|Le|Les|Vous|Nous)/);
      expect(reply).toMatch(/(lunes|martes|miércoles|jueves|viernes|sábado|domingo)/);
      await (await import("@/db/client")).closeDb();
    } finally {
      shared.__receptaDb = first;
    }
  });

  it("ends with the call: the end-of-call report clears what the call kept", async () => {
    const call = newCallId();
    const caller = newCaller();
    await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(3), language: "en" });
    const kept = await getDb().select({ memory: calls.memory }).from(calls).where(eq(calls.providerCallId, call));
    expect(kept[0]!.memory).toMatchObject({ language: "en" });
    const now = Date.now();
    const ended = await vapi(
      vapiMessage(p.line, call, caller, {
        type: "end-of-call-report",
        endedReason: "customer-ended-call",
        startedAt: new Date(now - 60_000).toISOString(),
        endedAt: new Date(now).toISOString(),
      }),
    );
    expect(ended.status).toBe(200);
    const after = await getDb().select({ memory: calls.memory }).from(calls).where(eq(calls.providerCallId, call));
    expect(after[0]!.memory).toBeNull();
  });
});

describe("the practitioner and service asked for", () => {
  let p: Practice;
  let patel: string;
  beforeAll(async () => {
    p = await practice("Cabinet Patel et Associés");
    const added = await api("POST", "/api/practitioners", { token: p.token, body: { name: "Dr Raj Patel", workingHours: MORNINGS } });
    expect(added.status).toBe(201);
    patel = added.body.id;
  });

  it("books with the practitioner the caller asked for earlier, and says so", async () => {
    const call = newCallId();
    const caller = newCaller();
    const his = await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(5), practitioner: "Dr Patel" });
    // Whose agenda it is, said once: the day's hours name him.
    expect(his.say).toMatch(/^On \w+day, \w+ \d+ Dr Raj Patel works from /);
    const slot = his.slots![0]!;
    // The model leaves the practitioner out of the booking: it is still Dr Patel's time, with him.
    const booked = await vapiTool(p.line, call, caller, "book_appointment", { date: slot.date, time: slot.time, name: "Tom Hill" });
    expect(booked).toMatch(/^Booked: Tom Hill, .*, with Dr Raj Patel\./);
    expect((await latestFor(p, caller))!.practitionerId).toBe(patel);
  });

  it("forgets the choice when the caller says anyone will do", async () => {
    const call = newCallId();
    const caller = newCaller();
    expect(await vapiTool(p.line, call, caller, "check_availability", { date: dayAhead(5), practitioner: "Patel" })).toMatch(
      /Dr Raj Patel works from/,
    );
    // Asked again without a name: still his agenda (he works mornings only).
    const still = await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(5), partOfDay: "afternoon" });
    expect(still.say).toMatch(/Dr Raj Patel/);
    expect(still.slots!.every((s) => s.time < "13:00")).toBe(true);
    const anyone = await vapiReply(p.line, call, caller, "check_availability", {
      date: dayAhead(5),
      partOfDay: "afternoon",
      practitioner: "anyone is fine",
    });
    expect(anyone.say).not.toMatch(/Patel/);
    // The owner works afternoons: anyone free then is offered, and the next call leaves no one asked.
    expect(anyone.slots!.some((s) => s.time >= "13:00")).toBe(true);
    expect(await vapiTool(p.line, call, caller, "check_availability", { date: dayAhead(5), partOfDay: "afternoon" })).not.toMatch(/Patel/);
  });

  it("keeps the service asked for until the caller says any will do", async () => {
    const saved = await api("PUT", "/api/auth/update-profile", { token: p.token, body: { services: ["Détartrage", "Consultation"] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const call = newCallId();
    const caller = newCaller();
    const memory = async () =>
      (await getDb().select({ memory: calls.memory }).from(calls).where(eq(calls.providerCallId, call)))[0]!.memory;
    await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(5), service: "détartrage" });
    expect((await memory())!.service).toBe("Détartrage");
    await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(5), service: "anything, it doesn't matter" });
    expect((await memory())!.service).toBeNull();
  });

  it("books the time offered when the model passes only the time", async () => {
    const call = newCallId();
    const caller = newCaller();
    const offered = await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(6) });
    const second = offered.slots![1]!;
    const booked = await vapiTool(p.line, call, caller, "book_appointment", { time: second.time, name: "Ines Time" });
    expect(booked).toMatch(/^Booked: Ines Time, /);
    const a = await latestFor(p, caller);
    expect(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(a!.startsAt)).toBe(second.date);
  });
});

describe("numbers given during the call", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Numéros");
  });

  it("asks which country a national number is from when it is no number here, and reads it there once told", async () => {
    const call = newCallId();
    const caller = newCaller();
    const day = (await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(3) })).slots![0]!;
    const book = { date: day.date, time: day.time, name: "Jo Brown" };
    // A UK mobile said the British way at a French practice: not "I did not get that", but which country.
    expect(await vapiTool(p.line, call, caller, "book_appointment", { ...book, phone: "07700 900123" })).toBe(
      "That doesn't look like a local number. Which country is it from? You can also give it with the country code.",
    );
    const booked = await vapiTool(p.line, call, caller, "book_appointment", { ...book, phone: "07700 900123", country: "the UK" });
    expect(booked).toMatch(/The confirmation goes to \+44 7700 900123 by /);
    const a = await latestFor(p, "+447700900123");
    expect(a!.callerPhone).toBe(caller);
    // The message taken later in the same call is for the number given, and the caller's name is the one given (the
    // practice calls the UK back once it serves it: lib/platform/phone/number-kinds.ts).
    const served = await api("PUT", "/api/call-routing", {
      token: p.token,
      body: { warmTransfer: false, hours: "always", destinations: [], servedCountries: ["GB"] },
    });
    expect(served.status, JSON.stringify(served.body)).toBe(200);
    expect(await vapiTool(p.line, call, caller, "take_message", { message: "Please call me about the bill" })).toMatch(/^Your message/);
    const [m] = await getDb()
      .select({ phone: callerMessages.callerPhone, name: callerMessages.callerName })
      .from(callerMessages)
      .where(eq(callerMessages.providerCallId, call));
    expect(m).toEqual({ phone: "+447700900123", name: "Jo Brown" });
    // A French mobile given later in the same call is read as French, though the call named the UK before.
    expect(await vapiTool(p.line, call, caller, "take_message", { message: "Or call my husband", phone: "06 12 34 56 78" })).toMatch(
      /^Your message/,
    );
    const numbers = await getDb()
      .select({ phone: callerMessages.callerPhone })
      .from(callerMessages)
      .where(eq(callerMessages.providerCallId, call));
    expect(numbers.map((n) => n.phone)).toContain("+33612345678");
  });

  it("asks which country when a number fits both the country named earlier and the practice's", async () => {
    const call = newCallId();
    const caller = newCaller();
    // A Spanish mobile for the confirmation, then a number that is a French line and a Spanish one alike.
    await vapiTool(p.line, call, caller, "take_message", { message: "About my bill", phone: "612 345 678", country: "Spain" });
    expect(await vapiTool(p.line, call, caller, "take_message", { message: "Or my office", phone: "912 345 678" })).toBe(
      "That doesn't look like a local number. Which country is it from? You can also give it with the country code.",
    );
    // A London line to call back is a number of another country too, though no mobile.
    expect(await vapiTool(p.line, newCallId(), newCaller(), "take_message", { message: "Call me", phone: "020 7123 4567" })).toBe(
      "That doesn't look like a local number. Which country is it from? You can also give it with the country code.",
    );
  });

  it("says a number that cannot be read with its country code as unreadable", async () => {
    expect(await vapiTool(p.line, newCallId(), newCaller(), "take_message", { message: "Call me", phone: "+44 12" })).toMatch(
      /^Sorry, I did not get that phone number/,
    );
  });
});

describe("the caller's appointments", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Salon Mémoire");
  });

  it("say what each is for and whose it is, and a second cancel says it is done", async () => {
    const caller = newCaller();
    const call = newCallId();
    const offered = (await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(7) })).slots!;
    await vapiTool(p.line, call, caller, "book_appointment", { ...pick(offered[0]!), name: "Léa Martin", reason: "colouring" });
    await vapiTool(p.line, call, caller, "book_appointment", { ...pick(offered[1]!), name: "Sophie Martin", reason: "haircut" });
    const mine = await vapiReply(p.line, newCallId(), caller, "find_my_appointments", {});
    expect(mine.say).toMatch(/, colouring, for Léa Martin/);
    expect(mine.say).toMatch(/, haircut, for Sophie Martin/);
    const colouring = mine.appointments!.find((r) => /colouring/.test(r.say))!;
    const again = newCallId();
    expect(await vapiTool(p.line, again, caller, "cancel_appointment", { appointmentId: colouring.id })).toMatch(/^Done: /);
    const twice = await vapiReply(p.line, again, caller, "cancel_appointment", { appointmentId: colouring.id });
    expect(twice.say).toMatch(/^That appointment, .+, colouring, is already cancelled\. Your other appointment is still booked: .+haircut/);
    expect(twice.appointments!.map((r) => r.id)).not.toContain(colouring.id);
    // An id that is none of theirs: the words say it is not among theirs, then list them, never as if theirs were missing.
    expect(await vapiTool(p.line, again, caller, "cancel_appointment", { appointmentId: "not-an-id" })).toMatch(
      /^That is not one of the appointments I can see for you\. Yours are: .+haircut\. Which one do you mean\?/,
    );
    // Another number naming the cancelled appointment learns nothing of it.
    expect(await vapiTool(p.line, newCallId(), newCaller(), "cancel_appointment", { appointmentId: colouring.id })).toMatch(
      /^I found no upcoming appointment/,
    );
  });
});

describe("a caller who says it is urgent", () => {
  it("is asked the trade's own warning-sign question first: a physio asks about bladder control and numbness", async () => {
    const p = await practice("Fisioterapia Ortega");
    await getDb()
      .update(users)
      .set({ locale: "es", businessType: "medical", services: ["Fisioterapia"] })
      .where(eq(users.id, p.user.id));
    const start = await vapi(vapiMessage(p.line, newCallId(), newCaller(), { type: "assistant-request" }));
    expect(start.status).toBe(200);
    const prompt = start.body.assistant.model.messages[0].content as string;
    expect(prompt.split("\n")[0]).toMatch(/dolor de espalda con pérdida del control de la vejiga/);
    expect(prompt).toMatch(/antes de ofrecer la hora más cercana, pregunte: «Con ese dolor, ¿ha perdido el control de la vejiga/);
    expect(prompt).not.toMatch(/dolor en el pecho, dificultad para respirar, sangrado abundante, pérdida de conocimiento/);
  });
});

describe("a message left when the practice is closed", () => {
  it("says when someone can call back, in the practice's words and with its article", async () => {
    const p = await frenchPractice("Cabinet Fermé");
    // Open only on a day that is not today in Paris: closed now whatever the hour.
    const today = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "Europe/Paris" }).format(new Date()).toLowerCase();
    const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    const other = days[(days.indexOf(today) + 2) % 7]!;
    const hours = Object.fromEntries(days.map((d) => [d, { isOpen: d === other, openTime: "09:00", closeTime: "17:00" }]));
    const saved = await api("PUT", "/api/auth/update-working-hours", { token: p.token, body: { workingHours: hours } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const said = await vapiTool(p.line, newCallId(), newCaller(), "take_message", { message: "Rappelez-moi", name: "Paul" });
    expect(said).toMatch(
      /^Votre message a été transmis au Cabinet Fermé\. Nous sommes fermés en ce moment : quelqu'un pourra vous rappeler à partir du \S+ \d+/,
    );
    expect(said).toMatch(/à 9 h\.$/);
    // In Spanish, the day after "a partir del" takes no second article.
    expect((await api("PUT", "/api/account/locale", { token: p.token, body: { locale: "es" } })).status).toBe(200);
    const dicho = await vapiTool(p.line, newCallId(), newCaller(), "take_message", { message: "Llámenme", name: "Pablo" });
    expect(dicho).toMatch(
      /alguien podrá llamarle a partir del (lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d+ de \w+ a las 9:00\.$/,
    );
  });

  it("says nothing of a call back while the practice is open", async () => {
    const p = await practice("Clínica Abierta");
    await getDb().update(users).set({ locale: "es" }).where(eq(users.id, p.user.id));
    const allDay = { isOpen: true, openTime: "00:00", closeTime: "23:59" };
    const hours = Object.fromEntries(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, allDay]),
    );
    expect((await api("PUT", "/api/auth/update-working-hours", { token: p.token, body: { workingHours: hours } })).status).toBe(200);
    const said = await vapiTool(p.line, newCallId(), newCaller(), "take_message", { message: "Llámenme", name: "Ana" });
    // 23:59 to midnight is the one minute this could be closed.
    expect(said).toMatch(/^Su mensaje se ha transmitido a la Clínica Abierta\.( Ahora mismo|$)/);
  });
});

const pick = (s: { date: string; time: string }) => ({ date: s.date, time: s.time });

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

const channelsTo = async (to: string) =>
  (await getDb().select({ channel: notifications.channel }).from(notifications).where(eq(notifications.recipient, to))).map(
    (n) => n.channel,
  );

describe("the confirmation the caller asked for", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Canal");
  });

  it("goes by the one channel asked for, the words say so, and the call keeps the choice", async () => {
    const call = newCallId();
    const caller = newCaller();
    const offered = (await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(8) })).slots!;
    const first = await vapiTool(p.line, call, caller, "book_appointment", { ...pick(offered[0]!), name: "Nina Text", channel: "sms" });
    expect(first).toMatch(/The confirmation goes by text message\.$/);
    // A second booking in the same call, for her son: the channel asked for still holds, and the booker is named.
    const second = await vapiTool(p.line, call, caller, "book_appointment", {
      ...pick(offered[1]!),
      name: "Leo Text",
      callerName: "Nina Text",
    });
    expect(second).toMatch(/^Booked: Leo Text, .*The confirmation goes by text message\.$/);
    const [leo] = await getDb()
      .select({ callerName: appointments.callerName, channel: appointments.notifyChannel })
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientName, "Leo Text")));
    expect(leo).toEqual({ callerName: "Nina Text", channel: "sms" });
    await drain();
    const sent = await channelsTo(caller);
    expect(sent.filter((c) => c === "sms")).toHaveLength(2);
    expect(sent).not.toContain("whatsapp");
  });

  it("asks whose a second booking is, rather than booking it in the first one's name", async () => {
    const call = newCallId();
    const caller = newCaller();
    const offered = (await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(10) })).slots!;
    expect(await vapiTool(p.line, call, caller, "book_appointment", { ...pick(offered[0]!), name: "Léa Martin" })).toMatch(/^Booked: Léa/);
    expect(await vapiTool(p.line, call, caller, "book_appointment", pick(offered[1]!))).toBe(
      "Before I can do that I still need the full name of the person the appointment is for.",
    );
  });

  it("follows the owner's default when the caller asks for nothing", async () => {
    const saved = await api("PUT", "/api/auth/update-profile", { token: p.token, body: { confirmationChannel: "whatsapp" } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const call = newCallId();
    const caller = newCaller();
    const offered = (await vapiReply(p.line, call, caller, "check_availability", { date: dayAhead(9) })).slots!;
    expect(await vapiTool(p.line, call, caller, "book_appointment", { ...pick(offered[0]!), name: "Wally App" })).toMatch(
      /The confirmation goes by WhatsApp\.$/,
    );
    await drain();
    expect(await channelsTo(caller)).toEqual(["whatsapp"]);
  });
});
