// The sandbox conversation engine against the real webhook path, in English and in French, and the try route's guard.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calls, subscriptions } from "@/db/schema";
import { findPhone, parseBirthDate, parseDay, parsePartOfDay, parseTime } from "@/lib/receptionist/simulator/simulator";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner } from "../helpers/api";

const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: open, sunday: open };

async function owner(language: "en" | "fr") {
  const o = await registerOwner({ businessName: "Dr Martin", workingHours: EVERY_DAY });
  await connectSandboxCalendar(o.token);
  expect((await api("POST", "/api/subscription/start-trial", { token: o.token })).status).toBe(200);
  await addPoolNumbers(1);
  expect((await api("GET", "/api/phone-numbers/claim", { token: o.token })).status).toBe(200);
  await api("POST", "/api/ai/parameters", {
    token: o.token,
    body: { language, voiceId: language === "fr" ? "voice_french_male_1" : "voice_english_male_1", firstMessage: "", agentName: "" },
  });
  return o;
}

async function play(token: string, lines: string[]) {
  const start = await api("POST", "/api/receptionist/try", { token, body: { action: "start" } });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  let state = start.body.state;
  const replies: string[] = [start.body.reply];
  for (const text of lines) {
    const res = await api("POST", "/api/receptionist/try", { token, body: { action: "say", state, text } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    state = res.body.state;
    replies.push(res.body.reply);
    if (res.body.ended) break;
  }
  return { replies, state };
}

describe("the sandbox conversation engine", () => {
  it("books a call in English through the webhook and logs it with transcript and summary", async () => {
    const o = await owner("en");
    const { replies } = await play(o.token, [
      "Hi, I'd like to book an appointment",
      "My name is Marie Curie",
      "A check-up",
      "no thanks",
      "the day after tomorrow",
      "the second one",
      "yes please",
      "no, that's all",
    ]);
    expect(replies[0]).toMatch(/virtual assistant of Dr Martin/);
    expect(replies[5]).toMatch(
      /^On \w+day, \w+ \d+ we are open from 8:00 AM to 6:00 PM\. I can offer \w+day, \w+ \d+ at 8:00 AM, 8:30 AM, or 9:00 AM\. Which one would you like\?$/,
    );
    expect(replies[6]).toMatch(/^So that is Marie Curie, .* 8:30\sAM\. Shall I book it\?$/);
    expect(replies[7]).toMatch(/^Booked: Marie Curie, .* The confirmation goes by text message and WhatsApp\./);
    expect(replies[8]).toBe("Thank you for calling. Goodbye!");
    const [appt] = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, o.user.id), eq(appointments.source, "phone")));
    expect(appt).toMatchObject({ patientName: "Marie Curie", reason: "A check-up", status: "booked" });
    const [call] = await getDb().select().from(calls).where(eq(calls.userId, o.user.id));
    expect(call).toMatchObject({ outcome: "booked", status: "ended", sandbox: true });
    expect(call!.transcript).toContain("User: My name is Marie Curie");
    expect(call!.summary).toMatch(/^Marie Curie called\. The caller booked an appointment for /);
  });

  it("says a day its month does not have does not exist, and asks for another day", async () => {
    const o = await owner("fr");
    const { replies } = await play(o.token, ["Bonjour, je voudrais un rendez-vous le 31 février", "Louis Pasteur", "Un bilan", "non"]);
    expect(replies.at(-1)).toMatch(
      /^Le 31 février n'existe pas ; le dernier jour du mois est le \p{Ll}+ 2[89] février\. Quel jour vous conviendrait \?$/u,
    );
  });

  it("books in French", async () => {
    const o = await owner("fr");
    const { replies } = await play(o.token, [
      "Bonjour, je voudrais prendre rendez-vous",
      "Je m'appelle Louis Pasteur",
      "Un contrôle",
      "c'est louis@example.com",
      "après-demain",
      "le premier",
      "oui",
      "non merci",
    ]);
    expect(replies[0]).toMatch(/^Bonjour, vous êtes en ligne avec [^,]+, l'assistant virtuel du Dr Martin\./);
    expect(replies[5]).toMatch(
      /^\p{Lu}\p{Ll}+ \d+(er)? \p{Ll}+, nous sommes ouverts de 8 h à 18 h\. Je peux vous proposer \p{Ll}+ \d+(er)? \p{Ll}+ à 8 h, 8 h 30 ou 9 h\. Lequel préférez-vous \?$/u,
    );
    expect(replies[7]).toMatch(/^C'est réservé : Louis Pasteur, .* par SMS, WhatsApp et e-mail\./);
    expect(replies[8]).toBe("Merci de votre appel. Au revoir !");
    const [call] = await getDb().select().from(calls).where(eq(calls.userId, o.user.id));
    expect(call!.summary).toMatch(/^Louis Pasteur a appelé\. L'appelant a pris rendez-vous pour le /);
  });

  it("keeps a day and time said in the first sentence, and a number given for the reason is the phone, not the reason", async () => {
    const o = await owner("en");
    const { replies } = await play(o.token, [
      "I'd like an appointment the day after tomorrow at 10",
      "Marie Curie",
      "06 98 76 54 32",
      "A check-up",
      "no",
      "yes",
      "no, that's all",
    ]);
    expect(replies[3]).toBe("Thank you, I have your number. And what is the reason for your visit?");
    // Once the details are known, the day and time said at first are checked and read back: the day is never asked.
    expect(replies[5]).toMatch(/^So that is Marie Curie, .* 10:00\sAM\. Shall I book it\?$/);
    expect(replies.join(" ")).not.toMatch(/Which day/);
    const [appt] = await getDb().select().from(appointments).where(eq(appointments.userId, o.user.id));
    // The business is in Paris: the national number is read as French.
    expect(appt).toMatchObject({ patientName: "Marie Curie", reason: "A check-up", patientPhone: "+33698765432", status: "booked" });
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Paris",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(appt!.startsAt);
    expect(local).toBe("10:00");
    expect(appt!.startsAt.getTime() - Date.now()).toBeGreaterThan(24 * 3_600_000);
  });

  it("books for a child named in the first sentence: the reason asked for the child, the booking in the child's name", async () => {
    const o = await owner("en");
    const { replies } = await play(o.token, [
      "I'd like an appointment for my son Tom Evans, I'm his father Ben Evans",
      "A fever",
      "no",
      "the day after tomorrow",
      "the first one",
      "yes",
      "no, that's all",
    ]);
    expect(replies[1]).toBe("Thank you. And what is the reason for Tom Evans's visit?");
    expect(replies[6]).toMatch(/^Booked: Tom Evans, /);
    const [appt] = await getDb().select().from(appointments).where(eq(appointments.userId, o.user.id));
    expect(appt).toMatchObject({ patientName: "Tom Evans", callerName: "Ben Evans", reason: "A fever", status: "booked" });
  });

  it("carries on a call whose state predates the stand-in's newer fields", async () => {
    const o = await owner("en");
    const start = await api("POST", "/api/receptionist/try", { token: o.token, body: { action: "start" } });
    const { phone: _p, want: _w, transfer: _t, idle: _i, idleEnd: _e, silences: _s, ...older } = start.body.state;
    const res = await api("POST", "/api/receptionist/try", {
      token: o.token,
      body: { action: "say", state: older, text: "I'd like to book an appointment" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reply).toBe("Of course. May I have your full name?");
  });

  it("refuses a state that is not one of the owner's own test calls", async () => {
    const a = await owner("en");
    const b = await owner("en");
    const start = await api("POST", "/api/receptionist/try", { token: a.token, body: { action: "start" } });
    const stolen = await api("POST", "/api/receptionist/try", {
      token: b.token,
      body: { action: "say", state: start.body.state, text: "hello" },
    });
    expect(stolen.status).toBe(400);
    // A state edited to play someone else's number, or broken, is not trusted.
    const forged = await api("POST", "/api/receptionist/try", {
      token: a.token,
      body: { action: "say", state: { ...start.body.state, caller: "+33600000000" }, text: "I want to book an appointment" },
    });
    expect(forged.status).toBe(200);
    expect(forged.body.state.caller).toBe(start.body.state.caller);
    for (const broken of [
      { ...start.body.state, stage: "confirm", chosen: null },
      { ...start.body.state, timeZone: "Mars/Olympus" },
      { v: 1 },
      "nope",
    ]) {
      const res = await api("POST", "/api/receptionist/try", { token: a.token, body: { action: "say", state: broken, text: "yes" } });
      expect(res.status, JSON.stringify(broken)).toBe(400);
      expect(res.body.message).toBe("This test call has ended. Start a new one.");
    }
    const noNumber = await registerOwner();
    expect((await api("POST", "/api/receptionist/try", { token: noNumber.token, body: { action: "start" } })).status).toBe(409);
    expect((await api("POST", "/api/subscription/start-trial", { token: a.token })).status).toBe(200);
    await getDb().update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, a.user.id));
    expect((await api("POST", "/api/subscription/start-trial", { token: a.token })).status).toBe(409);
  });

  it("reads days and times the way callers say them", () => {
    const now = new Date("2026-11-21T10:00:00Z"); // a Saturday
    expect(parseDay("tomorrow", now, "Europe/Paris")).toBe("2026-11-22");
    expect(parseDay("après-demain", now, "Europe/Paris")).toBe("2026-11-23");
    expect(parseDay("lundi", now, "Europe/Paris")).toBe("2026-11-23");
    expect(parseDay("on Saturday", now, "Europe/Paris")).toBe("2026-11-28");
    expect(parseDay("2026-12-01", now, "Europe/Paris")).toBe("2026-12-01");
    expect(parseDay("whenever", now, "Europe/Paris")).toBeNull();
    expect(parseTime("10h30")).toBe("10:30");
    expect(parseTime("2 pm")).toBe("14:00");
    expect(parseTime("at 9:15")).toBe("09:15");
    expect(parseTime("the second one")).toBeNull();
    // Dates with a month, in the three languages; "mañana" is tomorrow unless it is "por la mañana".
    expect(parseDay("on June 17", now, "Europe/Paris")).toBe("2027-06-17");
    expect(parseDay("le 1er décembre", now, "Europe/Paris")).toBe("2026-12-01");
    expect(parseDay("el 3 de diciembre", now, "Europe/Madrid")).toBe("2026-12-03");
    expect(parseDay("mañana por la mañana", now, "Europe/Madrid")).toBe("2026-11-22");
    expect(parseDay("por la mañana", now, "Europe/Madrid")).toBeNull();
    expect(parsePartOfDay("por la mañana")).toBe("morning");
    expect(parsePartOfDay("cet après-midi")).toBe("afternoon");
    expect(parsePartOfDay("tomorrow")).toBeNull();
    expect(parseTime("tomorrow at 10")).toBe("10:00");
    expect(parseTime("à 10 heures")).toBe("10:00");
    expect(parseTime("a las 4 y media")).toBe("16:30");
    expect(parseTime("at 3")).toBe("15:00");
    // A phone number is not a time, and is found as said.
    expect(parseTime("06 98 76 54 32")).toBeNull();
    expect(findPhone("my number is 06 98 76 54 32, thanks")).toBe("06 98 76 54 32");
    expect(findPhone("(202) 555-0187")).toBe("(202) 555-0187");
    expect(findPhone("2026-12-01 at 10:30")).toBeNull();
  });

  it("reads a date of birth said with its year, and keeps the words it was said in", () => {
    expect(parseBirthDate("Ellen Ripley, born on March 9, 1971", "en")).toEqual({ date: "1971-03-09", said: "March 9, 1971" });
    expect(parseBirthDate("the 20th of January 1950", "en")?.date).toBe("1950-01-20");
    expect(parseBirthDate("Marie-Hélène Dupont, née le 2 novembre 1962", "fr")).toEqual({ date: "1962-11-02", said: "le 2 novembre 1962" });
    expect(parseBirthDate("nacida el 5 de mayo de 1980", "es")?.date).toBe("1980-05-05");
    // Digits: day first in French and Spanish, month first in English.
    expect(parseBirthDate("07/03/1984", "fr")?.date).toBe("1984-03-07");
    expect(parseBirthDate("07/03/1984", "en")?.date).toBe("1984-07-03");
    expect(parseBirthDate("1984-03-07", "es")?.date).toBe("1984-03-07");
    // No year, or no such day: nothing.
    expect(parseBirthDate("March 9", "en")).toBeNull();
    expect(parseBirthDate("30 février 1990", "fr")).toBeNull();
  });
});
