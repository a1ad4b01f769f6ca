// The owner's outbox: every message sent on their behalf (to callers and to themselves), newest first. And the admin's
// sandbox outbox: every message of every account that the sandbox "delivered" in place of SMTP or Telnyx.
// A one-time code shows as "••••••" in the text of both. Only a text the sandbox delivered opens it, apart from the text
// and with a note: no one received it, and reading it there is how an owner (or an admin trying an account) goes through
// the booking page or a call without a phone line. A code a real provider sent is never shown again.
import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications, users } from "@/db/schema";
import { toE164 } from "@/lib/platform/phone/phone";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import type { OutboxChannel } from "./outbox.schemas";

export const OUTBOX_LIMIT = 200;

/**
 * Whether the message with this dedupe key went out already: a job that makes a single-use link checks it first, so a
 * retry (the job failed after sending) does not issue a second link that would end the one in the mailbox.
 */
export async function wasSent(db: Pick<Db, "select">, dedupeKey: string): Promise<boolean> {
  const [sent] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.dedupeKey, dedupeKey), eq(notifications.status, "sent")))
    .limit(1);
  return !!sent;
}

const messageColumns = {
  id: notifications.id,
  channel: notifications.channel,
  recipient: notifications.recipient,
  subject: notifications.subject,
  body: notifications.body,
  links: notifications.links,
  attachments: notifications.attachments,
  status: notifications.status,
  provider: notifications.provider,
  error: notifications.error,
  createdAt: notifications.createdAt,
  sentAt: notifications.sentAt,
};

export async function listOutbox(db: Db, secrets: SecretBox, userId: string) {
  const rows = await db
    .select({ ...messageColumns, secretEnc: notifications.secretEnc })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(OUTBOX_LIMIT);
  return rows.map(({ secretEnc, ...r }) => ({
    ...r,
    code: r.provider === "sandbox" ? openCode(secrets, secretEnc) : null,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

/** The sealed code, or null (none, or sealed under a key this box no longer has: the text still reads "••••••"). */
function openCode(secrets: SecretBox, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return secrets.open(sealed);
  } catch {
    return null;
  }
}

/** `region`: the admin's country, to read a number searched for in national form ("06 98 76 54 32"). */
export type SandboxOutboxFilter = { q?: string; channel?: OutboxChannel; limit?: number; region?: string | null };

/** A search for "50%_off" finds that text, not "50" followed by anything: LIKE's wildcards and escape are escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The messages the sandbox delivered (provider "sandbox"), of every account, newest first, at most OUTBOX_LIMIT.
 * `q` matches the recipient or the subject, case-insensitively. A message of no account (or of a pending one) keeps the
 * row's userId, null or not: the admin reads what was written.
 */
export async function listSandboxOutbox(db: Db, secrets: SecretBox, filter: SandboxOutboxFilter = {}) {
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? OUTBOX_LIMIT), 1), OUTBOX_LIMIT);
  const where: SQL[] = [eq(notifications.provider, "sandbox")];
  if (filter.channel) where.push(eq(notifications.channel, filter.channel));
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    // Text numbers are stored in E.164: a number searched for as it is written finds them too.
    const phone = /\d/.test(q) ? toE164(q, filter.region) : null;
    where.push(
      or(
        ilike(notifications.recipient, pattern),
        ilike(notifications.subject, pattern),
        phone ? eq(notifications.recipient, phone) : undefined,
      )!,
    );
  }
  // The account each message was sent for, named for the admin (a platform message, like a setup link, has none).
  const rows = await db
    .select({
      ...messageColumns,
      userId: notifications.userId,
      secretEnc: notifications.secretEnc,
      accountName: users.businessName,
      accountEmail: users.email,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.userId))
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  // Every row here is one the sandbox delivered.
  return rows.map(({ secretEnc, accountName, accountEmail, ...r }) => ({
    ...r,
    account: accountEmail ? { businessName: accountName, email: accountEmail } : null,
    code: openCode(secrets, secretEnc),
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

export type SandboxOutboxMessage = Awaited<ReturnType<typeof listSandboxOutbox>>[number];
