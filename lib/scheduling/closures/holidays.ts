// Public holidays are closed unless the owner opens them. Each business's holidays for the next twelve months are
// closures of source "holiday" (closed all day, the reason the holiday's name in the account's language), for its area
// (holiday-area.ts: the country, and the region its address gives). They are filled when the business is created and
// when its area changes, and a daily sweep keeps twelve months ahead filled, so next year's arrive on their own.
//
// The owner's word wins: a holiday the owner opens ("we are open on Boxing Day") is kept in holiday_openings and never
// closed again by a fill; a day one of the owner's own closures covers keeps the owner's closure (and an owner's
// closure added over a holiday takes its place). Only holiday closures from today on are ever removed or renamed: the
// past stays as it was, and the owner's own closures are never touched.
//
// Once, whatever runs at once: every fill of a business first locks its users row (FOR NO KEY UPDATE, which leaves
// bookings and other rows referencing it free), so two instances filling the same business, or a fill and an owner
// opening a holiday, run one after the other and the second finds the first's rows; the closures' exclusion constraint
// and ON CONFLICT DO NOTHING keep a day from being closed twice whatever else writes.
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { appointments, closures, holidayOpenings, phoneNumbers, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import type { Locale } from "@/lib/platform/i18n/routing";
import { logger } from "@/lib/platform/log/logger";
import { addDays, localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { bookedInside, closureColumns } from "./closure-rows";
import type { Closure } from "./closures.responses";
import { holidayAreaOf, regionNameOf, splitArea } from "./holiday-area";
import { publicHolidayOn, publicHolidays, type PublicHoliday } from "./holiday-calendar";

/** How far ahead the holidays are kept filled: twelve months, so next January's are in by December. */
export const HOLIDAYS_AHEAD_DAYS = 365;

/** A public holiday of the business as the owner sees it. */
export type HolidayDay = {
  day: string;
  to: string;
  name: string;
  /** The owner keeps it open: no fill closes it. */
  open: boolean;
  /** What closes it now: the holiday closure, one of the owner's own closures, or nothing (open). */
  closedBy: "holiday" | "owner" | null;
};

export type HolidayFill = {
  area: string;
  /** The last day filled. */
  through: string;
  /** Holidays closed by this fill. */
  imported: number;
  /** Holidays left as they were: already closed, opened by the owner, or covered by one of the owner's closures. */
  skipped: number;
  /**
   * Holidays left open because appointments were already booked that day: a fill never closes a day the owner has
   * patients on. Recorded as opened (the Closures page shows them, and the owner can close them again).
   */
  keptOpen: number;
  closures: Closure[];
};

type Reader = Pick<Db, "select">;

// The business's line, which gives its country when its time zone names none.
const lineOfBusiness = sql<string | null>`(select ${phoneNumbers.phoneNumber} from ${phoneNumbers}
  where ${phoneNumbers.assignedToUserId} = ${users.id} limit 1)`;

/** What the area and the fill are read from. */
const areaColumns = {
  timeZone: users.timeZone,
  locale: users.locale,
  businessAddress: users.businessAddress,
  holidayArea: users.holidayArea,
  holidaysThrough: users.holidaysThrough,
  line: lineOfBusiness,
};
type AreaRow = {
  timeZone: string;
  locale: Locale;
  businessAddress: string | null;
  holidayArea: string | null;
  holidaysThrough: string | null;
  line: string | null;
};

/** The business's row, its users row locked for this transaction (see the top of this file); null for no such business. */
async function lockBusiness(tx: Tx, userId: string): Promise<AreaRow | null> {
  await lockHolidays(tx, userId);
  const [row] = await tx.select(areaColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

const practiceHolidays = (userId: string) =>
  and(eq(closures.userId, userId), isNull(closures.practitionerId), eq(closures.source, "holiday"));

/**
 * Fills the business's public holidays: those of the next twelve months (and of `year`, when asked: the import of a
 * year). Holiday closures from today on that are no longer its area's (the area changed) or on a day the owner opened
 * are removed first, and those whose name changed (the account's language did) are renamed. Records the area and the
 * last day filled. Null for no such business.
 */
export async function fillHolidays(db: Db, userId: string, options: { now?: Date; year?: number } = {}): Promise<HolidayFill | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockBusiness(tx, userId);
    if (!row) return null;
    return fillLocked(tx, userId, row, now, options.year);
  });
}

async function fillLocked(tx: Tx, userId: string, row: AreaRow, now: Date, year?: number): Promise<HolidayFill> {
  const today = localDate(now, row.timeZone);
  const area = holidayAreaOf(row);
  const through = addDays(today, HOLIDAYS_AHEAD_DAYS);
  const wanted = publicHolidays(area, row.locale, today, through);
  if (year) {
    const first = `${year}-01-01` > today ? `${year}-01-01` : today;
    const known = new Set(wanted.map((h) => h.from));
    wanted.push(...publicHolidays(area, row.locale, first, `${year}-12-31`).filter((h) => !known.has(h.from)));
  }
  const opened = new Set(
    (
      await tx
        .select({ day: holidayOpenings.day })
        .from(holidayOpenings)
        .where(and(eq(holidayOpenings.userId, userId), gte(holidayOpenings.day, today)))
    ).map((o) => o.day),
  );

  // Every practice-wide closure to come, whoever made it: a day one of them covers is closed already.
  const practiceClosures = await tx
    .select({ from: closures.startsOn, to: closures.endsOn, source: closures.source })
    .from(closures)
    .where(and(eq(closures.userId, userId), isNull(closures.practitionerId), gte(closures.endsOn, today)));
  const covered = (day: string, source?: "owner" | "holiday") =>
    practiceClosures.some((c) => c.from <= day && day <= c.to && (!source || c.source === source));
  // The holidays a holiday closure of this fill's area closes already (kept as they are below).
  const stillHeld = new Set<string>();

  // The holiday closures to come, checked against the area's holidays over the days they span.
  const held = await tx
    .select({ id: closures.id, from: closures.startsOn, to: closures.endsOn, reason: closures.reason })
    .from(closures)
    .where(and(practiceHolidays(userId), gte(closures.startsOn, today)));
  if (held.length) {
    const last = held.reduce((max, c) => (c.to > max ? c.to : max), today);
    const valid = new Map(publicHolidays(area, row.locale, today, last).map((h) => [h.from, h]));
    const stale = held.filter((c) => !valid.has(c.from) || opened.has(c.from));
    // The first fill of a business that imported its holidays before they were filled on their own: the owner chose
    // that list. A day of it the new list leaves out (the US's Columbus Day) stays closed as the owner's own closure,
    // and a holiday of the new list the owner had deleted from it stays open.
    const imported = row.holidayArea === null;
    const kept = imported ? stale.filter((c) => !valid.has(c.from) && !opened.has(c.from)) : [];
    if (kept.length)
      await tx
        .update(closures)
        .set({ source: "owner" })
        .where(
          inArray(
            closures.id,
            kept.map((c) => c.id),
          ),
        );
    const removed = stale.filter((c) => !kept.includes(c));
    if (removed.length)
      await tx.delete(closures).where(
        inArray(
          closures.id,
          removed.map((c) => c.id),
        ),
      );
    if (imported) {
      // Deleted by the owner: a holiday the old import did close (its country's list, no region) on a day no closure of
      // any kind covers. A region's own holiday (England's August bank holiday, Madrid's 2 May) or a day an owner's
      // "Christmas break" covered was never imported: it is filled now like any other.
      const closed = new Set(held.map((c) => c.from));
      const country = splitArea(area).country;
      const oldList = new Set(publicHolidays(country, row.locale, today, last).map((h) => h.from));
      const deleted = wanted.filter(
        (h) => h.from <= last && oldList.has(h.from) && !closed.has(h.from) && !opened.has(h.from) && !covered(h.from),
      );
      await keepOpen(tx, userId, deleted, opened);
    }
    for (const c of held) if (valid.has(c.from) && !opened.has(c.from)) stillHeld.add(c.from);
    for (const c of held) {
      const name = valid.get(c.from)?.name;
      if (name && !opened.has(c.from) && c.reason !== name) await tx.update(closures).set({ reason: name }).where(eq(closures.id, c.id));
    }
  }

  // A holiday this fill would close for the first time, with appointments already booked that day, stays open: closing
  // it would tell callers "we are closed" on a day the owner has patients, without the owner deciding it. A holiday
  // closed already (the owner closed it again over its bookings, or one of the owner's closures covers it) is left as
  // the owner made it.
  const first = wanted.filter((h) => !opened.has(h.from) && !stillHeld.has(h.from) && !covered(h.from, "owner"));
  const busy = await bookedDays(tx, userId, first, row.timeZone);
  const keptOpen = first.filter((h) => busy.has(h.from));
  await keepOpen(tx, userId, keptOpen, opened);
  const toClose = wanted.filter((h) => !opened.has(h.from));
  const inserted = toClose.length
    ? await tx
        .insert(closures)
        .values(toClose.map((h) => ({ userId, startsOn: h.from, endsOn: h.to, reason: h.name, source: "holiday" as const })))
        // A day already closed (by this holiday, or one of the owner's own closures or special hours) keeps its closure:
        // the exclusion constraint answers the conflict.
        .onConflictDoNothing()
        .returning(closureColumns)
    : [];
  await tx.update(users).set({ holidayArea: area, holidaysThrough: through }).where(eq(users.id, userId));
  return {
    area,
    through,
    imported: inserted.length,
    skipped: wanted.length - inserted.length,
    keptOpen: keptOpen.length,
    closures: inserted,
  };
}

/** Records holidays as opened by the owner (and in `opened`), so this fill and every later one leaves them open. */
async function keepOpen(tx: Tx, userId: string, days: PublicHoliday[], opened: Set<string>): Promise<void> {
  if (!days.length) return;
  await tx
    .insert(holidayOpenings)
    .values(days.map((h) => ({ userId, day: h.from, name: h.name })))
    .onConflictDoNothing();
  for (const h of days) opened.add(h.from);
}

/** The local days, among the holidays' days, on which the practice has an appointment booked. */
async function bookedDays(tx: Tx, userId: string, holidays: PublicHoliday[], timeZone: string): Promise<Set<string>> {
  if (!holidays.length) return new Set();
  const first = holidays.reduce((min, h) => (h.from < min ? h.from : min), holidays[0]!.from);
  const last = holidays.reduce((max, h) => (h.to > max ? h.to : max), holidays[0]!.to);
  const from = zonedWallTimeToUtc(first, "00:00", timeZone) ?? new Date(`${first}T00:00:00Z`);
  const to = zonedWallTimeToUtc(addDays(last, 1), "00:00", timeZone) ?? new Date(`${addDays(last, 1)}T00:00:00Z`);
  const booked = await tx
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(eq(appointments.userId, userId), eq(appointments.status, "booked"), lt(appointments.startsAt, to), gt(appointments.endsAt, from)),
    );
  const days = new Set<string>();
  for (const a of booked) {
    const end = new Date(a.endsAt.getTime() - 1);
    for (let d = localDate(a.startsAt, timeZone); d <= localDate(end, timeZone); d = addDays(d, 1)) days.add(d);
  }
  const hit = new Set<string>();
  for (const h of holidays) for (let d = h.from; d <= h.to; d = addDays(d, 1)) if (days.has(d)) hit.add(h.from);
  return hit;
}

/**
 * Fills the holidays after something that may have moved the business (it was created, its time zone, address, line or
 * language changed). A failure is logged and left to the daily sweep: what the owner did stays done.
 */
export async function keepHolidaysFilled(db: Db, userId: string, now = new Date()): Promise<void> {
  try {
    await fillHolidays(db, userId, { now });
  } catch (e) {
    logger().error({ userId, name: (e as Error).name }, "public holidays not filled");
  }
}

const SWEEP_BATCH = 500;

/**
 * The daily sweep (and the data migration that gave existing businesses theirs): every business whose area is not the
 * one its holidays were filled for, or whose holidays are filled less than twelve months ahead, is filled. A business
 * that fails is counted and left to the next run; the others go on.
 */
export async function runHolidaySweep(db: Db, now = new Date()): Promise<{ checked: number; filled: number; failed: number }> {
  const counts = { checked: 0, filled: 0, failed: 0 };
  let after: string | null = null;
  for (;;) {
    const rows: (AreaRow & { id: string })[] = await db
      .select({ id: users.id, ...areaColumns })
      .from(users)
      .where(and(eq(users.type, "user"), after ? gt(users.id, after) : undefined))
      .orderBy(asc(users.id))
      .limit(SWEEP_BATCH);
    for (const row of rows) {
      counts.checked++;
      const due = addDays(localDate(now, row.timeZone), HOLIDAYS_AHEAD_DAYS);
      if (row.holidayArea === holidayAreaOf(row) && row.holidaysThrough !== null && row.holidaysThrough >= due) continue;
      try {
        await fillHolidays(db, row.id, { now });
        counts.filled++;
      } catch (e) {
        counts.failed++;
        logger().error({ userId: row.id, name: (e as Error).name }, "public holidays not filled");
      }
    }
    if (rows.length < SWEEP_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return counts;
}

/** The holidays of the business's area from today through twelve months, each with whether it is open or closed. */
export async function listHolidays(
  db: Reader,
  userId: string,
  now = new Date(),
): Promise<{ area: string; regionName: string | null; holidays: HolidayDay[] }> {
  const [row] = await db.select(areaColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("not_found", "userNotFound");
  const today = localDate(now, row.timeZone);
  const area = holidayAreaOf(row);
  const holidays = publicHolidays(area, row.locale, today, addDays(today, HOLIDAYS_AHEAD_DAYS));
  return { area, regionName: regionNameOf(area), holidays: await statesOf(db, userId, holidays, today) };
}

/** Whether each holiday is opened by the owner, and what closes it now. */
async function statesOf(db: Reader, userId: string, holidays: PublicHoliday[], today: string): Promise<HolidayDay[]> {
  if (!holidays.length) return [];
  const last = holidays.reduce((max, h) => (h.to > max ? h.to : max), today);
  const opened = new Set(
    (
      await db
        .select({ day: holidayOpenings.day })
        .from(holidayOpenings)
        .where(and(eq(holidayOpenings.userId, userId), gte(holidayOpenings.day, holidays[0]!.from), lte(holidayOpenings.day, last)))
    ).map((o) => o.day),
  );
  const closed = await db
    .select({ from: closures.startsOn, to: closures.endsOn, source: closures.source })
    .from(closures)
    .where(
      and(
        eq(closures.userId, userId),
        isNull(closures.practitionerId),
        lte(closures.startsOn, last),
        gte(closures.endsOn, holidays[0]!.from),
      ),
    );
  return holidays.map((h) => {
    const covering = closed.find((c) => c.from <= h.from && c.to >= h.from);
    return { day: h.from, to: h.to, name: h.name, open: opened.has(h.from), closedBy: covering ? covering.source : null };
  });
}

/**
 * Opens one public holiday of the business ("we are open on Boxing Day": its closure goes, and no fill brings it back),
 * or closes it again. 404 for a day that is no public holiday of the business's area, 400 for one already past.
 * Closing it again keeps the appointments booked on it meanwhile, counted in the answer.
 */
export async function setHolidayOpen(
  db: Db,
  userId: string,
  day: string,
  open: boolean,
  now = new Date(),
): Promise<{ holiday: HolidayDay; appointmentsInside: number }> {
  return db.transaction(async (tx) => {
    const row = await lockBusiness(tx, userId);
    if (!row) throw new AppError("not_found", "userNotFound");
    const today = localDate(now, row.timeZone);
    const holiday = publicHolidayOn(holidayAreaOf(row), row.locale, day);
    if (!holiday) throw new AppError("not_found", "holidayNotFound");
    if (holiday.to < today) throw new AppError("bad_request", "holidayInPast");
    let appointmentsInside = 0;
    if (open) {
      await tx.insert(holidayOpenings).values({ userId, day, name: holiday.name }).onConflictDoNothing();
      await tx.delete(closures).where(and(practiceHolidays(userId), eq(closures.startsOn, day)));
    } else {
      await tx.delete(holidayOpenings).where(and(eq(holidayOpenings.userId, userId), eq(holidayOpenings.day, day)));
      const [closed] = await tx
        .insert(closures)
        .values({ userId, startsOn: holiday.from, endsOn: holiday.to, reason: holiday.name, source: "holiday" })
        .onConflictDoNothing()
        .returning(closureColumns);
      if (closed) appointmentsInside = await bookedInside(tx, userId, closed, row.timeZone);
    }
    const [state] = await statesOf(tx, userId, [holiday], today);
    return { holiday: state!, appointmentsInside };
  });
}

/**
 * An owner's closure of the whole practice from `from` to `to` takes the place of the holiday closures inside it: they
 * are removed (in the owner's transaction, so they come back if the owner's closure is refused).
 */
export async function makeRoomForOwnerClosure(tx: Tx, userId: string, from: string, to: string): Promise<void> {
  await lockHolidays(tx, userId);
  await tx.delete(closures).where(and(practiceHolidays(userId), lte(closures.startsOn, to), gte(closures.endsOn, from)));
}

/**
 * Takes the lock every fill takes (the business's users row), for a change to its closures that a fill running at the
 * same moment must see: the fill then comes before or after it, never half-way.
 */
export async function lockHolidays(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/** A holiday closure the owner deletes is a holiday opened: recorded so that no fill closes it again. */
export async function openDeletedHoliday(
  tx: Tx,
  userId: string,
  c: { from: string; reason: string | null; source: string },
): Promise<void> {
  if (c.source !== "holiday") return;
  await tx
    .insert(holidayOpenings)
    .values({ userId, day: c.from, name: c.reason ?? "" })
    .onConflictDoNothing();
}
