// The owner's practitioners: who appointments are with, the services each offers and their hours. Every business has at
// least one (the owner, made with the account by the database); a practitioner removed is no longer listed or booked,
// and stays on the appointments they had.
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { appointments, calendarConnections, calendarFeeds, practitioners, users, type CalendarProviderName } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import type { Practitioner } from "./practitioners.responses";
import { MAX_PRACTITIONERS, type PractitionerInput } from "./practitioners.schemas";

export type { Practitioner };

const upcoming = (now: Date) =>
  sql<number>`(select count(*)::int from ${appointments} a where a.practitioner_id = ${practitioners.id}
    and a.status = 'booked' and a.ends_at > ${now.toISOString()})`;

function columns(now: Date) {
  return {
    id: practitioners.id,
    name: practitioners.name,
    displayName: sql<string>`coalesce(${practitioners.name}, ${users.fullName})`,
    services: practitioners.services,
    workingHours: practitioners.workingHours,
    upcomingAppointments: upcoming(now),
    calendar: sql<Practitioner["calendar"]>`(select json_build_object('provider', cc.provider, 'sandbox', cc.sandbox,
      'accountEmail', cc.account_email, 'connectedAt', to_char(cc.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'revokedAt', to_char(cc.revoked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      from ${calendarConnections} cc where cc.practitioner_id = ${practitioners.id})`,
  };
}

const active = (userId: string) => and(eq(practitioners.userId, userId), isNull(practitioners.removedAt));

/** The business's practitioners, in the practice's order (the first takes a booking that names no one). */
export async function listPractitioners(db: Db, userId: string, now = new Date()): Promise<{ practitioners: Practitioner[] }> {
  const rows = await db
    .select(columns(now))
    .from(practitioners)
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(active(userId))
    .orderBy(asc(practitioners.position), asc(practitioners.createdAt));
  return { practitioners: rows };
}

async function one(db: Db | Tx, userId: string, id: string, now: Date): Promise<Practitioner> {
  const [row] = await db
    .select(columns(now))
    .from(practitioners)
    .innerJoin(users, eq(users.id, practitioners.userId))
    .where(and(eq(practitioners.id, id), active(userId)));
  if (!row) throw new AppError("not_found", "practitionerNotFound");
  return row;
}

/** Two practitioners of one practice with one name could not be told apart by a caller: 409. */
async function namedOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, "practitioners_user_name_unique")) throw new AppError("conflict", "practitionerNameTaken");
    throw e;
  }
}

/**
 * Adds a practitioner at the end of the list. The owner's row is locked first, so two additions at once count each
 * other and the limit holds.
 */
export async function createPractitioner(db: Db, userId: string, input: PractitionerInput, now = new Date()): Promise<Practitioner> {
  return namedOnce(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
      const [{ n, last } = { n: 0, last: 0 }] = await tx
        .select({ n: count(), last: sql<number>`coalesce(max(${practitioners.position}), 0)::int` })
        .from(practitioners)
        .where(active(userId));
      if (n >= MAX_PRACTITIONERS) throw new AppError("conflict", "practitionersFull", { max: MAX_PRACTITIONERS });
      const [row] = await tx
        .insert(practitioners)
        .values({ userId, name: input.name, services: input.services, workingHours: input.workingHours, position: last + 1 })
        .returning({ id: practitioners.id });
      return one(tx, userId, row!.id, now);
    }),
  );
}

/** Replaces a practitioner's name, services and hours. */
export async function updatePractitioner(
  db: Db,
  userId: string,
  id: string,
  input: PractitionerInput,
  now = new Date(),
): Promise<Practitioner> {
  return namedOnce(async () => {
    const updated = await db
      .update(practitioners)
      .set({ name: input.name, services: input.services, workingHours: input.workingHours, updatedAt: now })
      .where(and(eq(practitioners.id, id), active(userId)))
      .returning({ id: practitioners.id });
    if (!updated.length) throw new AppError("not_found", "practitionerNotFound");
    return one(db, userId, id, now);
  });
}

/**
 * Removes a practitioner: refused (409) while appointments with them are still to come (reassign or cancel those
 * first), and for the last one (a practice books with someone). Their calendar connection goes with them, and is
 * answered so its grant can be revoked upstream once this has committed. Their row is locked before the appointments are counted, so a booking that lands meanwhile is counted
 * (a booking reads it FOR SHARE: migration 0025). The owner's row is locked FOR NO KEY UPDATE, which a booking's
 * foreign key (a key-share lock on it) does not wait behind.
 */
export async function removePractitioner(db: Db, userId: string, id: string, now = new Date()): Promise<RemovedCalendar | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const [target] = await tx
      .select({ id: practitioners.id })
      .from(practitioners)
      .where(and(eq(practitioners.id, id), active(userId)))
      .for("update");
    if (!target) throw new AppError("not_found", "practitionerNotFound");
    const team = await tx
      .select({ id: practitioners.id })
      .from(practitioners)
      .where(active(userId))
      .orderBy(asc(practitioners.position), asc(practitioners.createdAt));
    if (team.length <= 1) throw new AppError("conflict", "lastPractitioner");
    const [{ ahead } = { ahead: 0 }] = await tx
      .select({ ahead: count() })
      .from(appointments)
      .where(and(eq(appointments.practitionerId, id), eq(appointments.status, "booked"), gt(appointments.endsAt, now)));
    if (ahead > 0) throw new AppError("conflict", "practitionerHasAppointments", { count: ahead });
    // Their calendar goes with them: its grant is handed back to the caller to revoke once this commits.
    const [calendar] = await tx
      .delete(calendarConnections)
      .where(and(eq(calendarConnections.practitionerId, id), eq(calendarConnections.userId, userId)))
      .returning({
        provider: calendarConnections.provider,
        sandbox: calendarConnections.sandbox,
        refreshTokenEnc: calendarConnections.refreshTokenEnc,
      });
    // So does their calendar feed's private address: it stops answering, and its token is kept no longer.
    await tx.delete(calendarFeeds).where(and(eq(calendarFeeds.practitionerId, id), eq(calendarFeeds.userId, userId)));
    await tx.update(practitioners).set({ removedAt: now, updatedAt: now }).where(eq(practitioners.id, id));
    return calendar ?? null;
  });
}

/** The grant of a removed practitioner's calendar, as stored (encrypted). */
export type RemovedCalendar = { provider: CalendarProviderName; sandbox: boolean; refreshTokenEnc: string };
