// Right to erasure (GDPR art. 17): the whole account, or one caller's data within a business.
//
// An account erasure is one database transaction: every row that names the owner, their business or their callers goes
// (most by the users row's cascade; the rest here), the number goes back to the pool, and the audit log keeps one row
// without personal data. What lives at providers is handled around it: the subscription is cancelled first (if the
// billing provider can't be reached nothing is erased and the owner can retry), the number is detached from the voice
// platform and the calendar grant revoked after the commit (best effort: our copy of the grant is already gone).
import { and, eq, inArray, isNull, like, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  appointments,
  auditLog,
  calendarConnections,
  calendarEvents,
  callerMessages,
  callToolCalls,
  calls,
  erasedBillingRefs,
  loginAttempts,
  notifications,
  pendingReplies,
  phoneNumbers,
  recallTexts,
  reminderCalls,
  subscriptions,
  threadMessages,
  threads,
  users,
  verificationCodes,
  waitlistEntries,
  webhookDeliveries,
  webhookEvents,
} from "@/db/schema";
import type { Actor } from "@/lib/accounts/audit/actor";
import { audit, forgetActor, forgetPractice } from "@/lib/accounts/audit/audit";
import type { AuthContext } from "@/lib/accounts/auth/session";
import { confirmIdentity } from "@/lib/accounts/auth/confirm-identity";
import { signInCountersOf } from "@/lib/accounts/auth/rate-limit";
import { erasedRefHash } from "@/lib/accounts/subscriptions/erased-refs";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import { AppError } from "@/lib/platform/errors";
import { FAIR_SHARE_KEY } from "@/lib/platform/jobs/queue";
import type { BillingPort } from "@/lib/ports/billing";
import type { CalendarOperations } from "@/lib/ports/calendar";
import type { TelephonyPort } from "@/lib/ports/telephony";
import type { VoicePort } from "@/lib/ports/voice";
import { businessCountryOf } from "@/lib/accounts/business/business-country";
import { requirePhone, toE164 } from "@/lib/platform/phone/phone";

export type ErasureDeps = {
  db: Db;
  secrets: SecretBox;
  billing: BillingPort;
  calendar: CalendarOperations;
  voice: VoicePort;
  telephony: TelephonyPort;
  /** Where the job queue keeps its jobs (pg-boss schema): pending jobs naming the account go too. */
  jobSchema?: string;
  now?: () => Date;
};

export type ErasureSummary = {
  appointments: number;
  calls: number;
  messages: number;
  /** Texts in the inbox's threads, both ways. */
  texts: number;
  notifications: number;
  numberReleased: boolean;
  subscriptionCancelled: boolean;
};

export async function eraseAccount(
  deps: ErasureDeps,
  auth: AuthContext,
  input: { password?: string; clientIp?: string },
): Promise<ErasureSummary> {
  const { db } = deps;
  if (auth.role === "admin") throw new AppError("conflict", "adminErasure");
  await confirmIdentity(deps.db, {
    userId: auth.userId,
    sessionId: auth.sessionId,
    password: input.password,
    clientIp: input.clientIp ?? "unknown",
    messageKey: "erasureNeedsConfirmation",
    now: deps.now?.(),
  });
  const userId = auth.userId;

  // 1. The billing provider first: a subscription left running would go on charging an account that no longer exists.
  const [sub] = await db
    .select({
      provider: subscriptions.provider,
      providerCustomerId: subscriptions.providerCustomerId,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      endedAt: subscriptions.endedAt,
      status: subscriptions.status,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  const live = !!sub?.providerSubscriptionId && !sub.endedAt && !["canceled", "incomplete_expired"].includes(sub.status);
  if (live && sub.provider !== deps.billing.kind) {
    // A Stripe subscription while this deployment runs without Stripe keys: erasing now would leave it charging.
    if (sub.provider === "stripe") throw new AppError("unavailable", "erasureBillingUnavailable");
  } else if (live) {
    await deps.billing.cancelSubscription(sub.providerSubscriptionId!);
  }

  // 2. Everything in our store, at once.
  const erased = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, phone: users.phone, messagingProfileId: users.messagingProfileId })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("unauthorized", "unauthorized");
    const calendars = await tx
      .select({
        practitionerId: calendarConnections.practitionerId,
        provider: calendarConnections.provider,
        sandbox: calendarConnections.sandbox,
        refreshTokenEnc: calendarConnections.refreshTokenEnc,
      })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, userId));
    // The voice platform's link goes with the owner: whoever claims the number next gets a fresh one, and the old one
    // is detached after the commit.
    const before = await tx
      .select({
        id: phoneNumbers.id,
        line: phoneNumbers.phoneNumber,
        voiceProviderId: phoneNumbers.voiceProviderId,
        providerId: phoneNumbers.providerId,
      })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.assignedToUserId, userId))
      .for("update");
    const released = before.length
      ? await tx
          .update(phoneNumbers)
          .set({ assignedToUserId: null, assignedAt: null, voiceProviderId: null, messagingProfileId: null })
          .where(
            inArray(
              phoneNumbers.id,
              before.map((n) => n.id),
            ),
          )
          .returning({ id: phoneNumbers.id })
      : [];
    // Every number still on the business's messaging profile (its own, and any released one whose move back failed)
    // leaves it after the commit, before the profile is deleted.
    const onProfile = user.messagingProfileId
      ? await tx
          .update(phoneNumbers)
          .set({ messagingProfileId: null })
          .where(eq(phoneNumbers.messagingProfileId, user.messagingProfileId))
          .returning({ providerId: phoneNumbers.providerId })
      : [];
    const counts = {
      appointments: await tx.$count(appointments, eq(appointments.userId, userId)),
      calls: await tx.$count(calls, eq(calls.userId, userId)),
      messages: await tx.$count(callerMessages, eq(callerMessages.userId, userId)),
      texts: await tx.$count(threadMessages, eq(threadMessages.userId, userId)),
    };
    // Messages to the owner that were logged before the account existed (a checkout's setup link) carry no user id.
    // Numbers are stored in E.164 (lib/platform/phone): the owner's is compared as stored.
    const ownerPhone = toE164(user.phone);
    const sent = await tx
      .delete(notifications)
      .where(
        or(
          eq(notifications.userId, userId),
          and(
            isNull(notifications.userId),
            or(
              sql`lower(${notifications.recipient}) = ${user.email.toLowerCase()}`,
              ownerPhone ? eq(notifications.recipient, ownerPhone) : sql`false`,
            ),
          ),
        ),
      )
      .returning({ id: notifications.id });
    // Calls to the owner's line that reached us while nobody held it (a call still running at the erasure, or after a
    // lapse released the number) carry no user id either.
    if (before.length)
      await tx.delete(calls).where(
        and(
          isNull(calls.userId),
          inArray(
            calls.toNumber,
            before.map((n) => n.line),
          ),
        ),
      );
    // Test calls from the Try page name the account in their call id, and so in the replay markers (the stand-in's own,
    // and Vapi's for the ones that reached us as Vapi's messages).
    await tx
      .delete(webhookEvents)
      .where(and(inArray(webhookEvents.provider, ["simulator", "vapi"]), like(webhookEvents.eventId, `try-${userId}-%`)));
    // Billing: later provider events about these ids are ignored (lib/billing/lifecycle.ts), and a subscription of the
    // same customer that never got linked to an account goes too.
    const billingIds = [sub?.providerCustomerId, sub?.providerSubscriptionId].filter((id): id is string => !!id);
    if (sub?.providerCustomerId) {
      const parked = await tx
        .delete(subscriptions)
        .where(and(isNull(subscriptions.userId), eq(subscriptions.providerCustomerId, sub.providerCustomerId)))
        .returning({ id: subscriptions.providerSubscriptionId });
      billingIds.push(...parked.flatMap((p) => (p.id ? [p.id] : [])));
    }
    if (billingIds.length) {
      await tx
        .insert(erasedBillingRefs)
        .values(billingIds.map((id) => ({ refHash: erasedRefHash(id) })))
        .onConflictDoNothing();
    }
    await tx.delete(loginAttempts).where(signInCountersOf(user.email, userId));
    // Earlier audit rows stay as a record of what was done, without a way back to this person: what they did in
    // practices they were a member of keeps a neutral placeholder for their name (so do the appointment changes and
    // replies they made there), and their own practice's entries name neither it nor who acted in it.
    await forgetActor(tx, userId);
    await forgetPractice(tx, userId);
    await tx
      .update(auditLog)
      .set({ targetId: null })
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)));
    await tx
      .update(auditLog)
      .set({ details: sql`${auditLog.details} - 'userId'` })
      .where(sql`${auditLog.details}->>'userId' = ${userId}`);
    if (deps.jobSchema) {
      // Jobs that name the account (setup link, calendar notice, or its fair share), waiting or archived; the others name
      // rows that are about to go. The queue's tables exist once it has started (the workers do at boot).
      for (const table of ["job", "archive"]) {
        const [found] = await tx.execute<{ t: string | null }>(sql`select to_regclass(${`${deps.jobSchema}.${table}`})::text as t`);
        if (found?.t)
          await tx.execute(
            sql`delete from ${sql.identifier(deps.jobSchema)}.${sql.identifier(table)} where data->>'userId' = ${userId} or data->>${FAIR_SHARE_KEY} = ${userId}`,
          );
      }
    }
    // The cascade: sessions, setup links, AI parameters, subscription, checkouts, calendar grant and events,
    // appointments, calls and their tool-call log, messages taken, the inbox's threads and texts, cancellations waiting
    // for a "yes", the codes texted on calls. Checkouts held for the account go with it: the subscription a stranger paid
    // with the owner's email is the payer's, not the owner's, and stays unattached (no longer naming anyone) for support.
    await tx.delete(users).where(eq(users.id, userId));
    const summary: ErasureSummary = {
      ...counts,
      notifications: sent.length,
      numberReleased: released.length > 0,
      subscriptionCancelled: live,
    };
    for (const n of released) {
      await tx
        .insert(auditLog)
        .values({ action: "phone_number.release", targetType: "phone_number", targetId: n.id, details: { reason: "account_erased" } });
    }
    await tx.insert(auditLog).values({ action: "account.erase", targetType: "user", details: summary });
    return {
      summary,
      detach: before.flatMap((n) => (n.voiceProviderId ? [n.voiceProviderId] : [])),
      lines: [...new Set([...before, ...onProfile].flatMap((n) => (n.providerId ? [n.providerId] : [])))],
      messagingProfileId: user.messagingProfileId,
      calendars,
    };
  });

  // 3. Upstream, after the commit.
  for (const voiceProviderId of erased.detach) {
    try {
      await deps.voice.detachNumber(voiceProviderId);
    } catch {
      // Left linked upstream: its calls reach our webhook, which answers "not in service" for an unassigned number.
    }
  }
  // The business's messaging profile goes too: its block rules name the callers who sent STOP. Its lines go back to
  // the pool's profile first, so the profile is empty when it is deleted.
  if (erased.messagingProfileId) {
    try {
      for (const providerId of erased.lines) await deps.telephony.moveToMessagingProfile(providerId, null);
      await deps.telephony.deleteMessagingProfile(erased.messagingProfileId);
    } catch {
      // Left at the provider: whoever claims the line next moves it to their own profile; an operator can delete it.
    }
  }
  for (const c of erased.calendars) {
    try {
      await deps.calendar.revoke({
        userId,
        practitionerId: c.practitionerId,
        provider: c.provider,
        sandbox: c.sandbox,
        secret: deps.secrets.open(c.refreshTokenEnc),
        accountEmail: null,
        calendarId: "",
      });
    } catch {
      // Our copy is gone; the owner can still remove the app from their calendar account's permissions.
    }
  }
  return erased.summary;
}

export type CallerErasure = { appointments: number; calls: number; messages: number; texts: number; notifications: number };

/**
 * One caller's data at one business, on the caller's request to the owner: their appointments (and the sandbox
 * calendar's copies), calls from their number, messages they left, their thread in the inbox (texts both ways), a
 * cancellation waiting for their "yes", the codes texted to their number, their recall texts, the messages we sent them and the
 * webhooks that told the owner's tools about them, the reminder calls placed to them. Their STOP (opt-out) and their
 * "don't call me" stay: they are what keep us from texting or calling them again.
 */
export async function eraseCaller(db: Db, userId: string, rawPhone: string, by: Actor = { kind: "owner", userId }): Promise<CallerErasure> {
  // Every number is stored in E.164: the one the owner typed ("06 11 22 33 44") is read in the business's country and
  // compared exactly.
  const phone = requirePhone(rawPhone, await businessCountryOf(db, userId));
  if (!phone) throw new AppError("bad_request", "invalidPhone");
  return db.transaction(async (tx) => {
    // Bookings and messages being written for this business hold a key-share lock on its row: they finish first, and
    // new ones wait for this erasure, so nothing of the caller slips in between the deletes.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const appts = await tx
      .delete(appointments)
      .where(and(eq(appointments.userId, userId), eq(appointments.patientPhone, phone)))
      .returning({
        id: appointments.id,
        email: appointments.patientEmail,
        eventId: appointments.calendarEventId,
        callId: appointments.callId,
      });
    // An appointment the caller booked for someone else's number stays theirs; the caller's own number and name leave it.
    await tx
      .update(appointments)
      .set({ callerPhone: null, callerName: null })
      .where(and(eq(appointments.userId, userId), eq(appointments.callerPhone, phone)));
    const eventIds = appts.flatMap((a) => (a.eventId ? [a.eventId] : []));
    if (eventIds.length)
      await tx.delete(calendarEvents).where(and(eq(calendarEvents.userId, userId), inArray(calendarEvents.eventId, eventIds)));
    const callIds = appts.flatMap((a) => (a.callId ? [a.callId] : []));
    const removedCalls = await tx
      .delete(calls)
      .where(
        and(
          eq(calls.userId, userId),
          or(
            eq(calls.fromNumber, phone),
            // The reminder calls the practice placed to them.
            and(eq(calls.direction, "outbound"), eq(calls.toNumber, phone)),
            callIds.length ? inArray(calls.id, callIds) : sql`false`,
          ),
        ),
      )
      .returning({ id: calls.id, providerCallId: calls.providerCallId });
    const providerCallIds = removedCalls.map((c) => c.providerCallId);
    // The receptionist's tool calls on those calls keep their timings for the insights, no longer the call id.
    if (providerCallIds.length)
      await tx
        .update(callToolCalls)
        .set({ providerCallId: null })
        .where(and(eq(callToolCalls.userId, userId), inArray(callToolCalls.providerCallId, providerCallIds)));
    const messages = await tx
      .delete(callerMessages)
      .where(
        and(
          eq(callerMessages.userId, userId),
          or(
            eq(callerMessages.callerPhone, phone),
            providerCallIds.length ? inArray(callerMessages.providerCallId, providerCallIds) : sql`false`,
          ),
        ),
      )
      .returning({ id: callerMessages.id });
    const texts = await tx
      .select({ id: threadMessages.id })
      .from(threadMessages)
      .innerJoin(threads, eq(threads.id, threadMessages.threadId))
      .where(and(eq(threads.userId, userId), eq(threads.callerPhone, phone)));
    // The thread's texts go with it (cascade).
    await tx.delete(threads).where(and(eq(threads.userId, userId), eq(threads.callerPhone, phone)));
    await tx.delete(pendingReplies).where(and(eq(pendingReplies.userId, userId), eq(pendingReplies.callerPhone, phone)));
    await tx.delete(verificationCodes).where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.phone, phone)));
    // Their place on the waitlist, and the slots offered to them with it (cascade).
    await tx.delete(waitlistEntries).where(and(eq(waitlistEntries.userId, userId), eq(waitlistEntries.phone, phone)));
    // The recall texts sent to the number (the texts themselves are among the notifications below, by recipient).
    await tx.delete(recallTexts).where(and(eq(recallTexts.userId, userId), eq(recallTexts.phone, phone)));
    // Their reminder calls (those of their appointments went with them).
    await tx.delete(reminderCalls).where(and(eq(reminderCalls.userId, userId), eq(reminderCalls.phone, phone)));
    // What we sent the caller, and what we sent the owner about them (booking and message notices: their dedupe keys
    // name the appointment, message or text). Bodies are not searched for the number: "21.11.2026" would match "21112026".
    const emails = [...new Set(appts.flatMap((a) => (a.email ? [a.email.toLowerCase()] : [])))];
    const ids = [...appts.map((a) => a.id), ...messages.map((m) => m.id), ...texts.map((m) => m.id)];
    const sent = await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          or(
            eq(notifications.recipient, phone),
            emails.length ? inArray(sql`lower(${notifications.recipient})`, emails) : sql`false`,
            ...ids.map((id) => sql`strpos(coalesce(${notifications.dedupeKey}, ''), ${id}) > 0`),
          ),
        ),
      )
      .returning({ id: notifications.id });
    // The webhooks that told the owner's tools about them (a call's summary among them), by the id each one names.
    const named = [...ids, ...removedCalls.map((c) => c.id)];
    if (named.length)
      await tx
        .delete(webhookDeliveries)
        .where(and(eq(webhookDeliveries.userId, userId), inArray(sql`${webhookDeliveries.payload} -> 'data' ->> 'id'`, named)));
    const summary = {
      appointments: appts.length,
      calls: removedCalls.length,
      messages: messages.length,
      texts: texts.length,
      notifications: sent.length,
    };
    await audit(tx, { businessId: userId, actor: by, action: "caller.erase", targetType: "caller", details: summary });
    return summary;
  });
}
