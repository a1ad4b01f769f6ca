// Who the receptionist puts callers through to: the owner's list of people and desks, each with what it is for (its
// "when"; none: for anything the others are not for) and who is tried when it does not answer (its backup, another of
// the list; none: a message is taken); whether the person reached is briefed first (a warm transfer); and at which hours
// anyone is put through. With no list, the business's own phone, as before there was one.
//
// Every number put through to is one a person answers, in a country the practice serves (lib/platform/phone/
// number-kinds.ts): a save with any other is refused, and a row saved before the rule (or before its country was
// dropped from the countries served) stays listed to the owner with why, but no call is put through to it.
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { callRoutes, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { translate } from "@/lib/platform/i18n/translate";
import type { Locale } from "@/lib/platform/i18n/routing";
import { countryOfBusiness, requirePhone, toE164, type CountryCode } from "@/lib/platform/phone/phone";
import {
  dialRefusal,
  isKnownCountry,
  numberRefused,
  requireDialable,
  servedCountries,
  type NumberRefusal,
} from "@/lib/platform/phone/number-kinds";
import type { CallRoutingInput, TransferHours } from "./routing.schemas";
import { keyParam } from "@/lib/platform/message-param";

/** `backup`: the index in the same list of whom to try when this one does not answer; null: a message is taken. */
export type Destination = { name: string; phone: string; when: string | null; backup: number | null };
/** How calls are routed, as a call reads it: the owner's list (none: the business's phone, `fallbackPhone`). */
export type CallRouting = { warmTransfer: boolean; hours: TransferHours; destinations: Destination[]; fallbackPhone: string | null };
/** A saved number no call is put through to: its place in the list (null: the owner's phone), and why. */
export type RefusedRoute = { position: number | null; name: string; phone: string; reason: NumberRefusal; message: string };
/** The routing as its owner sees it: every saved row, the countries served, and the rows no call goes to. */
export type RoutingSettings = CallRouting & { country: CountryCode; servedCountries: string[]; refused: RefusedRoute[] };

type Stored = CallRouting & { served: CountryCode[]; locale: Locale; servedCountries: string[] };

/** The stored routing, every row as saved. Its two reads go out together: this is on the way to every call's first words. */
async function readRouting(db: Db, userId: string): Promise<Stored | null> {
  const [[owner], destinations] = await Promise.all([
    db
      .select({
        warmTransfer: users.warmTransfer,
        hours: users.transferHours,
        phone: users.phone,
        timeZone: users.timeZone,
        locale: users.locale,
        servedCountries: users.servedCountries,
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
  return {
    warmTransfer: owner.warmTransfer,
    hours: owner.hours,
    destinations,
    fallbackPhone,
    served: servedCountries(owner),
    locale: owner.locale,
    servedCountries: owner.servedCountries,
  };
}

/**
 * The routing of one business, as a call is answered with it; null for an unknown owner (one gone mid-call routes
 * nowhere). Only numbers we dial are in it: a refused row is left out, a backup naming one becomes a message, and a
 * refused owner's phone is no fallback.
 */
export async function routingForCall(db: Db, userId: string): Promise<CallRouting | null> {
  const stored = await readRouting(db, userId);
  if (!stored) return null;
  const kept = stored.destinations.map((d) => dialRefusal(d.phone, stored.served) === null);
  const newIndex = new Map<number, number>();
  kept.forEach((k, i) => k && newIndex.set(i, newIndex.size));
  const destinations = stored.destinations
    .filter((_, i) => kept[i])
    .map((d) => ({ ...d, backup: d.backup === null ? null : (newIndex.get(d.backup) ?? null) }));
  const fallbackPhone = stored.fallbackPhone && dialRefusal(stored.fallbackPhone, stored.served) === null ? stored.fallbackPhone : null;
  return { warmTransfer: stored.warmTransfer, hours: stored.hours, destinations, fallbackPhone };
}

/** The routing as saved, with the countries served and, in the owner's language, why any saved number is not called. */
export async function getRouting(db: Db, userId: string): Promise<RoutingSettings> {
  const stored = await readRouting(db, userId);
  if (!stored) throw new AppError("unauthorized", "unauthorized");
  const refused: RefusedRoute[] = [];
  const check = (position: number | null, name: string, phone: string) => {
    const reason = dialRefusal(phone, stored.served);
    if (!reason) return;
    const error = numberRefused(reason, { field: name, e164: phone, served: stored.served, locale: stored.locale });
    refused.push({ position, name, phone, reason, message: translate(stored.locale, error.messageKey, error.params) });
  };
  stored.destinations.forEach((d, i) => check(i, d.name, d.phone));
  if (stored.fallbackPhone) check(null, translate(stored.locale, "Fields.phone"), stored.fallbackPhone);
  return {
    warmTransfer: stored.warmTransfer,
    hours: stored.hours,
    destinations: stored.destinations,
    fallbackPhone: stored.fallbackPhone,
    country: stored.served[0]!,
    servedCountries: stored.servedCountries,
    refused,
  };
}

/**
 * Replaces the whole routing: numbers read in the business's country and kept in E.164, each listed once, each backup
 * another of the list with no loop (400 otherwise, nothing written). Two saves at once are applied one after the other,
 * each whole.
 */
export async function saveRouting(db: Db, userId: string, input: CallRoutingInput): Promise<RoutingSettings> {
  const [owner] = await db
    .select({ timeZone: users.timeZone, locale: users.locale, servedCountries: users.servedCountries })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!owner) throw new AppError("unauthorized", "unauthorized");
  const country = countryOfBusiness(owner);
  // The countries sent replace those saved, and the numbers of this save are checked against them.
  const added = input.servedCountries ? knownCountries(input.servedCountries) : owner.servedCountries;
  const served = servedCountries({ ...owner, servedCountries: added });
  // A number that cannot be read, or that we do not dial, is refused with the person's name: in a list of ten, "Phone"
  // would not say whose.
  const destinations = input.destinations.map((d) => {
    try {
      return { ...d, phone: requireDialable(requirePhone(d.phone, country, "phone")!, { field: d.name, served, locale: owner.locale }) };
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
    await tx
      .update(users)
      .set({ warmTransfer: input.warmTransfer, transferHours: input.hours, ...(input.servedCountries ? { servedCountries: added } : {}) })
      .where(eq(users.id, userId));
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

/** Country codes as the owner typed them ("de", " BE"), each once, in upper case; an unknown one is refused by name. */
function knownCountries(codes: string[]): string[] {
  const upper = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  const unknown = upper.find((c) => !/^[A-Z]{2}$/.test(c) || !isKnownCountry(c));
  if (unknown !== undefined)
    throw new AppError("bad_request", "Validation.countryUnknown", { field: keyParam("Fields.servedCountries"), value: unknown });
  return upper;
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
