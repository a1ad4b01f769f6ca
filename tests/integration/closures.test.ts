// Closures and special hours: the owner's API, and the three ways a slot is offered or taken (the receptionist's tools,
// the caller's self-service link, the owner's own booking), none of which may land inside a closure. Real routes and
// database; the public holidays come from the date-holidays package.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, notifications } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { speakDate } from "@/lib/receptionist/speech/speech";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiReply, vapiTool, type Practice } from "../helpers/practice";

const runTag = String(Date.now() % 1000).padStart(3, "0");
let callers = 0;
// +33 65…: every number of the range is a valid French mobile.
const newCaller = () => `+3365${runTag}${String(++callers).padStart(4, "0")}`;

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

describe("the owner's closures", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Fermé");
  });

  it("adds, lists and deletes a closure; refuses an overlap, a past one and half-given hours, in the owner's language", async () => {
    const created = await api("POST", "/api/closures", {
      token: p.token,
      body: { from: dayAhead(20), to: dayAhead(22), reason: "Congrès" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ from: dayAhead(20), to: dayAhead(22), openTime: null, reason: "Congrès", source: "owner" });
    const special = await api("POST", "/api/closures", {
      token: p.token,
      body: { from: dayAhead(23), openTime: "09:00", closeTime: "12:00" },
    });
    expect(special.status).toBe(201);
    expect(special.body).toMatchObject({ from: dayAhead(23), to: dayAhead(23), openTime: "09:00", closeTime: "12:00", reason: null });

    const overlap = await api("POST", "/api/closures", {
      token: p.token,
      body: { from: dayAhead(22), to: dayAhead(24) },
      headers: { "accept-language": "fr" },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe("Ces jours chevauchent une autre fermeture. Modifiez ou supprimez-la d'abord.");
    const past = await api("POST", "/api/closures", { token: p.token, body: { from: dayAhead(-3), to: dayAhead(-2) } });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("This closure is already over. Choose dates from today on.");
    const half = await api("POST", "/api/closures", { token: p.token, body: { from: dayAhead(30), openTime: "09:00" } });
    expect(half.status).toBe(400);
    expect(half.body.message).toContain("Give both an opening and a closing time");
    const backwards = await api("POST", "/api/closures", { token: p.token, body: { from: dayAhead(31), to: dayAhead(30) } });
    expect(backwards.status).toBe(400);

    const list = await api("GET", "/api/closures", { token: p.token });
    expect(list.body.closures.map((c: { from: string }) => c.from)).toEqual([dayAhead(20), dayAhead(23)]);
    // Another owner sees none of them and cannot delete them.
    const other = await practice("Cabinet Voisin");
    expect((await api("GET", "/api/closures", { token: other.token })).body.closures).toEqual([]);
    expect((await api("DELETE", `/api/closures/${special.body.id}`, { token: other.token })).status).toBe(404);
    expect((await api("DELETE", `/api/closures/${special.body.id}`, { token: p.token })).status).toBe(200);
    expect((await api("DELETE", `/api/closures/${special.body.id}`, { token: p.token })).status).toBe(404);
    expect((await api("GET", "/api/closures")).status).toBe(401);
  });

  it("a closure over days with appointments already booked keeps them, and says how many there are", async () => {
    const owner = await practice("Cabinet Déjà Pris");
    for (const time of ["09:00", "15:00"])
      expect(
        await vapiTool(owner.line, newCallId(), newCaller(), "book_appointment", { date: dayAhead(9), time, name: "Déjà Là" }),
      ).toMatch(/^Booked/);
    const closed = await api("POST", "/api/closures", { token: owner.token, body: { from: dayAhead(9) } });
    expect(closed.body.appointmentsInside).toBe(2);
    await api("DELETE", `/api/closures/${closed.body.id}`, { token: owner.token });
    // Special hours 14:00–18:00: only the morning one falls outside them.
    const short = await api("POST", "/api/closures", {
      token: owner.token,
      body: { from: dayAhead(9), openTime: "14:00", closeTime: "18:00" },
    });
    expect(short.body.appointmentsInside).toBe(1);
    const still = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, owner.user.id), eq(appointments.status, "booked")));
    expect(still).toHaveLength(2);
  });

  it("refreshes the public holidays, and fills a whole year when asked: a second run adds nothing", async () => {
    const owner = await practice("Cabinet Fêtes", { holidays: "closed" });
    const year = Number(dayAhead(0).slice(0, 4)) + 1;
    const first = await api("POST", "/api/closures/holidays", { token: owner.token, body: { year } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe(`Public holidays added: ${first.body.imported}.`);
    const inYear = ((await api("GET", "/api/closures", { token: owner.token })).body.closures as { from: string; source: string }[]).filter(
      (c) => c.source === "holiday" && c.from.startsWith(`${year}-`),
    );
    // France (the business is in Paris): eleven public holidays, Christmas among them.
    expect(inYear).toHaveLength(11);
    expect(inYear).toContainEqual(expect.objectContaining({ from: `${year}-12-25`, to: `${year}-12-25`, source: "holiday" }));
    const again = await api("POST", "/api/closures/holidays", { token: owner.token, body: { year } });
    expect(again.body).toMatchObject({ imported: 0, area: "FR" });
    expect(again.body.skipped).toBeGreaterThanOrEqual(11);
    expect((await api("POST", "/api/closures/holidays", { token: owner.token, body: { year: 1900 } })).status).toBe(400);
    // Without a year: the next twelve months, already filled when the business was created.
    const ahead = await api("POST", "/api/closures/holidays", { token: owner.token, body: {} });
    expect(ahead.body).toMatchObject({ imported: 0, closures: [] });
  });
});

describe("no slot inside a closure", () => {
  let p: Practice;
  const closed = dayAhead(5);
  beforeAll(async () => {
    p = await practice("Cabinet Vacances");
    const res = await api("POST", "/api/closures", { token: p.token, body: { from: closed, reason: "formation" } });
    expect(res.status).toBe(201);
    const short = await api("POST", "/api/closures", {
      token: p.token,
      body: { from: dayAhead(6), openTime: "14:00", closeTime: "16:00" },
    });
    expect(short.status).toBe(201);
  });

  it("by phone: the day is closed, with its reason; a time that day is refused; special hours only offer their own times", async () => {
    const caller = newCaller();
    const said = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: closed });
    expect(said.say).toMatch(/^We are closed on \w+day, \w+ \d+ \(formation\)\. The next free times after that are \w+day/);
    expect(said.slots!.some((o) => o.date === closed)).toBe(false);
    // A time that day, asked or booked, hears the closure and its reason too, not "not free".
    const at = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: closed, time: "10:00" });
    expect(at.say).toMatch(/^We are closed on \w+day, \w+ \d+ \(formation\)\. The closest I can offer is /);
    const booked = await vapiReply(p.line, newCallId(), caller, "book_appointment", { date: closed, time: "10:00", name: "Nina Fermé" });
    expect(booked.say).toMatch(/^We are closed on \w+day, \w+ \d+ \(formation\)\. The closest I can offer is /);
    expect(booked.slots!.some((o) => o.date === closed)).toBe(false);
    // A move onto the closed day hears the same, and the appointment stays where it was.
    const call = newCallId();
    expect(await vapiTool(p.line, call, caller, "book_appointment", { date: dayAhead(7), time: "10:00", name: "Nina Fermé" })).toMatch(
      /^Booked/,
    );
    const mine = await vapiReply(p.line, call, caller, "find_my_appointments", {});
    const id = mine.appointments![0]!.id;
    const startsAt = async () => (await getDb().select().from(appointments).where(eq(appointments.id, id)))[0]!.startsAt.toISOString();
    const before = await startsAt();
    const moved = await vapiReply(p.line, call, caller, "reschedule_appointment", { appointmentId: id, date: closed, time: "11:00" });
    expect(moved.say).toMatch(/^We are closed on \w+day, \w+ \d+ \(formation\)\. The closest I can offer is /);
    expect(moved.slots!.some((o) => o.date === closed)).toBe(false);
    expect(await startsAt()).toBe(before);
    const special = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: dayAhead(6) });
    expect(special.say).toMatch(/^On \w+day, \w+ \d+ we are open only from 2:00 PM to 4:00 PM\. I can offer /);
    const times = special.slots!.map((o) => o.time);
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((t) => t >= "14:00" && t < "16:00")).toBe(true);
    // The assistant knows it from the start, reason included.
    const request = await vapi(vapiMessage(p.line, newCallId(), caller, { type: "assistant-request" }));
    const prompt = JSON.stringify(request.body);
    // The reason is the owner's words: in its block (lib/receptionist/assistant/owner-text.ts).
    expect(prompt).toContain(`${speakDate(closed, "en")}: closed (⟪owner-text:reason⟫formation⟪/owner-text⟫)`);
  });

  it("by the self-service link: the closed day offers no time and says it is closed, and why", async () => {
    const caller = newCaller();
    expect(await vapiTool(p.line, newCallId(), caller, "book_appointment", { date: dayAhead(8), time: "10:00", name: "Léo Lien" })).toMatch(
      /^Booked/,
    );
    await drain();
    const texts = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, caller), eq(notifications.channel, "sms")))
      .orderBy(desc(notifications.createdAt));
    const token = texts.map((n) => /\/a\/([0-9a-z_-]+)/i.exec(n.body)?.[1]).find(Boolean)!;
    const headers = { "x-forwarded-for": "203.0.113.77" };
    const none = await api("GET", `/api/self-service/${token}/slots?date=${closed}`, { headers });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.slots).toEqual([]);
    expect(none.body.day).toEqual({ kind: "closure", reason: "formation", open: null, close: null });
    const special = await api("GET", `/api/self-service/${token}/slots?date=${dayAhead(6)}`, { headers });
    expect(special.body.day).toEqual({ kind: "special", reason: null, open: "14:00", close: "16:00" });
    const open = await api("GET", `/api/self-service/${token}/slots?date=${dayAhead(7)}`, { headers });
    expect(open.body.slots.length).toBeGreaterThan(0);
    expect(open.body.day).toMatchObject({ kind: "open" });
  });

  it("by the dashboard: the owner's own booking inside a closure is refused with the reason to look at", async () => {
    const res = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Paul Bureau", date: closed, time: "11:00", duration: 30 },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("The business is closed at that time (see Closures on the Working hours page).");
    const outside = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Paul Bureau", date: dayAhead(6), time: "10:00", duration: 30 },
    });
    expect(outside.status).toBe(409);
    const inside = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Paul Bureau", date: dayAhead(6), time: "14:30", duration: 30 },
    });
    expect(inside.status, JSON.stringify(inside.body)).toBe(201);
    const [row] = await getDb().select().from(appointments).where(eq(appointments.id, inside.body.id));
    expect(row).toBeDefined();
  });
});
