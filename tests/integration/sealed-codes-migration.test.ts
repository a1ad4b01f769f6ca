// Codes texted before codes were sealed: the migration that seals them masks those still readable in the outbox, and
// leaves every other message as it was. On a database of its own (PGlite, or a throwaway PostgreSQL database).
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/db/migrate";
import { folderUpTo, migrationDatabaseForFile } from "../helpers/migration-db";

const database = migrationDatabaseForFile();

describe("migrating an outbox of the release before sealed codes", () => {
  it("masks the codes kept readable, and nothing else", async () => {
    const sql = database();
    const db = drizzle(sql);
    await migrate(db, { migrationsFolder: folderUpTo("0032_call_memory_holidays_channels") });
    const hours = JSON.stringify({ monday: { isOpen: true, openTime: "09:00", closeTime: "17:00" } });
    const [owner] = await sql<{ id: string }[]>`insert into users (email, full_name, working_hours)
      values ('codes@example.com', 'Owner', ${hours}::jsonb) returning id`;
    const row = (dedupe: string, body: string) =>
      sql`insert into notifications (user_id, channel, recipient, body, status, provider, dedupe_key)
        values (${owner!.id}, 'sms', '+33612345678', ${body}, 'sent', 'sandbox', ${dedupe})`;
    await row("verification:1", "Cabinet Roux : votre code est 482913. Il expire dans 10 minutes.");
    await row("appointment-confirmation:1:sms", "RDV confirmé le 12/01 à 10:00, réf. 123456.");

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const bodies = await sql<{ dedupe_key: string; body: string }[]>`select dedupe_key, body from notifications order by dedupe_key`;
    expect(bodies).toEqual([
      { dedupe_key: "appointment-confirmation:1:sms", body: "RDV confirmé le 12/01 à 10:00, réf. 123456." },
      { dedupe_key: "verification:1", body: "Cabinet Roux : votre code est ••••••. Il expire dans 10 minutes." },
    ]);
  });
});
