// Who the receptionist puts callers through to: the owner's list of people and desks, each with what it is for (its
// "when"; none: for anything the others are not for) and who is tried when it does not answer (its backup, another of
// the list; none: a message is taken); whether the person reached is briefed first (a warm transfer); and at which hours
// anyone is put through. With no list, the business's own phone, as before there was one.
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { callRoutes, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { countryOfBusiness, requirePhone, toE164 } from "@/lib/platform/phone/phone";
import type { CallRoutingInput, TransferHours } from "./routing.schemas";
import { keyParam } from "@/lib/platform/message-param";

/** `backup`: the index in the same list of whom to try when this one does not answer; null: a message is taken. */
export type Destination = { name: string; phone: string; when: string | null; backup: number | null };
/** How calls are routed, as a call reads it: the owner's list (none: the business's phone, `fallbackPhone`). */
export type CallRouting = { warmTransfer: boolean; hours: TransferHours; destinations: Destination[]; fallbackPhone: string | null };

/**
 * The routing of one business, as a call is answered with it; null for an unknown owner (one gone mid-call routes
 * nowhere). Its two reads go out together: this is on the way to every call's first words.
 */
export async function routingForCall(db: Db, userId: string): Promise<CallRouting | null> {
  const [[owner], destinations] = await Promise.all([
    db
      .select({
        warmTransfer: users.warmTransfer,
        hours: users.transferHours,
        phone: users.phone,
        timeZone: users.timeZone,
        locale: users.locale,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ name: callRoutes.name, phone: callRoutes.phone, when: callRoutes.when, backup: callRoutes.backupPosition })
      .from(callRoutes)
      .where(eq(callRoutes.userId, userId))
      .orderBy(asc(callRoutes.position)),
  ]);
  if (!owner) return null;
  // The platform dials E.164 only: an owner's phone that cannot be read as one is no destination.
  const fallbackPhone = toE164(owner.phone, countryOfBusiness(owner));
  return { warmTransfer: owner.warmTransfer, hours: owner.hours, destinations, fallbackPhone };
}

export async function getRouting(db: Db, userId: string): Promise<CallRouting> {
  const routing = await routingForCall(db, userId);
  if (!routing) throw new AppError("unauthorized", "unauthorized");
  return routing;
}

/**
 * Replaces the whole routing: numbers read in the business's country and kept in E.164, each listed once, each backup
 * another of the list with no loop (400 otherwise, nothing written). Two saves at once are applied one after the other,
 * each whole.
 */
export async function saveRouting(db: Db, userId: string, input: CallRoutingInput): Promise<CallRouting> {
  const [owner] = await db.select({ timeZone: users.timeZone, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  if (!owner) throw new AppError("unauthorized", "unauthorized");
  const country = countryOfBusiness(owner);
  // A number that cannot be read is refused with the person's name: in a list of ten, "Phone" would not say whose.
  const destinations = input.destinations.map((d) => {
    try {
      return { ...d, phone: requirePhone(d.phone, country, "phone")! };
    } catch (e) {
      if (e instanceof AppError) throw new AppError(e.code, e.messageKey, { ...e.params, field: d.name });
      throw e;
    }
  });
  if (new Set(destinations.map((d) => d.phone)).size !== destinations.length) {
    throw new AppError("bad_request", "Validation.destinationsRepeated", { field: keyParam("Fields.destinations") });
  }
  checkBackups(destinations);
  await db.transaction(async (tx) => {
    // The owner's row locked first: a second save waits, then replaces this one's list whole.
    await tx.update(users).set({ warmTransfer: input.warmTransfer, transferHours: input.hours }).where(eq(users.id, userId));
    await tx.delete(callRoutes).where(eq(callRoutes.userId, userId));
    if (destinations.length) {
      await tx
        .insert(callRoutes)
        .values(
          destinations.map((d, position) => ({ userId, position, name: d.name, phone: d.phone, when: d.when, backupPosition: d.backup })),
        );
    }
  });
  return getRouting(db, userId);
}

/**
 * Each backup is another destination of the same list, and following backups never comes back round: with the front
 * desk's backup the assistant and the assistant's the front desk, a caller nobody answers would be passed between them
 * for ever. A chain (front desk → assistant → doctor) is fine: it ends with a message. Refused naming the destination.
 */
function checkBackups(list: { name: string; backup: number | null }[]) {
  list.forEach((d, i) => {
    if (d.backup === null) return;
    if (d.backup === i) throw new AppError("bad_request", "Validation.backupSelf", { field: d.name });
    if (d.backup < 0 || d.backup >= list.length) throw new AppError("bad_request", "Validation.backupUnknown", { field: d.name });
  });
  list.forEach((d, i) => {
    let next = d.backup;
    for (let steps = 0; next !== null && steps < list.length; steps++) {
      if (next === i) throw new AppError("bad_request", "Validation.backupLoop", { field: d.name });
      next = list[next]!.backup;
    }
  });
}
