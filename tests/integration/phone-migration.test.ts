// The data migration that puts every stored phone number in E.164, on the run's database (PGlite, or PostgreSQL with
// TEST_DB=postgres): rows typed in national form before numbers were normalized, read in their business's country.
import { firstPractitioner } from "@/lib/scheduling/booking/core";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { normalizeStoredPhones, runDataMigrations } from "@/db/data-migrations";
import { appointments, appState, callerMessages, calls, notifications, optOuts, phoneNumbers, users } from "@/db/schema";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";

async function business(timeZone: string, phone: string | null) {
  const [row] = await getDb()
    .insert(users)
    .values({ email: `migrate-${randomUUID()}@example.com`, fullName: "Owner", phone, timeZone, workingHours: defaultWorkingHours() })
    .returning({ id: users.id });
  return row!.id;
}

describe("data migration 0001: phone numbers in E.164", () => {
  it("normalizes every phone column with each row's business country, leaves what it cannot read, and a second run changes nothing", async () => {
    const db = getDb();
    const paris = await business("Europe/Paris", "06 12 34 56 78");
    const newYork = await business("America/New_York", "(212) 555-0142");
    const unreadableOwner = await business("Europe/Paris", "12ab");
    const start = new Date(Date.now() + 30 * 86_400_000);
    const [appt] = await db
      .insert(appointments)
      .values({
        userId: paris,
        practitionerId: firstPractitioner(db, paris),
        patientName: "Marie",
        patientPhone: "06 98 76 54 32",
        startsAt: start,
        endsAt: new Date(start.getTime() + 1_800_000),
      })
      .returning({ id: appointments.id });
    const [nyAppt] = await db
      .insert(appointments)
      .values({
        userId: newYork,
        practitionerId: firstPractitioner(db, newYork),
        patientName: "John",
        patientPhone: "212.555.0100",
        startsAt: start,
        endsAt: new Date(start.getTime() + 1_800_000),
      })
      .returning({ id: appointments.id });
    // E.164 in shape only: what the old normalization made of "+33 (0)6 98 76 54 31".
    const [trunkZero] = await db
      .insert(appointments)
      .values({
        userId: paris,
        practitionerId: firstPractitioner(db, paris),
        patientName: "Zoé",
        patientPhone: "+330698765431",
        startsAt: new Date(start.getTime() + 3_600_000),
        endsAt: new Date(start.getTime() + 5_400_000),
      })
      .returning({ id: appointments.id });
    const [message] = await db
      .insert(callerMessages)
      .values({ userId: paris, callerPhone: "0033 6 11 22 33 44", body: "Call me back" })
      .returning({ id: callerMessages.id });
    const [call] = await db
      .insert(calls)
      .values({ userId: paris, providerCallId: `migrate-${randomUUID()}`, fromNumber: "06 55 44 33 22", toNumber: "+33 1 70 00 00 01" })
      .returning({ id: calls.id });
    // A call no business owns any more: read in the country of the line it came in on.
    const [orphan] = await db
      .insert(calls)
      .values({ userId: null, providerCallId: `migrate-${randomUUID()}`, fromNumber: "06 55 44 33 23", toNumber: "+33170000002" })
      .returning({ id: calls.id });
    const sent = await db
      .insert(notifications)
      .values([
        { userId: paris, channel: "sms", recipient: "06 98 76 54 32", body: "Confirmed", provider: "sandbox" },
        { userId: paris, channel: "whatsapp", recipient: "06 98 76 54 32", body: "Confirmed", provider: "sandbox" },
        // An email address is no phone number, whatever it looks like.
        { userId: paris, channel: "email", recipient: "0698765432@example.com", body: "Confirmed", provider: "sandbox" },
      ])
      .returning({ id: notifications.id, channel: notifications.channel });
    const poolNumber = `+1 (212) 555-${String(1000 + Math.floor(Math.random() * 8999)).slice(-4)}`;
    const [pool] = await db.insert(phoneNumbers).values({ phoneNumber: poolNumber, region: "US" }).returning({ id: phoneNumbers.id });
    const stop = `+33 6 ${String(10 + Math.floor(Math.random() * 89))} 00 00 01`;
    await db.insert(optOuts).values([
      { userId: paris, phone: stop, channel: "sms" },
      // National form: opt-outs are read in international form only.
      { userId: paris, phone: "06 00 00 00 09", channel: "sms" },
    ]);

    const first = await normalizeStoredPhones(db);

    const phoneOf = async (id: string) => (await db.select({ v: users.phone }).from(users).where(eq(users.id, id)))[0]!.v;
    expect(await phoneOf(paris)).toBe("+33612345678");
    expect(await phoneOf(newYork)).toBe("+12125550142");
    expect(await phoneOf(unreadableOwner)).toBe("12ab");
    const apptPhones = await db
      .select({ id: appointments.id, v: appointments.patientPhone })
      .from(appointments)
      .where(inArray(appointments.id, [appt!.id, nyAppt!.id]));
    expect(Object.fromEntries(apptPhones.map((a) => [a.id, a.v]))).toEqual({ [appt!.id]: "+33698765432", [nyAppt!.id]: "+12125550100" });
    expect((await db.select({ v: appointments.patientPhone }).from(appointments).where(eq(appointments.id, trunkZero!.id)))[0]!.v).toBe(
      "+33698765431",
    );
    expect((await db.select({ v: callerMessages.callerPhone }).from(callerMessages).where(eq(callerMessages.id, message!.id)))[0]!.v).toBe(
      "+33611223344",
    );
    const callRows = await db
      .select({ id: calls.id, from: calls.fromNumber, to: calls.toNumber })
      .from(calls)
      .where(inArray(calls.id, [call!.id, orphan!.id]));
    expect(callRows.find((c) => c.id === call!.id)).toMatchObject({ from: "+33655443322", to: "+33170000001" });
    expect(callRows.find((c) => c.id === orphan!.id)).toMatchObject({ from: "+33655443323", to: "+33170000002" });
    const recipients = await db
      .select({ id: notifications.id, v: notifications.recipient })
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          sent.map((s) => s.id),
        ),
      );
    for (const s of sent) {
      expect(recipients.find((r) => r.id === s.id)!.v, s.channel).toBe(s.channel === "email" ? "0698765432@example.com" : "+33698765432");
    }
    const poolE164 = `+1212555${poolNumber.slice(-4)}`;
    expect((await db.select({ v: phoneNumbers.phoneNumber }).from(phoneNumbers).where(eq(phoneNumbers.id, pool!.id)))[0]!.v).toBe(poolE164);
    const stops = (await db.select({ phone: optOuts.phone }).from(optOuts)).map((o) => o.phone);
    expect(stops).toContain(stop.replace(/ /g, ""));
    expect(stops).not.toContain(stop);
    expect(stops).toContain("06 00 00 00 09");

    expect(first["users.phone:normalized"]).toBeGreaterThanOrEqual(2);
    expect(first["users.phone:unreadable"]).toBeGreaterThanOrEqual(1);
    expect(first["appointments.patient_phone:normalized"]).toBeGreaterThanOrEqual(3);
    expect(first["notifications.recipient:normalized"]).toBeGreaterThanOrEqual(2);
    expect(first["opt_outs.phone:unreadable"]).toBeGreaterThanOrEqual(1);

    // Again: everything readable is already E.164, so nothing changes.
    const second = await normalizeStoredPhones(db);
    for (const [key, n] of Object.entries(second)) if (key.endsWith(":normalized")) expect(n, key).toBe(0);
    expect(await phoneOf(paris)).toBe("+33612345678");
    expect(await phoneOf(unreadableOwner)).toBe("12ab");
  });

  it("runs each step once per database and records it with its counts", async () => {
    const db = getDb();
    const id = `test-${randomUUID()}`;
    let runs = 0;
    const step = { id, run: async () => ({ "things:normalized": ++runs }) };
    expect(await runDataMigrations(db, [step])).toEqual([id]);
    expect(await runDataMigrations(db, [step])).toEqual([]);
    expect(runs).toBe(1);
    const [row] = await db
      .select()
      .from(appState)
      .where(eq(appState.key, `data-migration:${id}`));
    expect(row!.value).toMatchObject({ counts: { "things:normalized": 1 } });
    // The phone step ran when the test database was migrated.
    const [phones] = await db.select().from(appState).where(eq(appState.key, "data-migration:0001_phone_numbers_e164"));
    expect(phones).toBeDefined();
  });
});
