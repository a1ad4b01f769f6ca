// The agenda: calendar connections and the sandbox calendar's events, appointments and their change log, closures.
import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users, type WorkingHours } from "./accounts";
import { createdAt, ts, updatedAt } from "./columns";

/**
 * One calendar connection per practitioner: where their appointments are written and their busy times read. The user
 * (the practice) is kept beside the practitioner so every read is scoped by tenant, and a practitioner of another
 * practice can never be named (the foreign key is on both).
 */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    practitionerId: uuid("practitioner_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Which calendar service, written on connect: every later operation on the connection goes to it, and to its sandbox
    // twin when `sandbox` is set, whatever the deployment configures for new connections.
    provider: text("provider").$type<CalendarProviderName>().notNull().default("google"),
    // AES-256-GCM envelope "v1.<keyId>.<iv>.<tag>.<ciphertext>" (lib/platform/crypto/secret-box.ts) of an OAuth refresh
    // token or a CalDAV app password; never plaintext.
    refreshTokenEnc: text("refresh_token_enc").notNull(),
    // Google's "primary", Microsoft's "default", or a CalDAV calendar's address.
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
    index("calendar_connections_user_idx").on(t.userId),
    foreignKey({
      columns: [t.practitionerId, t.userId],
      foreignColumns: [practitioners.id, practitioners.userId],
      name: "calendar_connections_practitioner_fk",
    }).onDelete("cascade"),
    // A provider no adapter knows could never be served.
    check("calendar_connections_provider_known", sql`${t.provider} in ('google', 'microsoft', 'caldav')`),
  ],
);

/** The calendar services a connection can be with (lib/ports/calendar.ts). */
export type CalendarProviderName = "google" | "microsoft" | "caldav";

// The sandbox calendars' events (the stand-in for Google, Outlook and CalDAV calendars): what a booking would have put in
// a practitioner's calendar, and what its free/busy answers from. Real events live with their provider.
export const calendarEvents = pgTable(
  "calendar_events",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practitionerId: uuid("practitioner_id").notNull(),
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
  (t) => [
    primaryKey({ columns: [t.practitionerId, t.eventId] }),
    index("calendar_events_practitioner_starts_idx").on(t.practitionerId, t.startsAt),
    index("calendar_events_user_starts_idx").on(t.userId, t.startsAt),
    foreignKey({
      columns: [t.practitionerId, t.userId],
      foreignColumns: [practitioners.id, practitioners.userId],
      name: "calendar_events_practitioner_fk",
    }).onDelete("cascade"),
  ],
);

/** A service a practitioner offers, and how long its appointments last. */
export type PractitionerService = { name: string; durationMinutes: number };

/**
 * Who appointments are with. Every business has at least one: the database makes the first with the account (a trigger
 * on users, migration 0024), whatever creates it (registration, a checkout, the seed): the owner, offering every service
 * of the practice on its hours. `name` null: the owner, named by the account (a checkout makes an account before its
 * owner gives a name); `services` empty: the practice's services, at its appointment length; `working_hours` null: the
 * practice's hours.
 */
export const practitioners = pgTable(
  "practitioners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name"),
    services: jsonb("services")
      .$type<PractitionerService[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    workingHours: jsonb("working_hours").$type<WorkingHours>(),
    // The order the practice lists them in; the first one takes a booking that names no one.
    position: integer("position").notNull().default(0),
    // Removed by the owner: no longer listed or booked, kept for the appointments they had.
    removedAt: ts("removed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("practitioners_user_idx").on(t.userId, t.position),
    // A name is how a caller asks for someone: two alike in one practice could not be told apart.
    uniqueIndex("practitioners_user_name_unique")
      .on(t.userId, sql`lower(${t.name})`)
      .where(sql`${t.removedAt} is null`),
    // What an appointment's reference names: a practitioner of the same business (below).
    uniqueIndex("practitioners_id_user_unique").on(t.id, t.userId),
  ],
);

// Two booked appointments with one practitioner never overlap: see the exclusion constraint in the migrations.
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Who the appointment is with: a practitioner of this business (the foreign key below) not removed when it was booked
    // or given to them (a trigger, migration 0025).
    practitionerId: uuid("practitioner_id").notNull(),
    patientName: text("patient_name").notNull(),
    patientEmail: text("patient_email"),
    patientPhone: text("patient_phone"),
    // The number the caller rang from (E.164), when they asked for the confirmations at another one: a later call from
    // it still finds the appointment.
    callerPhone: text("caller_phone"),
    reason: text("reason"),
    // Who booked it when that is not the patient (a parent for a child): the texts and lists say whose it is.
    callerName: text("caller_name"),
    // The channel the caller asked for their texts (sms, whatsapp or both); null: the business's default.
    notifyChannel: text("notify_channel", { enum: ["sms", "whatsapp", "both"] }),
    // Asked by the receptionist only when the owner turned the birth-date check on; it proves who may change the
    // appointment by phone, so the retention job clears it once the appointment is over.
    patientBirthDate: date("patient_birth_date", { mode: "string" }),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    status: text("status", { enum: ["booked", "cancelled"] })
      .notNull()
      .default("booked"),
    // Who booked it: the owner, a call, the public booking page ("page"), a waitlist offer taken by text, or the booking
    // page opened from a recall text.
    source: text("source", { enum: ["dashboard", "phone", "page", "waitlist", "recall"] })
      .notNull()
      .default("dashboard"),
    // The service asked for when it was booked (one of the practice's services): its length, and when a recall is due.
    service: text("service"),
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
    // How they confirmed: by a text, or on a reminder call.
    confirmedBy: text("confirmed_by", { enum: ["text", "phone"] }),
    // The caller agreed to be called about this appointment (a reminder call the day before), when and where they said
    // so. Without it nobody is called; a "don't call me" given later ends it (call_opt_outs).
    callConsent: boolean("call_consent").notNull().default(false),
    callConsentAt: ts("call_consent_at"),
    callConsentSource: text("call_consent_source", { enum: ["phone", "page", "dashboard"] }),
    // Whether the patient came, as the practice marked it once the appointment began (null: not marked): the no-shows
    // the insights compare with and without a reminder call.
    attendance: text("attendance", { enum: ["attended", "no_show"] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // With a practitioner of its own business, never another's.
    foreignKey({
      name: "appointments_practitioner_fk",
      columns: [t.practitionerId, t.userId],
      foreignColumns: [practitioners.id, practitioners.userId],
    }),
    index("appointments_user_starts_idx").on(t.userId, t.startsAt),
    uniqueIndex("appointments_booking_key_unique")
      .on(t.userId, t.bookingKey)
      .where(sql`${t.bookingKey} is not null`),
    index("appointments_user_phone_idx").on(t.userId, t.patientPhone),
    // The reminder-call sweep's scan: appointments to come whose caller agreed to a call.
    index("appointments_call_consent_idx")
      .on(t.startsAt)
      .where(sql`${t.callConsent} and ${t.status} = 'booked'`),
    index("appointments_user_caller_phone_idx")
      .on(t.userId, t.callerPhone)
      .where(sql`${t.callerPhone} is not null`),
    check("appointments_notify_channel_known", sql`${t.notifyChannel} is null or ${t.notifyChannel} in ('sms', 'whatsapp', 'both')`),
  ],
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
    // phone and dashboard, the booking page, the waitlist and recall, or the caller on their own: "text" (an answer to
    // our text), "link" (the self-service link).
    source: text("source", { enum: ["phone", "dashboard", "text", "link", "page", "waitlist", "recall"] }).notNull(),
    // Who in the practice made a dashboard or API change: the person (owner or member) or the API key, with their name
    // as it was then. Null for the caller's own changes and the receptionist's. Erasing the person keeps the line with
    // the name replaced by a neutral placeholder.
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorKeyId: uuid("actor_key_id"),
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("appointment_changes_user_idx").on(t.userId, t.createdAt),
    index("appointment_changes_actor_idx")
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} is not null`),
    // An erased appointment clears its lines (ON DELETE SET NULL): found by this index, not a scan.
    index("appointment_changes_appointment_idx").on(t.appointmentId),
    check(
      "appointment_changes_known",
      sql`${t.kind} in ('booked', 'rescheduled', 'cancelled') and ${t.source} in ('phone', 'dashboard', 'text', 'link', 'page', 'waitlist', 'recall')`,
    ),
  ],
);

// Days that differ from the working week, for the practice or one practitioner: closed (holidays, training), or open on
// other hours. Local dates of the business, both ends included; two closures of the practice, or of one practitioner,
// never overlap (see the exclusion constraint in the migrations), so each day has one rule for each.
export const closures = pgTable(
  "closures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Null: the whole practice is closed. Set: one practitioner is away (a training day, their holiday) or works other
    // hours; the others work as usual.
    practitionerId: uuid("practitioner_id"),
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
    foreignKey({
      name: "closures_practitioner_fk",
      columns: [t.practitionerId, t.userId],
      foreignColumns: [practitioners.id, practitioners.userId],
    }).onDelete("cascade"),
    index("closures_user_idx").on(t.userId, t.startsOn),
    check("closures_range", sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      "closures_hours",
      sql`(${t.openTime} is null and ${t.closeTime} is null) or (${t.openTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closeTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closeTime} > ${t.openTime})`,
    ),
    check("closures_source_known", sql`${t.source} in ('owner', 'holiday')`),
  ],
);

/**
 * Public holidays the owner keeps open ("we are open on Boxing Day"): filling the holidays again never closes that day.
 */
export const holidayOpenings = pgTable(
  "holiday_openings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    // The holiday's name when it was opened, for the Closures page.
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The practice's public booking page (`/{locale}/b/{slug}`): off until the owner turns it on. The slug is its address,
 * lower case, unique across practices.
 */
export const bookingPages = pgTable(
  "booking_pages",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    enabled: boolean("enabled").notNull().default(false),
    // Off by default: a caller who looked for a time and hung up before booking is texted the page's link unasked. A
    // text from a medical practice tells whoever reads the phone that it was called, so the owner decides.
    textAfterHangUp: boolean("text_after_hang_up").notNull().default(false),
    // When the owner was last emailed that the page is being flooded with code requests: one email per day at most.
    abuseNotifiedAt: ts("abuse_notified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("booking_pages_slug_unique").on(t.slug),
    check("booking_pages_slug_form", sql`${t.slug} ~ '^[a-z0-9]([a-z0-9-]{1,38}[a-z0-9])$'`),
  ],
);

/** A window of the day a person on the waitlist can come, local "HH:MM" times. */
export type WaitlistTimes = { from: string; to: string }[];

/**
 * People waiting for an earlier appointment: the days they can come (local dates, both ends included), optionally the
 * times of day and the service. Offered a freed slot in the order they joined (`created_at`).
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // E.164: where offers are texted, and whose YES takes one.
    phone: text("phone").notNull(),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    service: text("service"),
    // Null: any time the practice is open.
    times: jsonb("times").$type<WaitlistTimes>(),
    language: text("language", { enum: ["en", "fr", "es"] })
      .notNull()
      .default("en"),
    // Where offers go: a text, or WhatsApp when the person asked for it.
    channel: text("channel", { enum: ["sms", "whatsapp"] })
      .notNull()
      .default("sms"),
    // Who added them: the owner, or the receptionist on a call.
    source: text("source", { enum: ["dashboard", "phone"] })
      .notNull()
      .default("dashboard"),
    callId: uuid("call_id"),
    // "waiting" until an offer is taken ("booked", with the appointment) or the last day has passed ("expired").
    status: text("status", { enum: ["waiting", "booked", "expired"] })
      .notNull()
      .default("waiting"),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("waitlist_entries_user_idx").on(t.userId, t.status, t.createdAt),
    check("waitlist_entries_days", sql`${t.fromDate} <= ${t.toDate}`),
    check("waitlist_entries_known", sql`${t.status} in ('waiting', 'booked', 'expired') and ${t.channel} in ('sms', 'whatsapp')`),
  ],
);

/**
 * A freed slot offered to one person on the waitlist. Every offer of one slot shares its `slot_key` (practitioner and
 * start): the first YES takes it (status "taken"), the other open offers of that key become "gone" and are told so.
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    practitionerId: uuid("practitioner_id").notNull(),
    slotKey: text("slot_key").notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    status: text("status", { enum: ["open", "taken", "gone", "expired"] })
      .notNull()
      .default("open"),
    expiresAt: ts("expires_at").notNull(),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("waitlist_offers_user_idx").on(t.userId, t.status),
    index("waitlist_offers_entry_idx").on(t.entryId),
    // One offer of a slot per person: a slot freed twice (cancelled, rebooked, cancelled) is not texted twice.
    uniqueIndex("waitlist_offers_entry_slot_unique").on(t.entryId, t.slotKey),
    check("waitlist_offers_known", sql`${t.status} in ('open', 'taken', 'gone', 'expired')`),
  ],
);

/** Per service, how many months after an appointment for it a caller is due again (a check-up, a cleaning). */
export const serviceRecalls = pgTable(
  "service_recalls",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service: text("service").notNull(),
    intervalMonths: integer("interval_months").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.service] }), check("service_recalls_interval", sql`${t.intervalMonths} between 1 and 60`)],
);

/**
 * A recall text sent: to whom, for which service, after which appointment (at most one per appointment, so one per
 * interval), and the booking it led to.
 */
export const recallTexts = pgTable(
  "recall_texts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    service: text("service").notNull(),
    // The appointment the interval counts from; null once it is erased.
    afterAppointmentId: uuid("after_appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    sentAt: ts("sent_at").notNull(),
    bookedAppointmentId: uuid("booked_appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("recall_texts_user_idx").on(t.userId, t.sentAt),
    uniqueIndex("recall_texts_once_unique").on(t.userId, t.phone, t.service, t.dueOn),
  ],
);
