// Password reset by email: a request sends a single-use link (an hour), the link sets a new password, ends every
// session of the account and signs this browser in. The token is random; only its SHA-256 is stored.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passwordResetTokens, users } from "@/db/schema";
import { hashPassword } from "@/lib/accounts/auth/password";
import { passwordResetKeys, passwordResetSubmitKeys, passwordResetSucceeded, takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { defaultPractice, endUserSessions, startSession } from "@/lib/accounts/auth/session";
import { randomToken, sha256 } from "@/lib/platform/crypto/tokens";
import { AppError } from "@/lib/platform/errors";
import { type JobQueue, type SqlRunner } from "@/lib/platform/jobs/queue";
import type { AccountsDeps, SignedIn } from "./accounts.service";
import { findProfileById } from "./profile";

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * The answer is the same whatever the email (nothing is returned, nothing differs but the job sent): unknown emails
 * and accounts an admin deactivated get no email. Every request counts toward the limits first, known or not.
 */
export async function requestPasswordReset(deps: { db: Db; jobs: JobQueue }, email: string, clientIp: string): Promise<void> {
  await takeAttempt(deps.db, await passwordResetKeys(deps.db, email, clientIp));
  const [user] = await deps.db
    .select({ id: users.id, isActive: users.isActive, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user || !user.isActive) return;
  await sendResetLink(deps.jobs, user, `forgot:${user.id}:${randomToken(9)}`);
}

/**
 * Queues the email with the link (the job makes the token, so no usable link ever sits in the queue's table). An
 * account a checkout created and nobody set up has no password to reset: its owner gets a fresh setup link instead.
 */
export async function sendResetLink(
  jobs: JobQueue,
  user: { id: string; passwordHash: string | null },
  key: string,
  tx?: SqlRunner,
): Promise<void> {
  if (user.passwordHash === null) await jobs.send("account-setup", { userId: user.id, key }, { tx });
  else await jobs.send("password-reset", { userId: user.id, key }, { tx });
}

/**
 * A new link for the account. Only the newest link works: the earlier unused ones end now, so a mailbox holds at most
 * one live link, and the one the owner just asked for is the one to click.
 */
export async function issuePasswordResetToken(db: Db, userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await db.transaction(async (tx) => {
    await endPasswordResetLinks(tx, userId, now);
    await tx.insert(passwordResetTokens).values({ userId, tokenHash: sha256(token), expiresAt });
  });
  return { token, expiresAt };
}

/**
 * Ends the account's unused links: a new password or a new email address makes a link sent before it worthless (whoever
 * read the old mailbox must not take the account back with it).
 */
export async function endPasswordResetLinks(db: Pick<Db, "update">, userId: string, now = new Date()): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)));
}

const liveToken = (token: string, now: Date) =>
  and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));

/** The account a live link belongs to (the reset page shows its email); unknown, used, expired or deactivated: 404. */
export async function findPasswordResetAccount(db: Db, token: string): Promise<{ email: string }> {
  const [row] = await db
    .select({ email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(liveToken(token, new Date()), eq(users.isActive, true)))
    .limit(1);
  if (!row) throw new AppError("not_found", "invalidResetLink");
  return row;
}

/**
 * Sets the new password and signs in. One transaction: the link is claimed by the statement that marks it used (two
 * submissions of one link: the second finds it used and gets 404), the password is replaced, every session of the
 * account ends (whoever knew the old password is out) and this browser's new one starts.
 */
export async function resetPassword(deps: AccountsDeps, input: { token: string; password: string }, clientIp: string): Promise<SignedIn> {
  // Every submission counts, and a link that is not live is refused before the slow hash: guessing links costs the
  // server one indexed read each, and a client that keeps guessing is stopped.
  await takeAttempt(deps.db, passwordResetSubmitKeys(clientIp));
  const [live] = await deps.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(liveToken(input.token, new Date()))
    .limit(1);
  if (!live) throw new AppError("not_found", "invalidResetLink");
  // Hashed before the transaction: the slow hash holds no lock.
  const passwordHash = await hashPassword(input.password);
  await deps.jobs?.ready();
  const signedIn = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(liveToken(input.token, now))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new AppError("not_found", "invalidResetLink");
    // Deactivated since the email was sent: the link is dead too (the transaction rolls back, nothing changes).
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, claimed.userId), eq(users.isActive, true)))
      .returning({ id: users.id, type: users.type, email: users.email });
    if (!user) throw new AppError("not_found", "invalidResetLink");
    // Another link issued meanwhile (the owner asked twice, an admin sent one) dies with this one.
    await endPasswordResetLinks(tx, user.id, now);
    await endUserSessions(tx, user.id);
    // The owner hears of it at their address, with the change: whoever used the link may not be them.
    await deps.jobs?.send("password-changed", { userId: user.id, at: now.toISOString(), how: "reset" }, { tx });
    // A member without a practice of their own lands back in the one they work in, as after a sign-in.
    return { user, ...(await startSession(tx, deps.session, user, await defaultPractice(tx, user.id))) };
  });
  await passwordResetSucceeded(deps.db, signedIn.user, clientIp);
  const profile = await findProfileById(deps.db, signedIn.user.id);
  return { token: signedIn.token, user: profile!, expiresAt: signedIn.expiresAt };
}
