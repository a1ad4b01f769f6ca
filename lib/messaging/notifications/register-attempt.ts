// The job behind a refused registration of a set-up account's email: one note to that address per account and hour
// (the job key names the hour; the sender's dedupe key makes a repeat a no-op).
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { localizedPath } from "@/lib/platform/i18n/paths";
import type { JobData } from "@/lib/platform/jobs/queue";
import { registerAttemptEmail } from "./register-attempt-email";
import type { MessageSender } from "@/lib/ports/messaging";

export type RegisterAttemptDeps = { db: Db; email: MessageSender; appUrl: string; supportEmail: string };

export async function sendRegisterAttempt(deps: RegisterAttemptDeps, data: JobData["register-attempt"]): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, locale: users.locale, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, data.userId))
    .limit(1);
  // Gone, not set up (that owner gets a setup link instead), or deactivated by an admin (not written to).
  if (!user || user.passwordHash === null || !user.isActive) return;
  const signInUrl = `${deps.appUrl}${localizedPath(user.locale, "/login")}`;
  const mail = registerAttemptEmail(user.locale, { signInUrl, support: deps.supportEmail });
  await deps.email.send({
    userId: data.userId,
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: [signInUrl],
    dedupeKey: `register-attempt:${data.key}`,
  });
}
