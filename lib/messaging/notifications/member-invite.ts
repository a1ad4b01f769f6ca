// The job behind an invitation to a practice's team: a fresh single-use link (the token is made here, so none waits in
// the queue), in the practice's language, once per invitation (a retried job is a no-op by the sender's dedupe key).
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { members, users } from "@/db/schema";
import { issueInvitationToken } from "@/lib/accounts/members/members.service";
import { localizedPath } from "@/lib/platform/i18n/paths";
import type { JobData } from "@/lib/platform/jobs/queue";
import { invitationEmail } from "./account-emails";
import { wasSent } from "./outbox.service";
import type { PasswordResetDeps } from "./password-reset";

const inviter = alias(users, "inviter");

export async function sendMemberInvite(deps: PasswordResetDeps, data: JobData["member-invite"]): Promise<void> {
  const [row] = await deps.db
    .select({
      email: members.email,
      businessId: members.businessId,
      role: members.role,
      expiresAt: members.expiresAt,
      practice: users.businessName,
      owner: users.fullName,
      locale: users.locale,
      timeZone: users.timeZone,
      isActive: users.isActive,
      inviter: inviter.fullName,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.businessId))
    .leftJoin(inviter, eq(inviter.id, members.invitedBy))
    .where(eq(members.id, data.memberId))
    .limit(1);
  // Withdrawn, or the practice deactivated since: nothing to send.
  if (!row || !row.isActive || !row.expiresAt) return;
  const dedupeKey = `member-invite:${data.key}`;
  if (await wasSent(deps.db, dedupeKey)) return;
  // Null once it was accepted or expired meanwhile.
  const token = await issueInvitationToken(deps.db, data.memberId);
  if (!token) return;
  const url = `${deps.appUrl}${localizedPath(row.locale, `/join/${token}`)}`;
  const practice = row.practice ?? row.owner;
  const mail = invitationEmail(row.locale, {
    practice,
    inviter: row.inviter ?? row.owner,
    role: row.role,
    url,
    expiresAt: row.expiresAt,
    timeZone: row.timeZone,
    support: deps.supportEmail,
  });
  // Filed under the practice: its outbox (in sandbox mode) shows what its team was sent.
  await deps.email.send({ userId: row.businessId, to: row.email, ...mail, links: [url], dedupeKey, redact: [token] });
}
