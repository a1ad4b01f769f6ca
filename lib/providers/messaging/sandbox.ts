// The sandbox "delivers" into the notifications table, which admins read as the outbox: every message is really stored
// with its recipient, subject, body and links, and a retried send with the same dedupe key stores nothing twice.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { MessageSender, OutgoingMessage, SendResult } from "./port";

export function createOutboxSender(db: Db, channel: MessageSender["channel"]): MessageSender {
  return {
    kind: "sandbox",
    channel,
    async send(m: OutgoingMessage): Promise<SendResult> {
      const [row] = await db
        .insert(notifications)
        .values({
          userId: m.userId ?? null,
          channel,
          recipient: m.to,
          subject: m.subject ?? null,
          body: m.text,
          links: m.links ?? [],
          status: "sent",
          provider: "sandbox",
          dedupeKey: m.dedupeKey ?? null,
          sentAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      if (row) return { id: row.id, status: "sent", duplicate: false };
      const [existing] = await db
        .select({ id: notifications.id, status: notifications.status })
        .from(notifications)
        .where(eq(notifications.dedupeKey, m.dedupeKey ?? ""))
        .limit(1);
      return { id: existing!.id, status: existing!.status === "failed" ? "failed" : "sent", duplicate: true };
    },
  };
}
