// Calendars become each practitioner's on a database of the release before: a practice's connection and its sandbox
// calendar's events are its first practitioner's (the owner's), the sandbox's connections say they stand in for Google,
// and an admin's stray rows (no practitioner to hold them) go. On a database of its own (PGlite, or a throwaway
// PostgreSQL database with TEST_DB=postgres).
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/db/migrate";
import { folderUpTo, migrationDatabaseForFile } from "../helpers/migration-db";

const database = migrationDatabaseForFile();

describe("migrating a database of the release before calendars per practitioner", () => {
  it("gives each connection and sandbox event to the practice's first practitioner, as Google's", async () => {
    const sql = database();
    await migrate(drizzle(sql), { migrationsFolder: folderUpTo("0026_practitioner_closures") });
    const hours = JSON.stringify({ monday: { isOpen: true, openTime: "09:00", closeTime: "17:00" } });
    const account = async (email: string, type = "user") =>
      (
        await sql<{ id: string }[]>`insert into users (email, full_name, working_hours, type)
          values (${email}, 'Owner', ${hours}::jsonb, ${type}) returning id`
      )[0]!.id;
    const sandboxed = await account("sandboxed@example.com");
    const google = await account("google@example.com");
    const admin = await account("admin@example.com", "admin");
    // A second practitioner added later: the connection stays the owner's.
    await sql`insert into practitioners (user_id, name, position) values (${sandboxed}, 'Dr Roux', 1)`;
    await sql`insert into calendar_connections (user_id, provider, refresh_token_enc, sandbox) values (${sandboxed}, 'sandbox', 'v1.sealed-a', true)`;
    await sql`insert into calendar_connections (user_id, provider, refresh_token_enc, sandbox, account_email)
      values (${google}, 'google', 'v1.sealed-b', false, 'owner@example.com')`;
    await sql`insert into calendar_connections (user_id, provider, refresh_token_enc, sandbox) values (${admin}, 'sandbox', 'v1.sealed-c', true)`;
    await sql`insert into calendar_events (user_id, event_id, starts_at, ends_at, time_zone, summary)
      values (${sandboxed}, 'rcone', now() + interval '1 day', now() + interval '1 day 30 minutes', 'Europe/Paris', 'Jean')`;

    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_FOLDER });

    const owner = async (userId: string) =>
      (await sql<{ id: string }[]>`select id from practitioners where user_id = ${userId} and name is null`)[0]!.id;
    const connections = await sql<
      { practitioner_id: string; user_id: string; provider: string; sandbox: boolean; account_email: string | null }[]
    >`
      select practitioner_id, user_id, provider, sandbox, account_email from calendar_connections order by account_email nulls first`;
    expect(connections).toEqual([
      { practitioner_id: await owner(sandboxed), user_id: sandboxed, provider: "google", sandbox: true, account_email: null },
      { practitioner_id: await owner(google), user_id: google, provider: "google", sandbox: false, account_email: "owner@example.com" },
    ]);
    expect(await sql`select practitioner_id from calendar_events`).toEqual([{ practitioner_id: await owner(sandboxed) }]);

    // From now on: one connection per practitioner, only a known provider, only a practitioner of the same practice.
    const roux = (await sql<{ id: string }[]>`select id from practitioners where name = 'Dr Roux'`)[0]!.id;
    await sql`insert into calendar_connections (practitioner_id, user_id, provider, refresh_token_enc) values (${roux}, ${sandboxed}, 'caldav', 'v1.x')`;
    await expect(
      sql`insert into calendar_connections (practitioner_id, user_id, provider, refresh_token_enc) values (${roux}, ${sandboxed}, 'google', 'v1.y')`,
    ).rejects.toThrow();
    await expect(
      sql`insert into calendar_connections (practitioner_id, user_id, provider, refresh_token_enc) values (${roux}, ${google}, 'google', 'v1.z')`,
    ).rejects.toThrow();
    // A practitioner's row going takes their calendar with it.
    await sql`delete from practitioners where id = ${roux}`;
    expect(await sql`select 1 from calendar_connections where practitioner_id = ${roux}`).toHaveLength(0);
  });
});
