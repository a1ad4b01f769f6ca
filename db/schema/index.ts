// The whole data model. camelCase in TypeScript, snake_case in SQL; every instant is timestamptz (UTC).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();
const updatedAt = () => ts("updated_at").notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * What a request the receptionist takes is about. Each kind of business is offered the ones that fit it (a practice's
 * prescriptions, a restaurant's orders, a firm's documents: lib/receptionist/speech/wording.ts); "callback" and "other" fit all.
 */
export const REQUEST_CATEGORIES = [
  "prescription",
  "certificate",
  "results",
  "documents",
  "quote",
  "order",
  "event",
  "billing",
  "callback",
  "other",
] as const;
export type RequestCategory = (typeof REQUEST_CATEGORIES)[number];
export const REQUEST_URGENCIES = ["normal", "urgent"] as const;
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export type DayHours = { isOpen: boolean; openTime: string; closeTime: string };
export type WorkingHours = Record<"monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday", DayHours>;

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    // Null for an account created by a checkout and not yet set up from its emailed link.
    passwordHash: text("password_hash"),
    fullName: text("full_name").notNull(),
    phone: text("phone"),
    type: text("type", { enum: ["admin", "user"] })
      .notNull()
      .default("user"),
    isActive: boolean("is_active").notNull().default(true),
    businessName: text("business_name"),
    businessType: text("business_type"),
    specialty: text("specialty"),
    businessSize: text("business_size"),
    businessAddress: text("business_address"),
    serviceFrequency: text("service_frequency"),
    services: jsonb("services")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    workingHours: jsonb("working_hours").$type<WorkingHours>().notNull(),
    appointmentDuration: text("appointment_duration").notNull().default("30"),
    aiInstructions: text("ai_instructions"),
    timeZone: text("time_zone").notNull().default("Europe/Paris"),
    locale: text("locale", { enum: ["en", "fr", "es"] })
      .notNull()
      .default("en"),
    // Privacy settings: days a call's transcript, summary and recording are kept (lib/accounts/privacy/retention.ts bounds it),
    // and whether calls are recorded at all (the assistant's disclosure says so either way).
    retentionDays: integer("retention_days").notNull().default(90),
    recordingEnabled: boolean("recording_enabled").notNull().default(true),
    // Callers may cancel or move an appointment themselves (the link in their texts, an answer to a reminder) up to this
    // many hours before it starts; closer to the time, they call.
    selfServiceCutoffHours: integer("self_service_cutoff_hours").notNull().default(24),
    // Off by default: the receptionist asks callers for their date of birth when booking, and a caller who cannot get a
    // texted code (a landline, no phone to hand) proves an appointment is theirs with its name and date of birth.
    birthDateCheck: boolean("birth_date_check").notNull().default(false),
    // The owner's own limit of call minutes per billing period: an email at 80% and at 100% of it (null: no emails).
    usageAlertMinutes: integer("usage_alert_minutes"),
    // The business's own messaging profile at the telephony provider, made with its first line: the provider keeps its
    // STOP block rules per profile, so a caller's STOP to this business never silences another one.
    messagingProfileId: text("messaging_profile_id"),
    setupCompletedAt: ts("setup_completed_at"),
    // The setup steps the owner went through that leave nothing else to see ("information", "workingHours": the hours
    // have defaults, so only this says they were looked at). The calendar, the plan and the number are read from
    // their own rows. A setup left half-way resumes at the first step missing.
    setupSteps: jsonb("setup_steps")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    // The bounds the privacy page states (RETENTION_DAYS in lib/accounts/privacy/retention.ts).
    check("users_retention_days_range", sql`${t.retentionDays} between 7 and 365`),
    check("users_self_service_cutoff_range", sql`${t.selfServiceCutoffHours} between 0 and 168`),
    check("users_usage_alert_range", sql`${t.usageAlertMinutes} between 1 and 100000`),
  ],
);

// One row per signed-in device: the session token names its row, so one session can end while the others carry on.
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** The columns of a table of emailed single-use links: only the token's hash is kept, with its expiry and its use. */
const singleUseLinkColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  // SHA-256 of the token: a leaked table does not leak usable links.
  tokenHash: text("token_hash").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: createdAt(),
});

export const setupTokens = pgTable("setup_tokens", singleUseLinkColumns(), (t) => [
  uniqueIndex("setup_tokens_hash_unique").on(t.tokenHash),
]);

// Single-use password reset links, an hour each. Kept apart from setup links: a reset signs the owner in and ends
// their other sessions, a setup link does neither, so one kind of link can never be spent as the other.
export const passwordResetTokens = pgTable("password_reset_tokens", singleUseLinkColumns(), (t) => [
  uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash),
  index("password_reset_tokens_user_idx").on(t.userId),
]);

// Fixed-window counters for sign-in attempts, kept in the database so the limit holds across instances.
export const loginAttempts = pgTable(
  "login_attempts",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    failures: integer("failures").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);

export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phoneNumber: text("phone_number").notNull(),
    region: text("region").notNull().default("US"),
    phoneNumberType: text("phone_number_type").notNull().default("local"),
    status: text("status").notNull().default("active"),
    providerId: text("provider_id"),
    // The voice platform's id for this number once it is pointed at our assistant webhook (claimed or assigned).
    voiceProviderId: text("voice_provider_id"),
    // The messaging profile the number is on at the provider (its business's, once claimed or assigned).
    messagingProfileId: text("messaging_profile_id"),
    assignedToUserId: uuid("assigned_to_user_id").references(() => users.id, { onDelete: "set null" }),
    assignedAt: ts("assigned_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("phone_numbers_number_unique").on(t.phoneNumber),
    // One dedicated number per business: two racing claims cannot both succeed.
    uniqueIndex("phone_numbers_assignee_unique")
      .on(t.assignedToUserId)
      .where(sql`${t.assignedToUserId} is not null`),
  ],
);

export const aiParameters = pgTable("ai_parameters", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  // The assistant's language; a TypeScript enum only (no SQL check), so adding a language needs no migration.
  language: text("language", { enum: ["en", "fr", "es"] })
    .notNull()
    .default("en"),
  voiceId: text("voice_id").notNull(),
  firstMessage: text("first_message").notNull(),
  agentName: text("agent_name").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null while a provider subscription is known only from its own events (they can arrive before the checkout that
    // names the account); the checkout then links it.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    // Billing-provider status: trialing, active, past_due, canceled, unpaid, incomplete, incomplete_expired, paused.
    status: text("status").notNull(),
    // "stripe" or "sandbox" for a provider subscription; null for the trial started in the app without a checkout.
    provider: text("provider"),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    trialEndsAt: ts("trial_ends_at"),
    currentPeriodStart: ts("current_period_start"),
    currentPeriodEnd: ts("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: ts("canceled_at"),
    // When the subscription stopped (provider's ended_at, or the time of the event that ended it).
    endedAt: ts("ended_at"),
    lastPaymentFailedAt: ts("last_payment_failed_at"),
    // Ordering guard against out-of-order webhooks: the provider's event creation time of the subscription state applied
    // (null while the state is the provisional one a checkout wrote).
    lastEventAt: ts("last_event_at"),
    // Lifecycle emails sent (reset when the account becomes live again) and the number given back after the grace period.
    trialEndingNotifiedAt: ts("trial_ending_notified_at"),
    lapsedNotifiedAt: ts("lapsed_notified_at"),
    numberReleasedAt: ts("number_released_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_user_unique").on(t.userId),
    uniqueIndex("subscriptions_provider_sub_unique")
      .on(t.providerSubscriptionId)
      .where(sql`${t.providerSubscriptionId} is not null`),
  ],
);

// Completed checkouts: which account a hosted checkout ended in, so the thank-you page (?session_id=) can tell from the
// server whether the payer already has an account or must use the emailed setup link.
export const billingCheckouts = pgTable(
  "billing_checkouts",
  {
    sessionId: text("session_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // True when this checkout created the (pending) account.
    createdAccount: boolean("created_account").notNull().default(false),
    // A checkout that named this account by its email alone, with nothing proving the payer is its owner: its
    // subscription (this id) stays unattached, held for the owner to claim or for support to sort out.
    heldSubscriptionId: text("held_subscription_id"),
    // When the account's owner attached the held subscription.
    claimedAt: ts("claimed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("billing_checkouts_held_sub_unique")
      .on(t.heldSubscriptionId)
      .where(sql`${t.heldSubscriptionId} is not null`),
    index("billing_checkouts_held_user_idx")
      .on(t.userId)
      .where(sql`${t.heldSubscriptionId} is not null`),
  ],
);

export const calendarConnections = pgTable(
  "calendar_connections",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    // Who issued the grant, written on connect: every later operation on the connection goes to this provider, whatever
    // the deployment configures for new connections. `sandbox` is kept equal to provider = 'sandbox' (checked below).
    provider: text("provider").$type<"google" | "sandbox">().notNull().default("google"),
    // AES-256-GCM envelope "v1.<keyId>.<iv>.<tag>.<ciphertext>" (lib/platform/crypto/secret-box.ts); never plaintext.
    refreshTokenEnc: text("refresh_token_enc").notNull(),
    calendarId: text("calendar_id").notNull().default("primary"),
    accountEmail: text("account_email"),
    scopes: text("scopes"),
    sandbox: boolean("sandbox").notNull().default(false),
    connectedAt: createdAt(),
    // Set when the provider refuses the grant (revoked, expired): the calendar counts as disconnected and the owner is
    // told.
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    // A provider no adapter knows could never be served, and the two columns saying different things would send a
    // sandbox grant to Google (or the reverse).
    check(
      "calendar_connections_provider_known",
      sql`${t.provider} in ('google', 'sandbox') and ${t.sandbox} = (${t.provider} = 'sandbox')`,
    ),
  ],
);

// The sandbox calendar's events (the stand-in for Google Calendar): what a booking would have put in the owner's
// calendar, and what its free/busy answers from. Real Google events live at Google.
export const calendarEvents = pgTable(
  "calendar_events",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    timeZone: text("time_zone").notNull(),
    summary: text("summary").notNull(),
    description: text("description").notNull().default(""),
    attendeeEmail: text("attendee_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index("calendar_events_user_starts_idx").on(t.userId, t.startsAt)],
);

// starts_at/ends_at never overlap for one business: see the exclusion constraint in the migration.
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    patientName: text("patient_name").notNull(),
    patientEmail: text("patient_email"),
    patientPhone: text("patient_phone"),
    // The number the caller rang from (E.164), when they asked for the confirmations at another one: a later call from
    // it still finds the appointment.
    callerPhone: text("caller_phone"),
    reason: text("reason"),
    // Asked by the receptionist only when the owner turned the birth-date check on; it proves who may change the
    // appointment by phone, so the retention job clears it once the appointment is over.
    patientBirthDate: date("patient_birth_date", { mode: "string" }),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    status: text("status", { enum: ["booked", "cancelled"] })
      .notNull()
      .default("booked"),
    source: text("source", { enum: ["dashboard", "phone"] })
      .notNull()
      .default("dashboard"),
    calendarEventId: text("calendar_event_id"),
    calendarSyncStatus: text("calendar_sync_status").notNull().default("pending"),
    callId: uuid("call_id"),
    // The tool call that booked it: a retried book_appointment returns this booking instead of making a second one.
    bookingKey: text("booking_key"),
    // The caller's language for confirmations and reminders.
    language: text("language", { enum: ["en", "fr", "es"] })
      .notNull()
      .default("en"),
    // Bumped on each reschedule: reminders and messages of an older version are skipped.
    version: integer("version").notNull().default(1),
    // When the 24-hour reminder job is due (null: none, e.g. booked less than a day ahead or cancelled).
    reminderAt: ts("reminder_at"),
    // When the caller confirmed they will come (a reply to a confirmation or reminder); cleared when it is moved.
    confirmedAt: ts("confirmed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("appointments_user_starts_idx").on(t.userId, t.startsAt),
    uniqueIndex("appointments_booking_key_unique")
      .on(t.userId, t.bookingKey)
      .where(sql`${t.bookingKey} is not null`),
    index("appointments_user_phone_idx").on(t.userId, t.patientPhone),
    index("appointments_user_caller_phone_idx")
      .on(t.userId, t.callerPhone)
      .where(sql`${t.callerPhone} is not null`),
  ],
);

export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    providerCallId: text("provider_call_id").notNull(),
    fromNumber: text("from_number"),
    toNumber: text("to_number"),
    status: text("status").notNull().default("in-progress"),
    startedAt: ts("started_at"),
    endedAt: ts("ended_at"),
    endedReason: text("ended_reason"),
    summary: text("summary"),
    transcript: text("transcript"),
    recordingUrl: text("recording_url"),
    message: text("message"),
    durationSeconds: integer("duration_seconds"),
    language: text("language"),
    // What the call achieved, from the tools it ran: booked, rescheduled, cancelled, message, no_action.
    outcome: text("outcome", { enum: ["booked", "rescheduled", "cancelled", "message", "no_action"] })
      .notNull()
      .default("no_action"),
    // The caller wanted an appointment: the receptionist looked for a time or booked one during the call. Set by the
    // tool call itself, so booking success (wanted, then booked) is read in the one pass over the calls.
    wantedBooking: boolean("wanted_booking").notNull().default(false),
    sandbox: boolean("sandbox").notNull().default(false),
    // When the retention job removed the transcript, summary and recording (the call's row and outcome stay).
    contentPurgedAt: ts("content_purged_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("calls_provider_call_unique").on(t.providerCallId),
    index("calls_user_idx").on(t.userId, t.createdAt),
    // The retention job's scan: calls whose content has not been purged yet, oldest first.
    index("calls_unpurged_idx")
      .on(t.createdAt)
      .where(sql`${t.contentPurgedAt} is null`),
    // The abandoned-calls sweep's scan: calls not over yet, by their last event.
    index("calls_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} not in ('ended', 'failed')`),
  ],
);

// Every outgoing SMS, email and WhatsApp message: the sandbox outbox and the real senders' log alike.
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["email", "sms", "whatsapp"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
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

// Messages the receptionist took for the owner (take_message).
export const callerMessages = pgTable(
  "caller_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerCallId: text("provider_call_id"),
    // The tool call that took it: a retried take_message stores nothing twice. Unique per business, so a tool-call id
    // another line happens to send never stops this business's message from being stored.
    toolCallId: text("tool_call_id"),
    callerName: text("caller_name"),
    callerPhone: text("caller_phone"),
    body: text("body").notNull(),
    // A request for the practice, as the receptionist filed it: a task the owner marks done (and may tell the caller so).
    category: text("category", { enum: REQUEST_CATEGORIES }).notNull().default("other"),
    urgency: text("urgency", { enum: REQUEST_URGENCIES }).notNull().default("normal"),
    status: text("status", { enum: ["open", "done"] })
      .notNull()
      .default("open"),
    doneAt: ts("done_at"),
    // When the caller was texted that their request is done.
    callerToldAt: ts("caller_told_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("caller_messages_user_idx").on(t.userId, t.createdAt),
    check(
      "caller_messages_task_known",
      sql`${t.category} in (${sqlList(REQUEST_CATEGORIES)}) and ${t.urgency} in (${sqlList(REQUEST_URGENCIES)}) and ${t.status} in ('open', 'done')`,
    ),
    uniqueIndex("caller_messages_user_tool_call_unique")
      .on(t.userId, t.toolCallId)
      .where(sql`${t.toolCallId} is not null`),
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
    createdAt: createdAt(),
  },
  (t) => [
    index("thread_messages_thread_idx").on(t.threadId, t.createdAt),
    uniqueIndex("thread_messages_inbound_unique")
      .on(t.userId, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check("thread_messages_direction_known", sql`${t.direction} in ('in', 'out') and ${t.channel} in ('sms', 'whatsapp')`),
  ],
);

// One-time codes that prove, on a call, that the caller holds the phone an appointment was booked with (when the caller
// ID is another number or hidden). The code is kept sealed (the secret box) only until it is used or expires: the text
// that carries it is sent by a job, which opens it.
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerCallId: text("provider_call_id").notNull(),
    // E.164: the number the code was texted to, which the call may act for once it is verified.
    phone: text("phone").notNull(),
    // "code": a code texted to the phone; "birthDate": one try at the name and date of birth on an appointment of that
    // number (verified or not, each try is a row, so a call has so many tries).
    method: text("method", { enum: ["code", "birthDate"] })
      .notNull()
      .default("code"),
    codeEnc: text("code_enc").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    verifiedAt: ts("verified_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_call_idx").on(t.userId, t.providerCallId),
    check("verification_codes_method_known", sql`${t.method} in ('code', 'birthDate')`),
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

// What happened to appointments and who did it, one row per booking, move or cancellation (no personal data: ids, kinds
// and sources). The insights count bookings by source from it; the appointment's own row only says its latest state.
export const appointmentChanges = pgTable(
  "appointment_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Null once the appointment is erased: the count stays, nothing points at a patient.
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["booked", "rescheduled", "cancelled"] }).notNull(),
    // phone and dashboard, or the caller on their own: "text" (an answer to our text), "link" (the self-service link).
    source: text("source", { enum: ["phone", "dashboard", "text", "link"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("appointment_changes_user_idx").on(t.userId, t.createdAt),
    // An erased appointment clears its lines (ON DELETE SET NULL): found by this index, not a scan.
    index("appointment_changes_appointment_idx").on(t.appointmentId),
    check(
      "appointment_changes_known",
      sql`${t.kind} in ('booked', 'rescheduled', 'cancelled') and ${t.source} in ('phone', 'dashboard', 'text', 'link')`,
    ),
  ],
);

// Every tool call our webhook answered during a call: which tool, how it ended, how long we took. The insights read
// booking success (did a call that looked for a slot get one) and our answer times from it, which the Prometheus
// histogram cannot give per business. No arguments and no results: nothing the caller said.
export const callToolCalls = pgTable(
  "call_tool_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The platform's call id, matched to calls.provider_call_id (no foreign key: a tool call may arrive before the
    // call's row is written). Null once that call is erased: the timing stays, nothing points at the caller.
    providerCallId: text("provider_call_id"),
    // A tool of the receptionist, or "unknown" for any other name the model sent (never stored as sent).
    tool: text("tool").notNull(),
    outcome: text("outcome", { enum: ["result", "error", "failed"] }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A business's rows of a period: what the insights read.
    index("call_tool_calls_user_idx").on(t.userId, t.createdAt),
    check("call_tool_calls_known", sql`${t.outcome} in ('result', 'error', 'failed') and ${t.durationMs} >= 0`),
  ],
);

// Days that differ from the working week: closed (holidays, training), or open on other hours. Local dates of the
// business, both ends included; two closures of one business never overlap (see the exclusion constraint in the
// migration), so each day has one rule.
export const closures = pgTable(
  "closures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    // Both null: closed. Both set ("HH:mm"): open on these hours only.
    openTime: text("open_time"),
    closeTime: text("close_time"),
    // What the receptionist may tell callers ("closed for the holidays").
    reason: text("reason"),
    // "holiday": imported from the public holidays of the business's country.
    source: text("source", { enum: ["owner", "holiday"] })
      .notNull()
      .default("owner"),
    createdAt: createdAt(),
  },
  (t) => [
    index("closures_user_idx").on(t.userId, t.startsOn),
    check("closures_range", sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      "closures_hours",
      sql`(${t.openTime} is null and ${t.closeTime} is null) or (${t.openTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closeTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closeTime} > ${t.openTime})`,
    ),
    check("closures_source_known", sql`${t.source} in ('owner', 'holiday')`),
  ],
);

// What the receptionist may tell callers, in the owner's words and per language: questions and answers, prices per
// service, policies (cancellation, insurance, payment, access). `search` is the entry's words as the full-text search
// of its language reads them (stems, no stop words), kept by the database itself.
export const knowledgeEntries = pgTable(
  "knowledge_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["faq", "price", "policy"] }).notNull(),
    language: text("language", { enum: ["en", "fr", "es"] }).notNull(),
    // The question, the service priced, or the policy's topic.
    title: text("title").notNull(),
    // The answer, the price as the owner writes it ("45 €, 30 € for children"), or the policy.
    details: text("details").notNull(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector(case language when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig else 'english'::regconfig end, title || ' ' || details)`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("knowledge_entries_user_idx").on(t.userId, t.language),
    index("knowledge_entries_search_idx").using("gin", t.search),
    check("knowledge_entries_known", sql`${t.kind} in ('faq', 'price', 'policy') and ${t.language} in ('en', 'fr', 'es')`),
  ],
);

// A caller who answered STOP (or asked not to be texted) gets no more SMS/WhatsApp from any business.
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

export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// Billing ids (SHA-256 of "provider:id") of erased accounts: a late or retried provider event about them (the
// cancellation our erasure caused, a checkout retried for days) must not bring the account or its data back.
export const erasedBillingRefs = pgTable("erased_billing_refs", {
  refHash: text("ref_hash").primaryKey(),
  erasedAt: createdAt(),
});

// Admin actions, without personal data: ids and field names, not values.
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: uuid("actor_user_id"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

// Small facts about the installation itself (e.g. "the sandbox number pool was seeded").
export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});
