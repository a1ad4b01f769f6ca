// The tenant: one account and what hangs off it one-to-one (its dedicated line, assistant settings, billing record),
// with its practitioners and their calendar grants, read in one indexed lookup. Every view of a business (business.ts
// for a call and its bookings, profile.ts for the account page, contact.ts for messages) is a projection of this one
// row, so a fact such as "the calendar is connected" or "the business's name" has one definition.
//
// Every join is one-to-one (each joined table is keyed or uniquely indexed by the user), so a left join never repeats
// an account; what there are several of (practitioners, closures, calendar connections) is aggregated in a subquery.
// The password hash (only whether one is set) and session data are never read here; the calendar grants are read
// (encrypted) because a call needs them without a second query, and only the call's view carries them.
import { preparedPerHandle } from "@/db/prepared";
import { asc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  aiParameters,
  calendarConnections,
  phoneNumbers,
  reminderCallSettings,
  subscriptions,
  users,
  type CalendarProviderName,
  type PractitionerService,
  type WorkingHours,
} from "@/db/schema";
import { subscriptionRecordColumns } from "@/lib/accounts/subscriptions/subscription-columns";

const baseColumns = {
  userId: users.id,
  ownerName: users.fullName,
  ownerEmail: users.email,
  ownerPhone: users.phone,
  role: users.type,
  businessName: users.businessName,
  businessType: users.businessType,
  specialty: users.specialty,
  businessSize: users.businessSize,
  businessAddress: users.businessAddress,
  serviceFrequency: users.serviceFrequency,
  services: users.services,
  workingHours: users.workingHours,
  appointmentDuration: users.appointmentDuration,
  aiInstructions: users.aiInstructions,
  timeZone: users.timeZone,
  locale: users.locale,
  // The countries besides its own whose numbers the practice calls and texts (lib/platform/phone/number-kinds.ts).
  servedCountries: users.servedCountries,
  isActive: users.isActive,
  // Set up: a password chosen (an account a checkout created waits for its owner to open the emailed link).
  setUp: sql<boolean>`${users.passwordHash} is not null`,
  recordingEnabled: users.recordingEnabled,
  selfServiceCutoffHours: users.selfServiceCutoffHours,
  birthDateCheck: users.birthDateCheck,
  confirmationChannel: users.confirmationChannel,
  clockFormat: users.clockFormat,
  // The practice places reminder calls: its callers are asked for their consent, and may refuse them on any call.
  reminderCalls: sql<boolean>`exists (select 1 from ${reminderCallSettings} rc where rc.user_id = ${users.id} and rc.enabled)`,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  line: phoneNumbers.phoneNumber,
  aiLanguage: aiParameters.language,
  aiVoiceId: aiParameters.voiceId,
  aiFirstMessage: aiParameters.firstMessage,
  aiAgentName: aiParameters.agentName,
  // Some practitioner's calendar is connected, with a grant its provider has not refused.
  calendarConnected: sql<boolean>`exists (select 1 from ${calendarConnections} cc where cc.user_id = ${users.id} and cc.revoked_at is null)`,
  // When a provider first refused a grant still on file: that practitioner's calendar has to be reconnected.
  calendarRevokedAt: sql<Date | null>`(select min(cc.revoked_at) from ${calendarConnections} cc where cc.user_id = ${users.id})`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
  ...subscriptionRecordColumns,
  subPaymentFailedAt: subscriptions.lastPaymentFailedAt,
  subCancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
};

/** How far ahead closures are read: as far as anything can be booked (two years), no further. */
const CLOSURES_AHEAD_DAYS = 733;

/**
 * The columns, with the practice's closures and its practitioners (with their own closures): the closures that matter
 * from `since` (a date, YYYY-MM-DD: the caller's yesterday, so every zone's today is in) for as far as bookings go, read
 * in the same round trip.
 */
function tenantColumns(since: SQL | Placeholder) {
  return {
    ...baseColumns,
    closures: sql<ClosureRow[]>`coalesce((
      select json_agg(json_build_object('from', c.starts_on, 'to', c.ends_on, 'openTime', c.open_time,
        'closeTime', c.close_time, 'reason', c.reason, 'holiday', c.source = 'holiday') order by c.starts_on)
      from closures c
      where c.user_id = ${users.id} and c.practitioner_id is null
        and c.ends_on >= ${since}::date and c.starts_on <= ${since}::date + ${CLOSURES_AHEAD_DAYS}::int
    ), '[]'::json)`,
    practitioners: sql<PractitionerRow[]>`coalesce((
      select json_agg(json_build_object('id', p.id, 'name', coalesce(p.name, ${users.fullName}), 'services', p.services,
        'workingHours', p.working_hours,
        'calendar', (select json_build_object('provider', cc.provider, 'sandbox', cc.sandbox, 'secretEnc', cc.refresh_token_enc,
          'calendarId', cc.calendar_id, 'accountEmail', cc.account_email)
          from calendar_connections cc where cc.practitioner_id = p.id and cc.revoked_at is null),
        'closures', coalesce((
          select json_agg(json_build_object('from', c.starts_on, 'to', c.ends_on, 'openTime', c.open_time,
            'closeTime', c.close_time, 'reason', c.reason) order by c.starts_on)
          from closures c
          where c.user_id = p.user_id and c.practitioner_id = p.id
            and c.ends_on >= ${since}::date and c.starts_on <= ${since}::date + ${CLOSURES_AHEAD_DAYS}::int
        ), '[]'::json)) order by p.position, p.created_at)
      from practitioners p
      where p.user_id = ${users.id} and p.removed_at is null
    ), '[]'::json)`,
  };
}

/** The day before `now` (UTC, YYYY-MM-DD): the first day any zone's today can be. */
export function sinceDate(now: Date): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}
const sinceOf = (now: Date): SQL => sql`${sinceDate(now)}`;

/**
 * Who the practice books with, in its order (the first takes what names no one): the name said (the owner's, for the
 * practitioner the account made), the services they offer (empty: the practice's), their own week (null: the
 * practice's) and their own closures.
 */
export type PractitionerRow = {
  id: string;
  name: string;
  services: PractitionerService[];
  workingHours: WorkingHours | null;
  /** Their calendar's grant as stored (encrypted), read in the same lookup: null when not connected or refused since. */
  calendar: CalendarGrantRow | null;
  /** Their own days away or on other hours, still to come (the practice's are the business's `closures`). */
  closures: ClosureRow[];
};

/**
 * Who an appointment is with, to be named to a caller: only in a practice of several (a practice of one is "us"), and
 * only someone still in it.
 */
export function practitionerToName(practitioners: readonly { id: string; name: string }[], practitionerId: string): string | null {
  if (practitioners.length < 2) return null;
  return practitioners.find((p) => p.id === practitionerId)?.name ?? null;
}

/**
 * A day or run of days that differs from the week: closed (no hours) or open on other hours; local dates, inclusive.
 * `holiday`: a public holiday filled in from the business's country and region (its reason is the holiday's name).
 */
export type ClosureRow = {
  from: string;
  to: string;
  openTime: string | null;
  closeTime: string | null;
  reason: string | null;
  holiday?: boolean;
};

/** The one query every view reads through; the caller adds where, order and limit. */
export function tenantQuery(db: Pick<Db, "select">, since: SQL | Placeholder = sinceOf(new Date())) {
  return db
    .select(tenantColumns(since))
    .from(users)
    .leftJoin(phoneNumbers, eq(phoneNumbers.assignedToUserId, users.id))
    .leftJoin(aiParameters, eq(aiParameters.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id));
}

export type TenantRow = Awaited<ReturnType<typeof tenantQuery>>[number];

export async function tenantByOwner(db: Pick<Db, "select">, userId: string, now = new Date()): Promise<TenantRow | null> {
  const [row] = await tenantQuery(db, sinceOf(now)).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * The tenant whose dedicated number this is; null when the number is not assigned to anyone. Every message of every call
 * starts here, so its SQL is built once per database handle (db/prepared.ts) rather than on each message.
 */
export async function tenantByLine(db: Pick<Db, "select">, line: string, now = new Date()): Promise<TenantRow | null> {
  const [row] = await byLine(db).execute({ line, since: sinceDate(now) });
  return row ?? null;
}
const byLine = preparedPerHandle((db: Pick<Db, "select">) =>
  tenantQuery(db, sql.placeholder("since"))
    .where(eq(phoneNumbers.phoneNumber, sql.placeholder("line")))
    .limit(1)
    .prepare("tenant_by_line"),
);

/** Every tenant, oldest account first. */
export async function allTenants(db: Pick<Db, "select">): Promise<TenantRow[]> {
  return tenantQuery(db).orderBy(asc(users.createdAt), asc(users.id));
}

/** A practitioner's calendar grant as stored: the service, whether its sandbox twin, the encrypted secret, which calendar. */
export type CalendarGrantRow = {
  provider: CalendarProviderName;
  sandbox: boolean;
  secretEnc: string;
  calendarId: string;
  accountEmail: string | null;
};

/** The name callers and messages use: the business's, else its owner's. */
export function displayNameOf(r: TenantRow): string {
  return r.businessName?.trim() || r.ownerName;
}
