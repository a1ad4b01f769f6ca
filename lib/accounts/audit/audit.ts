// The practice's record of who did what: the audit log's entries, the name each actor had then, and what erasing a
// person does to the records that name them (the records stay, their name is replaced).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, appointmentChanges, auditLog, threadMessages, users } from "@/db/schema";
import { FORMER_MEMBER, type Actor } from "./actor";

type Reader = Pick<Db, "select">;
type Writer = Pick<Db, "select" | "insert">;
type Updater = Pick<Db, "update">;

/** An actor as the records keep them: the person or the key, and the name they had then. */
export type ActorRecord = { actorUserId: string | null; actorKeyId: string | null; actorName: string | null };

export const NO_ACTOR: ActorRecord = { actorUserId: null, actorKeyId: null, actorName: null };

/**
 * The columns naming `actor` in a practice's records: a person by their full name (their email when they gave none), a
 * key by the name the practice gave it. A key of another practice is not named.
 */
export async function actorRecord(db: Reader, businessId: string, actor: Actor | null | undefined): Promise<ActorRecord> {
  if (!actor) return NO_ACTOR;
  if (actor.kind === "apiKey") {
    const [key] = await db
      .select({ name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, actor.keyId), eq(apiKeys.userId, businessId)))
      .limit(1);
    return { actorUserId: null, actorKeyId: actor.keyId, actorName: key?.name ?? null };
  }
  const [person] = await db
    .select({ name: sql<string>`coalesce(nullif(btrim(${users.fullName}), ''), ${users.email})` })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  return { actorUserId: actor.userId, actorKeyId: null, actorName: person?.name ?? null };
}

export type AuditEntry = {
  /** The practice the change belongs to. */
  businessId: string;
  actor: Actor | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  /** What the change was, never a secret and as little personal data as tells it (a role, scopes, events). */
  details?: Record<string, unknown>;
};

/** Writes one entry of the practice's audit log, naming who acted; `db` is the transaction that made the change. */
export async function audit(db: Writer, entry: AuditEntry): Promise<void> {
  const who = await actorRecord(db, entry.businessId, entry.actor);
  await db.insert(auditLog).values({
    ...who,
    businessId: entry.businessId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
  });
}

export type ActivityEntry = {
  id: string;
  action: string;
  /** Who acted, as named then; null for the system. */
  actorName: string | null;
  /** Whether an API key acted (its name is `actorName`). */
  byApiKey: boolean;
  at: Date;
};

/** The practice's latest audit entries, newest first: the Security page's recent activity. */
export async function recentActivity(db: Reader, businessId: string, limit = 20): Promise<ActivityEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorName: auditLog.actorName,
      actorKeyId: auditLog.actorKeyId,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .where(eq(auditLog.businessId, businessId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ actorKeyId, ...r }) => ({ ...r, byApiKey: actorKeyId !== null }));
}

/**
 * A person's account is erased: every entry, appointment change and reply that named them, in every practice, keeps
 * what was done, with the placeholder for a name and no way back to them.
 */
export async function forgetActor(tx: Updater, userId: string): Promise<void> {
  const forgotten = { actorUserId: null, actorName: FORMER_MEMBER };
  await tx.update(auditLog).set(forgotten).where(eq(auditLog.actorUserId, userId));
  await tx.update(appointmentChanges).set(forgotten).where(eq(appointmentChanges.actorUserId, userId));
  await tx.update(threadMessages).set({ sentBy: null, sentByName: FORMER_MEMBER }).where(eq(threadMessages.sentBy, userId));
}

/**
 * An erased practice's entries stay as a record that something was done, naming neither the practice nor who acted in
 * it (its people and its keys alike).
 */
export async function forgetPractice(tx: Updater, businessId: string): Promise<void> {
  await tx
    .update(auditLog)
    .set({ businessId: null, ...NO_ACTOR })
    .where(eq(auditLog.businessId, businessId));
}

/** The audit entries where this person acted, in any practice: what their own export shows of the log. */
export async function entriesBy(db: Reader, userId: string) {
  return db.select().from(auditLog).where(eq(auditLog.actorUserId, userId)).orderBy(desc(auditLog.createdAt));
}
