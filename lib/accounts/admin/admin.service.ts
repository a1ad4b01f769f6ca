import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLog, subscriptions, users } from "@/db/schema";
import { getProfile } from "@/lib/accounts/account/accounts.service";
import { sendResetLink } from "@/lib/accounts/account/password-reset";
import { randomToken } from "@/lib/platform/crypto/tokens";
import type { JobQueue } from "@/lib/platform/jobs/queue";
import { endUserSessions } from "@/lib/accounts/auth/session";
import { AppError } from "@/lib/platform/errors";
import { getAiParameters } from "@/lib/accounts/ai-settings/ai.service";

export async function getUserDetails(db: Db, userId: string) {
  const profile = await getProfile(db, userId);
  const aiParameters = await getAiParameters(db, userId).catch((e) => {
    if (e instanceof AppError && e.code === "not_found") return null;
    throw e;
  });
  return { ...profile, aiParameters };
}

/** Deactivation ends every session of the user at once; reactivation lets them sign in again. */
export async function setUserActive(db: Db, actorId: string, userId: string, isActive: boolean) {
  if (actorId === userId && !isActive) throw new AppError("bad_request", "cannotDeactivateSelf");
  await db.transaction(async (tx) => {
    const updated = await tx.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
    if (updated.length === 0) throw new AppError("not_found", "userNotFound");
    if (!isActive) await endUserSessions(tx, userId);
    await tx.insert(auditLog).values({
      actorUserId: actorId,
      action: isActive ? "user.activate" : "user.deactivate",
      targetType: "user",
      targetId: userId,
    });
  });
  return getProfile(db, userId);
}

/**
 * Emails the account the same password reset link the owner can ask for on the sign-in page (a setup link if the
 * account was never set up). The email and the audit entry are one transaction: no email without its record. A
 * deactivated account is refused: it gets no email, and its owner could not sign in with a new password anyway.
 */
export async function sendPasswordResetLink(deps: { db: Db; jobs: JobQueue }, actorId: string, userId: string) {
  const [user] = await deps.db
    .select({ id: users.id, fullName: users.fullName, email: users.email, isActive: users.isActive, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError("not_found", "userNotFound");
  if (!user.isActive) throw new AppError("conflict", "resetLinkDeactivated");
  // Started before the transaction: starting the queue inside it would wait for the connection the transaction holds.
  await deps.jobs.ready();
  await deps.db.transaction(async (tx) => {
    await tx.insert(auditLog).values({ actorUserId: actorId, action: "user.password_reset_link", targetType: "user", targetId: userId });
    await sendResetLink(deps.jobs, user, `admin:${userId}:${randomToken(9)}`, tx);
  });
  return { email: user.email };
}

/**
 * The profile's subscription view plus what an admin needs to answer a billing question: the provider's own status and dates (the
 * provider's customer and subscription ids stay out: support looks them up in the provider's dashboard by email).
 */
export async function getUserSubscription(db: Db, userId: string) {
  const { subscriptionType, subscription } = await getProfile(db, userId);
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    subscriptionType,
    subscription,
    billing: row
      ? {
          provider: row.provider ?? "app",
          status: row.status,
          trialEndsAt: iso(row.trialEndsAt),
          currentPeriodEnd: iso(row.currentPeriodEnd),
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          endedAt: iso(row.endedAt),
          lastPaymentFailedAt: iso(row.lastPaymentFailedAt),
          numberReleasedAt: iso(row.numberReleasedAt),
        }
      : null,
  };
}
