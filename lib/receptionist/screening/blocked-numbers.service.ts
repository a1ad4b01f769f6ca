// The owner's blocklist: numbers whose calls hear one polite sentence and end, with no tool, and count nowhere (the
// call is screened "blocked": lib/receptionist/calls/try-calls.ts countedCall). Numbers are kept in E.164, read in the
// business's country, so "06 12 34 56 78" blocks the caller ID +33612345678.
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { blockedNumbers, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { countryOfBusiness, requirePhone } from "@/lib/platform/phone/phone";
import { MAX_BLOCKED, type BlockNumberInput } from "./blocked-numbers.schemas";

const columns = { id: blockedNumbers.id, phone: blockedNumbers.phone, reason: blockedNumbers.reason, createdAt: blockedNumbers.createdAt };
type Row = { id: string; phone: string; reason: string | null; createdAt: Date };
const toView = (r: Row) => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function listBlocked(db: Db, userId: string) {
  const rows = await db
    .select(columns)
    .from(blockedNumbers)
    .where(eq(blockedNumbers.userId, userId))
    .orderBy(asc(blockedNumbers.createdAt));
  return { blockedNumbers: rows.map(toView) };
}

/** Blocks a number: 409 when it already is, or when the list is full. */
export async function blockNumber(db: Db, userId: string, input: BlockNumberInput) {
  const [owner] = await db.select({ timeZone: users.timeZone, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw new AppError("unauthorized", "unauthorized");
  const phone = requirePhone(input.phone, countryOfBusiness(owner), "phone")!;
  try {
    const row = await db.transaction(async (tx) => {
      // The owner's row locked first, so two additions at once count each other and the limit holds.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(blockedNumbers).where(eq(blockedNumbers.userId, userId));
      if (n >= MAX_BLOCKED) throw new AppError("conflict", "blockedNumbersFull", { max: MAX_BLOCKED });
      const [inserted] = await tx
        .insert(blockedNumbers)
        .values({ userId, phone, reason: input.reason || null })
        .returning(columns);
      return inserted!;
    });
    return toView(row);
  } catch (e) {
    if (isUniqueViolation(e, "blocked_numbers_user_phone_unique")) throw new AppError("conflict", "numberAlreadyBlocked");
    throw e;
  }
}

/** Unblocks: another owner's id is as unknown as a made-up one (404). */
export async function unblockNumber(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(blockedNumbers)
    .where(and(eq(blockedNumbers.id, id), eq(blockedNumbers.userId, userId)))
    .returning({ id: blockedNumbers.id });
  if (!removed.length) throw new AppError("not_found", "blockedNumberNotFound");
}

/** Whether this caller ID is on the practice's blocklist: asked when a call comes in and before any tool runs. */
export async function isBlocked(db: Db, userId: string, caller: string | null): Promise<boolean> {
  if (!caller) return false;
  const [row] = await db
    .select({ id: blockedNumbers.id })
    .from(blockedNumbers)
    .where(and(eq(blockedNumbers.userId, userId), eq(blockedNumbers.phone, caller)))
    .limit(1);
  return row !== undefined;
}
