// The owner's closures: days (or runs of days) the business, or one practitioner, is closed or on other hours than the
// week's. The availability engine reads them with the business (lib/accounts/business/tenant.ts), so the phone, the
// self-service link and the dashboard all keep clear of them; the receptionist can say why. Public holidays are closures
// too, filled for the business's area (holidays.ts); the owner's own closure over a holiday takes its place, and
// deleting a holiday's closure opens that holiday.
import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { FOREIGN_KEY_VIOLATION, isExclusionViolation, pgError } from "@/db/errors";
import { closures } from "@/db/schema";
import { loadBusiness } from "@/lib/accounts/business/business";
import { AppError } from "@/lib/platform/errors";
import { localDate } from "@/lib/platform/time/zoned-time";
import { bookedInside, closureColumns as columns } from "./closure-rows";
import type { Closure } from "./closures.responses";
import type { ClosureInput } from "./closures.schemas";
import { fillHolidays, keepHolidaysFilled, lockHolidays, makeRoomForOwnerClosure, openDeletedHoliday, type HolidayFill } from "./holidays";

export type { Closure };

async function businessOf(db: Db, userId: string) {
  const biz = await loadBusiness(db, userId);
  if (!biz) throw new AppError("not_found", "userNotFound");
  return biz;
}

/** The closures not over yet, earliest first (a past one no longer changes anything). */
export async function listClosures(db: Db, userId: string, now = new Date()): Promise<{ closures: Closure[] }> {
  const biz = await businessOf(db, userId);
  const rows = await db
    .select(columns)
    .from(closures)
    .where(and(eq(closures.userId, userId), gte(closures.endsOn, localDate(now, biz.timeZone))))
    .orderBy(asc(closures.startsOn));
  return { closures: rows };
}

/**
 * Adds a closure from today on, for the practice or one practitioner; one overlapping another of the same is refused
 * (409): each day has one rule for each. Appointments already booked inside it (with that practitioner, for theirs) stay
 * (the owner decides), and are counted in the answer so the owner is told.
 */
export async function createClosure(
  db: Db,
  userId: string,
  input: ClosureInput,
  now = new Date(),
): Promise<Closure & { appointmentsInside: number }> {
  const biz = await businessOf(db, userId);
  if (input.to < localDate(now, biz.timeZone)) throw new AppError("bad_request", "closureInPast");
  if (input.practitionerId && !biz.practitioners.some((p) => p.id === input.practitionerId)) {
    throw new AppError("not_found", "practitionerNotFound");
  }
  try {
    const row = await db.transaction(async (tx) => {
      // The whole practice's closure over a public holiday takes its place (the owner's word wins).
      if (!input.practitionerId) await makeRoomForOwnerClosure(tx, userId, input.from, input.to);
      const [created] = await tx
        .insert(closures)
        .values({
          userId,
          practitionerId: input.practitionerId ?? null,
          startsOn: input.from,
          endsOn: input.to,
          openTime: input.openTime ?? null,
          closeTime: input.closeTime ?? null,
          reason: input.reason,
          source: "owner",
        })
        .returning(columns);
      return created!;
    });
    return { ...row, appointmentsInside: await bookedInside(db, userId, row, biz.timeZone) };
  } catch (e) {
    if (isExclusionViolation(e, "closures_no_overlap")) throw new AppError("conflict", "closureOverlaps");
    // Removed between the check above and the insert.
    if (pgError(e)?.code === FOREIGN_KEY_VIOLATION) throw new AppError("not_found", "practitionerNotFound");
    throw e;
  }
}

/**
 * Deletes a closure. A public holiday's closure deleted is that holiday opened (no fill closes it again); the owner's own
 * closure of the whole practice deleted lets the public holidays it covered close again. With `practitionerId`, only one
 * of that practitioner's days away (another is not found).
 */
export async function deleteClosure(db: Db, userId: string, id: string, practitionerId?: string): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    await lockHolidays(tx, userId);
    const [row] = await tx
      .delete(closures)
      .where(
        and(eq(closures.id, id), eq(closures.userId, userId), practitionerId ? eq(closures.practitionerId, practitionerId) : undefined),
      )
      .returning({ from: closures.startsOn, reason: closures.reason, source: closures.source, practitionerId: closures.practitionerId });
    if (row) await openDeletedHoliday(tx, userId, row);
    return row;
  });
  if (!gone) throw new AppError("not_found", "closureNotFound");
  if (gone.source === "owner" && !gone.practitionerId) await keepHolidaysFilled(db, userId);
}

/**
 * Fills the public holidays again (the Closures page's refresh, and the import of a year): those of the next twelve
 * months, and of `year` when given. Days already past, opened by the owner or already closed are skipped; a second run
 * adds nothing.
 */
export async function importHolidays(db: Db, userId: string, year?: number, now = new Date()): Promise<HolidayFill> {
  const filled = await fillHolidays(db, userId, { now, year });
  if (!filled) throw new AppError("not_found", "userNotFound");
  return filled;
}
