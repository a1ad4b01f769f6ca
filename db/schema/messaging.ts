// Messages both ways: every notification sent, the threads of callers' texts, pending text answers, opt-outs.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, ts, updatedAt } from "./columns";
import { appointments } from "./scheduling";

// Every outgoing SMS, email and WhatsApp message: the sandbox outbox and the real senders' log alike.
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["email", "sms", "whatsapp"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    // A one-time code appears in `body` as "••••••"; the code itself is kept sealed here, so only the sandbox outbox
    // (where reading it is the point) can show it.
    body: text("body").notNull(),
    secretEnc: text("secret_enc"),
    links: jsonb("links")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Names and types only (e.g. the .ics invite); the content went to the provider.
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    provider: text("provider").notNull(),
    providerMessageId: text("provider_message_id"),
    // Makes a retried send a no-op (e.g. "appointment-confirmation:<id>:sms").
    dedupeKey: text("dedupe_key"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_unique")
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index("notifications_user_idx").on(t.userId, t.createdAt),
  ],
);

// One conversation per caller and business: the texts a caller sent that no keyword answered, the owner's replies, and
// (read beside them) the caller's calls and the messages the receptionist took. `unread` counts what the owner has not
// opened yet; `whatsappWindowEndsAt` is 24 hours after the caller's last WhatsApp message, the only time WhatsApp lets a
// business send free text.
export const threads = pgTable(
  "threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // E.164, as appointments and calls store it.
    callerPhone: text("caller_phone").notNull(),
    status: text("status", { enum: ["open", "done"] })
      .notNull()
      .default("open"),
    unread: integer("unread").notNull().default(0),
    lastMessageAt: ts("last_message_at").notNull().defaultNow(),
    whatsappWindowEndsAt: ts("whatsapp_window_ends_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("threads_user_caller_unique").on(t.userId, t.callerPhone),
    index("threads_user_last_idx").on(t.userId, t.lastMessageAt),
    check("threads_status_known", sql`${t.status} in ('open', 'done')`),
    check("threads_unread_nonnegative", sql`${t.unread} >= 0`),
  ],
);

// The texts of a thread, both ways. An inbound one keeps the provider's message id (a redelivered event stores nothing
// twice); an outbound one is sent by a job and points at its notifications row, whose status it shows.
export const threadMessages = pgTable(
  "thread_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    direction: text("direction", { enum: ["in", "out"] }).notNull(),
    channel: text("channel", { enum: ["sms", "whatsapp"] }).notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["received", "queued", "sent", "failed"] }).notNull(),
    providerMessageId: text("provider_message_id"),
    notificationId: uuid("notification_id"),
    // Who in the practice wrote a reply, and their name then (null for the caller's texts). Erasing the person keeps
    // the text with the name replaced by a neutral placeholder.
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    sentByName: text("sent_by_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("thread_messages_thread_idx").on(t.threadId, t.createdAt),
    index("thread_messages_sent_by_idx")
      .on(t.sentBy)
      .where(sql`${t.sentBy} is not null`),
    uniqueIndex("thread_messages_inbound_unique")
      .on(t.userId, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check("thread_messages_direction_known", sql`${t.direction} in ('in', 'out') and ${t.channel} in ('sms', 'whatsapp')`),
  ],
);

// A cancellation asked for by text and waiting for the caller's "yes": one per caller and business, until it expires.
export const pendingReplies = pgTable(
  "pending_replies",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    callerPhone: text("caller_phone").notNull(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    action: text("action", { enum: ["cancel"] }).notNull(),
    // The appointment as the caller was asked about it: a move in between makes the "yes" ask again.
    appointmentVersion: integer("appointment_version").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.callerPhone] })],
);

// A caller's STOP, per business: it answers the business whose line was texted, and no other.
export const optOuts = pgTable(
  "opt_outs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    channel: text("channel", { enum: ["sms", "whatsapp"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phone, t.channel] })],
);
