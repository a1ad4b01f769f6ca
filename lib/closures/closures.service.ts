// The owner's closures: days (or runs of days) the business is closed, or open on other hours than its week's. The
// availability engine reads them with the business (lib/business/tenant.ts), so the phone, the self-service link and
// the dashboard all keep clear of them; the receptionist can say why. Public holidays come from date-holidays (kept up
// to date by its maintainers), for the business's country.
import Holidays from "date-holidays";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isExclusionViolation } from "@/db/errors";
import { closures } from "@/db/schema";
import { loadBusiness } from "@/lib/business/business";
import { AppError } from "@/lib/errors";
import { countryOfBusiness } from "@/lib/phone/phone";
import type { ClosureInput } from "./closures.schemas";

export type Closure = {
  id: string;
  from: string;
  to: string;
  openTime: string | null;
  closeTime: string | null;
  reason: string | null;
  source: "owner" | "holiday";
};

const columns = {
  id: closures.id,
  from: closures.startsOn,
  to: closures.endsOn,
  openTime: closures.openTime,
  closeTime: closures.closeTime,
  reason: closures.reason,
  source: closures.source,
};

/** Today's date where the business is (YYYY-MM-DD). */
export function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
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

/** Adds a closure from today on; one overlapping another is refused (409): each day has one rule. */
export async function createClosure(db: Db, userId: string, input: ClosureInput, now = new Date()): Promise<Closure> {
  const biz = await businessOf(db, userId);
  if (input.to < localDate(now, biz.timeZone)) throw new AppError("bad_request", "closureInPast");
  try {
    const [row] = await db
      .insert(closures)
      .values({
        userId,
        startsOn: input.from,
        endsOn: input.to,
        openTime: input.openTime ?? null,
        closeTime: input.closeTime ?? null,
        reason: input.reason,
        source: "owner",
      })
      .returning(columns);
    return row!;
  } catch (e) {
    if (isExclusionViolation(e, "closures_no_overlap")) throw new AppError("conflict", "closureOverlaps");
    throw e;
  }
}

export async function deleteClosure(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(closures)
    .where(and(eq(closures.id, id), eq(closures.userId, userId)))
    .returning({ id: closures.id });
  if (!gone.length) throw new AppError("not_found", "closureNotFound");
}

/**
 * The public holidays of the business's country for `year` (default: this year), named in the account's language, as
 * closed days. Days already past or already covered by a closure are skipped; importing twice adds nothing.
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
  const list = holidays.getHolidays(year ?? Number(today.slice(0, 4)), biz.locale);
  // A holiday may span days (rare); each is one closure, named as the country names it.
  const all = (Array.isArray(list) ? list : [])
    .filter((h) => h.type === "public")
    .map((h) => ({ from: h.date.slice(0, 10), to: h.date.slice(0, 10), name: h.name }));
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
