// The dashboard's home: the checklist ticks each item from what the owner did (through the same routes the pages use),
// and Today's lists hold the owner's own appointments of today and tomorrow, by the business's calendar (not the
// server's), with the requests and inbox conversations still waiting. (The demo owner's Today: the seed's test.)
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, callerMessages, calls, threadMessages, threads, users } from "@/db/schema";
import { checklistOf } from "@/lib/insights/getting-started";
import { todayOf } from "@/lib/insights/today";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, startTrial } from "../helpers/api";
import { ownerPractitionerId } from "../helpers/calendars";

const NOTHING = { practitioners: false, calendars: false, knowledge: false, transfers: false, bookingPage: false, tryCall: false };

describe("Today's getting-started checklist", () => {
  it("ticks each item from the owner's data, and unticks calendars when a practitioner has none", async () => {
    const db = getDb();
    const owner = await registerOwner({ businessName: "Cabinet Liste" });
    const id = owner.user.id;
    expect(await checklistOf(db, id)).toEqual(NOTHING);

    await connectSandboxCalendar(owner.token);
    expect(await checklistOf(db, id)).toEqual({ ...NOTHING, calendars: true });

    // A colleague with no calendar yet: the practitioners are said, and one calendar is missing again.
    const added = await api("POST", "/api/practitioners", { token: owner.token, body: { name: "Dr Paul Lenoir" } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await checklistOf(db, id)).toEqual({ ...NOTHING, practitioners: true });

    const knowledge = await api("POST", "/api/knowledge", {
      token: owner.token,
      body: { kind: "price", language: "fr", title: "Détartrage", details: "60 €" },
    });
    expect(knowledge.status, JSON.stringify(knowledge.body)).toBe(201);
    const routing = await api("PUT", "/api/call-routing", {
      token: owner.token,
      body: { warmTransfer: false, hours: "open", destinations: [{ name: "Secrétariat", phone: "+33 6 12 34 56 78" }] },
    });
    expect(routing.status, JSON.stringify(routing.body)).toBe(200);
    const page = await api("PUT", "/api/booking-page", { token: owner.token, body: { enabled: true } });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(await checklistOf(db, id)).toEqual({ ...NOTHING, practitioners: true, knowledge: true, transfers: true, bookingPage: true });

    // A Try call, started from the Try page as the owner would: the last item.
    await startTrial(owner.token);
    await addPoolNumbers(1);
    expect((await api("GET", "/api/phone-numbers/claim", { token: owner.token })).status).toBe(200);
    const started = await api("POST", "/api/receptionist/try", { token: owner.token, body: { action: "start" } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect((await checklistOf(db, id)).tryCall).toBe(true);
    expect((await checklistOf(db, id)).calendars).toBe(false);

    // Another owner's progress is not this one's.
    const other = await registerOwner({ businessName: "Cabinet Autre" });
    expect(await checklistOf(db, other.user.id)).toEqual(NOTHING);
  });

  it("counts the owner's own practitioner once named or offering a service, and a revoked calendar as none", async () => {
    const db = getDb();
    const owner = await registerOwner({ businessName: "Cabinet Solo" });
    const self = await ownerPractitionerId(owner.user.id);
    const named = await api("PUT", `/api/practitioners/${self}`, { token: owner.token, body: { name: "Dr Anne Solo" } });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    await connectSandboxCalendar(owner.token);
    expect(await checklistOf(db, owner.user.id)).toMatchObject({ practitioners: true, calendars: true });
    await db
      .update((await import("@/db/schema")).calendarConnections)
      .set({ revokedAt: new Date() })
      .where(eq((await import("@/db/schema")).calendarConnections.practitionerId, self));
    expect((await checklistOf(db, owner.user.id)).calendars).toBe(false);
  });
});

describe("Today's lists", () => {
  // Sunday 10 March 2030, 23:30 in Auckland (UTC+13), 10:30 UTC: the server's day and the practice's differ.
  const NOW = new Date("2030-03-10T10:30:00Z");

  async function practiceIn(timeZone: string, name: string) {
    const owner = await registerOwner({ businessName: name });
    await getDb().update(users).set({ timeZone }).where(eq(users.id, owner.user.id));
    return { ...owner, practitionerId: await ownerPractitionerId(owner.user.id) };
  }

  const appointment = (p: { user: { id: string }; practitionerId: string }, patientName: string, startsAt: string, cancelled = false) => ({
    userId: p.user.id,
    practitionerId: p.practitionerId,
    patientName,
    startsAt: new Date(startsAt),
    endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000),
    status: cancelled ? ("cancelled" as const) : ("booked" as const),
    source: "dashboard" as const,
  });

  it("holds today's and tomorrow's appointments in the business's zone, and only the owner's", async () => {
    const db = getDb();
    const owner = await practiceIn("Pacific/Auckland", "Cabinet Auckland");
    const other = await practiceIn("Pacific/Auckland", "Cabinet Voisin");
    await db.insert(appointments).values([
      appointment(owner, "Earlier today", "2030-03-10T08:00:00Z"), // 21:00 on the 10th, already over: still today's
      appointment(owner, "Cancelled today", "2030-03-10T09:00:00Z", true),
      appointment(owner, "Tomorrow 1 am", "2030-03-10T12:00:00Z"), // the server's today, the practice's tomorrow
      appointment(owner, "Day after", "2030-03-11T20:00:00Z"), // the server's tomorrow, the practice's 12th
      appointment(owner, "Yesterday", "2030-03-09T10:00:00Z"), // 23:00 on the 9th
      appointment(other, "Someone else's", "2030-03-10T09:30:00Z"),
    ]);
    const today = await todayOf(db, owner.user.id, NOW);
    expect(today).toMatchObject({ timeZone: "Pacific/Auckland", today: "2030-03-10", tomorrow: "2030-03-11" });
    expect(today.appointments.today.map((a) => a.patientName)).toEqual(["Earlier today"]);
    expect(today.appointments.tomorrow.map((a) => a.patientName)).toEqual(["Tomorrow 1 am"]);
    // One practitioner: nobody is named beside the patient.
    expect(today.appointments.today[0]!.practitioner).toBeNull();
    expect((await todayOf(db, other.user.id, NOW)).appointments.today.map((a) => a.patientName)).toEqual(["Someone else's"]);
  });

  it("lists the open requests with their call, and the open inbox conversations, the owner's only", async () => {
    const db = getDb();
    const owner = await practiceIn("Europe/Paris", "Cabinet Attente");
    const other = await practiceIn("Europe/Paris", "Cabinet Tiers");
    const providerCallId = `today-${owner.user.id}`;
    const [call] = await db
      .insert(calls)
      .values({ userId: owner.user.id, providerCallId, fromNumber: "+33612345678", status: "ended", outcome: "message" })
      .returning({ id: calls.id });
    await db.insert(callerMessages).values([
      { userId: owner.user.id, providerCallId, callerName: "Marc Petit", callerPhone: "+33612345678", body: "Rappeler pour un devis" },
      { userId: owner.user.id, callerName: "Urgent caller", body: "Douleur forte", urgency: "urgent" },
      { userId: owner.user.id, callerName: "Already done", body: "Ordonnance", status: "done", doneAt: new Date() },
      { userId: other.user.id, callerName: "Not ours", body: "Autre cabinet" },
    ]);
    const [open] = await db
      .insert(threads)
      .values([
        { userId: owner.user.id, callerPhone: "+33612345679", status: "open", unread: 2 },
        { userId: owner.user.id, callerPhone: "+33612345680", status: "done" },
        { userId: other.user.id, callerPhone: "+33612345681", status: "open", unread: 1 },
      ])
      .returning({ id: threads.id });
    await db.insert(threadMessages).values({
      threadId: open!.id,
      userId: owner.user.id,
      direction: "in",
      channel: "sms",
      body: "Puis-je venir plus tôt ?",
      status: "received",
    });

    const today = await todayOf(db, owner.user.id, NOW);
    // Urgent first, then oldest first, as the inbox orders them; the request taken on a call links to that call.
    expect(today.calls.total).toBe(2);
    expect(today.calls.items.map((c) => [c.callerName, c.urgent, c.callId])).toEqual([
      ["Urgent caller", true, null],
      ["Marc Petit", false, call!.id],
    ]);
    expect(today.texts.total).toBe(1);
    expect(today.texts.items).toMatchObject([{ id: open!.id, callerPhone: "+33612345679", unread: 2, body: "Puis-je venir plus tôt ?" }]);
  });
});
