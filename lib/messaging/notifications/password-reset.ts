// The jobs behind a password reset request (the owner's, or an admin's for them): a fresh single-use link, in the
// account's own language, once per request (the sender's dedupe key makes a retried job a no-op); and the notice once
// the password has changed.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { issuePasswordResetToken } from "@/lib/accounts/account/password-reset";
import { localizedPath } from "@/lib/platform/i18n/paths";
import type { JobData } from "@/lib/platform/jobs/queue";
import type { MessageSender } from "@/lib/ports/messaging";
import { passwordChangedEmail, passwordResetEmail } from "./account-emails";
import { wasSent } from "./outbox.service";

/** Where an account's own notices go: its address, language and zone; null when it is gone or deactivated. */
export async function activeAccount(db: Db, userId: string) {
  const [user] = await db
    .select({ email: users.email, locale: users.locale, timeZone: users.timeZone, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user?.isActive ? user : null;
}

export type PasswordResetDeps = { db: Db; email: MessageSender; appUrl: string; supportEmail: string };

export async function sendPasswordReset(deps: PasswordResetDeps, data: JobData["password-reset"]): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, locale: users.locale, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, data.userId))
    .limit(1);
  // Gone, deactivated since the request, or never set up (those get a setup link): nothing to send.
  if (!user || !user.isActive || user.passwordHash === null) return;
  const dedupeKey = `password-reset:${data.key}`;
  if (await wasSent(deps.db, dedupeKey)) return;
  const { token } = await issuePasswordResetToken(deps.db, data.userId);
  const url = `${deps.appUrl}${localizedPath(user.locale, `/reset-password/${token}`)}`;
  const mail = passwordResetEmail(user.locale, { url, support: deps.supportEmail });
  await deps.email.send({
    userId: data.userId,
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: [url],
    dedupeKey,
    redact: [token],
  });
}

/**
 * The notice after a password change, to the account's address (not sent when it is gone or deactivated since), once
 * per change. Its link asks for a fresh reset link: whoever changed the password without the owner also knows it.
 */
export async function sendPasswordChanged(deps: PasswordResetDeps, data: JobData["password-changed"]): Promise<void> {
  const user = await activeAccount(deps.db, data.userId);
  if (!user) return;
  const url = `${deps.appUrl}${localizedPath(user.locale, "/forgot-password")}`;
  const mail = passwordChangedEmail(user.locale, {
    email: user.email,
    at: new Date(data.at),
    how: data.how,
    timeZone: user.timeZone,
    url,
    support: deps.supportEmail,
  });
  await deps.email.send({
    userId: data.userId,
    to: user.email,
    ...mail,
    links: [url],
    dedupeKey: `password-changed:${data.userId}:${data.at}`,
  });
}
