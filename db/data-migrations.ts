// Data migrations: ordered steps written in TypeScript, for changes SQL cannot make (reading phone numbers needs
// libphonenumber). runMigrations runs them after the SQL migrations, under the same lock; each runs once per database
// and is recorded in app_state ("data-migration:<id>", with its counts). A step must be safe to run again: one stopped
// half-way is run again from the start at the next start.
import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { appointments, appState, callerMessages, calls, notifications, optOuts, phoneNumbers, users } from "./schema";
import { logger } from "@/lib/platform/log/logger";
import { countryOfBusiness, countryOfPhone, parsePhone, type CountryCode } from "@/lib/platform/phone/phone";

export type StepCounts = Record<string, number>;
export type DataMigration = { id: string; run: (db: Db) => Promise<StepCounts> };

export const DATA_MIGRATIONS: DataMigration[] = [{ id: "0001_phone_numbers_e164", run: normalizeStoredPhones }];

/** Runs the steps not yet recorded, in order. Returns the ids it ran. */
export async function runDataMigrations(db: Db, steps: DataMigration[] = DATA_MIGRATIONS): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    const key = `data-migration:${step.id}`;
    const [done] = await db.select({ key: appState.key }).from(appState).where(eq(appState.key, key)).limit(1);
    if (done) continue;
    const counts = await step.run(db);
    await db
      .insert(appState)
      .values({ key, value: { at: new Date().toISOString(), counts } })
      .onConflictDoNothing();
    logger().info({ migration: step.id, ...counts }, "data migration applied");
    ran.push(step.id);
  }
  return ran;
}

// Pool numbers come from the provider in E.164; only other shapes there are read again. Every other column is read in
// full: the old normalization stored "+33 (0)6 98…" as "+330698…", E.164 in shape but not a number.
const NOT_E164 = (column: AnyPgColumn): SQL => sql`${column} !~ '^\\+[1-9][0-9]{1,14}$'`;
const BATCH = 500;

/**
 * Every stored phone number in E.164, each read in its row's business's country (the users row's own, or the owner's
 * for appointments, messages taken, calls and texts sent; a pool number in its region column). A value that cannot be
 * read is left as it is and counted; no number is ever logged. Counts per column: "<table>.<column>:normalized" and
 * ":unreadable" (and ":duplicate" where a unique key already holds the normalized number).
 */
export async function normalizeStoredPhones(db: Db): Promise<StepCounts> {
  const owners = await db
    .select({ id: users.id, timeZone: users.timeZone, locale: users.locale, line: phoneNumbers.phoneNumber })
    .from(users)
    .leftJoin(phoneNumbers, eq(phoneNumbers.assignedToUserId, users.id));
  const regionOf = new Map(owners.map((o) => [o.id, countryOfBusiness(o)]));
  const byOwner = (userId: string | null) => (userId ? (regionOf.get(userId) ?? null) : null);
  const counts: StepCounts = {};
  const tally = (column: string, outcome: "normalized" | "unreadable" | "duplicate") => {
    counts[`${column}:${outcome}`] = (counts[`${column}:${outcome}`] ?? 0) + 1;
  };

  /** Reads one column of a table keyed by a uuid id, in batches, and rewrites the values it can read. */
  async function column<T extends PgTable>(
    name: string,
    table: T,
    id: AnyPgColumn,
    value: AnyPgColumn,
    extra: { where?: SQL; region: (row: Record<string, unknown>) => CountryCode | string | null; select?: Record<string, AnyPgColumn> },
  ): Promise<void> {
    counts[`${name}:normalized`] = 0;
    counts[`${name}:unreadable`] = 0;
    let after: string | null = null;
    for (;;) {
      const rows = (await db
        .select({ id, value, ...(extra.select ?? {}) })
        // Widened on purpose: drizzle's conditional type cannot be resolved on a generic table (the lint rule cannot see it).
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        .from(table as PgTable)
        .where(and(isNotNull(value), extra.where, after ? gt(id, after) : undefined))
        .orderBy(asc(id))
        .limit(BATCH)) as Record<string, unknown>[];
      for (const row of rows) {
        const parsed = parsePhone(row.value, extra.region(row));
        if (parsed.ok && parsed.e164 === row.value) continue;
        if (!parsed.ok) {
          tally(name, "unreadable");
          continue;
        }
        // Only if nobody changed it meanwhile.
        await db
          .update(table)
          .set({ [keyOf(table, value)]: parsed.e164 } as never)
          .where(and(eq(id, row.id), eq(value, row.value)));
        tally(name, "normalized");
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id as string;
    }
  }

  await column("users.phone", users, users.id, users.phone, { region: (r) => byOwner(r.id as string) });
  await column("appointments.patient_phone", appointments, appointments.id, appointments.patientPhone, {
    select: { userId: appointments.userId },
    region: (r) => byOwner(r.userId as string),
  });
  await column("caller_messages.caller_phone", callerMessages, callerMessages.id, callerMessages.callerPhone, {
    select: { userId: callerMessages.userId },
    region: (r) => byOwner(r.userId as string),
  });
  // A call nobody's business owns (the line was released) is read in the country of the line it came in on.
  for (const [name, value] of [
    ["calls.from_number", calls.fromNumber],
    ["calls.to_number", calls.toNumber],
  ] as const) {
    await column(name, calls, calls.id, value, {
      select: { userId: calls.userId, line: calls.toNumber },
      region: (r) => byOwner(r.userId as string | null) ?? countryOfPhone(r.line as string | null),
    });
  }
  await column("notifications.recipient", notifications, notifications.id, notifications.recipient, {
    where: inArray(notifications.channel, ["sms", "whatsapp"]),
    select: { userId: notifications.userId },
    region: (r) => byOwner(r.userId as string | null),
  });

  // The pool: a unique number per row, read in the row's own region.
  counts["phone_numbers.phone_number:normalized"] = 0;
  counts["phone_numbers.phone_number:unreadable"] = 0;
  const pool = await db
    .select({ id: phoneNumbers.id, value: phoneNumbers.phoneNumber, region: phoneNumbers.region })
    .from(phoneNumbers)
    .where(NOT_E164(phoneNumbers.phoneNumber));
  for (const row of pool) {
    const parsed = parsePhone(row.value, row.region);
    if (!parsed.ok) {
      tally("phone_numbers.phone_number", "unreadable");
      continue;
    }
    const [taken] = await db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, parsed.e164)).limit(1);
    if (taken) {
      tally("phone_numbers.phone_number", "duplicate");
      continue;
    }
    await db
      .update(phoneNumbers)
      .set({ phoneNumber: parsed.e164 })
      .where(and(eq(phoneNumbers.id, row.id), eq(phoneNumbers.phoneNumber, row.value)));
    tally("phone_numbers.phone_number", "normalized");
  }

  // Opt-outs are read in international form only (this step was written when they belonged to no business, and its
  // first run may have them so). One already held in E.164 for the same business and channel makes the copy redundant.
  counts["opt_outs.phone:normalized"] = 0;
  counts["opt_outs.phone:unreadable"] = 0;
  const stops = await db
    .select({ userId: optOuts.userId, phone: optOuts.phone, channel: optOuts.channel, createdAt: optOuts.createdAt })
    .from(optOuts);
  for (const row of stops) {
    const parsed = parsePhone(row.phone);
    if (parsed.ok && parsed.e164 === row.phone) continue;
    if (!parsed.ok) {
      tally("opt_outs.phone", "unreadable");
      continue;
    }
    await db.transaction(async (tx) => {
      await tx
        .insert(optOuts)
        .values({ userId: row.userId, phone: parsed.e164, channel: row.channel, createdAt: row.createdAt })
        .onConflictDoNothing();
      await tx.delete(optOuts).where(and(eq(optOuts.userId, row.userId), eq(optOuts.phone, row.phone), eq(optOuts.channel, row.channel)));
    });
    tally("opt_outs.phone", "normalized");
  }
  return counts;
}

/** The TypeScript property name of a table's column (what .set() takes). */
function keyOf(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in its table`);
  return entry[0];
}
