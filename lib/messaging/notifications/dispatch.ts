// The job handlers that send messages. Each message has a dedupe key, so a job retried after a partial failure sends
// only what did not go out; a message for an appointment version that has since changed is not sent at all.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, callerMessages, calls, threadMessages, threads } from "@/db/schema";
import type { Appointment } from "@/lib/scheduling/booking/core";
import type { JobData } from "@/lib/platform/jobs/queue";
import { DeliveryError } from "@/lib/messaging/delivery/logged-sender";
import type { MessageSender } from "@/lib/ports/messaging";
import { countryOfBusiness, readerCountry } from "@/lib/platform/phone/phone";
import { loadBusinessContact, type BusinessContact } from "@/lib/accounts/business/contact";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { buildIcs, icsAttachment } from "./ics";
import { phoneChannels, type PhoneChannel } from "./channels";
import { reassignmentChannels, reassignmentEmail, reassignmentSms, reassignmentWhatsApp } from "./reassignment-text";
import { linkExpiry, selfServicePath, selfServiceToken } from "@/lib/scheduling/booking/self-service-link";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { translate } from "@/lib/platform/i18n/translate";
import {
  callerEmail,
  callerSms,
  callerWhatsApp,
  escapeHtml,
  ownerBookingEmail,
  ownerMessageEmail,
  type AppointmentFacts,
  type Kind,
} from "./templates";

export type DispatchDeps = {
  db: Db;
  email: MessageSender;
  sms: MessageSender;
  whatsapp: MessageSender;
  appUrl: string;
  /** The address invitations are organized from ("Recepta <no-reply@…>"). */
  mailFrom: string;
  /** The key the caller's self-service links are signed with (lib/scheduling/booking/self-service-link.ts). */
  linkSecret: string;
  now?: () => Date;
};

/** An absolute link to a dashboard page in the owner's language. */
export function dashboardLink(deps: DispatchDeps, biz: BusinessContact, path: string): string {
  return `${deps.appUrl}${localizedPath(biz.locale, path)}`;
}

async function appointment(db: Db, id: string): Promise<Appointment | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row;
}

export function facts(biz: BusinessContact, a: Appointment): AppointmentFacts {
  return {
    businessName: biz.businessName,
    businessPhone: biz.line ?? biz.ownerPhone,
    businessAddress: biz.businessAddress,
    patientName: a.patientName,
    callerName: a.callerName,
    start: a.startsAt,
    end: a.endsAt,
    timeZone: biz.timeZone,
    reason: a.reason,
    service: a.service,
    practitioner: practitionerToName(biz.practitioners, a.practitionerId),
    // The caller reads these: numbers of their own country (their phone's) in national form, any other in international
    // form. A UK mobile at a French practice reads "+33 1 99 00 01 00", which it can dial, not "01 99 00 01 00".
    country: readerCountry(a.patientPhone, countryOfBusiness(biz)),
  };
}

function organizer(mailFrom: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  return m ? { name: m[1]!.trim() || m[2]!, email: m[2]! } : { name: mailFrom, email: mailFrom };
}

/** Sends every message, then fails (so the job retries) if any did not go out. */
async function sendAll(sends: (() => Promise<unknown>)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const send of sends) {
    try {
      await send();
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw failures.find((f) => !(f instanceof DeliveryError)) ?? failures[0];
}

/**
 * The caller's self-service link for this appointment, and its token (a credential: real providers' logs keep
 * "[redacted]" in its place). None once it is cancelled: there is nothing left to change.
 */
export function manageLink(deps: DispatchDeps, a: Appointment): { url: string; token: string } | null {
  if (a.status !== "booked") return null;
  const token = selfServiceToken(deps.linkSecret, a.id, linkExpiry(a));
  return { url: `${deps.appUrl}${selfServicePath(a.language, token)}`, token };
}

/**
 * The caller's SMS, WhatsApp and email for one appointment event. The phone channels are the ones the caller asked for
 * on the call, else the business's default (phoneChannels, which the receptionist's words read too): a caller who asked
 * for a text gets no WhatsApp message.
 */
function callerSends(deps: DispatchDeps, biz: BusinessContact, a: Appointment, kind: Kind, key: string): (() => Promise<unknown>)[] {
  const locale = a.language;
  const manage = kind === "cancellation" ? null : manageLink(deps, a);
  const f = { ...facts(biz, a), manageUrl: manage?.url ?? null };
  const redact = manage ? [manage.token] : [];
  const sends: (() => Promise<unknown>)[] = [];
  // Texts go out from the business's own number; a business without one (a dashboard booking before claiming) gets none.
  const channels = phoneChannels(a.notifyChannel, biz.confirmationChannel);
  if (a.patientPhone && biz.line) {
    const to = a.patientPhone;
    const from = biz.line;
    const sms = async () => {
      if (await isOptedOut(deps.db, biz.userId, to, "sms")) return;
      // The line reads the caller's answers (lib/messaging/inbox), so the text says which ones it understands.
      const text = callerSms(locale, kind, { ...f, repliesRead: true });
      await deps.sms.send({ userId: biz.userId, to, from, text, redact, dedupeKey: `${key}:sms` });
    };
    if (channels.includes("sms")) sends.push(sms);
    if (channels.includes("whatsapp"))
      sends.push(async () => {
        if (await isOptedOut(deps.db, biz.userId, to, "whatsapp")) return;
        const wa = callerWhatsApp(locale, kind, f);
        // A business-initiated WhatsApp message is outside any 24-hour window: it goes as the approved template. Many
        // callers have no WhatsApp (a permanent refusal): beside the SMS, a refusal is logged in the outbox (status
        // failed) without making the whole job retry; as the only channel, the SMS goes instead, or the caller would
        // hear nothing.
        await deps.whatsapp
          .send({ userId: biz.userId, to, from, text: wa.text, whatsappTemplate: wa.template, dedupeKey: `${key}:whatsapp` })
          .catch(async (e: unknown) => {
            if (!(e instanceof DeliveryError)) throw e;
            if (!channels.includes("sms")) await sms();
          });
      });
  }
  if (a.patientEmail) {
    const to = a.patientEmail;
    const mail = callerEmail(locale, kind, f);
    const org = organizer(deps.mailFrom);
    const method = kind === "cancellation" ? "CANCEL" : "REQUEST";
    const ics = buildIcs({
      uid: `${a.id}@recepta`,
      sequence: Math.max(0, a.version - 1) + (kind === "cancellation" ? 1 : 0),
      method,
      start: a.startsAt,
      end: a.endsAt,
      summary: biz.businessName,
      description: mail.subject,
      location: biz.businessAddress,
      organizerName: biz.businessName || org.name,
      organizerEmail: org.email,
      attendeeEmail: to,
      now: deps.now?.(),
    });
    sends.push(() =>
      deps.email.send({
        userId: biz.userId,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: kind === "reminder" ? [] : [icsAttachment(ics, method)],
        links: manage ? [manage.url] : [],
        redact,
        dedupeKey: `${key}:email`,
      }),
    );
  }
  return sends;
}

export async function sendAppointmentNotice(deps: DispatchDeps, data: JobData["appointment-notice"]): Promise<void> {
  const a = await appointment(deps.db, data.appointmentId);
  if (!a) return;
  // Superseded: the appointment was moved or cancelled after this job was queued; a newer job tells the caller.
  if (data.kind !== "cancellation" && (a.status !== "booked" || a.version !== data.version)) return;
  if (data.kind === "cancellation" && a.status !== "cancelled") return;
  const biz = await loadBusinessContact(deps.db, a.userId);
  if (!biz) return;
  const key = `appt:${a.id}:v${data.version}:${data.kind}`;
  if (data.kind === "reassignment") return sendAll(await reassignmentSends(deps, biz, a, key));
  const sends = callerSends(deps, biz, a, data.kind, key);
  // The owner hears about what happened by phone; what they did in the dashboard they already know.
  if (a.source === "phone") {
    const dashboardUrl = dashboardLink(deps, biz, "/dashboard/appointments");
    const mail = ownerBookingEmail(biz.locale, data.kind, {
      ...facts(biz, a),
      country: countryOfBusiness(biz),
      patientPhone: a.patientPhone,
      callerPhone: a.callerPhone,
      patientEmail: a.patientEmail,
      dashboardUrl,
    });
    sends.push(() =>
      deps.email.send({
        userId: biz.userId,
        to: biz.ownerEmail,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: [dashboardUrl],
        dedupeKey: `${key}:owner`,
      }),
    );
  }
  await sendAll(sends);
}

/**
 * The patient's news that their appointment is now with another practitioner, the time unchanged: one phone channel
 * (reassignmentChannels), or an email for a patient with no phone. No calendar invitation: the time has not moved.
 */
async function reassignmentSends(
  deps: DispatchDeps,
  biz: BusinessContact,
  a: Appointment,
  key: string,
): Promise<(() => Promise<unknown>)[]> {
  const practitioner = practitionerToName(biz.practitioners, a.practitionerId);
  if (!practitioner) return [];
  const manage = manageLink(deps, a);
  const f = { ...facts(biz, a), practitioner, manageUrl: manage?.url ?? null };
  const redact = manage ? [manage.token] : [];
  if (a.patientPhone && biz.line) {
    const to = a.patientPhone;
    const from = biz.line;
    const channels = reassignmentChannels(a.notifyChannel, await lastChannelOf(deps.db, biz.userId, to), biz.confirmationChannel);
    const sms = async () => {
      if (await isOptedOut(deps.db, biz.userId, to, "sms")) return;
      await deps.sms.send({ userId: biz.userId, to, from, text: reassignmentSms(a.language, f), redact, dedupeKey: `${key}:sms` });
    };
    return channels.map((channel) => async () => {
      if (channel === "sms") return sms();
      if (await isOptedOut(deps.db, biz.userId, to, "whatsapp")) return;
      const wa = reassignmentWhatsApp(a.language, f);
      // As for confirmations: a WhatsApp refusal (no WhatsApp on that number, a template not approved yet) is logged,
      // and when WhatsApp was the only channel the SMS goes instead, or the patient the owner chose to tell hears nothing.
      await deps.whatsapp
        .send({ userId: biz.userId, to, from, text: wa.text, whatsappTemplate: wa.template, dedupeKey: `${key}:whatsapp` })
        .catch(async (e: unknown) => {
          if (!(e instanceof DeliveryError)) throw e;
          if (!channels.includes("sms")) await sms();
        });
    });
  }
  if (!a.patientEmail) return [];
  const to = a.patientEmail;
  const mail = reassignmentEmail(a.language, f);
  return [
    () =>
      deps.email.send({
        userId: biz.userId,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: manage ? [manage.url] : [],
        redact,
        dedupeKey: `${key}:email`,
      }),
  ];
}

/** The channel a caller last wrote to the business on (their texts in the inbox), null when they never wrote. */
async function lastChannelOf(db: Db, userId: string, phone: string): Promise<PhoneChannel | null> {
  const [last] = await db
    .select({ channel: threadMessages.channel })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .where(and(eq(threads.userId, userId), eq(threads.callerPhone, phone), eq(threadMessages.direction, "in")))
    .orderBy(desc(threadMessages.createdAt))
    .limit(1);
  return last?.channel ?? null;
}

export async function sendAppointmentReminder(deps: DispatchDeps, data: JobData["appointment-reminder"]): Promise<void> {
  const a = await appointment(deps.db, data.appointmentId);
  const now = deps.now ? deps.now() : new Date();
  if (!a || a.status !== "booked" || a.version !== data.version || a.startsAt <= now) return;
  const biz = await loadBusinessContact(deps.db, a.userId);
  if (!biz) return;
  await sendAll(callerSends(deps, biz, a, "reminder", `appt:${a.id}:v${data.version}:reminder`));
}

export async function sendMessageTaken(deps: DispatchDeps, data: JobData["message-taken"]): Promise<void> {
  const [m] = await deps.db.select().from(callerMessages).where(eq(callerMessages.id, data.messageId)).limit(1);
  if (!m) return;
  const biz = await loadBusinessContact(deps.db, m.userId);
  if (!biz) return;
  // The request is a task in the inbox, where the owner marks it done.
  const dashboardUrl = dashboardLink(deps, biz, "/dashboard/inbox");
  const mail = ownerMessageEmail(biz.locale, {
    businessName: biz.businessName,
    callerName: m.callerName,
    callerPhone: m.callerPhone,
    calledFrom: await calledFrom(deps.db, m.userId, m.providerCallId),
    body: m.body,
    at: m.createdAt,
    timeZone: biz.timeZone,
    dashboardUrl,
    country: countryOfBusiness(biz),
    category: m.category,
    urgent: m.urgency === "urgent",
  });
  await deps.email.send({
    userId: biz.userId,
    to: biz.ownerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: [dashboardUrl],
    dedupeKey: `message:${m.id}:owner`,
  });
}

/** The number a call came from (null when hidden, or for a message taken off a call). */
async function calledFrom(db: Db, userId: string, providerCallId: string | null): Promise<string | null> {
  if (!providerCallId) return null;
  const [call] = await db
    .select({ fromNumber: calls.fromNumber })
    .from(calls)
    .where(and(eq(calls.userId, userId), eq(calls.providerCallId, providerCallId)))
    .limit(1);
  return call?.fromNumber ?? null;
}

export async function sendCalendarRevoked(deps: DispatchDeps, data: JobData["calendar-revoked"]): Promise<void> {
  const biz = await loadBusinessContact(deps.db, data.userId);
  if (!biz) return;
  const url = dashboardLink(deps, biz, "/dashboard/calendar");
  // Whose calendar: the practitioner named by the job (the first, the owner, for a job from before practitioners).
  const name = (biz.practitioners.find((p) => p.id === data.practitionerId) ?? biz.practitioners[0])?.name ?? biz.businessName;
  const t = (key: string) => translate(biz.locale, `Notifications.calendarRevoked.${key}`, { name, url });
  await deps.email.send({
    userId: biz.userId,
    to: biz.ownerEmail,
    subject: t("subject"),
    text: t("text"),
    html: `<p>${escapeHtml(t("text")).replace(escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)}</p>`,
    links: [url],
    dedupeKey: `calendar-revoked:${biz.userId}:${data.practitionerId ?? ""}:${new Date().toISOString().slice(0, 10)}`,
  });
}
