// The owner's inbox: one thread per caller, the caller's texts and the owner's replies, with the caller's calls and the
// messages the receptionist took read beside them. Every read and write is scoped by the owner's id.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, callerMessages, calls, phoneNumbers, threadMessages, threads } from "@/db/schema";
import type { Actor } from "@/lib/accounts/audit/actor";
import { actorRecord } from "@/lib/accounts/audit/audit";
import { AppError } from "@/lib/platform/errors";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import type { ThreadReplyInput, ThreadUpdateInput } from "./inbox.schemas";

export type ThreadText = {
  kind: "text";
  id: string;
  direction: "in" | "out";
  channel: "sms" | "whatsapp";
  body: string;
  status: "received" | "queued" | "sent" | "failed";
  /** Who in the practice wrote a reply, when it was not the owner: a member's name as it was then. */
  sentBy: string | null;
  at: string;
};
export type ThreadCall = { kind: "call"; id: string; at: string; outcome: string; summary: string | null; durationSeconds: number | null };
export type ThreadNote = { kind: "message"; id: string; at: string; body: string };
export type ThreadItem = ThreadText | ThreadCall | ThreadNote;

export type ThreadSummary = {
  id: string;
  callerPhone: string;
  /** The name on the caller's latest appointment with the business, else on a message they left. */
  callerName: string | null;
  status: "open" | "done";
  unread: number;
  lastMessageAt: string;
  lastText: Pick<ThreadText, "direction" | "channel" | "body" | "at"> | null;
  /** Until when the owner may answer on WhatsApp with free text (null: the caller has not written on WhatsApp lately). */
  whatsappWindowEndsAt: string | null;
};

export type ThreadDetail = ThreadSummary & { items: ThreadItem[] };

/** Threads listed at once: the most recent first. */
export const THREAD_LIST_LIMIT = 200;
/** Items of one thread shown: the latest of each kind. */
const ITEMS_LIMIT = 200;

type ThreadRow = typeof threads.$inferSelect;

export async function listThreads(
  db: Db,
  userId: string,
  status: "open" | "done" | "all" = "all",
  now = new Date(),
): Promise<{ threads: ThreadSummary[]; unread: number }> {
  const rows = await db
    .select()
    .from(threads)
    .where(and(eq(threads.userId, userId), status === "all" ? undefined : eq(threads.status, status)))
    .orderBy(desc(threads.lastMessageAt))
    .limit(THREAD_LIST_LIMIT);
  const summaries = await summarize(db, userId, rows, now);
  return { threads: summaries, unread: await unreadCount(db, userId) };
}

/** Threads with something unread: the navigation's badge. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(threads)
    .where(and(eq(threads.userId, userId), sql`${threads.unread} > 0`));
  return row?.n ?? 0;
}

export async function getThread(db: Db, userId: string, id: string, now = new Date()): Promise<ThreadDetail> {
  const row = await ownThread(db, userId, id);
  const [summary] = await summarize(db, userId, [row], now);
  const phone = row.callerPhone;
  const [texts, callRows, notes] = await Promise.all([
    db.select().from(threadMessages).where(eq(threadMessages.threadId, row.id)).orderBy(desc(threadMessages.createdAt)).limit(ITEMS_LIMIT),
    db
      .select({
        id: calls.id,
        at: sql<Date>`coalesce(${calls.startedAt}, ${calls.createdAt})`.mapWith(calls.createdAt),
        outcome: calls.outcome,
        summary: calls.summary,
        durationSeconds: calls.durationSeconds,
      })
      .from(calls)
      .where(and(eq(calls.userId, userId), eq(calls.fromNumber, phone)))
      .orderBy(desc(calls.createdAt))
      .limit(ITEMS_LIMIT),
    db
      .select({ id: callerMessages.id, at: callerMessages.createdAt, body: callerMessages.body })
      .from(callerMessages)
      .where(and(eq(callerMessages.userId, userId), eq(callerMessages.callerPhone, phone)))
      .orderBy(desc(callerMessages.createdAt))
      .limit(ITEMS_LIMIT),
  ]);
  const items: ThreadItem[] = [
    ...texts.map(textItem),
    ...callRows.map((c) => ({ kind: "call" as const, ...c, at: c.at.toISOString() })),
    ...notes.map((n) => ({ kind: "message" as const, ...n, at: n.at.toISOString() })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return { ...summary!, items };
}

/**
 * The owner's reply, sent by a job from the business's line (SMS) or on WhatsApp. Refused when it could not be
 * delivered as the caller and the channel's rules stand: no line to send from, a caller who sent STOP, WhatsApp free
 * text more than 24 hours after the caller's last WhatsApp message.
 */
export async function replyToThread(
  deps: { db: Db; jobs: JobQueue },
  userId: string,
  id: string,
  input: ThreadReplyInput,
  by?: Actor,
  now = new Date(),
): Promise<ThreadText> {
  const { db } = deps;
  const thread = await ownThread(db, userId, id);
  const [line] = await db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(eq(phoneNumbers.assignedToUserId, userId)).limit(1);
  if (!line) throw new AppError("conflict", "noLineForTexts");
  if (await isOptedOut(db, userId, thread.callerPhone, input.channel)) throw new AppError("conflict", "callerOptedOut");
  if (input.channel === "whatsapp" && !(thread.whatsappWindowEndsAt && thread.whatsappWindowEndsAt > now))
    throw new AppError("conflict", "whatsappWindowClosed");
  const who = await actorRecord(db, userId, by);
  await deps.jobs.ready();
  const message = await db.transaction(async (tx) => {
    const [m] = await tx
      .insert(threadMessages)
      .values({
        threadId: thread.id,
        userId,
        direction: "out",
        channel: input.channel,
        body: input.text,
        status: "queued",
        sentBy: who.actorUserId,
        sentByName: who.actorName,
        createdAt: now,
      })
      .returning();
    // Answering is reading and handling: nothing is left unread, and the conversation leaves "to handle" (the caller's
    // next text brings it back).
    await tx.update(threads).set({ lastMessageAt: now, unread: 0, status: "done", updatedAt: now }).where(eq(threads.id, thread.id));
    await deps.jobs.send("thread-reply", { threadMessageId: m!.id }, { tx, fairShare: userId });
    return m!;
  });
  return textItem(message);
}

/**
 * Marks a thread read, or handled ("done") or open again. Handling a conversation handles everything in it: the
 * requests the receptionist took from this caller, shown inside it, are marked done with it (without texting the
 * caller, which only the request's own action does). Reopening leaves the requests as they are.
 */
export async function updateThread(db: Db, userId: string, id: string, input: ThreadUpdateInput, now = new Date()): Promise<ThreadSummary> {
  const thread = await ownThread(db, userId, id);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(threads)
      .set({
        ...(input.status ? { status: input.status } : {}),
        ...(input.read || input.status === "done" ? { unread: 0 } : {}),
        updatedAt: now,
      })
      .where(and(eq(threads.id, id), eq(threads.userId, userId)))
      .returning();
    if (updated && input.status === "done")
      await tx
        .update(callerMessages)
        .set({ status: "done", doneAt: now })
        .where(
          and(eq(callerMessages.userId, userId), eq(callerMessages.callerPhone, thread.callerPhone), eq(callerMessages.status, "open")),
        );
    return updated;
  });
  if (!row) throw new AppError("not_found", "threadNotFound");
  const [summary] = await summarize(db, userId, [row], now);
  return summary!;
}

/** The business's own number, which its texts go out from (null before it claims one). */
export async function lineOf(db: Db, userId: string): Promise<string | null> {
  const [line] = await db
    .select({ number: phoneNumbers.phoneNumber })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.assignedToUserId, userId))
    .limit(1);
  return line?.number ?? null;
}

async function ownThread(db: Db, userId: string, id: string): Promise<ThreadRow> {
  const [row] = await db
    .select()
    .from(threads)
    .where(and(eq(threads.id, id), eq(threads.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("not_found", "threadNotFound");
  return row;
}

function textItem(m: typeof threadMessages.$inferSelect): ThreadText {
  return {
    kind: "text",
    id: m.id,
    direction: m.direction,
    channel: m.channel,
    body: m.body,
    status: m.status,
    sentBy: m.sentBy === m.userId ? null : m.sentByName,
    at: m.createdAt.toISOString(),
  };
}

/** The threads with their caller's name and last text, in two reads whatever their number. */
async function summarize(db: Db, userId: string, rows: ThreadRow[], now: Date): Promise<ThreadSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const phones = [...new Set(rows.map((r) => r.callerPhone))];
  const [lastTexts, names, noteNames] = await Promise.all([
    db
      .selectDistinctOn([threadMessages.threadId])
      .from(threadMessages)
      .where(and(eq(threadMessages.userId, userId), inArray(threadMessages.threadId, ids)))
      .orderBy(threadMessages.threadId, desc(threadMessages.createdAt)),
    db
      .selectDistinctOn([appointments.patientPhone], { phone: appointments.patientPhone, name: appointments.patientName })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), inArray(appointments.patientPhone, phones)))
      .orderBy(appointments.patientPhone, desc(appointments.createdAt)),
    db
      .selectDistinctOn([callerMessages.callerPhone], { phone: callerMessages.callerPhone, name: callerMessages.callerName })
      .from(callerMessages)
      .where(and(eq(callerMessages.userId, userId), inArray(callerMessages.callerPhone, phones), sql`${callerMessages.callerName} <> ''`))
      .orderBy(callerMessages.callerPhone, desc(callerMessages.createdAt)),
  ]);
  const lastBy = new Map(lastTexts.map((m) => [m.threadId, m]));
  const nameBy = new Map<string, string>();
  for (const n of [...noteNames, ...names]) if (n.phone && n.name) nameBy.set(n.phone, n.name);
  return rows.map((r) => {
    const last = lastBy.get(r.id);
    return {
      id: r.id,
      callerPhone: r.callerPhone,
      callerName: nameBy.get(r.callerPhone) ?? null,
      status: r.status,
      unread: r.unread,
      lastMessageAt: r.lastMessageAt.toISOString(),
      lastText: last ? { direction: last.direction, channel: last.channel, body: last.body, at: last.createdAt.toISOString() } : null,
      whatsappWindowEndsAt: r.whatsappWindowEndsAt && r.whatsappWindowEndsAt > now ? r.whatsappWindowEndsAt.toISOString() : null,
    };
  });
}
