// Who the receptionist puts callers through to: the owner's list of people and desks, tried in order, with when to
// choose each; whether the person reached is briefed first (a warm transfer); and at which hours anyone is put through.
// With no list, the business's own phone, as before there was one.
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { callRoutes, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { countryOfBusiness, requirePhone, toE164 } from "@/lib/platform/phone/phone";
import type { CallRoutingInput, TransferHours } from "./routing.schemas";

export type Destination = { name: string; phone: string; when: string | null };
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
      .select({ name: callRoutes.name, phone: callRoutes.phone, when: callRoutes.when })
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
 * Replaces the whole routing: numbers read in the business's country and kept in E.164, each listed once (400
 * otherwise, nothing written). Two saves at once are applied one after the other, each whole.
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
    throw new AppError("bad_request", "Validation.destinationsRepeated", { field: "@Fields.destinations" });
  }
  await db.transaction(async (tx) => {
    // The owner's row locked first: a second save waits, then replaces this one's list whole.
    await tx.update(users).set({ warmTransfer: input.warmTransfer, transferHours: input.hours }).where(eq(users.id, userId));
    await tx.delete(callRoutes).where(eq(callRoutes.userId, userId));
    if (destinations.length) {
      await tx
        .insert(callRoutes)
        .values(destinations.map((d, position) => ({ userId, position, name: d.name, phone: d.phone, when: d.when })));
    }
  });
  return getRouting(db, userId);
}
