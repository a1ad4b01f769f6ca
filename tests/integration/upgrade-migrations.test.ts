// The migrations that change what earlier rows mean, run on a database holding rows of the release before them: a STOP
// recorded for every business becomes one per business that could text that number, and callers' names and texts lose
// their direction controls. On a database of its own (PGlite, or a throwaway PostgreSQL database with TEST_DB=postgres).
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/db/migrate";
import { folderUpTo, migrationDatabaseForFile } from "../helpers/migration-db";

const database = migrationDatabaseForFile();

describe("migrating a database of the release before per-business opt-outs", () => {
  it("keeps every STOP for each business that could text the number, drops none a caller asked for, and cleans callers' text", async () => {
    const sql = database();
    const db = drizzle(sql);
    await migrate(db, { migrationsFolder: folderUpTo("0018_calls_wanted_booking") });

    const hours = JSON.stringify({ monday: { isOpen: true, openTime: "09:00", closeTime: "17:00" } });
    const business = async (email: string) =>
      (
        await sql<
          { id: string }[]
        >`insert into users (email, full_name, working_hours) values (${email}, 'Owner', ${hours}::jsonb) returning id`
      )[0]!.id;
    const texted = await business("texted@example.com");
    const booked = await business("booked@example.com");
    const threaded = await business("threaded@example.com");
    const stranger = await business("stranger@example.com");
    const messaged = await business("messaged@example.com");
    const caller = "+33612345678";
    const erased = "+33699999999";
    await sql`insert into notifications (user_id, channel, recipient, body, provider) values (${texted}, 'sms', ${caller}, 'Confirmed', 'sandbox')`;
    await sql`insert into appointments (user_id, patient_name, patient_phone, starts_at, ends_at)
      values (${booked}, ${"Jean\u202Eeiram"}, ${caller}, now() + interval '1 day', now() + interval '1 day 30 minutes')`;
    await sql`insert into threads (user_id, caller_phone) values (${threaded}, ${caller})`;
    await sql`insert into caller_messages (user_id, caller_name, body) values (${booked}, ${"\u2066Ana\u2069"}, ${"Call me\u202C back"})`;
    const leftMessage = "+33611111111";
    await sql`insert into caller_messages (user_id, caller_phone, body) values (${messaged}, ${leftMessage}, 'Call me')`;
    // STOPs of the old kind, for every business: a caller three businesses could text, one who only left a message,
    // and one whose data was erased (the STOP stays: it is what keeps anyone from texting them again).
    await sql`insert into opt_outs (phone, channel) values (${caller}, 'sms'), (${caller}, 'whatsapp'), (${leftMessage}, 'sms'), (${erased}, 'sms')`;

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const stops = await sql<{ user_id: string; phone: string; channel: string }[]>`
      select user_id, phone, channel from opt_outs order by phone, channel, user_id`;
    const of = (phone: string) => stops.filter((s) => s.phone === phone);
    const expected = [texted, booked, threaded].flatMap((userId) =>
      ["sms", "whatsapp"].map((channel) => ({ user_id: userId, phone: caller, channel })),
    );
    expect(of(caller)).toHaveLength(6);
    expect(of(caller)).toEqual(expect.arrayContaining(expected));
    expect(of(caller).some((s) => s.user_id === stranger)).toBe(false);
    expect(of(leftMessage)).toEqual([{ user_id: messaged, phone: leftMessage, channel: "sms" }]);
    // Nothing ties the erased caller to a business: every business keeps their STOP, as before.
    expect(
      of(erased)
        .map((s) => s.user_id)
        .sort(),
    ).toEqual([texted, booked, threaded, stranger, messaged].sort());

    const [appointment] = await sql<{ patient_name: string }[]>`select patient_name from appointments where user_id = ${booked}`;
    expect(appointment!.patient_name).toBe("Jeaneiram");
    const [message] = await sql<
      { caller_name: string; body: string }[]
    >`select caller_name, body from caller_messages where user_id = ${booked}`;
    expect(message).toEqual({ caller_name: "Ana", body: "Call me back" });
  });
});
