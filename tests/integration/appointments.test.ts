// The owner's appointments and call log through the real route handlers on a real database: bookings in the owner's
// time zone, no double booking (even under a race), cancellation, and every row scoped to its owner.
import { firstPractitioner } from "@/lib/scheduling/booking/core";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calls, practitioners } from "@/db/schema";
import { api, type Account, registerOwner } from "../helpers/api";

// Bookings go next year so they stay in the future whenever the suite runs.
const YEAR = new Date().getUTCFullYear() + 1;
const on = (monthDay: string) => `${YEAR}-${monthDay}`;
const MINUTE = 60_000;

/** New York springs forward on the second Sunday of March: 02:00–02:59 does not exist that day. */
function newYorkSpringForward(year: number): string {
  const firstWeekday = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const secondSunday = 1 + ((7 - firstWeekday) % 7) + 7;
  return `${year}-03-${String(secondSunday).padStart(2, "0")}`;
}

const booking = (date: string, time: string, duration: number | string = 30, extra: Record<string, unknown> = {}) => ({
  patientName: "Jane Doe",
  patientEmail: "Jane.Doe@Example.com",
  patientPhone: "+1 212 555 0100",
  reason: "Check-up",
  date,
  time,
  duration,
  ...extra,
});

const newYorkOwner = () => registerOwner({ timeZone: "America/New_York" });

async function list(owner: Account) {
  const res = await api("GET", "/api/appointments", { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    upcoming: { id: string; status: string; startsAt: string }[];
    past: { id: string; status: string }[];
    timeZone: string;
  };
}

async function insertAppointment(owner: Account, startsAt: Date, minutes: number, status: "booked" | "cancelled" = "booked") {
  const [row] = await getDb()
    .insert(appointments)
    .values({
      userId: owner.user.id,
      practitionerId: firstPractitioner(getDb(), owner.user.id),
      patientName: "Direct Row",
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes * MINUTE),
      status,
      source: "phone",
    })
    .returning({ id: appointments.id });
  return row!.id;
}

describe("POST /api/appointments", () => {
  it("books wall-clock time in the owner's time zone, in winter and in summer", async () => {
    const owner = await newYorkOwner();
    const summer = await api("POST", "/api/appointments", { token: owner.token, body: booking(on("07-15"), "10:00", "45") });
    expect(summer.status, JSON.stringify(summer.body)).toBe(201);
    const [practitioner] = await getDb()
      .select({ id: practitioners.id })
      .from(practitioners)
      .where(eq(practitioners.userId, owner.user.id));
    expect(summer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // With the business's one practitioner: the owner, made with the account.
      practitionerId: practitioner!.id,
      patientName: "Jane Doe",
      patientEmail: "jane.doe@example.com",
      // Typed "+1 212 555 0100": stored in E.164.
      patientPhone: "+12125550100",
      // Booked by the owner for the patient: nobody else booked it, no other number called, no channel asked for.
      callerPhone: null,
      callerName: null,
      notifyChannel: null,
      // "Check-up" is none of the practice's services (it lists none).
      service: null,
      reason: "Check-up",
      startsAt: `${YEAR}-07-15T14:00:00.000Z`, // EDT, UTC−4
      endsAt: `${YEAR}-07-15T14:45:00.000Z`,
      durationMinutes: 45,
      status: "booked",
      source: "dashboard",
      // No calendar connected: nothing to put it in.
      calendarSyncStatus: "not_connected",
      // The patient is reminded a day before.
      reminderAt: `${YEAR}-07-14T14:00:00.000Z`,
      // Not confirmed by the patient yet (a reply to the confirmation text).
      confirmedAt: null,
      confirmedBy: null,
      // No reminder call asked for, nobody marked as come yet.
      callConsent: false,
      attendance: null,
      // The owner's own booking names nobody else.
      changedBy: null,
      createdAt: expect.any(String),
    });

    const winter = await api("POST", "/api/appointments", {
      token: owner.token,
      body: { patientName: "  John Roe  ", patientEmail: "", patientPhone: null, date: on("01-15"), time: "10:00", duration: 30 },
    });
    expect(winter.status, JSON.stringify(winter.body)).toBe(201);
    expect(winter.body).toMatchObject({
      patientName: "John Roe",
      patientEmail: null,
      patientPhone: null,
      reason: null,
      startsAt: `${YEAR}-01-15T15:00:00.000Z`, // EST, UTC−5
      endsAt: `${YEAR}-01-15T15:30:00.000Z`,
      durationMinutes: 30,
    });
  });

  it("refuses a start in the past and a time skipped by the daylight saving change, and books nothing", async () => {
    const owner = await newYorkOwner();
    const past = await api("POST", "/api/appointments", { token: owner.token, body: booking("2020-01-15", "10:00") });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("The appointment must be in the future.");

    // The far future is refused clearly too (year 9999 plus a duration is not even a date Postgres can store).
    for (const date of ["9999-12-31", `${Number(YEAR) + 3}-01-15`]) {
      const far = await api("POST", "/api/appointments", { token: owner.token, body: booking(date, "23:59", 480) });
      expect(far.status, date).toBe(400);
      expect(far.body.message).toBe("Appointments can be booked up to two years ahead.");
    }

    const gap = await api("POST", "/api/appointments", { token: owner.token, body: booking(newYorkSpringForward(YEAR), "02:30") });
    expect(gap.status).toBe(400);
    expect(gap.body.message).toBeTruthy();
    expect(gap.body.message).not.toBe(past.body.message);

    const justAfterGap = await api("POST", "/api/appointments", { token: owner.token, body: booking(newYorkSpringForward(YEAR), "03:00") });
    expect(justAfterGap.status).toBe(201);
    expect(justAfterGap.body.startsAt).toBe(`${newYorkSpringForward(YEAR)}T07:00:00.000Z`);
    expect((await list(owner)).upcoming.map((a) => a.id)).toEqual([justAfterGap.body.id]);
  });

  it("refuses a slot overlapping a booked one with 409 and accepts back-to-back slots", async () => {
    const owner = await newYorkOwner();
    const day = on("06-10");
    expect((await api("POST", "/api/appointments", { token: owner.token, body: booking(day, "10:00", 30) })).status).toBe(201);

    for (const [time, duration] of [
      ["10:00", 30],
      ["10:15", 30],
      ["09:45", 30],
      ["09:30", 120],
      ["10:29", 5],
    ] as const) {
      const res = await api("POST", "/api/appointments", { token: owner.token, body: booking(day, time, duration) });
      expect(res.status, `${time} for ${duration} min`).toBe(409);
      expect(res.body.message).toBeTruthy();
    }

    // [10:00, 10:30) and [10:30, 11:00) share only their boundary.
    expect((await api("POST", "/api/appointments", { token: owner.token, body: booking(day, "10:30", 30) })).status).toBe(201);
    expect((await api("POST", "/api/appointments", { token: owner.token, body: booking(day, "09:30", 30) })).status).toBe(201);
    const { upcoming } = await list(owner);
    expect(upcoming.map((a) => a.startsAt)).toEqual([`${day}T13:30:00.000Z`, `${day}T14:00:00.000Z`, `${day}T14:30:00.000Z`]);
  });

  it("gives one slot to exactly one of several simultaneous requests", async () => {
    const owner = await newYorkOwner();
    const results = await Promise.all(
      ["Ann", "Ben", "Cid", "Dee"].map((name) =>
        api("POST", "/api/appointments", { token: owner.token, body: booking(on("06-11"), "15:00", 60, { patientName: name }) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const winner = results.find((r) => r.status === 201)!;
    expect((await list(owner)).upcoming.map((a) => a.id)).toEqual([winner.body.id]);
  });

  it("does not let one owner's bookings block another owner's calendar", async () => {
    const a = await newYorkOwner();
    const b = await newYorkOwner();
    expect((await api("POST", "/api/appointments", { token: a.token, body: booking(on("06-12"), "09:00") })).status).toBe(201);
    expect((await api("POST", "/api/appointments", { token: b.token, body: booking(on("06-12"), "09:00") })).status).toBe(201);
  });

  const badBodies: [string, Record<string, unknown>, RegExp | null][] = [
    ["no patient name", { patientName: undefined }, /is required$/],
    ["a blank patient name", { patientName: "   " }, /is required$/],
    ["a patient name over 120 characters", { patientName: "x".repeat(121) }, /120/],
    ["a bad email", { patientEmail: "not-an-email" }, /^Please enter a valid email address$/],
    ["a bad phone", { patientPhone: "call me maybe" }, /^Please enter a valid phone number$/],
    ["a reason over 500 characters", { reason: "x".repeat(501) }, /500/],
    ["duration 0", { duration: 0 }, null],
    ["duration 1000", { duration: 1000 }, null],
    ["duration 4", { duration: 4 }, null],
    ["duration 2.5", { duration: 2.5 }, null],
    ['duration "abc"', { duration: "abc" }, null],
    ['duration ""', { duration: "" }, null],
    ["duration true", { duration: true }, null],
    ["no duration", { duration: undefined }, null],
    ['date "2026-13-01"', { date: "2026-13-01" }, null],
    ['date "2026-02-30"', { date: "2026-02-30" }, null],
    ['date "15/01/2027"', { date: "15/01/2027" }, null],
    ["no date", { date: undefined }, /is required$/],
    ['time "25:00"', { time: "25:00" }, /HH:MM/],
    ['time "9:00"', { time: "9:00" }, /HH:MM/],
    ['time "10:60"', { time: "10:60" }, /HH:MM/],
    ["no time", { time: undefined }, /is required$/],
  ];

  it.each(badBodies)("answers 400 with a message for %s, and books nothing", async (_, change, message) => {
    const owner = await newYorkOwner();
    const res = await api("POST", "/api/appointments", { token: owner.token, body: { ...booking(on("06-15"), "10:00"), ...change } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBeTruthy();
    if (message) expect(res.body.message).toMatch(message);
    expect(await getDb().select({ id: appointments.id }).from(appointments).where(eq(appointments.userId, owner.user.id))).toEqual([]);
  });
});

describe("GET /api/appointments", () => {
  it("splits upcoming (soonest first, in progress included) from past (latest first), cancelled ones included", async () => {
    const owner = await newYorkOwner();
    const now = Date.now();
    const olderPast = await insertAppointment(owner, new Date(now - 3 * 24 * 60 * MINUTE), 60, "cancelled");
    const recentPast = await insertAppointment(owner, new Date(now - 24 * 60 * MINUTE), 60);
    const inProgress = await insertAppointment(owner, new Date(now - 10 * MINUTE), 30);
    const july = (await api("POST", "/api/appointments", { token: owner.token, body: booking(on("07-01"), "09:00") })).body.id;
    const january = (await api("POST", "/api/appointments", { token: owner.token, body: booking(on("01-05"), "09:00") })).body.id;
    await api("POST", `/api/appointments/${july}/cancel`, { token: owner.token });

    const res = await list(owner);
    expect(res.timeZone).toBe("America/New_York");
    expect(res.upcoming.map((a) => a.id)).toEqual([inProgress, january, july]);
    expect(res.upcoming.map((a) => a.status)).toEqual(["booked", "booked", "cancelled"]);
    expect(res.past.map((a) => a.id)).toEqual([recentPast, olderPast]);
    expect(res.past.map((a) => a.status)).toEqual(["booked", "cancelled"]);
  });

  it("shows an owner none of another owner's appointments", async () => {
    const a = await newYorkOwner();
    const b = await registerOwner();
    expect((await api("POST", "/api/appointments", { token: a.token, body: booking(on("08-01"), "11:00") })).status).toBe(201);
    expect(await list(b)).toEqual({ upcoming: [], past: [], timeZone: "Europe/Paris" });
  });
});

describe("GET /api/appointments?from=&to=", () => {
  it("narrows the list to appointments starting in [from, to), and refuses a date that is not one", async () => {
    const owner = await newYorkOwner();
    const ids: Record<string, string> = {};
    for (const day of ["03-02", "03-03", "03-04"]) {
      ids[day] = (await api("POST", "/api/appointments", { token: owner.token, body: booking(on(day), "09:00") })).body.id;
    }
    const range = await api("GET", `/api/appointments?from=${on("03-03")}&to=${on("03-04")}T14:00:00Z`, { token: owner.token });
    expect(range.status).toBe(200);
    expect(range.body.upcoming.map((a: { id: string }) => a.id)).toEqual([ids["03-03"]]);
    // 09:00 in New York is 14:00 UTC: the bound is exclusive, an offset counts.
    const withOffset = await api("GET", `/api/appointments?from=${on("03-04")}T09:00:00-05:00`, { token: owner.token });
    expect(withOffset.body.upcoming.map((a: { id: string }) => a.id)).toEqual([ids["03-04"]]);
    expect((await api("GET", "/api/appointments?from=&to=", { token: owner.token })).body.upcoming).toHaveLength(3);

    for (const bad of ["tomorrow", `${on("02-30")}T25:00:00Z`, "2026-13-01"]) {
      const res = await api("GET", `/api/appointments?to=${encodeURIComponent(bad)}`, {
        token: owner.token,
        headers: { "accept-language": "fr" },
      });
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ message: expect.stringContaining("date valide") });
    }
  });
});

describe("POST /api/appointments/{id}/cancel", () => {
  it("cancels, frees the slot, and answers the same when asked again", async () => {
    const owner = await newYorkOwner();
    const slot = booking(on("09-01"), "14:00", 60);
    const booked = await api("POST", "/api/appointments", { token: owner.token, body: slot });
    expect((await api("POST", "/api/appointments", { token: owner.token, body: slot })).status).toBe(409);

    const cancelled = await api("POST", `/api/appointments/${booked.body.id}/cancel`, { token: owner.token });
    expect(cancelled.status).toBe(200);
    // Cancelled: the 24-hour reminder is off.
    expect(cancelled.body).toEqual({ ...booked.body, status: "cancelled", reminderAt: null });
    const again = await api("POST", `/api/appointments/${booked.body.id}/cancel`, { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cancelled.body);

    const rebooked = await api("POST", "/api/appointments", { token: owner.token, body: slot });
    expect(rebooked.status).toBe(201);
    expect(rebooked.body.startsAt).toBe(booked.body.startsAt);
    // The cancelled one stays cancelled: its slot now belongs to the new booking.
    const { upcoming } = await list(owner);
    expect(upcoming.map((a) => [a.id, a.status])).toEqual(
      expect.arrayContaining([
        [booked.body.id, "cancelled"],
        [rebooked.body.id, "booked"],
      ]),
    );
  });

  it("answers the same 404 for another owner's appointment, an unknown id and a malformed id", async () => {
    const a = await newYorkOwner();
    const b = await newYorkOwner();
    const booked = await api("POST", "/api/appointments", { token: a.token, body: booking(on("09-02"), "10:00") });

    const answers = await Promise.all(
      [booked.body.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "1 or 1=1"].map((id) =>
        api("POST", `/api/appointments/${encodeURIComponent(id)}/cancel`, { token: b.token }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(answers[0]!.body.message).toBeTruthy();
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect((await list(a)).upcoming).toEqual([expect.objectContaining({ id: booked.body.id, status: "booked" })]);
  });
});

describe("without a session", () => {
  it.each([
    ["GET", "/api/appointments", undefined],
    ["POST", "/api/appointments", booking(on("06-20"), "10:00")],
    ["POST", "/api/appointments/00000000-0000-4000-8000-000000000000/cancel", undefined],
    ["GET", "/api/calls", undefined],
  ] as const)("%s %s answers 401", async (method, path, body) => {
    const res = await api(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Authentication required. Please sign in.");
  });
});

describe("GET /api/calls", () => {
  it("lists only the owner's calls, newest first, without transcripts or recordings", async () => {
    const a = await registerOwner();
    const b = await registerOwner();
    expect((await api("GET", "/api/calls", { token: a.token })).body).toEqual({ calls: [] });

    const now = Date.now();
    const tag = `${a.user.id}-${now}`;
    const [older, noStart, recent] = await getDb()
      .insert(calls)
      .values([
        {
          userId: a.user.id,
          providerCallId: `older-${tag}`,
          fromNumber: "+12125550100",
          toNumber: "+19995550101",
          status: "ended",
          startedAt: new Date(now - 120 * MINUTE),
          endedAt: new Date(now - 120 * MINUTE + 95_000),
          endedReason: "customer-ended-call",
          summary: "Booked a cleaning",
          transcript: "private words",
          recordingUrl: "https://recordings.example/1.mp3",
        },
        // No start time from the provider: sorted by when the row was created (now).
        { userId: a.user.id, providerCallId: `nostart-${tag}`, status: "queued" },
        { userId: a.user.id, providerCallId: `recent-${tag}`, status: "in-progress", startedAt: new Date(now - 60 * MINUTE) },
      ])
      .returning({ id: calls.id });
    await getDb()
      .insert(calls)
      .values({ userId: null, providerCallId: `orphan-${tag}`, status: "ended" });

    const res = await api("GET", "/api/calls", { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.calls.map((c: { id: string }) => c.id)).toEqual([noStart!.id, recent!.id, older!.id]);
    expect(res.body.calls[2]).toEqual({
      id: older!.id,
      fromNumber: "+12125550100",
      toNumber: "+19995550101",
      status: "ended",
      startedAt: new Date(now - 120 * MINUTE).toISOString(),
      endedAt: new Date(now - 120 * MINUTE + 95_000).toISOString(),
      durationSeconds: 95,
      endedReason: "customer-ended-call",
      summary: "Booked a cleaning",
      outcome: "no_action",
      screening: null,
      sandbox: false,
      // The default 90-day retention, counted from when the call reached us.
      contentPurgeAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      contentPurgedAt: null,
    });
    expect(res.body.calls[0]).toMatchObject({ startedAt: null, endedAt: null, durationSeconds: null, fromNumber: null });

    expect((await api("GET", "/api/calls", { token: b.token })).body).toEqual({ calls: [] });
  });
});
