// The insights add up: the booked calls are one count in "calls that booked" and in booking success; a dentist's
// requests are a dentist's categories; the owner's Try calls are in no figure; a call in the lunch break is an
// after-hours call. A day of calls, their tools, bookings and requests seeded as the webhook writes them. Real route
// and database.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import {
  appointmentChanges,
  appointments,
  callerMessages,
  calls,
  callToolCalls,
  practitioners,
  users,
  type WorkingHours,
} from "@/db/schema";
import { api, registerOwner, type Account } from "../helpers/api";

const closed = { isOpen: false, openTime: "09:00", closeTime: "18:00" };
// Mondays 09:00–14:00 and 16:00–20:00: closed for lunch from 14:00 to 16:00.
const HOURS: WorkingHours = {
  monday: {
    isOpen: true,
    openTime: "09:00",
    closeTime: "20:00",
    ranges: [
      { openTime: "09:00", closeTime: "14:00" },
      { openTime: "16:00", closeTime: "20:00" },
    ],
  },
  tuesday: closed,
  wednesday: closed,
  thursday: closed,
  friday: closed,
  saturday: closed,
  sunday: closed,
};

type CallSeed = {
  /** Paris wall time on Monday 5 October 2026 (UTC+2). */
  at: string;
  outcome?: "booked" | "message" | "no_action";
  wantedBooking?: boolean;
  tryCall?: boolean;
  /** An appointment booked during the call, with its reason. */
  reason?: string;
  /** A request the receptionist took during the call. */
  request?: "prescription" | "certificate" | "order";
  /** The answer time of a tool call during it, in ms. */
  toolMs?: number;
};

let seq = 0;
async function seed(owner: Account, seeds: CallSeed[]) {
  const db = getDb();
  const userId = owner.user.id;
  const [practitioner] = await db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1);
  for (const s of seeds) {
    const startedAt = new Date(`2026-10-05T${s.at}:00+02:00`);
    // A Try call's id is "try-" and the owner's id, as the Try page makes it.
    const providerCallId = s.tryCall ? `try-${userId}-${++seq}` : `agree-${Date.now().toString(36)}-${++seq}`;
    const [call] = await db
      .insert(calls)
      .values({
        userId,
        providerCallId,
        status: "ended",
        startedAt,
        endedAt: new Date(startedAt.getTime() + 120_000),
        durationSeconds: 120,
        outcome: s.outcome ?? "no_action",
        wantedBooking: s.wantedBooking ?? false,
        sandbox: s.tryCall ?? false,
        createdAt: startedAt,
      })
      .returning({ id: calls.id });
    const during = new Date(startedAt.getTime() + 60_000);
    if (s.toolMs !== undefined)
      await db
        .insert(callToolCalls)
        .values({ userId, providerCallId, tool: "book_appointment", outcome: "result", durationMs: s.toolMs, createdAt: during });
    if (s.reason) {
      const startsAt = new Date("2026-10-12T08:00:00Z");
      const [a] = await db
        .insert(appointments)
        .values({
          userId,
          practitionerId: practitioner!.id,
          patientName: "Jeanne Martin",
          reason: s.reason,
          source: "phone",
          startsAt: new Date(startsAt.getTime() + seq * 3_600_000),
          endsAt: new Date(startsAt.getTime() + seq * 3_600_000 + 1_800_000),
          callId: call!.id,
          createdAt: during,
        })
        .returning({ id: appointments.id });
      await db.insert(appointmentChanges).values({ userId, appointmentId: a!.id, kind: "booked", source: "phone", createdAt: during });
    }
    if (s.request)
      await db.insert(callerMessages).values({ userId, providerCallId, body: "Une demande", category: s.request, createdAt: during });
  }
}

describe("insights that add up: one count of booked calls, a dentist's categories, no Try call, breaks closed", () => {
  let owner: Account;
  beforeAll(async () => {
    owner = await registerOwner({ businessName: "Cabinet dentaire Lumière", timeZone: "Europe/Paris" });
    await getDb().update(users).set({ businessType: "dental", workingHours: HOURS }).where(eq(users.id, owner.user.id));
    await seed(owner, [
      // Booked without the flag, as calls from before it (and the demo's) are: it still wanted an appointment.
      { at: "10:00", outcome: "booked", reason: "Détartrage", toolMs: 100 },
      { at: "11:00", outcome: "booked", wantedBooking: true, request: "certificate" },
      // In the lunch break: checked availability and booked nothing.
      { at: "15:00", wantedBooking: true },
      { at: "17:00", outcome: "message", request: "prescription" },
      { at: "12:00" },
      // Filed as an order before the business said it was a dental practice.
      { at: "18:00", outcome: "message", request: "order" },
      // The owner's Try call: booked, with its tool, its appointment and a request. In no figure.
      { at: "10:30", outcome: "booked", wantedBooking: true, tryCall: true, reason: "Essai", request: "prescription", toolMs: 9000 },
    ]);
  });

  async function insights() {
    const res = await api("GET", "/api/insights?from=2026-10-05&to=2026-10-05", { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  it("counts the same booked calls in the conversion and in booking success", async () => {
    const b = await insights();
    expect(b.totals).toMatchObject({ calls: 6, booked: 2, conversionRate: 2 / 6 });
    // Wanted: the two booked calls and the one that checked in vain.
    expect(b.bookingSuccess).toEqual({ wanted: 3, booked: 2 });
    expect(b.bookingSuccess.booked).toBe(b.totals.booked);
    expect(b.outcomes.booked).toBe(b.totals.booked);
  });

  it("a call in the lunch break is after hours; the mornings and afternoons are open", async () => {
    const b = await insights();
    expect(b.totals).toMatchObject({ answered: 5, afterHours: 1, abandoned: 0 });
    expect(b.days).toEqual([{ date: "2026-10-05", answered: 5, afterHours: 1, abandoned: 0 }]);
  });

  it("leaves the Try call out of the calls, their tools, bookings, reasons and requests", async () => {
    const b = await insights();
    expect(b.hours[0][10]).toBe(1);
    expect(b.toolCalls).toEqual({ count: 1, p50Ms: 100, p95Ms: 100 });
    expect(b.bookings.phone).toEqual({ booked: 1, rescheduled: 0, cancelled: 0 });
    expect(b.practitioners.reduce((n: number, p: { booked: number }) => n + p.booked, 0)).toBe(1);
    expect(b.topReasons).toEqual([{ reason: "Détartrage", count: 1 }]);
    expect(b.usage.calls).toBe(0); // October 2026 is not this billing period
  });

  it("lists a dentist's request categories only; one filed as an order counts as other", async () => {
    const b = await insights();
    expect(b.requests).toEqual([
      { category: "prescription", count: 1 },
      { category: "certificate", count: 1 },
      { category: "results", count: 0 },
      { category: "billing", count: 0 },
      { category: "callback", count: 0 },
      { category: "other", count: 1 },
    ]);
    const csv = await api("GET", "/api/insights?from=2026-10-05&to=2026-10-05&format=csv&table=reasons", { token: owner.token });
    expect(csv.body).toContain('"Request","Prescription renewal","1"');
    expect(csv.body).not.toMatch(/Order|Event/);
  });
});
