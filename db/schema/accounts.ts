// The account and what is its own: the owner, sessions, emailed links, sign-in counters, the phone number pool, the
// assistant's settings, the subscription and checkouts, erased billing ids, the audit log.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";

/** One stretch of open time in a day, "HH:mm" to "HH:mm". */
export type TimeRange = { openTime: string; closeTime: string };
/**
 * A day's hours. `openTime`/`closeTime` are the day's first opening and last closing, kept for every reader of the
 * contract; `ranges`, when present, are the day's stretches in order (a morning and an afternoon around a lunch break,
 * at most three), and a time between two of them is closed.
 */
export type DayHours = { isOpen: boolean; openTime: string; closeTime: string; ranges?: TimeRange[] };
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
    // Transfers (lib/receptionist/routing): the person reached hears a summary of the call before the caller is put
    // through, and whether anyone is put through outside opening hours ("always") or only within them ("open").
    warmTransfer: boolean("warm_transfer").notNull().default(false),
    transferHours: text("transfer_hours", { enum: ["open", "always"] })
      .notNull()
      .default("always"),
    // The business's own messaging profile at the telephony provider, made with its first line: the provider keeps its
    // STOP block rules per profile, so a caller's STOP to this business never silences another one.
    messagingProfileId: text("messaging_profile_id"),
    // Public holidays (lib/scheduling/closures/holidays.ts): the area their closures were filled for ("FR", "ES-MD",
    // "US-TX", "GB-SCT": the country, and the region when the address gives one) and the last day filled. A change of
    // area fills them again; a sweep keeps twelve months ahead filled.
    holidayArea: text("holiday_area"),
    holidaysThrough: date("holidays_through", { mode: "string" }),
    // How callers' confirmations and reminders go to their phone unless the caller asks for one channel.
    confirmationChannel: text("confirmation_channel", { enum: ["sms", "whatsapp", "both"] })
      .notNull()
      .default("both"),
    // How the receptionist and the texts say the time: "12h" (9:30 AM) or "24h" (09:30); null: the language's and
    // country's own way.
    clockFormat: text("clock_format", { enum: ["12h", "24h"] }),
    // Countries besides the practice's own whose numbers it dials and texts (ISO 3166 alpha-2): a clinic near a border
    // transfers to a colleague or texts patients across it. Numbers elsewhere are refused, so a stolen account cannot
    // route calls to far-away ranges.
    servedCountries: text("served_countries")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    // The bounds the privacy page states (RETENTION_DAYS in lib/accounts/privacy/privacy.schemas.ts).
    check("users_retention_days_range", sql`${t.retentionDays} between 7 and 365`),
    check("users_self_service_cutoff_range", sql`${t.selfServiceCutoffHours} between 0 and 168`),
    check("users_usage_alert_range", sql`${t.usageAlertMinutes} between 1 and 100000`),
    check("users_transfer_hours_known", sql`${t.transferHours} in ('open', 'always')`),
    check("users_confirmation_channel_known", sql`${t.confirmationChannel} in ('sms', 'whatsapp', 'both')`),
    check("users_clock_format_known", sql`${t.clockFormat} is null or ${t.clockFormat} in ('12h', '24h')`),
    check(
      "users_served_countries_form",
      sql`cardinality(${t.servedCountries}) <= 20 and array_to_string(${t.servedCountries}, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'`,
    ),
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
    // The practice the person works in on this device, when it is not their own account (they are its member): every
    // request of the session acts in it, with their role there.
    businessId: uuid("business_id").references(() => users.id, { onDelete: "cascade" }),
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
    // The person who acted (the owner, a member or a platform admin), or null: the system, an API key, or someone erased.
    actorUserId: uuid("actor_user_id"),
    // The practice the entry belongs to, whose Security page and export show it; null for the platform's own entries.
    businessId: uuid("business_id"),
    // The API key that acted, when one did: the key may be revoked since, its name stays below.
    actorKeyId: uuid("actor_key_id"),
    // Who acted, as named then (a person's name, or a key's): the entry reads the same once they leave, and erasing them
    // replaces it with a neutral placeholder (lib/accounts/audit/actor.ts) rather than deleting the entry.
    actorName: text("actor_name"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_business_idx").on(t.businessId, t.createdAt),
    // Erasing a person finds the entries that name them without a scan.
    index("audit_log_actor_idx")
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} is not null`),
  ],
);
