// The owner's closures: days (or runs of days) the business, or one practitioner, is closed or on other hours than the
// week's. The availability engine reads them with the business (lib/accounts/business/tenant.ts), so the phone, the
// self-service link and the dashboard all keep clear of them; the receptionist can say why. Public holidays come from date-holidays (kept up
// to date by its maintainers), for the business's country.
import Holidays from "date-holidays";
import { and, asc, eq, gt, gte, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { FOREIGN_KEY_VIOLATION, isExclusionViolation, pgError } from "@/db/errors";
import { appointments, closures } from "@/db/schema";
import { inClosure } from "@/lib/scheduling/availability/availability";
import { loadBusiness } from "@/lib/accounts/business/business";
import { AppError } from "@/lib/platform/errors";
import { countryOfBusiness } from "@/lib/platform/phone/phone";
import { addDays, localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import type { Closure } from "./closures.responses";
import type { ClosureInput } from "./closures.schemas";

export type { Closure };

const columns = {
  id: closures.id,
  practitionerId: closures.practitionerId,
  from: closures.startsOn,
  to: closures.endsOn,
  openTime: closures.openTime,
  closeTime: closures.closeTime,
  reason: closures.reason,
  source: closures.source,
};

/** The last local day a holiday covers: the day before its end (an exclusive instant), never before its first day. */
function lastDayOf(date: string, start: Date, end: Date, timeZone: string): string {
  const first = date.slice(0, 10);
  const last = localDate(new Date(Math.max(start.getTime(), end.getTime() - 1)), timeZone);
  return last > first ? last : first;
}

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
    const [row] = await db
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
    return { ...row!, appointmentsInside: await bookedInside(db, userId, row!, biz.timeZone) };
  } catch (e) {
    if (isExclusionViolation(e, "closures_no_overlap")) throw new AppError("conflict", "closureOverlaps");
    // Removed between the check above and the insert.
    if (pgError(e)?.code === FOREIGN_KEY_VIOLATION) throw new AppError("not_found", "practitionerNotFound");
    throw e;
  }
}

/**
 * The booked appointments that fall inside a closure (on its days, outside its special hours if it has some): the
 * practitioner's, for theirs.
 */
async function bookedInside(db: Db, userId: string, c: Closure, timeZone: string): Promise<number> {
  const from = zonedWallTimeToUtc(c.from, "00:00", timeZone);
  const to = zonedWallTimeToUtc(addDays(c.to, 1), "00:00", timeZone);
  if (!from || !to) return 0;
  const booked = await db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        c.practitionerId ? eq(appointments.practitionerId, c.practitionerId) : undefined,
        eq(appointments.status, "booked"),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
  const hours = c.openTime && c.closeTime ? { isOpen: true, openTime: c.openTime, closeTime: c.closeTime } : null;
  const exception = [{ from: c.from, to: c.to, hours }];
  return booked.filter((a) => inClosure(exception, timeZone, a.startsAt, (a.endsAt.getTime() - a.startsAt.getTime()) / 60_000)).length;
}

export async function deleteClosure(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(closures)
    .where(and(eq(closures.id, id), eq(closures.userId, userId)))
    .returning({ id: closures.id });
  if (!gone.length) throw new AppError("not_found", "closureNotFound");
}

/**
 * The public holidays of the business's country, named in the account's language, as closed days: those of `year`, or
 * by default of the next twelve months (so January's are in by December). Days already past or already covered by a
 * closure are skipped; importing twice adds nothing.
 */
export async function importHolidays(
  db: Db,
  userId: string,
  year?: number,
  now = new Date(),
): Promise<{ imported: number; skipped: number; closures: Closure[] }> {
  const biz = await businessOf(db, userId);
  const today = localDate(now, biz.timeZone);
  const country = countryOfBusiness(biz);
  const holidays = new Holidays(country, { types: ["public"] });
  const thisYear = Number(today.slice(0, 4));
  const yearAhead = addDays(today, 365);
  const list = (year ? [year] : [thisYear, thisYear + 1]).flatMap((y) => holidays.getHolidays(y, biz.locale) || []);
  // A holiday may span days (rare): one closure from its first day to its last, named as the country names it.
  const all = list
    .filter((h) => h.type === "public")
    .map((h) => ({ from: h.date.slice(0, 10), to: lastDayOf(h.date, h.start, h.end, biz.timeZone), name: h.name }))
    .filter((h) => (year ? true : h.from < yearAhead));
  const unique = [...new Map(all.filter((h) => h.from >= today).map((d) => [d.from, d])).values()];
  const inserted = unique.length
    ? await db
        .insert(closures)
        .values(unique.map((d) => ({ userId, startsOn: d.from, endsOn: d.to, reason: d.name.slice(0, 120), source: "holiday" as const })))
        // A day that already has a closure keeps it (the exclusion constraint answers the conflict).
        .onConflictDoNothing()
        .returning(columns)
    : [];
  return { imported: inserted.length, skipped: all.length - inserted.length, closures: inserted };
}
