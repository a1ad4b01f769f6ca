// The insights: a month of calls seeded at the edges that matter (opening and closing to the second, a closure, special
// hours, the night clocks go back, the period's own bounds in the business's zone) and the figures and CSV they must
// give; bookings by source made through the real booking paths. Real routes and database.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { calls, callToolCalls, closures, notifications, subscriptions, users } from "@/db/schema";
import { billingPeriod } from "@/lib/insights/insights.service";
import { APPOINTMENT_TOOLS } from "@/lib/receptionist/tools/registry";
import { runUsageAlerts } from "@/lib/insights/usage";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { localDate } from "@/lib/platform/time/zoned-time";
import { api, createAdmin, registerOwner, type Account } from "../helpers/api";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";

const open = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime });
const closed = { isOpen: false, openTime: "09:00", closeTime: "18:00" };
const HOURS = {
  monday: open("09:00", "18:00"),
  tuesday: open("09:00", "18:00"),
  wednesday: open("09:00", "18:00"),
  thursday: open("09:00", "18:00"),
  friday: open("09:00", "18:00"),
  saturday: open("09:00", "12:00"),
  sunday: closed,
};

type Seed = {
  at: string;
  seconds?: number;
  outcome?: "booked" | "rescheduled" | "cancelled" | "message" | "no_action";
  status?: string;
  reason?: string;
  /** A Try call: the owner playing a caller on the Try page. */
  tryCall?: boolean;
};

// October 2026 in Paris: UTC+2 until Sunday 25 October 03:00, UTC+1 after. Each call: its instant (UTC) and what it is.
const OCTOBER: Seed[] = [
  { at: "2026-09-30T21:59:59Z" }, // 23:59:59 on 30 September in Paris: before the period
  { at: "2026-09-30T22:00:00Z", seconds: 60, outcome: "message" }, // 00:00 on 1 October: in it, after hours
  { at: "2026-10-01T06:59:59Z", seconds: 120, outcome: "booked" }, // Thursday 08:59:59: after hours
  { at: "2026-10-01T07:00:00Z", seconds: 180, outcome: "booked" }, // 09:00:00: open
  { at: "2026-10-01T15:59:59Z", seconds: 60 }, // 17:59:59: open
  { at: "2026-10-01T16:00:00Z", seconds: 60 }, // 18:00:00: after hours
  { at: "2026-10-03T09:59:00Z", seconds: 90, outcome: "rescheduled" }, // Saturday 11:59: open
  { at: "2026-10-03T10:00:00Z", seconds: 90, outcome: "cancelled" }, // Saturday 12:00: after hours
  { at: "2026-10-04T08:00:00Z", seconds: 30 }, // Sunday 10:00: closed all day
  { at: "2026-10-14T08:00:00Z", seconds: 45, outcome: "message" }, // Wednesday 10:00, a closure: after hours
  { at: "2026-10-15T09:00:00Z", seconds: 45 }, // Thursday 11:00, special hours 09:00–12:00: open
  { at: "2026-10-15T12:00:00Z", seconds: 45 }, // Thursday 14:00, special hours: after hours
  { at: "2026-10-20T08:00:00Z", seconds: 4 }, // hung up after 4 s, nothing done: abandoned
  { at: "2026-10-20T08:10:00Z", seconds: 4, outcome: "message" }, // short but a message was taken: answered
  { at: "2026-10-20T08:20:00Z", status: "failed" }, // failed: abandoned
  { at: "2026-10-24T22:30:00Z", seconds: 60 }, // Sunday 25 October 00:30 (UTC+2)
  { at: "2026-10-25T00:30:00Z", seconds: 60 }, // 02:30 the first time
  { at: "2026-10-25T01:30:00Z", seconds: 60 }, // 02:30 the second time (UTC+1 now)
  { at: "2026-10-25T22:30:00Z", seconds: 60 }, // 23:30 on the 25th: the day has 25 hours
  { at: "2026-10-26T07:30:00Z", seconds: 60 }, // Monday 08:30 (UTC+1): after hours (at UTC+2 it would be 09:30)
  { at: "2026-10-26T08:00:00Z", seconds: 61, outcome: "booked" }, // Monday 09:00: open
  { at: "2026-10-31T22:59:59Z", seconds: 60 }, // Saturday 31 October 23:59:59: in, after hours
  { at: "2026-10-31T23:00:00Z", seconds: 60 }, // 00:00 on 1 November: after the period
];

let seq = 0;
async function seedCalls(userId: string, seeds: Seed[]) {
  await getDb()
    .insert(calls)
    .values(
      seeds.map((s) => ({
        userId,
        providerCallId: `insights-${Date.now().toString(36)}-${++seq}`,
        status: s.status ?? "ended",
        startedAt: new Date(s.at),
        endedAt: s.seconds === undefined ? null : new Date(Date.parse(s.at) + s.seconds * 1000),
        durationSeconds: s.seconds ?? null,
        outcome: s.outcome ?? "no_action",
        ...(s.tryCall ? { providerCallId: `try-${userId}-${++seq}`, sandbox: true } : {}),
        createdAt: new Date(s.at),
      })),
    );
}

describe("the insights of a seeded month", () => {
  let owner: Account;
  beforeAll(async () => {
    owner = await registerOwner({ businessName: "Cabinet Octobre", workingHours: HOURS, timeZone: "Europe/Paris" });
    await getDb()
      .insert(closures)
      .values([
        { userId: owner.user.id, startsOn: "2026-10-14", endsOn: "2026-10-14", reason: "Formation" },
        { userId: owner.user.id, startsOn: "2026-10-15", endsOn: "2026-10-15", openTime: "09:00", closeTime: "12:00" },
      ]);
    await seedCalls(owner.user.id, OCTOBER);
  });

  it("counts each call on its local day, in or after hours to the second, across the night clocks go back", async () => {
    const res = await api("GET", "/api/insights?from=2026-10-01&to=2026-10-31", { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({ from: "2026-10-01", to: "2026-10-31", timeZone: "Europe/Paris" });
    expect(b.days).toHaveLength(31);
    const day = (d: string) => b.days.find((x: { date: string }) => x.date === d);
    expect(day("2026-10-01")).toEqual({ date: "2026-10-01", answered: 2, afterHours: 3, abandoned: 0 });
    expect(day("2026-10-03")).toEqual({ date: "2026-10-03", answered: 1, afterHours: 1, abandoned: 0 });
    expect(day("2026-10-04")).toEqual({ date: "2026-10-04", answered: 0, afterHours: 1, abandoned: 0 });
    expect(day("2026-10-14")).toEqual({ date: "2026-10-14", answered: 0, afterHours: 1, abandoned: 0 });
    expect(day("2026-10-15")).toEqual({ date: "2026-10-15", answered: 1, afterHours: 1, abandoned: 0 });
    expect(day("2026-10-20")).toEqual({ date: "2026-10-20", answered: 1, afterHours: 0, abandoned: 2 });
    expect(day("2026-10-25")).toEqual({ date: "2026-10-25", answered: 0, afterHours: 4, abandoned: 0 });
    expect(day("2026-10-26")).toEqual({ date: "2026-10-26", answered: 1, afterHours: 1, abandoned: 0 });
    expect(day("2026-10-31")).toEqual({ date: "2026-10-31", answered: 0, afterHours: 1, abandoned: 0 });
    expect(day("2026-10-02")).toEqual({ date: "2026-10-02", answered: 0, afterHours: 0, abandoned: 0 });

    expect(b.totals).toEqual({
      calls: 21,
      abandoned: 2,
      answered: 6,
      afterHours: 13,
      booked: 3,
      // The 19 answered calls last 1250 s in all.
      averageSeconds: Math.round(1250 / 19),
      conversionRate: 3 / 19,
      // Every call's seconds, the abandoned 4 s too: 1254 s, rounded up to 21 minutes.
      minutes: 21,
    });
    expect(b.outcomes).toEqual({ booked: 3, rescheduled: 1, cancelled: 1, message: 3, no_action: 13 });
    // Weekday × local hour: Sunday (row 6) 02:00 has both 02:30s; Thursday (row 3) 08:00 and 09:00 one each.
    expect(b.hours).toHaveLength(7);
    expect(b.hours[6][2]).toBe(2);
    expect(b.hours[6][0]).toBe(1);
    expect(b.hours[6][23]).toBe(1);
    expect(b.hours[3][8]).toBe(1);
    expect(b.hours[3][9]).toBe(1);
    expect(b.hours[0][8]).toBe(1); // Monday 26th, 08:30 at UTC+1
    expect(b.hours.flat().reduce((a: number, n: number) => a + n, 0)).toBe(21);
  });

  it("a period of one local day has exactly that day's calls, the DST day's 25 hours included", async () => {
    const res = await api("GET", "/api/insights?from=2026-10-25&to=2026-10-25", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.days).toEqual([{ date: "2026-10-25", answered: 0, afterHours: 4, abandoned: 0 }]);
    expect(res.body.totals.calls).toBe(4);
  });

  it("the CSV of each chart, headers in the asker's language, one row per day", async () => {
    const res = await api("GET", "/api/insights?from=2026-10-01&to=2026-10-31&format=csv&table=days", {
      token: owner.token,
      headers: { "accept-language": "fr" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="recepta-days-2026-10-01-2026-10-31.csv"');
    const lines = (res.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Date","Répondus pendant les horaires","Répondus hors horaires","Abandonnés","Total"');
    expect(lines).toHaveLength(32);
    expect(lines[1]).toBe('"2026-10-01","2","3","0","5"');
    expect(lines[25]).toBe('"2026-10-25","0","4","0","4"');

    const hours = await api("GET", "/api/insights?from=2026-10-01&to=2026-10-31&format=csv&table=hours", { token: owner.token });
    const sunday = (hours.body as string).split("\r\n").find((l) => l.startsWith('"Sunday"'))!;
    expect(sunday.split(",").slice(1, 4)).toEqual(['"1"', '"0"', '"2"']);
    const outcomes = await api("GET", "/api/insights?from=2026-10-01&to=2026-10-31&format=csv&table=outcomes", { token: owner.token });
    expect(outcomes.body).toContain('"Message taken","3"');
  });

  it("refuses a backwards or too long period, an unknown table or format, in the asker's language; never another owner's calls", async () => {
    const backwards = await api("GET", "/api/insights?from=2026-10-31&to=2026-10-01", {
      token: owner.token,
      headers: { "accept-language": "es" },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain("El periodo debe terminar");
    const long = await api("GET", "/api/insights?from=2024-01-01&to=2026-10-01", { token: owner.token });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("at most a year");
    expect((await api("GET", "/api/insights?from=2026-02-30", { token: owner.token })).status).toBe(400);
    // Dates the arithmetic and the database cannot both hold are refused, not a 500.
    for (const q of ["from=0001-01-01", "to=0001-01-20", "to=9999-12-31", "from=9999-12-30&to=9999-12-31"]) {
      const far = await api("GET", `/api/insights?${q}`, { token: owner.token });
      expect(far.status, q).toBe(400);
      expect(far.body.message).toBe("Choose a date between 2000 and 2099.");
    }
    expect((await api("GET", "/api/insights?format=xml", { token: owner.token })).status).toBe(400);
    expect((await api("GET", "/api/insights?format=csv&table=secrets", { token: owner.token })).status).toBe(400);
    expect((await api("GET", "/api/insights")).status).toBe(401);

    const other = await registerOwner({ businessName: "Autre Cabinet", workingHours: HOURS, timeZone: "Europe/Paris" });
    const theirs = await api("GET", "/api/insights?from=2026-10-01&to=2026-10-31", { token: other.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.totals.calls).toBe(0);
    expect(theirs.body.totals.averageSeconds).toBeNull();
    expect(theirs.body.totals.conversionRate).toBeNull();
    expect(theirs.body.bookingSuccess).toEqual({ wanted: 0, booked: 0 });
    expect(theirs.body.toolCalls).toEqual({ count: 0, p50Ms: null, p95Ms: null });
  });

  it("another zone's days: the same instants fall on New York's dates", async () => {
    await getDb().update(users).set({ timeZone: "America/New_York" }).where(eq(users.id, owner.user.id));
    try {
      const res = await api("GET", "/api/insights?from=2026-10-31&to=2026-10-31", { token: owner.token });
      // 31 October in New York (UTC−4): 04:00Z on the 31st to 04:00Z on 1 November: the last two seeded calls.
      expect(res.body.totals.calls).toBe(2);
    } finally {
      await getDb().update(users).set({ timeZone: "Europe/Paris" }).where(eq(users.id, owner.user.id));
    }
  });
});

describe("booking success and answer times of a seeded month", () => {
  type ToolSeed = { tool: string; ms: number; at?: string };
  type CallSeed = { at: string; outcome?: Seed["outcome"]; tools: ToolSeed[] };
  let owner: Account;

  /** Calls with the tool calls the receptionist made during them (a minute in, unless said). */
  async function seedCallsWithTools(userId: string, seeds: CallSeed[]) {
    for (const c of seeds) {
      const providerCallId = `insights-tools-${Date.now().toString(36)}-${++seq}`;
      await getDb()
        .insert(calls)
        .values({
          userId,
          providerCallId,
          status: "ended",
          startedAt: new Date(c.at),
          endedAt: new Date(Date.parse(c.at) + 180_000),
          durationSeconds: 180,
          outcome: c.outcome ?? "no_action",
          // As the webhook marks a call whose tool calls looked for or took a slot.
          wantedBooking: c.tools.some((t) => APPOINTMENT_TOOLS.includes(t.tool)),
          createdAt: new Date(c.at),
        });
      if (c.tools.length === 0) continue;
      await getDb()
        .insert(callToolCalls)
        .values(
          c.tools.map((t) => ({
            userId,
            providerCallId,
            tool: t.tool,
            outcome: "result" as const,
            durationMs: t.ms,
            createdAt: new Date(t.at ?? Date.parse(c.at) + 60_000),
          })),
        );
    }
  }

  beforeAll(async () => {
    owner = await registerOwner({ businessName: "Cabinet Réussite", workingHours: HOURS, timeZone: "Europe/Paris" });
    await seedCallsWithTools(owner.user.id, [
      // Checked, then booked: wanted, and got one.
      {
        at: "2026-10-05T08:00:00Z",
        outcome: "booked",
        tools: [
          { tool: "check_availability", ms: 100 },
          { tool: "book_appointment", ms: 200 },
        ],
      },
      // Checked and left without a booking: wanted, not booked.
      { at: "2026-10-06T08:00:00Z", tools: [{ tool: "check_availability", ms: 300 }] },
      // Only left a message: did not want an appointment.
      { at: "2026-10-07T08:00:00Z", outcome: "message", tools: [{ tool: "take_message", ms: 400 }] },
      // Booked straight away.
      { at: "2026-10-08T08:00:00Z", outcome: "booked", tools: [{ tool: "book_appointment", ms: 500 }] },
      // Checked twice and moved an existing appointment instead: one call that wanted one, not booked.
      {
        at: "2026-10-09T08:00:00Z",
        outcome: "rescheduled",
        tools: [
          { tool: "check_availability", ms: 600 },
          { tool: "check_availability", ms: 700 },
          { tool: "lookup_info", ms: 800 },
        ],
      },
      // A call belongs to the day it started on, a tool call's answer time to the moment it was answered. Started at
      // 23:59 on the period's last day (Paris) and booked after midnight: the call is in, the booking's time is not.
      {
        at: "2026-10-31T22:59:00Z",
        outcome: "booked",
        tools: [
          { tool: "check_availability", ms: 900, at: "2026-10-31T22:59:30Z" },
          { tool: "book_appointment", ms: 60_000, at: "2026-10-31T23:00:30Z" },
        ],
      },
      // Started at 23:59 the day before the period: the call is out, the booking answered at 00:00:30 is in.
      {
        at: "2026-09-30T21:59:00Z",
        outcome: "booked",
        tools: [
          { tool: "check_availability", ms: 50_000, at: "2026-09-30T21:59:30Z" },
          { tool: "book_appointment", ms: 1000, at: "2026-09-30T22:00:30Z" },
        ],
      },
      // A call with no tool at all, and one on 1 November at 00:00, tools and all after the period.
      { at: "2026-10-10T08:00:00Z", tools: [] },
      { at: "2026-10-31T23:00:00Z", outcome: "booked", tools: [{ tool: "check_availability", ms: 70_000 }] },
    ]);
    // Another business's call in the same days.
    const other = await registerOwner({ businessName: "Cabinet Voisin", workingHours: HOURS, timeZone: "Europe/Paris" });
    await seedCallsWithTools(other.user.id, [
      { at: "2026-10-05T09:00:00Z", outcome: "booked", tools: [{ tool: "book_appointment", ms: 80_000 }] },
    ]);
  });

  it("counts the calls that wanted an appointment and those that got one; times our answers to their tools", async () => {
    const res = await api("GET", "/api/insights?from=2026-10-01&to=2026-10-31", { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Wanted: the five October calls that checked or booked; got one: three of them. The message and the tool-less
    // calls are not counted, nor the calls that started outside October, nor the other business's.
    expect(res.body.bookingSuccess).toEqual({ wanted: 5, booked: 3 });
    // Ten tool calls answered in October, of 100, 200 … 1000 ms: the median halfway between 500 and 600, the 95th
    // percentile 55% of the way from the 9th (900) to the 10th (1000).
    expect(res.body.toolCalls).toEqual({ count: 10, p50Ms: 550, p95Ms: 955 });
  });

  it("a shorter period counts the calls that started in it only", async () => {
    const res = await api("GET", "/api/insights?from=2026-10-06&to=2026-10-07", { token: owner.token });
    expect(res.body.bookingSuccess).toEqual({ wanted: 1, booked: 0 });
    expect(res.body.toolCalls).toMatchObject({ count: 2, p50Ms: 350, p95Ms: 395 });
  });

  it("the CSV of both figures in the asker's language; an empty cell for a share of nothing", async () => {
    const res = await api("GET", "/api/insights?from=2026-10-01&to=2026-10-31&format=csv&table=receptionist", {
      token: owner.token,
      headers: { "accept-language": "fr" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="recepta-receptionist-2026-10-01-2026-10-31.csv"');
    expect((res.body as string).trimEnd().split("\r\n")).toEqual([
      '"Indicateur","Valeur"',
      '"Appels qui cherchaient un rendez-vous","5"',
      '"Dont rendez-vous pris","3"',
      '"Rendez-vous obtenus (%)","60"',
      '"Actions pendant les appels","10"',
      '"Temps de réponse médian (ms)","550"',
      '"Temps de réponse au 95e centile (ms)","955"',
    ]);
    const none = await api("GET", "/api/insights?from=2026-10-20&to=2026-10-20&format=csv&table=receptionist", {
      token: owner.token,
      headers: { "accept-language": "es" },
    });
    expect((none.body as string).trimEnd().split("\r\n")).toEqual([
      '"Indicador","Valor"',
      '"Llamadas que buscaban una cita","0"',
      '"De ellas, con cita reservada","0"',
      '"Citas conseguidas (%)",""',
      '"Acciones durante las llamadas","0"',
      '"Tiempo de respuesta mediano (ms)",""',
      '"Tiempo de respuesta, percentil 95 (ms)",""',
    ]);
  });
});

describe("bookings by source, reasons and requests, through the real paths", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Sources");
  });

  it("counts bookings, moves and cancellations by who made them; the top reasons as callers gave them; the requests", async () => {
    const caller = `+3376${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const callId = newCallId("ins");
    await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }));
    // Three phone bookings: one reason spelt two ways, and one a caller meant as a spreadsheet formula.
    for (const [time, reason] of [
      ["10:00", "Détartrage"],
      ["11:00", " détartrage "],
      ["12:00", '=HYPERLINK("http://x")'],
    ] as const) {
      expect(
        await vapiTool(p.line, callId, caller, "book_appointment", { date: dayAhead(3), time, name: "Jeanne Martin", reason }),
      ).toMatch(/^Booked/);
    }
    await vapiTool(p.line, callId, caller, "take_message", { message: "Renouvellement", category: "prescription", name: "Jeanne Martin" });
    // The owner books one and cancels it; the caller cancels one with the link of their last text.
    const dash = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Paul Durand", date: dayAhead(4), time: "09:00", duration: 30 },
    });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    expect((await api("POST", `/api/appointments/${dash.body.id}/cancel`, { token: p.token })).status).toBe(200);
    const ctx = appContext();
    await drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
    const texts = await getDb()
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, caller))
      .orderBy(desc(notifications.createdAt));
    const token = texts.map((n) => /\/a\/([0-9a-z_-]+)/i.exec(n.body)?.[1]).find(Boolean)!;
    expect((await api("POST", `/api/self-service/${token}/cancel`, { headers: { "x-forwarded-for": "203.0.113.77" } })).status).toBe(200);

    const today = localDate(new Date(), "Europe/Paris");
    const res = await api("GET", `/api/insights?from=${today}&to=${today}`, { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.bookings).toEqual({
      phone: { booked: 3, rescheduled: 0, cancelled: 0 },
      dashboard: { booked: 1, rescheduled: 0, cancelled: 1 },
      page: { booked: 0, rescheduled: 0, cancelled: 0 },
      waitlist: { booked: 0, rescheduled: 0, cancelled: 0 },
      recall: { booked: 0, rescheduled: 0, cancelled: 0 },
      selfService: { booked: 0, rescheduled: 0, cancelled: 1 },
    });
    expect(res.body.topReasons).toEqual([
      { reason: "Détartrage", count: 2 },
      { reason: '=HYPERLINK("http://x")', count: 1 },
    ]);
    expect(res.body.requests).toContainEqual({ category: "prescription", count: 1 });
    // One call that booked (three times) and took a message: it wanted an appointment and got one; four tool calls.
    expect(res.body.bookingSuccess).toEqual({ wanted: 1, booked: 1 });
    expect(res.body.toolCalls.count).toBe(4);
    expect(res.body.toolCalls.p95Ms).toBeGreaterThanOrEqual(res.body.toolCalls.p50Ms);
    // This month's usage counts today's call.
    expect(res.body.usage.calls).toBeGreaterThanOrEqual(1);

    const csv = await api("GET", `/api/insights?from=${today}&to=${today}&format=csv&table=reasons`, { token: p.token });
    // A reason a caller gave is never a formula in the owner's spreadsheet.
    expect(csv.body).toContain(`"Appointment reason","'=HYPERLINK(""http://x"")","1"`);
    expect(csv.body).toContain('"Request","Prescription renewal","1"');
  });
});

describe("the billing period the usage counts", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  it("is the subscription's current period while it runs", () => {
    const start = new Date("2026-11-10T08:00:00Z");
    const end = new Date("2026-12-10T08:00:00Z");
    expect(billingPeriod(start, end, "Europe/Paris", now)).toEqual({ start, end });
  });
  it("is the calendar month in the business's zone without one, or once it has ended", () => {
    const month = { start: new Date("2026-10-31T23:00:00Z"), end: new Date("2026-11-30T23:00:00Z") };
    expect(billingPeriod(null, null, "Europe/Paris", now)).toEqual(month);
    expect(billingPeriod(new Date("2026-09-10T08:00:00Z"), new Date("2026-10-10T08:00:00Z"), "Europe/Paris", now)).toEqual(month);
    // 10:30 UTC on 30 November is already 1 December at UTC+14: December's period.
    expect(billingPeriod(null, null, "Pacific/Kiritimati", new Date("2026-11-30T10:30:00Z")).start.toISOString()).toBe(
      "2026-11-30T10:00:00.000Z",
    );
  });
});

describe("usage per billing period: the owner's limit, its emails, the admin's column", () => {
  /** An owner whose subscription's period started yesterday: the calls seeded minutes ago are in it, whatever the date. */
  async function subscribedOwner(businessName: string) {
    const owner = await registerOwner({ businessName, workingHours: HOURS, timeZone: "Europe/Paris" });
    const now = Date.now();
    await getDb()
      .insert(subscriptions)
      .values({
        userId: owner.user.id,
        status: "active",
        currentPeriodStart: new Date(now - 86_400_000),
        currentPeriodEnd: new Date(now + 29 * 86_400_000),
      });
    return owner;
  }

  it("GET and PUT /api/account/usage: this period's calls and minutes; a limit set, refused when not a whole number, removed", async () => {
    const owner = await subscribedOwner("Cabinet Minutes");
    const now = Date.now();
    await seedCalls(owner.user.id, [
      { at: new Date(now - 60_000).toISOString(), seconds: 125 },
      { at: new Date(now - 120_000).toISOString(), seconds: 60 },
      // The owner trying their receptionist (the Try page): never usage, never billed.
      { at: new Date(now - 90_000).toISOString(), seconds: 600, tryCall: true },
    ]);
    const usage = await api("GET", "/api/account/usage", { token: owner.token });
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ calls: 2, minutes: 4, alertMinutes: null });
    // The subscription's own period, not the calendar month.
    const [sub] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, owner.user.id));
    expect(usage.body.periodStart).toBe(sub!.currentPeriodStart!.toISOString());
    const set = await api("PUT", "/api/account/usage", { token: owner.token, body: { alertMinutes: 30 } });
    expect(set.body).toMatchObject({ calls: 2, minutes: 4, alertMinutes: 30 });
    for (const bad of [0, 2.5, 100_001, "ten"]) {
      const refused = await api("PUT", "/api/account/usage", {
        token: owner.token,
        body: { alertMinutes: bad },
        headers: { "accept-language": "fr" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain("nombre entier de minutes");
    }
    expect((await api("PUT", "/api/account/usage", { token: owner.token, body: { alertMinutes: null } })).body.alertMinutes).toBeNull();
    expect((await api("GET", "/api/account/usage")).status).toBe(401);
  });

  it("emails the owner once at 80% and once at 100% of their limit, in their language; a raised limit warns again", async () => {
    const owner = await subscribedOwner("Cabinet Alerte");
    await getDb().update(users).set({ locale: "fr" }).where(eq(users.id, owner.user.id));
    await api("PUT", "/api/account/usage", { token: owner.token, body: { alertMinutes: 10 } });
    const { notices } = appContext();
    const mails = () =>
      getDb().select().from(notifications).where(eq(notifications.userId, owner.user.id)).orderBy(notifications.createdAt);
    const now = Date.now();
    await seedCalls(owner.user.id, [{ at: new Date(now - 600_000).toISOString(), seconds: 7 * 60 }]);
    await runUsageAlerts(notices);
    expect(await mails()).toHaveLength(0); // 7 of 10 minutes: below 80%
    await seedCalls(owner.user.id, [{ at: new Date(now - 500_000).toISOString(), seconds: 60 }]);
    await runUsageAlerts(notices);
    await runUsageAlerts(notices);
    let sent = await mails();
    expect(sent.map((m) => m.subject)).toEqual(["Vous avez utilisé 8 de vos 10 minutes d'appels"]);
    expect(sent[0]!.body).toContain("/fr/dashboard/subscription");
    await seedCalls(owner.user.id, [{ at: new Date(now - 400_000).toISOString(), seconds: 150 }]);
    await runUsageAlerts(notices);
    await runUsageAlerts(notices);
    sent = await mails();
    expect(sent.map((m) => m.subject)).toEqual([
      "Vous avez utilisé 8 de vos 10 minutes d'appels",
      "Vous avez atteint votre limite de 10 minutes d'appels",
    ]);
    // Raised to 13: 11 minutes is past 80% of it, a new warning; removed: nothing more.
    await api("PUT", "/api/account/usage", { token: owner.token, body: { alertMinutes: 13 } });
    await runUsageAlerts(notices);
    expect((await mails()).map((m) => m.subject).at(-1)).toBe("Vous avez utilisé 11 de vos 13 minutes d'appels");
    await api("PUT", "/api/account/usage", { token: owner.token, body: { alertMinutes: null } });
    await seedCalls(owner.user.id, [{ at: new Date(now - 300_000).toISOString(), seconds: 600 }]);
    await runUsageAlerts(notices);
    expect(await mails()).toHaveLength(3);
  });

  it("GET /api/admin/usage: every account's minutes this period, for admins only", async () => {
    const owner = await subscribedOwner("Cabinet Admin");
    await seedCalls(owner.user.id, [
      { at: new Date(Date.now() - 60_000).toISOString(), seconds: 61 },
      { at: new Date(Date.now() - 30_000).toISOString(), seconds: 300, tryCall: true },
    ]);
    const admin = await createAdmin();
    const res = await api("GET", "/api/admin/usage", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.usage[owner.user.id]).toMatchObject({ calls: 1, minutes: 2 });
    expect(res.body.usage[admin.user.id]).toMatchObject({ calls: 0, minutes: 0 });
    expect((await api("GET", "/api/admin/usage", { token: owner.token })).status).toBe(403);
  });
});
