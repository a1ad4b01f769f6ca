// What a caller's text does, applied inside the transaction that records its event once (lib/messaging/delivery/events.ts):
// an opt-out keyword, a YES another feature claims (a waitlist offer), an answer about their next appointment with the business they wrote
// to, or a message the owner reads in a thread. Whatever must leave the database (an answer by text, the owner's email, the cancellation itself)
// is a job enqueued in that same transaction, so it exists exactly when the text was applied, and a redelivered event
// does nothing twice.
import { and, asc, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { appointments, callOptOuts, notifications, pendingReplies, phoneNumbers, threadMessages, threads, users } from "@/db/schema";
import { selfServiceUntil } from "@/lib/scheduling/booking/core";
import { type JobData, type JobQueue } from "@/lib/platform/jobs/queue";
import type { InboundAction, InboundHandler, InboundText } from "@/lib/messaging/delivery/events";
import { isOptedOut, optOutKeyword, setOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { readReply } from "@/lib/messaging/delivery/replies";
import { messageReceivedEvent, publishEvent } from "@/lib/accounts/webhooks/publish";

/**
 * A feature that asks callers questions answered by YES claims a YES before the inbox reads it (the waitlist's offer of
 * a freed slot: the first YES takes the slot, so it must not wait behind a "reply YES to cancel"). Run inside the
 * text's transaction. "taken": the YES was for it and is done; "gone" or "expired": it was for it, too late; null: not.
 * `askedAt`: when the caller's own "reply YES to cancel" was asked, if it still waits (a question asked after the
 * feature's takes the YES).
 */
export type ClaimYes = (
  tx: Tx,
  jobs: JobQueue,
  text: { userId: string; phone: string; channel: "sms" | "whatsapp"; key: string; askedAt: Date | null },
  now: Date,
) => Promise<"taken" | "gone" | "expired" | null>;

/** `claimYes`: the features that may claim a YES first (wired in lib/server/inbox.ts: the waitlist's offers). */
export type InboxDeps = { jobs: JobQueue; now?: () => Date; claimYes: ClaimYes };

/** How long "reply YES to cancel" waits for the yes. */
export const CANCEL_CONFIRM_MS = 60 * 60 * 1000;
/** WhatsApp's customer-service window: free text is allowed this long after the caller's last WhatsApp message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** What a thread keeps of one text (WhatsApp allows 4 096 characters, a long SMS some 1 600). */
export const TEXT_MAX = 4000;

/** The inbox's handler for the messaging webhook. */
export function inboxHandler(deps: InboxDeps): InboundHandler {
  return (tx, event) => applyInboundText(deps, tx, event);
}

type Upcoming = { id: string; version: number; startsAt: Date; cutoffHours: number };

export async function applyInboundText(deps: InboxDeps, tx: Tx, e: InboundText): Promise<InboundAction> {
  const now = deps.now ? deps.now() : new Date();
  const keyword = optOutKeyword(e.text);
  const intent = readReply(e.text);
  const userId = await businessOf(tx, e);
  // Nobody to answer for: a line back in the pool, a number that is not ours. A STOP to it silences no business: it
  // was sent to none of them (the number's next business has its own messaging profile and starts with no block).
  if (!userId) return "ignored";
  if (e.channel === "whatsapp") await openWhatsAppWindow(tx, userId, e.from, now);
  const answer = (kind: JobData["inbox-reply"]["kind"], appointmentId: string) =>
    deps.jobs.send(
      "inbox-reply",
      { userId, appointmentId, to: e.from, channel: e.channel, kind, key: e.providerMessageId ?? `${e.from}:${now.getTime()}` },
      { tx, fairShare: userId },
    );

  let [pending] = await tx
    .select()
    .from(pendingReplies)
    .where(and(eq(pendingReplies.userId, userId), eq(pendingReplies.callerPhone, e.from)))
    .limit(1);
  // A YES answers the latest question put to them. A freed slot offered from the waitlist after any "reply YES to
  // cancel" still waiting comes first (a slot goes to the first YES, so it must not wait behind a confirmation), and a
  // YES after it went is told so; a cancellation asked after the offer takes the YES, and the offer stays open.
  if (intent === "yes") {
    const key = e.providerMessageId ?? `${e.from}:${now.getTime()}`;
    const askedAt = pending && pending.expiresAt > now ? pending.createdAt : null;
    const taken = deps.claimYes
      ? await deps.claimYes(tx, deps.jobs, { userId, phone: e.from, channel: e.channel, key, askedAt }, now)
      : null;
    if (taken) return taken === "taken" ? "waitlist-taken" : "waitlist-refused";
  }
  // A "yes" after the question expired is still an answer to it, not a confirmation: the caller wanted to cancel, and is
  // told nothing was and how to ask again (while that appointment is still to come, and to a caller we may text: an
  // opted-out caller's "yes" opts them in, below).
  if (pending && pending.expiresAt <= now) {
    await tx.delete(pendingReplies).where(and(eq(pendingReplies.userId, userId), eq(pendingReplies.callerPhone, e.from)));
    const still = intent === "yes" ? await nextAppointment(tx, userId, e.from, now) : null;
    if (still?.id === pending.appointmentId && !(await isOptedOut(tx, userId, e.from, e.channel))) {
      await answer("cancelExpired", pending.appointmentId);
      return "kept";
    }
    pending = undefined;
  }
  // "Reply YES to cancel, or NO to keep it": only an explicit yes cancels; a no keeps it, and so does a confirmation
  // ("C", "OK"), which then confirms it below.
  if (pending && (intent === "yes" || intent === "no" || intent === "confirm")) {
    await tx.delete(pendingReplies).where(and(eq(pendingReplies.userId, userId), eq(pendingReplies.callerPhone, e.from)));
    if (intent === "no") {
      await answer("kept", pending.appointmentId);
      return "kept";
    }
  }
  if (pending && intent === "yes") {
    // The booking commands do it (the caller's own appointment, as it was when asked), in a job: the calendar and the
    // cancellation notice, which is the caller's answer, follow from there.
    await deps.jobs.send(
      "reply-cancel",
      { userId, appointmentId: pending.appointmentId, callerPhone: e.from, version: pending.appointmentVersion, channel: e.channel },
      { tx },
    );
    return "cancelled";
  }

  // Every opt-out word is an opt-out, "CANCEL" included: the carrier stops our texts to the caller on it whatever we make
  // of it, so an answer about an appointment would never arrive.
  const next = intent ? await nextAppointment(tx, userId, e.from, now) : null;
  if (keyword === "stop") {
    await setOptedOut(tx, userId, e.from, true);
    // A STOP ends their consent to reminder calls from this practice too (a START does not give it back: a consent to a
    // call is asked again, on their next booking).
    await tx
      .insert(callOptOuts)
      .values({ userId, phone: e.from, createdAt: now })
      .onConflictDoUpdate({ target: [callOptOuts.userId, callOptOuts.phone], set: { createdAt: now } });
    await tx.delete(pendingReplies).where(and(eq(pendingReplies.userId, userId), eq(pendingReplies.callerPhone, e.from)));
    return "opt-out";
  }
  // "YES" is also a carrier opt-in word: it opts back in whoever had opted out, and confirms for everyone else.
  if (keyword === "start" && (intent !== "yes" || (await isOptedOut(tx, userId, e.from, e.channel)))) {
    await setOptedOut(tx, userId, e.from, false);
    return "opt-in";
  }

  if (next && intent && intent !== "no") {
    switch (intent) {
      case "confirm":
      case "yes":
        await tx
          .update(appointments)
          .set({ confirmedAt: now, confirmedBy: "text" })
          .where(and(eq(appointments.id, next.id), eq(appointments.status, "booked")));
        await answer("confirmed", next.id);
        return "confirmed";
      case "cancel":
        // Inside the owner's cut-off, a cancellation is a call to the practice, as on the self-service page.
        if (selfServiceUntil(next.startsAt, next.cutoffHours) <= now) {
          await answer("tooLate", next.id);
          return "too-late";
        }
        await tx
          .insert(pendingReplies)
          .values({
            userId,
            callerPhone: e.from,
            appointmentId: next.id,
            action: "cancel",
            appointmentVersion: next.version,
            expiresAt: new Date(now.getTime() + CANCEL_CONFIRM_MS),
          })
          .onConflictDoUpdate({
            target: [pendingReplies.userId, pendingReplies.callerPhone],
            set: {
              appointmentId: next.id,
              appointmentVersion: next.version,
              expiresAt: new Date(now.getTime() + CANCEL_CONFIRM_MS),
              createdAt: now,
            },
          });
        await answer("cancelAsk", next.id);
        return "cancel-asked";
      case "change":
        await answer("change", next.id);
        return "change";
    }
  }

  await addToThread(deps, tx, userId, e, now);
  return "thread";
}

/**
 * The business a text was meant for: the one whose line it was sent to; for the one WhatsApp sender every business
 * shares (or a provider that did not say), the business that last wrote to this number on this channel.
 */
async function businessOf(tx: Tx, e: InboundText): Promise<string | null> {
  if (e.to) {
    const [line] = await tx
      .select({ userId: phoneNumbers.assignedToUserId })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.phoneNumber, e.to))
      .limit(1);
    // One of our lines: its business, or nobody when it is back in the pool (a text to a lapsed practice's old number
    // must not land with whichever practice wrote to that caller last).
    if (line) return line.userId;
    // An SMS to a number that is not a line of ours is for nobody here either; only WhatsApp shares one sender.
    if (e.channel === "sms") return null;
  }
  const [last] = await tx
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.recipient, e.from), eq(notifications.channel, e.channel), isNotNull(notifications.userId)))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return last?.userId ?? null;
}

/** The caller's next booked appointment with this business that has not started yet (the one a reply is about). */
async function nextAppointment(tx: Tx, userId: string, phone: string, now: Date): Promise<Upcoming | null> {
  const [row] = await tx
    .select({
      id: appointments.id,
      version: appointments.version,
      startsAt: appointments.startsAt,
      cutoffHours: users.selfServiceCutoffHours,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        eq(appointments.userId, userId),
        eq(appointments.patientPhone, phone),
        eq(appointments.status, "booked"),
        gt(appointments.startsAt, now),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(1);
  return row ?? null;
}

async function openWhatsAppWindow(tx: Tx, userId: string, phone: string, now: Date): Promise<void> {
  await tx
    .update(threads)
    .set({ whatsappWindowEndsAt: new Date(now.getTime() + WHATSAPP_WINDOW_MS) })
    .where(and(eq(threads.userId, userId), eq(threads.callerPhone, phone)));
}

/**
 * The text joins the caller's thread (opened again if it was done) as one more unread message. The owner is emailed
 * when the thread goes from read to unread: one email for a burst of texts, not one per text.
 */
async function addToThread(deps: InboxDeps, tx: Tx, userId: string, e: InboundText, now: Date): Promise<void> {
  const window = e.channel === "whatsapp" ? new Date(now.getTime() + WHATSAPP_WINDOW_MS) : null;
  const [thread] = await tx
    .insert(threads)
    .values({ userId, callerPhone: e.from, status: "open", unread: 1, lastMessageAt: now, whatsappWindowEndsAt: window })
    .onConflictDoUpdate({
      target: [threads.userId, threads.callerPhone],
      set: {
        status: "open",
        unread: sql`${threads.unread} + 1`,
        lastMessageAt: now,
        whatsappWindowEndsAt: sql`coalesce(excluded.whatsapp_window_ends_at, ${threads.whatsappWindowEndsAt})`,
        updatedAt: now,
      },
    })
    .returning({ id: threads.id, unread: threads.unread });
  const [message] = await tx
    .insert(threadMessages)
    .values({
      threadId: thread!.id,
      userId,
      direction: "in",
      channel: e.channel,
      body: e.text.slice(0, TEXT_MAX),
      status: "received",
      providerMessageId: e.providerMessageId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: threadMessages.id });
  if (message && thread!.unread === 1) await deps.jobs.send("thread-notice", { threadMessageId: message.id }, { tx });
  // The owner's other tools hear of it in the same transaction: once per text, as the thread does.
  if (message) {
    const received = messageReceivedEvent({ id: message.id, threadId: thread!.id, channel: e.channel, receivedAt: now });
    await publishEvent({ db: tx, jobs: deps.jobs }, userId, received, { tx });
  }
}
