// Practitioners arrive on a database of the release before them: every business gets one (the owner), its appointments
// are with them, and from then on every new business gets its own the moment its account is made, whatever makes it.
// On a database of its own (PGlite, or a throwaway PostgreSQL database with TEST_DB=postgres).
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/db/migrate";
import { folderUpTo, migrationDatabaseForFile } from "../helpers/migration-db";

const database = migrationDatabaseForFile();

describe("migrating a database of the release before practitioners", () => {
  it("gives each business one practitioner, the owner, with its appointments; an admin none; a new business its own", async () => {
    const sql = database();
    await migrate(drizzle(sql), { migrationsFolder: folderUpTo("0023_tool_calls_answer_time_index") });
    const hours = JSON.stringify({ monday: { isOpen: true, openTime: "09:00", closeTime: "17:00" } });
    const account = async (email: string, type = "user") =>
      (
        await sql<{ id: string }[]>`insert into users (email, full_name, working_hours, type)
          values (${email}, 'Owner', ${hours}::jsonb, ${type}) returning id`
      )[0]!.id;
    const booked = await account("booked@example.com");
    const quiet = await account("quiet@example.com");
    const admin = await account("admin@example.com", "admin");
    for (const day of [1, 2]) {
      await sql`insert into appointments (user_id, patient_name, starts_at, ends_at)
        values (${booked}, 'Jean', now() + ${`${day} days`}::interval, now() + ${`${day} days 30 minutes`}::interval)`;
    }

    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER });

    const practitioners = await sql<{ id: string; user_id: string; name: string | null; services: unknown; working_hours: unknown }[]>`
      select id, user_id, name, services, working_hours from practitioners`;
    const of = (userId: string) => practitioners.filter((p) => p.user_id === userId);
    // The owner: no name of their own (the account's), every service of the practice, its hours.
    for (const userId of [booked, quiet]) {
      expect(of(userId)).toEqual([{ id: expect.any(String), user_id: userId, name: null, services: [], working_hours: null }]);
    }
    expect(of(admin)).toEqual([]);
    const appointments = await sql<{ practitioner_id: string }[]>`select practitioner_id from appointments where user_id = ${booked}`;
    expect(appointments.map((a) => a.practitioner_id)).toEqual([of(booked)[0]!.id, of(booked)[0]!.id]);

    // After: the account and its practitioner are made together, whatever inserts the account.
    const later = await account("later@example.com");
    expect(await sql`select name from practitioners where user_id = ${later}`).toEqual([{ name: null }]);
    expect(await sql`select 1 from practitioners where user_id = ${await account("admin2@example.com", "admin")}`).toHaveLength(0);

    // An appointment is with a practitioner of its own business, never another's (the trigger says so before the key).
    await expect(
      sql`insert into appointments (user_id, practitioner_id, patient_name, starts_at, ends_at)
        values (${quiet}, ${of(booked)[0]!.id}, 'Intrus', now() + interval '3 days', now() + interval '3 days 30 minutes')`,
    ).rejects.toThrow(/is not in the practice/);
    // And the account's erasure takes its practitioners with it.
    await sql`delete from users where id = ${booked}`;
    expect(await sql`select 1 from practitioners where user_id = ${booked}`).toHaveLength(0);
  });
});
