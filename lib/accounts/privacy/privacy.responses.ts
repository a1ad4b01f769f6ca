// What the privacy routes answer (settings, export, erasure), as zod schemas for the route declarations' `response`
// (lib/server/api-route.ts), written from lib/accounts/privacy/retention.ts, export.ts and erase.ts.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

export const privacySettingsResponse = z.strictObject({
  retentionDays: z.number().int().describe("Days a call's transcript, summary and recording are kept."),
  recordingEnabled: z.boolean(),
  birthDateCheck: z
    .boolean()
    .describe("The receptionist asks for the date of birth when booking; a caller can then prove an appointment is theirs with it."),
  retentionLimits: z.strictObject({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
});

const count = z.number().int();
const erasedCounts = {
  appointments: count,
  calls: count,
  messages: count,
  texts: count.describe("Texts of the inbox's threads."),
  notifications: count,
};

export const accountErasedResponse = z.strictObject({
  message: z.string(),
  erased: z.strictObject({ ...erasedCounts, numberReleased: z.boolean(), subscriptionCancelled: z.boolean() }),
});

export const callerErasedResponse = z.strictObject({ message: z.string(), erased: z.strictObject(erasedCounts) });

const row = z.record(z.string(), z.unknown()).describe("A stored row: its columns, dates as ISO strings.");

/** The right of access's document: every row held for the account, as stored (its columns are the schema's, db/). */
export const accountExportResponse = z.strictObject({
  format: z.literal("recepta-account-export/1"),
  exportedAt: instant,
  profile: z.looseObject({ hasPassword: z.boolean() }).describe("The account's row, without the password hash."),
  aiParameters: row.nullable(),
  phoneNumber: row.nullable(),
  calendars: z.array(row).describe("Each practitioner's calendar connection, without its secret."),
  calendarEvents: z.array(row),
  closures: z.array(row).describe("Days closed or on special hours."),
  holidayOpenings: z.array(row).describe("The public holidays the owner keeps open."),
  practitioners: z.array(row).describe("Who appointments are with: each one's name (none: the owner), services and hours."),
  blockedNumbers: z.array(row).describe("The numbers whose calls are not answered."),
  callRouting: z.array(row).describe("Who callers are put through to, what each is for, and whom to try when each does not answer."),
  bookingPage: row.nullable().describe("The public booking page: its address and whether it is on."),
  knowledge: z.array(row).describe("The answers, prices and policies the receptionist may tell callers."),
  appointments: z.array(row),
  waitlist: z.array(row).describe("People waiting for an earlier appointment: their number, days, times and service."),
  waitlistOffers: z.array(row).describe("The freed slots offered to them by text, and what became of each offer."),
  calls: z.array(row),
  messagesTaken: z.array(row),
  threads: z.array(row).describe("The inbox's conversations, one per caller."),
  threadMessages: z.array(row).describe("The texts of those conversations, both ways."),
  pendingReplies: z.array(row).describe("Cancellations asked for by text, waiting for the caller's yes."),
  optOuts: z.array(row).describe("The numbers that asked this business for no more texts (STOP), per channel."),
  serviceRecalls: z.array(row).describe("Per service, the months after an appointment when a caller is due again."),
  recallTexts: z.array(row).describe("The recall texts sent: number, service, due date, when, and the booking that followed."),
  reminderCallSettings: z.array(row).describe("Whether reminder calls are placed, and how many hours before an appointment."),
  reminderCalls: z.array(row).describe("The reminder calls: the number called, the appointment, the tries and what each came to."),
  callOptOuts: z.array(row).describe("The numbers that asked this business for no more reminder calls, and when."),
  verificationCodes: z
    .array(row)
    .describe("Numbers calls proved they hold, with a texted code or a name and date of birth (never the code)."),
  notificationsSent: z.array(row),
  subscription: row.nullable(),
  checkouts: z.array(row),
  sessions: z.array(row),
  signInAttempts: z.array(row),
  apiKeys: z.array(row).describe("The API keys the owner's other tools use: name, scopes, when made and last used (never the key)."),
  webhookEndpoints: z.array(row).describe("Where the owner's webhooks go, and which events (never the signing secret)."),
  webhookDeliveries: z.array(row).describe("The webhooks sent in the last 30 days: the event, what was sent, and how it went."),
  calendarFeeds: z.array(row).describe("The private calendar feed addresses made (never the address's token)."),
  auditLog: z
    .array(row)
    .describe("What was done in the practice and by whom: the owner, a member or an API key, by the name they had then."),
  appointmentChanges: z
    .array(row)
    .describe("Each booking, move and cancellation: from where, and who in the practice made it (a member or an API key, by name)."),
  members: z.array(row).describe("The team: email, name, role, status (invited or active), practitioner, and when invited and joined."),
});

/** A person's own data, whichever practices they work in: never a practice's. */
export const personalExportResponse = z.strictObject({
  format: z.literal("recepta-personal-export/1"),
  exportedAt: instant,
  profile: z.looseObject({ hasPassword: z.boolean() }).describe("The person's own account row, without the password hash."),
  memberships: z.array(row).describe("The practices they were invited to or joined: the practice, their role, and when."),
  sessions: z.array(row).describe("Their sign-ins: when each began and ends, and the practice it works in."),
  auditLog: z.array(row).describe("What they did in the practices they work in, as the practices' audit logs record it."),
  appointmentChanges: z.array(row).describe("The appointments they booked or cancelled for a practice: which, when, and from where."),
});
