// The phone-number pool. Race safety comes from the database, not from checks in code:
//  - a claim takes the first free row with FOR UPDATE SKIP LOCKED and sets its owner in the same statement;
//  - phone_numbers_assignee_unique allows one number per user, so two claims by one user cannot both land;
//  - an assignment only succeeds on a row that is free or already the target's, so two admins cannot both win.
// Each number carries its country (region): an owner claims a number of their business's country only.
// A number a business takes is linked before it is theirs for good: put on the business's own messaging profile (the
// provider's STOP block rules are per profile, so one practice's opt-outs never silence another's texts), then pointed
// at our assistant. If the provider refuses either, the number goes back to the pool and the claim answers 503.
import { and, asc, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { appState, auditLog, calendarConnections, phoneNumbers, subscriptions, users } from "@/db/schema";
import { markSetupStep } from "@/lib/accounts/account/onboarding";
import { AppError } from "@/lib/platform/errors";
import { regionParam } from "@/lib/platform/i18n/translate";
import { businessCountryOf } from "@/lib/accounts/business/business-country";
import { forgetBusinesses } from "@/lib/accounts/business/business";
import { requirePhone } from "@/lib/platform/phone/phone";
import { deriveSubscription } from "@/lib/accounts/subscriptions/subscription-status";
import type { TelephonyPort } from "@/lib/ports/telephony";
import type { VoicePort } from "@/lib/ports/voice";

export type PoolNumber = {
  id: string;
  phoneNumber: string;
  region: string;
  isAssigned: boolean;
  assignedToUserId: string | null;
  assignedToUserName: string | null;
  status: string;
  createdAt: string;
  phoneNumberType: string;
};
export type AvailableNumber = { id: string; phoneNumber: string; region: string };

/** The pool, or one country's part of it (`country`, ISO 3166-1 alpha-2). */
export async function listPool(db: Db, filter: { country?: string } = {}): Promise<PoolNumber[]> {
  const rows = await db
    .select({
      id: phoneNumbers.id,
      phoneNumber: phoneNumbers.phoneNumber,
      region: phoneNumbers.region,
      assignedToUserId: phoneNumbers.assignedToUserId,
      assignedToUserName: users.fullName,
      status: phoneNumbers.status,
      createdAt: phoneNumbers.createdAt,
      phoneNumberType: phoneNumbers.phoneNumberType,
    })
    .from(phoneNumbers)
    .leftJoin(users, eq(users.id, phoneNumbers.assignedToUserId))
    .where(filter.country ? eq(phoneNumbers.region, filter.country) : undefined)
    .orderBy(asc(phoneNumbers.phoneNumber));
  return rows.map((r) => ({
    ...r,
    assignedToUserName: r.assignedToUserName ?? null,
    isAssigned: r.assignedToUserId !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The countries the pool has numbers of, for the admin's country filter. */
export async function poolCountries(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ region: phoneNumbers.region }).from(phoneNumbers).orderBy(asc(phoneNumbers.region));
  return rows.map((r) => r.region);
}

export async function listAvailable(db: Db): Promise<AvailableNumber[]> {
  return db
    .select({ id: phoneNumbers.id, phoneNumber: phoneNumbers.phoneNumber, region: phoneNumbers.region })
    .from(phoneNumbers)
    .where(and(isNull(phoneNumbers.assignedToUserId), eq(phoneNumbers.status, "active")))
    .orderBy(asc(phoneNumbers.phoneNumber));
}

async function numberOf(db: Pick<Db, "select">, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phoneNumber: phoneNumbers.phoneNumber })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.assignedToUserId, userId))
    .limit(1);
  return row?.phoneNumber ?? null;
}

/** The voice platform and the URL it must call for a number's calls; the telephony provider its texts go out through. */
export type LineLinks = { voice: VoicePort; serverUrl: string; telephony: TelephonyPort };

/**
 * Puts a business's number on the business's own messaging profile, made with its first line and kept for the next
 * ones. Two racing claims of one business may both make a profile: the first recorded is kept, the other deleted.
 */
async function linkMessaging(db: Db, telephony: TelephonyPort, userId: string, phoneNumber: string, undo: () => Promise<unknown>) {
  const [row] = await db
    .select({ id: phoneNumbers.id, providerId: phoneNumbers.providerId, profile: phoneNumbers.messagingProfileId })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.phoneNumber, phoneNumber))
    .limit(1);
  if (!row?.providerId) return;
  try {
    const profile = await messagingProfileOf(db, telephony, userId);
    if (row.profile === profile) return;
    await telephony.moveToMessagingProfile(row.providerId, profile);
    await db.update(phoneNumbers).set({ messagingProfileId: profile }).where(eq(phoneNumbers.id, row.id));
  } catch (e) {
    await undo();
    if (e instanceof AppError) throw e;
    throw new AppError("unavailable", "providerNotAvailable", { provider: "Telnyx" });
  }
}

/** The business's messaging profile, made now if it has none (a sandbox profile is none once the provider is real). */
async function messagingProfileOf(db: Db, telephony: TelephonyPort, userId: string): Promise<string> {
  const [user] = await db
    .select({ profile: users.messagingProfileId, name: users.businessName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("not_found", "userNotFound");
  const sandboxId = user.profile?.startsWith("sandbox-") ?? false;
  if (user.profile && sandboxId === (telephony.kind === "sandbox")) return user.profile;
  const country = (await businessCountryOf(db, userId)) ?? "US";
  // The name tells an operator in the provider's portal whose it is, without the business's personal data.
  const made = await telephony.createMessagingProfile({ name: `Recepta ${userId}`, country });
  const [kept] = await db
    .update(users)
    .set({ messagingProfileId: made })
    .where(and(eq(users.id, userId), user.profile ? eq(users.messagingProfileId, user.profile) : isNull(users.messagingProfileId)))
    .returning({ profile: users.messagingProfileId });
  if (kept) return made;
  await telephony.deleteMessagingProfile(made).catch(() => {});
  const [winner] = await db.select({ profile: users.messagingProfileId }).from(users).where(eq(users.id, userId)).limit(1);
  return winner?.profile ?? made;
}

/**
 * Points a number at our assistant webhook (once: a number already linked is left as it is). When the platform
 * refuses, the assignment is undone, so a business never holds a number that would not answer.
 */
async function linkVoice(db: Db, link: LineLinks, phoneNumber: string, undo: () => Promise<unknown>): Promise<void> {
  const [row] = await db
    .select({ id: phoneNumbers.id, voiceProviderId: phoneNumbers.voiceProviderId })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.phoneNumber, phoneNumber))
    .limit(1);
  // A sandbox id is no link at all once the real platform is configured.
  if (!row || (row.voiceProviderId && !(link.voice.kind === "vapi" && row.voiceProviderId.startsWith("sandbox-")))) return;
  try {
    const { providerNumberId } = await link.voice.attachNumber({ phoneNumber, serverUrl: link.serverUrl });
    await db.update(phoneNumbers).set({ voiceProviderId: providerNumberId }).where(eq(phoneNumbers.id, row.id));
  } catch (e) {
    await undo();
    if (e instanceof AppError) throw e;
    throw new AppError("unavailable", "providerNotAvailable", { provider: "Vapi" });
  }
}

/**
 * Gives a released number back to the pool's messaging profile, so the business's profile (its block rules name its
 * callers) keeps none of the pool's numbers. Best effort: a number left on it is moved by whoever claims it next.
 */
async function unlinkMessaging(
  db: Db,
  telephony: TelephonyPort,
  row: { id: string; providerId: string | null; messagingProfileId: string | null },
): Promise<void> {
  if (!row.providerId || !row.messagingProfileId) return;
  try {
    await telephony.moveToMessagingProfile(row.providerId, null);
    await db.update(phoneNumbers).set({ messagingProfileId: null }).where(eq(phoneNumbers.id, row.id));
  } catch {
    // Left on the business's profile until its next claim moves it.
  }
}

/**
 * Puts every assigned number on its business's own messaging profile: the numbers assigned before businesses had one,
 * and any whose move failed. Run at start; nothing to do is one query.
 */
export async function syncMessagingProfiles(db: Db, telephony: TelephonyPort): Promise<number> {
  const rows = await db
    .select({ phoneNumber: phoneNumbers.phoneNumber, userId: phoneNumbers.assignedToUserId })
    .from(phoneNumbers)
    .innerJoin(users, eq(users.id, phoneNumbers.assignedToUserId))
    .where(sql`${phoneNumbers.providerId} is not null and ${phoneNumbers.messagingProfileId} is distinct from ${users.messagingProfileId}`);
  let moved = 0;
  for (const r of rows) {
    try {
      await linkMessaging(db, telephony, r.userId!, r.phoneNumber, async () => {});
      moved++;
    } catch {
      // The provider refused: tried again at the next start.
    }
  }
  return moved;
}

/** Takes a released number off the voice platform (best effort: the pool row is what decides who owns it). */
async function unlinkVoice(db: Db, voice: VoicePort, phoneNumberId: string, voiceProviderId: string | null): Promise<void> {
  if (!voiceProviderId) return;
  try {
    await voice.detachNumber(voiceProviderId);
    await db.update(phoneNumbers).set({ voiceProviderId: null }).where(eq(phoneNumbers.id, phoneNumberId));
  } catch {
    // Left linked upstream: its calls reach our webhook, which answers "not in service" for an unassigned number.
  }
}

/** GET /api/phone-numbers/claim: idempotent (a user who has a number gets it back), calendar required first. */
export async function claimNumber(db: Db, userId: string, link?: LineLinks): Promise<{ phoneNumber: string }> {
  const claimed = await claimRow(db, userId);
  if (link) {
    // Only a number this request took is given back on failure: one the owner already had stays theirs.
    const undo = claimed.fresh
      ? () =>
          db
            .update(phoneNumbers)
            .set({ assignedToUserId: null, assignedAt: null })
            .where(and(eq(phoneNumbers.phoneNumber, claimed.phoneNumber), eq(phoneNumbers.assignedToUserId, userId)))
      : async () => {};
    await linkMessaging(db, link.telephony, userId, claimed.phoneNumber, undo);
    await linkVoice(db, link, claimed.phoneNumber, undo);
  }
  // The setup's number step is done for good: a number released later (a lapsed plan) is claimed again, not set up.
  await markSetupStep(db, userId, "phone");
  return { phoneNumber: claimed.phoneNumber };
}

async function claimRow(db: Db, userId: string): Promise<{ phoneNumber: string; fresh: boolean }> {
  const existing = await numberOf(db, userId);
  if (existing) return { phoneNumber: existing, fresh: false };
  const [calendar] = await db
    .select({ userId: calendarConnections.userId })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), isNull(calendarConnections.revokedAt)))
    .limit(1);
  if (!calendar) throw new AppError("conflict", "calendarRequired");
  // A number answers with a receptionist that books: it comes with a live trial or subscription.
  const [billing] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!deriveSubscription(billing ?? null).subscription?.status) throw new AppError("payment_required", "subscriptionRequired");
  // Only a number of the business's own country: its callers dial it as a local number, and the owner forwards their
  // line to it at a local rate. A number of another country would cost every caller an international call and read
  // as foreign, so when the country's numbers run out the claim is refused (409, naming the country) rather than
  // handing out another country's number: an admin can still assign any number on purpose.
  const country = (await businessCountryOf(db, userId)) ?? "US";
  try {
    const claimed = await db.execute<{ phone_number: string }>(sql`
      update ${phoneNumbers} set assigned_to_user_id = ${userId}, assigned_at = now()
      where id = (
        select id from ${phoneNumbers}
        where assigned_to_user_id is null and status = 'active' and region = ${country}
        order by created_at, phone_number
        limit 1
        for update skip locked
      )
      returning phone_number`);
    const row = claimed[0];
    if (!row) throw new AppError("conflict", "noNumbersForCountry", { country: regionParam(country) });
    return { phoneNumber: row.phone_number, fresh: true };
  } catch (e) {
    // The same user claimed concurrently and won: hand back that number.
    if (isUniqueViolation(e, "phone_numbers_assignee_unique")) {
      const won = await numberOf(db, userId);
      if (won) return { phoneNumber: won, fresh: false };
    }
    throw e;
  }
}

/** Admin: gives `phoneNumber` to a user, releasing the user's previous number (and its voice link). */
export async function assignNumber(db: Db, actorId: string, userId: string, typed: string, link?: LineLinks) {
  // The pool holds E.164 numbers: what the admin typed is read as such ("(212) 555-0142" in the business's country).
  const region = await businessCountryOf(db, userId);
  if (!region) throw new AppError("not_found", "userNotFound");
  const phoneNumber = requirePhone(typed, region, "phoneNumber") ?? typed;
  const released: { id: string; voiceProviderId: string | null; providerId: string | null; messagingProfileId: string | null }[] = [];
  const result = await db.transaction(async (tx) => {
    // Serializes assignments to one user, so "release old, take new" cannot interleave with another admin's.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new AppError("not_found", "userNotFound");
    const [target] = await tx
      .select({ id: phoneNumbers.id, assignedTo: phoneNumbers.assignedToUserId, status: phoneNumbers.status })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.phoneNumber, phoneNumber))
      .for("update");
    if (!target) throw new AppError("not_found", "numberNotFound");
    if (target.assignedTo === userId) return { phoneNumber, userId };
    if (target.assignedTo) throw new AppError("conflict", "numberTaken");
    if (target.status !== "active") throw new AppError("conflict", "numberInactive");
    released.push(
      ...(await tx
        .update(phoneNumbers)
        .set({ assignedToUserId: null, assignedAt: null })
        .where(eq(phoneNumbers.assignedToUserId, userId))
        .returning({
          id: phoneNumbers.id,
          voiceProviderId: phoneNumbers.voiceProviderId,
          providerId: phoneNumbers.providerId,
          messagingProfileId: phoneNumbers.messagingProfileId,
        })),
    );
    await tx.update(phoneNumbers).set({ assignedToUserId: userId, assignedAt: new Date() }).where(eq(phoneNumbers.id, target.id));
    await tx.insert(auditLog).values({
      actorUserId: actorId,
      action: "phone_number.assign",
      targetType: "user",
      targetId: userId,
      details: { phoneNumberId: target.id },
    });
    return { phoneNumber, userId };
  });
  if (link) {
    for (const r of released) {
      await unlinkVoice(db, link.voice, r.id, r.voiceProviderId);
      await unlinkMessaging(db, link.telephony, r);
    }
    const undo = () =>
      db
        .update(phoneNumbers)
        .set({ assignedToUserId: null, assignedAt: null })
        .where(and(eq(phoneNumbers.phoneNumber, phoneNumber), eq(phoneNumbers.assignedToUserId, userId)));
    await linkMessaging(db, link.telephony, userId, phoneNumber, undo);
    await linkVoice(db, link, phoneNumber, undo);
  }
  await markSetupStep(db, userId, "phone");
  return result;
}

/**
 * Gives a user's number back to the pool (a lapsed account after its grace period; an erased account) and takes it
 * off the voice platform. Returns the number released, or null when the user had none.
 */
export async function releaseUserNumber(
  db: Db,
  userId: string,
  reason: string,
  links?: Pick<LineLinks, "voice" | "telephony">,
): Promise<string | null> {
  const [released] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(phoneNumbers)
      .set({ assignedToUserId: null, assignedAt: null })
      .where(eq(phoneNumbers.assignedToUserId, userId))
      .returning({
        id: phoneNumbers.id,
        phoneNumber: phoneNumbers.phoneNumber,
        voiceProviderId: phoneNumbers.voiceProviderId,
        providerId: phoneNumbers.providerId,
        messagingProfileId: phoneNumbers.messagingProfileId,
      });
    for (const row of rows) {
      await tx.insert(auditLog).values({
        actorUserId: null,
        action: "phone_number.release",
        targetType: "phone_number",
        targetId: row.id,
        details: { userId, reason },
      });
    }
    return rows;
  });
  // The line no longer answers for this business, from its next call message on.
  forgetBusinesses(userId);
  if (!released) return null;
  if (links) {
    await unlinkVoice(db, links.voice, released.id, released.voiceProviderId);
    await unlinkMessaging(db, links.telephony, released);
  }
  return released.phoneNumber;
}

/** Admin: removes a free number from the pool (and releases it at the provider). Assigned numbers stay: 409. */
export async function deleteNumber(db: Db, telephony: TelephonyPort, actorId: string, id: string, voice?: VoicePort): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        assignedTo: phoneNumbers.assignedToUserId,
        providerId: phoneNumbers.providerId,
        voiceProviderId: phoneNumbers.voiceProviderId,
      })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, id))
      .for("update");
    if (!row) throw new AppError("not_found", "numberNotFound");
    if (row.assignedTo) throw new AppError("conflict", "numberAssigned");
    if (row.voiceProviderId && voice) await voice.detachNumber(row.voiceProviderId);
    if (row.providerId) await telephony.releaseNumber(row.providerId);
    await tx.delete(phoneNumbers).where(eq(phoneNumbers.id, id));
    await tx.insert(auditLog).values({ actorUserId: actorId, action: "phone_number.delete", targetType: "phone_number", targetId: id });
  });
}

/**
 * The admin pool view syncs with the provider's account (real Telnyx only: the sandbox's fixed list would bring back
 * numbers an admin deleted): numbers bought since are added, region and type refreshed, and numbers no longer owned
 * upstream are marked "released" so nobody claims them.
 */
export async function syncPool(db: Db, telephony: TelephonyPort): Promise<void> {
  if (telephony.kind !== "telnyx") return;
  const owned = await telephony.listOwnedNumbers();
  if (owned.length) {
    await db
      .insert(phoneNumbers)
      .values(owned.map((n) => ({ ...n, status: "active" })))
      .onConflictDoUpdate({
        target: phoneNumbers.phoneNumber,
        set: {
          region: sql`excluded.region`,
          phoneNumberType: sql`excluded.phone_number_type`,
          providerId: sql`excluded.provider_id`,
          status: "active",
        },
      });
  }
  const ownedNumbers = owned.map((n) => n.phoneNumber);
  await db
    .update(phoneNumbers)
    .set({ status: "released" })
    .where(ownedNumbers.length ? notInArray(phoneNumbers.phoneNumber, ownedNumbers) : sql`true`);
}

/**
 * Fills the pool from the provider once per country (numbers an admin deletes later are not re-added). Each country has
 * its own marker in app_state, so an installation seeded before a country joined the sandbox gets that country's numbers
 * at its next start, and only those. The US keeps the marker it was first seeded under, from when the pool was US-only.
 */
export async function seedPoolOnce(db: Db, telephony: TelephonyPort): Promise<number> {
  const owned = await telephony.listOwnedNumbers();
  const regions = [...new Set(owned.map((n) => n.region))];
  return db.transaction(async (tx) => {
    let added = 0;
    for (const region of regions) {
      const key = region === "US" ? `number-pool-seeded:${telephony.kind}` : `number-pool-seeded:${telephony.kind}:${region}`;
      const [marker] = await tx
        .insert(appState)
        .values({ key, value: { at: new Date().toISOString() } })
        .onConflictDoNothing()
        .returning({ key: appState.key });
      if (!marker) continue;
      const inserted = await tx
        .insert(phoneNumbers)
        .values(owned.filter((n) => n.region === region))
        .onConflictDoNothing()
        .returning({ id: phoneNumbers.id });
      added += inserted.length;
    }
    return added;
  });
}
