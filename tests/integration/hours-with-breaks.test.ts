// Hours with a lunch break, read the same everywhere: the receptionist's free times and words, a booking it refuses, a
// practitioner's own break, the booking page's public free times, and the working-hours routes that store the ranges
// (bad ranges refused with a translated message). Real routes and database.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments } from "@/db/schema";
import { api, registerOwner } from "../helpers/api";
import { dayAhead, newCallId, practice, vapiReply, type Practice } from "../helpers/practice";
import { LUNCH_BREAK_DAY } from "@/lib/accounts/account/working-hours.fixtures";

const lunch = LUNCH_BREAK_DAY;
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const week = (day: object) => Object.fromEntries(DAYS.map((d) => [d, day]));
const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const runTag = String(Date.now() % 100_000).padStart(5, "0");
let callers = 0;
// +33 6 12 …: French mobiles, a block of this file's own.
const newCaller = () => `+3361234${runTag.slice(3)}${String(++callers).padStart(2, "0")}`;
/** Local "HH:mm" in Paris of an instant the API gives. */
const paris = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" });
const inBreak = (time: string) => time >= "14:00" && time < "16:00";

describe("a practice closed for lunch from 14:00 to 16:00", () => {
  let p: Practice;
  const day = dayAhead(4);
  beforeAll(async () => {
    p = await practice(`Clínica Pausa ${runTag}`, { overrides: { workingHours: week(lunch) } });
  });

  it("keeps the ranges it was given and says both in the profile", async () => {
    const profile = await api("GET", "/api/auth/profile", { token: p.token });
    expect(profile.body.workingHours.monday).toEqual(lunch);
  });

  it("answers a time in the break with the break and the first times after it", async () => {
    const reply = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: day, time: "15:00", language: "en" });
    expect(reply.say).toMatch(/we are closed for lunch from 2:00 PM to 4:00 PM\. I can offer .* at 4:00 PM/);
    expect(reply.slots?.[0]).toMatchObject({ date: day, time: "16:00" });
    const es = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: day, time: "15:00", language: "es" });
    expect(es.say).toMatch(/cerramos para comer de 14:00 a 16:00\. Puedo ofrecerle .* a las 16:00/);
  });

  it("says both ranges of the day and offers nothing inside the break", async () => {
    const reply = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: day, part: "afternoon", language: "en" });
    expect(reply.say).toMatch(/open from 9:00 AM to 2:00 PM and from 4:00 PM to 8:00 PM/);
    expect(reply.slots?.length).toBeGreaterThan(0);
    expect(reply.slots!.some((s) => inBreak(s.time))).toBe(false);
  });

  it("refuses a booking inside the break, saying why, and books none", async () => {
    const caller = newCaller();
    const reply = await vapiReply(p.line, newCallId(), caller, "book_appointment", {
      date: day,
      time: "14:30",
      name: "Ana Ruiz",
      language: "en",
    });
    expect(reply.say).toMatch(/closed for lunch from 2:00 PM to 4:00 PM/);
    expect(reply.say).not.toMatch(/^Booked/);
    const rows = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, caller)));
    expect(rows).toEqual([]);
    // Right after the break is bookable.
    const after = await vapiReply(p.line, newCallId(), caller, "book_appointment", {
      date: day,
      time: "16:00",
      name: "Ana Ruiz",
      language: "en",
    });
    expect(after.say).toMatch(/^Booked/);
  });

  it("never offers a slot that would run into the break", async () => {
    const put = await api("PUT", "/api/auth/update-profile", { token: p.token, body: { appointmentDuration: "60" } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const reply = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: day, time: "13:30", language: "en" });
    expect(reply.say).toMatch(/closed for lunch from 2:00 PM to 4:00 PM/);
    expect(reply.slots!.map((s) => s.time)).not.toContain("13:30");
    await api("PUT", "/api/auth/update-profile", { token: p.token, body: { appointmentDuration: "30" } });
  });

  it("gives the booking page no free time in the break", async () => {
    const on = await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const free = await api("GET", `/api/book/${on.body.slug}/slots?date=${day}`);
    expect(free.status).toBe(200);
    const times = (free.body.slots as { start: string }[]).map((s) => paris(s.start));
    expect(times).toContain("13:30");
    expect(times).toContain("16:30");
    expect(times.filter(inBreak)).toEqual([]);
  });
});

describe("a practitioner with a break of their own", () => {
  it("is offered only outside their break, by name", async () => {
    const p = await practice(`Clínica Equipo ${runTag}`, {});
    const own = {
      isOpen: true,
      openTime: "10:00",
      closeTime: "18:00",
      ranges: [
        { openTime: "10:00", closeTime: "12:00" },
        { openTime: "15:00", closeTime: "18:00" },
      ],
    };
    const added = await api("POST", "/api/practitioners", { token: p.token, body: { name: "Javier Ortega", workingHours: week(own) } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.workingHours.monday).toEqual(own);
    const day = dayAhead(5);
    const asked = { date: day, time: "13:00", practitioner: "Javier Ortega", language: "es" };
    const reply = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", asked);
    expect(reply.say).toMatch(/Javier Ortega no trabaja de 12:00 a 15:00\. Puedo ofrecerle .* a las 15:00/);
    const whole = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { ...asked, time: undefined });
    expect(whole.slots!.every((s) => (s.time >= "10:00" && s.time < "12:00") || s.time >= "15:00")).toBe(true);
  });
});

describe("the working-hours routes with ranges", () => {
  it("store a day's ranges and give them back; a single range is sent as a plain day", async () => {
    const a = await registerOwner();
    const res = await api("PUT", "/api/auth/update-working-hours", {
      token: a.token,
      body: {
        workingHours: {
          // Out of order: stored in order, openTime/closeTime the first opening and the last closing.
          monday: { openTime: "09:00", closeTime: "14:00", ranges: [lunch.ranges[1], lunch.ranges[0]] },
          tuesday: { openTime: "08:00", closeTime: "12:00", ranges: [{ openTime: "08:00", closeTime: "12:00" }] },
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.workingHours.monday).toEqual(lunch);
    expect(res.body.workingHours.tuesday).toEqual({ isOpen: true, openTime: "08:00", closeTime: "12:00" });
    expect((await api("GET", "/api/auth/profile", { token: a.token })).body.workingHours.monday).toEqual(lunch);
  });

  it("refuse overlapping ranges, a fourth range and a range closing before it opens, in the caller's language", async () => {
    const a = await registerOwner();
    const put = (monday: object, headers: Record<string, string> = {}) =>
      api("PUT", "/api/auth/update-working-hours", { token: a.token, body: { workingHours: { monday } }, headers });
    const range = (openTime: string, closeTime: string) => ({ openTime, closeTime });
    const overlap = await put({ openTime: "09:00", closeTime: "18:00", ranges: [range("09:00", "14:00"), range("13:00", "18:00")] });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe("Monday: the opening periods must follow each other without overlapping");
    const four = await put(
      {
        openTime: "08:00",
        closeTime: "20:00",
        ranges: [range("08:00", "09:00"), range("10:00", "11:00"), range("12:00", "13:00"), range("14:00", "20:00")],
      },
      FR,
    );
    expect(four.status).toBe(400);
    expect(four.body.message).toMatch(/^Lundi\s?: une journée compte au plus trois plages d’ouverture$/);
    const backwards = await put({ openTime: "09:00", closeTime: "18:00", ranges: [range("09:00", "14:00"), range("18:00", "16:00")] });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe("Monday: the closing time must be after the opening time");
    // Nothing was stored.
    expect((await api("GET", "/api/auth/profile", { token: a.token })).body.workingHours.monday.ranges).toBeUndefined();
  });
});
