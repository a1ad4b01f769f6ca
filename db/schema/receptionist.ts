// What the receptionist handles: the call log, the messages it takes and what they are about, identity codes, its
// tool calls, the owner's knowledge.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { appointments } from "./scheduling";
import { createdAt, ts, tsvector, updatedAt } from "./columns";

/** What a call achieved, from the tools it ran (a call that did several keeps the furthest: see call-log.ts). */
export const CALL_OUTCOMES = ["booked", "rescheduled", "cancelled", "message", "no_action"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * Why a call is kept out of the numbers (usage, its alerts, insights' answered calls and conversion), shown apart in
 * the call log: a caller on the owner's blocklist, a call with nothing said, and what the receptionist itself reported
 * before it hung up (a recorded robocall, a sales pitch to the business, other spam).
 */
export const CALL_SCREENINGS = ["blocked", "spam", "robocall", "sales", "silent"] as const;
/** The reasons the receptionist may give when it reports a call as unwanted (its report_spam tool). */
export const SPAM_KINDS = ["robocall", "sales", "spam"] as const satisfies readonly CallScreening[];
/** STIR/SHAKEN attestation levels a carrier signs a caller ID with: A full, B partial, C gateway (the least trust). */
export const ATTESTATIONS = ["A", "B", "C"] as const;
export type Attestation = (typeof ATTESTATIONS)[number];
export type CallScreening = (typeof CALL_SCREENINGS)[number];

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

/** How a caller's confirmations and reminders go to their phone: by text message, by WhatsApp, or both. */
export const CONFIRMATION_CHANNELS = ["sms", "whatsapp", "both"] as const;
export type ConfirmationChannel = (typeof CONFIRMATION_CHANNELS)[number];

/**
 * What the caller settled during one call, kept on the call's row while the call lasts (lib/receptionist/calls/call-memory.ts):
 * a tool call that leaves one of these out uses the call's value, one that gives a new value replaces it. Cleared when
 * the call ends. Names and numbers only as the caller gave them for this call.
 */
export type CallMemory = {
  /** The language the caller speaks. */
  language?: "en" | "fr" | "es";
  /** The practitioner asked for; null once the caller said anyone will do. */
  practitioner?: { id: string; name: string } | null;
  /** The service asked for, as the practice names it; null once the caller said any will do. */
  service?: string | null;
  /** Where the confirmation goes (E.164), when it is not the caller ID. */
  phone?: string;
  /** The channel the caller asked for. */
  channel?: ConfirmationChannel;
  /** The country of a national number the caller gave of another country than the business's (ISO 3166-1 alpha-2). */
  country?: string;
  /** Who the last appointment was for (a message taken later names them; a new booking asks again), and who is calling
   * when that is someone else (a parent for a child). */
  patientName?: string;
  callerName?: string;
  /** The times last offered, in the order said. */
  offered?: { date: string; time: string }[];
};

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
    outcome: text("outcome", { enum: CALL_OUTCOMES }).notNull().default("no_action"),
    // The caller wanted an appointment: the receptionist looked for a time or booked one during the call. Set by the
    // tool call itself, so booking success (wanted, then booked) is read in the one pass over the calls.
    wantedBooking: boolean("wanted_booking").notNull().default(false),
    // Null: a call that counts. Otherwise why it is kept out of the numbers (CALL_SCREENINGS).
    screening: text("screening", { enum: CALL_SCREENINGS }),
    // The caller ID's STIR/SHAKEN attestation, when the carrier gave one (ATTESTATIONS), and whether it verified.
    callerAttestation: text("caller_attestation", { enum: ATTESTATIONS }),
    callerVerified: boolean("caller_verified"),
    sandbox: boolean("sandbox").notNull().default(false),
    // "outbound": a reminder call the practice placed (from its line to the callee), not a call it answered.
    direction: text("direction", { enum: ["inbound", "outbound"] })
      .notNull()
      .default("inbound"),
    // When the retention job removed the transcript, summary and recording (the call's row and outcome stay).
    contentPurgedAt: ts("content_purged_at"),
    // What the caller settled while the call lasts (CallMemory); null once it has ended.
    memory: jsonb("memory").$type<CallMemory>(),
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
    check("calls_screening_known", sql`${t.screening} is null or ${t.screening} in (${sqlList(CALL_SCREENINGS)})`),
    check("calls_attestation_known", sql`${t.callerAttestation} is null or ${t.callerAttestation} in (${sqlList(ATTESTATIONS)})`),
  ],
);

/** How long an attestation no call took is kept: no call takes it after two minutes, and it holds phone numbers. */
export const ATTESTATION_KEEP_MS = 10 * 60_000;

/**
 * A carrier's attestation of a caller ID for a call on its way to the voice platform, which knows nothing of it: kept
 * by line and caller until the call's own row takes it (whichever of the two messages arrives first), minutes at most.
 */
export const callerAttestations = pgTable(
  "caller_attestations",
  {
    line: text("line").notNull(),
    caller: text("caller").notNull(),
    attestation: text("attestation", { enum: ATTESTATIONS }).notNull(),
    // Null: the carrier did not say whether it verified the signature.
    verified: boolean("verified"),
    receivedAt: ts("received_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.line, t.caller] }),
    check("caller_attestations_known", sql`${t.attestation} in (${sqlList(ATTESTATIONS)})`),
  ],
);

/**
 * Where the receptionist puts a caller through, in the order it tries them when one does not answer: a person or a
 * desk, and when to choose them in the owner's words ("billing questions"). None: the business's own phone.
 */
export const callRoutes = pgTable(
  "call_routes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    // E.164: the platform dials nothing else.
    phone: text("phone").notNull(),
    when: text("when"),
    // Who is tried when this one does not answer: the position of another destination of the same list (meant for the
    // same kind of call); null: a message is taken. Never a destination meant for something else by default.
    backupPosition: integer("backup_position"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("call_routes_user_position_unique").on(t.userId, t.position),
    check("call_routes_backup_other", sql`${t.backupPosition} is null or ${t.backupPosition} <> ${t.position}`),
  ],
);

/** The numbers an owner does not want answered: their calls hear one sentence and end, uncounted. */
export const blockedNumbers = pgTable(
  "blocked_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // E.164, as the caller ID of a call arrives.
    phone: text("phone").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("blocked_numbers_user_phone_unique").on(t.userId, t.phone)],
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
    // A business's rows of a period: what the insights read. With the answer time in the index, the percentiles are read
    // from the index alone (on the pages a vacuum marked all-visible).
    index("call_tool_calls_user_idx").on(t.userId, t.createdAt, t.durationMs),
    check("call_tool_calls_known", sql`${t.outcome} in ('result', 'error', 'failed') and ${t.durationMs} >= 0`),
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

/**
 * What a reminder call came to: the callee's answer (confirmed, cancelled, rescheduled), the line's (voicemail, no
 * answer, busy), "answered" when someone picked up and decided nothing, "failed" when the call could not be made, and
 * "skipped" when it was not placed at all (SKIP_REASONS). "calling" while a try is under way, "scheduled" before the first.
 */
export const REMINDER_CALL_STATUSES = [
  "scheduled",
  "calling",
  "confirmed",
  "cancelled",
  "rescheduled",
  "answered",
  "voicemail",
  "no_answer",
  "busy",
  "failed",
  "skipped",
] as const;
export type ReminderCallStatus = (typeof REMINDER_CALL_STATUSES)[number];
/**
 * Why a reminder call was not placed: consent withdrawn, a "don't call me", no time left outside quiet hours, the
 * appointment cancelled or over, the practice without a live line, or a number we never dial (premium, a country the
 * practice does not serve).
 */
export const REMINDER_SKIP_REASONS = ["no_consent", "opted_out", "quiet_hours", "cancelled", "no_line", "not_dialable"] as const;
export type ReminderSkipReason = (typeof REMINDER_SKIP_REASONS)[number];

/** A practice's reminder calls: off until the owner turns them on, placed so many hours before each appointment. */
export const reminderCallSettings = pgTable(
  "reminder_call_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    hoursBefore: integer("hours_before").notNull().default(24),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("reminder_call_settings_hours", sql`${t.hoursBefore} between 2 and 72`)],
);

/**
 * One appointment's reminder call, at most one per appointment (the unique index is what keeps two instances of the
 * sweep from calling twice): its tries, the call under way and what came of it. Erased with its appointment.
 */
export const reminderCalls = pgTable(
  "reminder_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    // The number called (E.164): the appointment's, when the sweep took it.
    phone: text("phone").notNull(),
    status: text("status", { enum: REMINDER_CALL_STATUSES }).notNull().default("scheduled"),
    skipReason: text("skip_reason", { enum: REMINDER_SKIP_REASONS }),
    attempts: integer("attempts").notNull().default(0),
    // When the next try may be placed (the first, or a retry after no answer); null: no try waits.
    nextAttemptAt: ts("next_attempt_at"),
    // The voice platform's id of the try under way or last made.
    providerCallId: text("provider_call_id"),
    placedAt: ts("placed_at"),
    endedAt: ts("ended_at"),
    durationSeconds: integer("duration_seconds"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reminder_calls_appointment_unique").on(t.appointmentId),
    uniqueIndex("reminder_calls_provider_call_unique")
      .on(t.providerCallId)
      .where(sql`${t.providerCallId} is not null`),
    index("reminder_calls_user_idx").on(t.userId, t.createdAt),
    // The sweep's scan: the tries that wait.
    index("reminder_calls_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    check("reminder_calls_status_known", sql`${t.status} in (${sqlList(REMINDER_CALL_STATUSES)})`),
  ],
);

/**
 * The numbers that asked a practice for no more reminder calls: a "don't call me" on any call, or a STOP to its line.
 * A consent given later than `createdAt` (a new booking with the box ticked) calls them again.
 */
export const callOptOuts = pgTable(
  "call_opt_outs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phone] })],
);
