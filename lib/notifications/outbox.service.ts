// The owner's outbox: every message sent on their behalf (to callers and to themselves), newest first.
import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";

export const OUTBOX_LIMIT = 200;

export async function listOutbox(db: Db, userId: string) {
  const rows = await db
    .select({
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
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(OUTBOX_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null }));
}
