// A practice of several: a time is free while one of its practitioners is, N practitioners take N callers at the same
// minute and no more, each practitioner's own week counts, and the database keeps each practitioner's agenda apart
// (appointments_no_overlap per practitioner; a removed practitioner takes no booking), whatever races with what.
import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments } from "@/db/schema";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapiReply, vapiTool, type Practice } from "../helpers/practice";

const morning = { isOpen: true, openTime: "09:00", closeTime: "13:00" };
const off = { isOpen: false, openTime: "09:00", closeTime: "13:00" };

async function addPractitioner(p: Practice, body: object): Promise<string> {
  const res = await api("POST", "/api/practitioners", { token: p.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function practitionerIds(p: Practice): Promise<string[]> {
  const res = await api("GET", "/api/practitioners", { token: p.token });
  return (res.body.practitioners as { id: string }[]).map((x) => x.id);
}

const withWhom = (userId: string, startsAt?: Date) =>
  getDb()
    .select({ practitionerId: appointments.practitionerId, name: appointments.patientName })
    .from(appointments)
    .where(
      and(eq(appointments.userId, userId), eq(appointments.status, "booked"), startsAt ? eq(appointments.startsAt, startsAt) : undefined),
    );

describe("a practice of several practitioners", () => {
  it("takes two callers at the same minute with two practitioners, and offers the third other times", async () => {
    const p = await practice("Cabinet Deux");
    await addPractitioner(p, { name: "Dr Roux" });
    const day = dayAhead(5);
    const caller = (i: number) => `+3361234500${i}`;
    const ask = { date: day, time: "10:00" };
    expect(await vapiTool(p.line, newCallId(), caller(9), "check_availability", ask)).toMatch(/is free/);

    // Three callers at the same second.
    const replies = await Promise.all(
      [1, 2, 3].map((i) => vapiReply(p.line, newCallId(), caller(i), "book_appointment", { ...ask, name: `Patient ${i}` })),
    );
    const booked = replies.filter((r) => r.say.startsWith("Booked"));
    expect(booked).toHaveLength(2);
    const refused = replies.find((r) => !r.say.startsWith("Booked"))!;
    expect(refused.say).toMatch(/^Sorry, that time was just taken\./);
    // The closest times it offers are others, free with someone.
    expect(refused.slots?.length).toBeGreaterThan(0);
    expect(refused.slots!.every((s) => !(s.date === day && s.time === "10:00"))).toBe(true);

    const rows = await withWhom(p.user.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.practitionerId)).size).toBe(2);
    expect((await practitionerIds(p)).sort()).toEqual(rows.map((r) => r.practitionerId).sort());

    // The insights count them per practitioner, in the practice's order.
    const insights = await api("GET", "/api/insights", { token: p.token });
    expect(insights.status).toBe(200);
    expect(insights.body.practitioners).toEqual([
      { id: expect.any(String), name: "Owner Test", booked: 1, rescheduled: 0, cancelled: 0 },
      { id: expect.any(String), name: "Dr Roux", booked: 1, rescheduled: 0, cancelled: 0 },
    ]);

    // The minute is no longer free with anyone; the next one is.
    const full = await vapiReply(p.line, newCallId(), caller(9), "check_availability", ask);
    expect(full.say).not.toMatch(/is free/);
    expect(full.slots?.some((s) => s.date === day && s.time === "10:00")).toBe(false);
    expect((await vapiReply(p.line, newCallId(), caller(9), "check_availability", { date: day, time: "10:30" })).say).toMatch(/is free/);
  });

  it("offers a time only with someone who works then: a practitioner's own week counts", async () => {
    const p = await practice("Cabinet Semaine");
    // Dr Roux works mornings, every day but Sunday; the owner the practice's hours (08:00–18:00, every day).
    await addPractitioner(p, {
      name: "Dr Roux",
      workingHours: {
        monday: morning,
        tuesday: morning,
        wednesday: morning,
        thursday: morning,
        friday: morning,
        saturday: morning,
        sunday: off,
      },
    });
    // A day both work (Dr Roux never on Sunday), whatever day the test runs.
    const day = [6, 5].map((n) => dayAhead(n)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 0)!;
    const owner = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Busy Owner", date: day, time: "15:00", duration: 30, practitionerId: (await practitionerIds(p))[0] },
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    // 15:00: the owner is taken and Dr Roux does not work afternoons.
    const afternoon = await vapiReply(p.line, newCallId(), "+33612345010", "check_availability", { date: day, time: "15:00" });
    expect(afternoon.slots?.some((s) => s.date === day && s.time === "15:00")).toBe(false);
    const booked = await vapiTool(p.line, newCallId(), "+33612345011", "book_appointment", {
      date: day,
      time: "15:00",
      name: "Late Patient",
    });
    expect(booked).toMatch(/^Sorry, that time was just taken\./);
    // 11:00: both free; the first of the practice takes it, then Dr Roux.
    for (const name of ["First", "Second"]) {
      expect(await vapiTool(p.line, newCallId(), "+33612345012", "book_appointment", { date: day, time: "11:00", name })).toMatch(
        /^Booked/,
      );
    }
    const [ownerId, rouxId] = await practitionerIds(p);
    const at11 = await withWhom(p.user.id);
    const byName = at11.filter((r) => r.name !== "Busy Owner").sort((a, b) => a.name.localeCompare(b.name));
    expect(byName.map((r) => [r.name, r.practitionerId])).toEqual([
      ["First", ownerId],
      ["Second", rouxId],
    ]);
  });

  it("books the dashboard's appointment with the practitioner chosen, or the first free, and lists one practitioner's", async () => {
    const p = await practice("Cabinet Agenda");
    const roux = await addPractitioner(p, { name: "Dr Roux" });
    const day = dayAhead(7);
    const book = (body: object) =>
      api("POST", "/api/appointments", { token: p.token, body: { patientName: "Jean", date: day, time: "09:00", duration: 30, ...body } });
    const withRoux = await book({ practitionerId: roux });
    expect(withRoux.status, JSON.stringify(withRoux.body)).toBe(201);
    expect(withRoux.body.practitionerId).toBe(roux);
    // Dr Roux is taken at 09:00: asked for by name, refused; not named, the owner takes it; then nobody is left.
    expect((await book({ practitionerId: roux })).status).toBe(409);
    const anyone = await book({});
    expect(anyone.status).toBe(201);
    expect(anyone.body.practitionerId).not.toBe(roux);
    const third = await book({});
    expect(third.status).toBe(409);
    expect(third.body.message).toBe("This time slot is already booked. Please choose another time.");
    // Someone of another practice, or no one: refused with a message, nothing written.
    const stranger = await book({ practitionerId: "00000000-0000-4000-8000-000000000000" });
    expect(stranger.status).toBe(404);
    expect((await book({ practitionerId: "not-an-id" })).body.message).toBe("Choose one of your practice's practitioners.");

    const list = await api("GET", `/api/appointments?practitionerId=${roux}`, { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body.upcoming.map((a: { practitionerId: string }) => a.practitionerId)).toEqual([roux]);
  });

  it("never leaves an appointment ahead with a practitioner removed while a caller books them", async () => {
    for (let round = 0; round < 3; round++) {
      const p = await practice(`Cabinet Course ${round}`);
      const martin = await addPractitioner(p, { name: "Dr Martin" });
      const day = dayAhead(8);
      // The owner is taken at 10:00: a caller wanting 10:00 can only have Dr Martin.
      const first = await api("POST", "/api/appointments", {
        token: p.token,
        body: { patientName: "Owner's", date: day, time: "10:00", duration: 30, practitionerId: (await practitionerIds(p))[0] },
      });
      expect(first.status).toBe(201);
      const [removal, booking] = await Promise.all([
        api("DELETE", `/api/practitioners/${martin}`, { token: p.token }),
        vapiTool(p.line, newCallId(), "+33612345020", "book_appointment", { date: day, time: "10:00", name: "Racing Caller" }),
      ]);
      const ahead = await getDb()
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.practitionerId, martin), eq(appointments.status, "booked"), gt(appointments.endsAt, new Date())));
      if (removal.status === 200) {
        // Removed: nobody is booked with Dr Martin, and the caller heard the time was taken.
        expect(ahead).toHaveLength(0);
        expect(booking).toMatch(/^Sorry, that time was just taken\./);
      } else {
        // The booking came first: Dr Martin stays, with it.
        expect(removal.status).toBe(409);
        expect(ahead).toHaveLength(1);
        expect(booking).toMatch(/^Booked/);
      }
    }
  });

  it("refuses in the database an overlap with one practitioner, and allows it with two", async () => {
    const p = await practice("Cabinet Base");
    const roux = await addPractitioner(p, { name: "Dr Roux" });
    const [ownerId] = await practitionerIds(p);
    const start = new Date(Date.now() + 9 * 86_400_000);
    const row = (practitionerId: string) => ({
      userId: p.user.id,
      practitionerId,
      patientName: "Direct",
      startsAt: start,
      endsAt: new Date(start.getTime() + 1_800_000),
    });
    await getDb().insert(appointments).values(row(ownerId!));
    await getDb().insert(appointments).values(row(roux));
    await expect(getDb().insert(appointments).values(row(roux))).rejects.toMatchObject({
      cause: { constraint_name: "appointments_no_overlap" },
    });
    expect(await withWhom(p.user.id, start)).toHaveLength(2);
  });
});
