// The inbox's jobs: the automatic answers to callers' texts, the cancellation a caller confirmed by text, the owner's
// replies, and the owner's email about a new text. Each is retried by the queue; each send has a dedupe key, so a retry
// delivers at most once.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, callerMessages, threadMessages, threads } from "@/db/schema";
import { selfServiceUntil, type BookingDeps } from "@/lib/scheduling/booking/core";
import { cancel } from "@/lib/scheduling/booking/commands";
import { loadBusiness } from "@/lib/accounts/business/business";
import { loadBusinessContact } from "@/lib/accounts/business/contact";
import type { JobData } from "@/lib/platform/jobs/queue";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { dashboardLink, facts, manageLink, type DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import { callerReplyText, ownerThreadEmail, taskDoneText } from "@/lib/messaging/notifications/templates";
import { countryOfBusiness, readerCountry } from "@/lib/platform/phone/phone";

/** An answer to a caller's text about one of their appointments, on the channel they wrote on. */
export async function sendInboxReply(deps: DispatchDeps, data: JobData["inbox-reply"]): Promise<void> {
  if (await isOptedOut(deps.db, data.userId, data.to, data.channel)) return;
  const [a] = await deps.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, data.appointmentId), eq(appointments.userId, data.userId)))
    .limit(1);
  const biz = await loadBusinessContact(deps.db, data.userId);
  if (!a || !biz) return;
  // "How do I change it": the self-service link, when it can still be changed online.
  const link = data.kind === "change" ? manageLink(deps, a) : null;
  const text = callerReplyText(a.language, data.kind, { ...facts(biz, a), changeUrl: link?.url ?? null });
  // The caller just wrote: WhatsApp's window is open, so the answer is free text, no template.
  const sender = data.channel === "sms" ? deps.sms : deps.whatsapp;
  await sender.send({
    userId: biz.userId,
    to: data.to,
    from: biz.line,
    text,
    redact: link ? [link.token] : [],
    dedupeKey: `reply:${data.key}:${data.kind}`,
  });
}

/**
 * The cancellation a caller confirmed with "yes": the booking commands cancel it as the caller's own (their number,
 * the version they were asked about), and the cancellation notice is their answer. Moved or cancelled since: the
 * caller is told nothing was cancelled.
 */
export async function runReplyCancel(booking: BookingDeps, dispatch: DispatchDeps, data: JobData["reply-cancel"]): Promise<void> {
  const biz = await loadBusiness(booking.db, data.userId);
  if (!biz) return;
  const reply = (kind: "cancelStale" | "tooLate") =>
    sendInboxReply(dispatch, {
      userId: data.userId,
      appointmentId: data.appointmentId,
      to: data.callerPhone,
      channel: data.channel ?? "sms",
      kind,
      key: `cancel:${data.appointmentId}:v${data.version}`,
    });
  const [asked] = await booking.db
    .select({ startsAt: appointments.startsAt, status: appointments.status, version: appointments.version })
    .from(appointments)
    .where(and(eq(appointments.id, data.appointmentId), eq(appointments.userId, data.userId)));
  // Already cancelled (this job run twice, the first time after the cancellation committed): the notice went out.
  if (!asked || asked.status === "cancelled") return;
  if (asked.version !== data.version) {
    await reply("cancelStale");
    return;
  }
  // The owner's cut-off holds at the "yes" too, not only when the question was asked an hour earlier.
  const now = booking.now ? booking.now() : new Date();
  if (selfServiceUntil(asked.startsAt, biz.selfServiceCutoffHours) <= now) {
    await reply("tooLate");
    return;
  }
  const cancelled = await cancel(booking, biz, {
    source: "text",
    appointmentId: data.appointmentId,
    callerPhone: data.callerPhone,
    version: data.version,
  });
  if (cancelled) return;
  // Cancelled or moved between the read above and the cancellation: a cancellation's notice went out; a move is told.
  const [a] = await booking.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, data.appointmentId));
  if (!a || a.status === "cancelled") return;
  await reply("cancelStale");
}

/**
 * A reply the owner wrote in the inbox: sent from the business's line (SMS) or the WhatsApp sender, and the thread
 * message shows what became of it. A failure is marked and thrown, so the queue tries again.
 */
export async function sendThreadReply(deps: DispatchDeps, data: JobData["thread-reply"]): Promise<void> {
  const [m] = await deps.db
    .select({ message: threadMessages, callerPhone: threads.callerPhone })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .where(eq(threadMessages.id, data.threadMessageId))
    .limit(1);
  if (!m || m.message.direction !== "out" || m.message.status === "sent") return;
  const biz = await loadBusinessContact(deps.db, m.message.userId);
  if (!biz) return;
  // A reply that could not go puts its conversation back in "to handle": replying handled it only on the promise that
  // the caller would read the answer.
  const mark = async (status: "sent" | "failed", notificationId: string | null) => {
    await deps.db.update(threadMessages).set({ status, notificationId }).where(eq(threadMessages.id, m.message.id));
    if (status === "failed")
      await deps.db.update(threads).set({ status: "open", updatedAt: new Date() }).where(eq(threads.id, m.message.threadId));
  };
  if (await isOptedOut(deps.db, m.message.userId, m.callerPhone, m.message.channel)) {
    await mark("failed", null);
    return;
  }
  const sender = m.message.channel === "sms" ? deps.sms : deps.whatsapp;
  try {
    const sent = await sender.send({
      userId: biz.userId,
      to: m.callerPhone,
      from: biz.line,
      text: m.message.body,
      dedupeKey: `thread-message:${m.message.id}`,
    });
    await mark("sent", sent.id);
  } catch (e) {
    await mark("failed", null);
    throw e;
  }
}

/** The owner's email about a caller's text, with a link to the inbox. */
export async function sendThreadNotice(deps: DispatchDeps, data: JobData["thread-notice"]): Promise<void> {
  const [m] = await deps.db
    .select({ message: threadMessages, callerPhone: threads.callerPhone })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .where(eq(threadMessages.id, data.threadMessageId))
    .limit(1);
  if (!m) return;
  const biz = await loadBusinessContact(deps.db, m.message.userId);
  if (!biz) return;
  const dashboardUrl = dashboardLink(deps, biz, `/dashboard/inbox?thread=${m.message.threadId}`);
  const mail = ownerThreadEmail(biz.locale, {
    businessName: biz.businessName,
    callerName: await callerNameOf(deps.db, biz.userId, m.callerPhone),
    callerPhone: m.callerPhone,
    channel: m.message.channel,
    body: m.message.body,
    at: m.message.createdAt,
    timeZone: biz.timeZone,
    dashboardUrl,
    country: countryOfBusiness(biz),
  });
  await deps.email.send({
    userId: biz.userId,
    to: biz.ownerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: [dashboardUrl],
    dedupeKey: `thread-message:${m.message.id}:owner`,
  });
}

/** The name on the caller's latest appointment with this business, if any: how the owner knows them. */
export async function callerNameOf(db: Db, userId: string, phone: string): Promise<string | null> {
  const [row] = await db
    .select({ name: appointments.patientName })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.patientPhone, phone)))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  return row?.name ?? null;
}

/**
 * The caller's text when the owner marks their request done: which practice, and that it is handled; never what it was
 * about (a text shows on a locked screen, and "your prescription" is health data).
 */
export async function sendTaskDone(deps: DispatchDeps, data: JobData["task-done"]): Promise<void> {
  const [m] = await deps.db.select().from(callerMessages).where(eq(callerMessages.id, data.messageId)).limit(1);
  if (!m?.callerPhone || m.status !== "done") return;
  if (await isOptedOut(deps.db, m.userId, m.callerPhone, "sms")) return;
  const biz = await loadBusinessContact(deps.db, m.userId);
  if (!biz?.line) return;
  await deps.sms.send({
    userId: biz.userId,
    to: m.callerPhone,
    from: biz.line,
    // The caller reads the business's number: in international form when their phone is of another country.
    text: taskDoneText(biz.locale, {
      businessName: biz.businessName,
      businessPhone: biz.line,
      country: readerCountry(m.callerPhone, countryOfBusiness(biz)),
    }),
    dedupeKey: `task-done:${m.id}`,
  });
}
