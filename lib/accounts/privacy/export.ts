// Right of access (GDPR art. 15): everything we hold about an owner and their business, as one JSON document. Every
// table of the schema is either exported here or excluded with its reason (EXPORT_COVERAGE); a test fails when a table
// is added without that decision. Secrets never leave: password hash, setup-link and reset-link hashes, the calendars' refresh tokens and app passwords.
import { asc, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  aiParameters,
  apiKeys,
  calendarFeeds,
  webhookDeliveries,
  webhookEndpoints,
  appointmentChanges,
  appointments,
  closures,
  holidayOpenings,
  knowledgeEntries,
  blockedNumbers,
  bookingPages,
  callRoutes,
  auditLog,
  billingCheckouts,
  calendarConnections,
  calendarEvents,
  callerMessages,
  callOptOuts,
  calls,
  loginAttempts,
  members,
  notifications,
  optOuts,
  pendingReplies,
  phoneNumbers,
  practitioners,
  recallTexts,
  reminderCallSettings,
  reminderCalls,
  serviceRecalls,
  sessions,
  subscriptions,
  threadMessages,
  threads,
  users,
  verificationCodes,
  waitlistEntries,
  waitlistOffers,
} from "@/db/schema";
import { signInCountersOf } from "@/lib/accounts/auth/rate-limit";
import { AppError } from "@/lib/platform/errors";

/** Table → the export key holding its rows, or "excluded: <reason>". */
export const EXPORT_COVERAGE: Record<string, string> = {
  users: "profile",
  ai_parameters: "aiParameters",
  phone_numbers: "phoneNumber",
  calendar_connections: "calendars",
  calendar_events: "calendarEvents",
  closures: "closures",
  holiday_openings: "holidayOpenings",
  practitioners: "practitioners",
  knowledge_entries: "knowledge",
  blocked_numbers: "blockedNumbers",
  call_routes: "callRouting",
  booking_pages: "bookingPage",
  appointments: "appointments",
  waitlist_entries: "waitlist",
  waitlist_offers: "waitlistOffers",
  calls: "calls",
  caller_messages: "messagesTaken",
  threads: "threads",
  thread_messages: "threadMessages",
  pending_replies: "pendingReplies",
  verification_codes: "verificationCodes",
  notifications: "notificationsSent",
  subscriptions: "subscription",
  billing_checkouts: "checkouts",
  sessions: "sessions",
  login_attempts: "signInAttempts",
  audit_log: "auditLog",
  setup_tokens: "excluded: hashes of single-use setup links (credentials, not information about the owner)",
  password_reset_tokens: "excluded: hashes of single-use password reset links (credentials, not information about the owner)",
  opt_outs: "optOuts",
  service_recalls: "serviceRecalls",
  recall_texts: "recallTexts",
  reminder_call_settings: "reminderCallSettings",
  reminder_calls: "reminderCalls",
  call_opt_outs: "callOptOuts",
  api_keys: "apiKeys",
  webhook_endpoints: "webhookEndpoints",
  webhook_deliveries: "webhookDeliveries",
  calendar_feeds: "calendarFeeds",
  webhook_events: "excluded: providers' event ids, no personal data",
  appointment_changes: "appointmentChanges",
  members: "members",
  call_tool_calls:
    "excluded: which tool the receptionist ran during a call, how it ended and how long it took (the insights' booking success and answer times); no personal data, and the calls are exported",
  caller_attestations:
    "excluded: a carrier's attestation of a caller ID for a call about to arrive, kept minutes at most and copied onto the call, which is exported",
  erased_billing_refs: "excluded: digests of erased accounts' billing ids, no personal data",
  app_state: "excluded: application settings, no personal data",
};

/** Dates as ISO strings, everything else as stored. */
function plain<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** The practice's team: who was invited, who joined, with which role; never an invitation's link. */
async function teamOf(db: Db, businessId: string) {
  const rows = await db
    .select({
      id: members.id,
      email: sql<string>`coalesce(${users.email}, ${members.email})`,
      name: users.fullName,
      role: members.role,
      practitionerId: members.practitionerId,
      invitedBy: members.invitedBy,
      invitedAt: members.createdAt,
      acceptedAt: members.acceptedAt,
      expiresAt: members.expiresAt,
      updatedAt: members.updatedAt,
    })
    .from(members)
    .leftJoin(users, eq(users.id, members.userId))
    .where(eq(members.businessId, businessId))
    .orderBy(asc(members.createdAt), asc(members.id));
  return rows.map((r) => plain({ ...r, status: r.acceptedAt ? "active" : "invited" }));
}

export async function exportAccount(db: Db, userId: string, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("not_found", "userNotFound");
  const { passwordHash, ...profile } = user;
  const [ai] = await db.select().from(aiParameters).where(eq(aiParameters.userId, userId));
  const [number] = await db
    .select({ phoneNumber: phoneNumbers.phoneNumber, region: phoneNumbers.region, assignedAt: phoneNumbers.assignedAt })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.assignedToUserId, userId));
  const calendars = await db
    .select({
      practitionerId: calendarConnections.practitionerId,
      provider: calendarConnections.provider,
      calendarId: calendarConnections.calendarId,
      accountEmail: calendarConnections.accountEmail,
      scopes: calendarConnections.scopes,
      sandbox: calendarConnections.sandbox,
      connectedAt: calendarConnections.connectedAt,
      revokedAt: calendarConnections.revokedAt,
    })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .orderBy(calendarConnections.connectedAt);
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [bookingPage] = await db.select().from(bookingPages).where(eq(bookingPages.userId, userId));
  return {
    format: "recepta-account-export/1",
    exportedAt: now.toISOString(),
    profile: { ...plain(profile), hasPassword: passwordHash !== null },
    aiParameters: ai ? plain(ai) : null,
    phoneNumber: number ? plain(number) : null,
    calendars: calendars.map((c) => plain(c)),
    calendarEvents: (await db.select().from(calendarEvents).where(eq(calendarEvents.userId, userId)).orderBy(calendarEvents.startsAt)).map(
      plain,
    ),
    closures: (await db.select().from(closures).where(eq(closures.userId, userId)).orderBy(closures.startsOn)).map(plain),
    holidayOpenings: (await db.select().from(holidayOpenings).where(eq(holidayOpenings.userId, userId)).orderBy(holidayOpenings.day)).map(
      plain,
    ),
    practitioners: (
      await db.select().from(practitioners).where(eq(practitioners.userId, userId)).orderBy(practitioners.position, practitioners.createdAt)
    ).map(plain),
    blockedNumbers: (await db.select().from(blockedNumbers).where(eq(blockedNumbers.userId, userId)).orderBy(blockedNumbers.createdAt)).map(
      (r) => plain(r),
    ),
    bookingPage: bookingPage ? plain(bookingPage) : null,
    callRouting: (await db.select().from(callRoutes).where(eq(callRoutes.userId, userId)).orderBy(callRoutes.position)).map(plain),
    // The search column is the database's own reading of the words above it: not information of its own.
    knowledge: (
      await db.select().from(knowledgeEntries).where(eq(knowledgeEntries.userId, userId)).orderBy(knowledgeEntries.createdAt)
    ).map(({ search: _search, ...entry }) => plain(entry)),
    appointments: (await db.select().from(appointments).where(eq(appointments.userId, userId)).orderBy(appointments.startsAt)).map(plain),
    // Who booked, moved or cancelled each appointment, and from where: a member or an API key by the name it had then.
    appointmentChanges: (
      await db.select().from(appointmentChanges).where(eq(appointmentChanges.userId, userId)).orderBy(appointmentChanges.createdAt)
    ).map(plain),
    members: await teamOf(db, userId),
    waitlist: (await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, userId)).orderBy(waitlistEntries.createdAt)).map(
      plain,
    ),
    waitlistOffers: (await db.select().from(waitlistOffers).where(eq(waitlistOffers.userId, userId)).orderBy(waitlistOffers.createdAt)).map(
      plain,
    ),
    calls: (await db.select().from(calls).where(eq(calls.userId, userId)).orderBy(desc(calls.createdAt))).map(plain),
    messagesTaken: (
      await db.select().from(callerMessages).where(eq(callerMessages.userId, userId)).orderBy(desc(callerMessages.createdAt))
    ).map(plain),
    threads: (await db.select().from(threads).where(eq(threads.userId, userId)).orderBy(desc(threads.lastMessageAt))).map(plain),
    threadMessages: (
      await db.select().from(threadMessages).where(eq(threadMessages.userId, userId)).orderBy(desc(threadMessages.createdAt))
    ).map(plain),
    pendingReplies: (await db.select().from(pendingReplies).where(eq(pendingReplies.userId, userId))).map(plain),
    optOuts: (
      await db
        .select({ phone: optOuts.phone, channel: optOuts.channel, createdAt: optOuts.createdAt })
        .from(optOuts)
        .where(eq(optOuts.userId, userId))
        .orderBy(optOuts.createdAt)
    ).map(plain),
    serviceRecalls: (await db.select().from(serviceRecalls).where(eq(serviceRecalls.userId, userId)).orderBy(serviceRecalls.service)).map(
      plain,
    ),
    recallTexts: (await db.select().from(recallTexts).where(eq(recallTexts.userId, userId)).orderBy(desc(recallTexts.sentAt))).map(plain),
    reminderCallSettings: (await db.select().from(reminderCallSettings).where(eq(reminderCallSettings.userId, userId))).map(plain),
    reminderCalls: (
      await db.select().from(reminderCalls).where(eq(reminderCalls.userId, userId)).orderBy(desc(reminderCalls.createdAt))
    ).map(plain),
    callOptOuts: (
      await db
        .select({ phone: callOptOuts.phone, createdAt: callOptOuts.createdAt })
        .from(callOptOuts)
        .where(eq(callOptOuts.userId, userId))
        .orderBy(callOptOuts.createdAt)
    ).map(plain),
    // Which numbers calls proved they hold (a texted code, or a name and date of birth), and when; never the code itself
    // (sealed, and gone once used).
    verificationCodes: (
      await db
        .select({
          id: verificationCodes.id,
          providerCallId: verificationCodes.providerCallId,
          phone: verificationCodes.phone,
          method: verificationCodes.method,
          attempts: verificationCodes.attempts,
          expiresAt: verificationCodes.expiresAt,
          verifiedAt: verificationCodes.verifiedAt,
          createdAt: verificationCodes.createdAt,
        })
        .from(verificationCodes)
        .where(eq(verificationCodes.userId, userId))
        .orderBy(desc(verificationCodes.createdAt))
    ).map(plain),
    // A one-time code's sealed copy stays out (a credential, and shown as "••••••" in the body).
    notificationsSent: (
      await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt))
    ).map(({ secretEnc: _, ...n }) => plain(n)),
    subscription: subscription ? plain(subscription) : null,
    checkouts: (await db.select().from(billingCheckouts).where(eq(billingCheckouts.userId, userId))).map(plain),
    sessions: (
      await db
        .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
    ).map(plain),
    signInAttempts: (
      await db
        .select({ windowStart: loginAttempts.windowStart, failures: loginAttempts.failures })
        .from(loginAttempts)
        .where(signInCountersOf(user.email, userId))
    ).map(plain),
    // The owner's connections to other tools, each without its secret: a key's hash, an endpoint's signing secret, a
    // feed's token (credentials, not information about the owner).
    apiKeys: (
      await db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          scopes: apiKeys.scopes,
          lastUsedAt: apiKeys.lastUsedAt,
          createdAt: apiKeys.createdAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(apiKeys.createdAt)
    ).map(plain),
    webhookEndpoints: (
      await db
        .select({
          id: webhookEndpoints.id,
          url: webhookEndpoints.url,
          description: webhookEndpoints.description,
          events: webhookEndpoints.events,
          enabled: webhookEndpoints.enabled,
          createdAt: webhookEndpoints.createdAt,
          updatedAt: webhookEndpoints.updatedAt,
        })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(webhookEndpoints.createdAt)
    ).map(plain),
    webhookDeliveries: (
      await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId)).orderBy(desc(webhookDeliveries.createdAt))
    ).map(plain),
    calendarFeeds: (
      await db
        .select({ id: calendarFeeds.id, practitionerId: calendarFeeds.practitionerId, createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .orderBy(calendarFeeds.createdAt)
    ).map(plain),
    auditLog: (
      await db
        .select()
        .from(auditLog)
        .where(
          or(
            eq(auditLog.businessId, userId),
            eq(auditLog.actorUserId, userId),
            eq(auditLog.targetId, userId),
            sql`${auditLog.details}->>'userId' = ${userId}`,
          ),
        )
        .orderBy(desc(auditLog.createdAt))
    ).map(plain),
  };
}
