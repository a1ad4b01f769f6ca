// Calendar connections: one per practitioner, with Google, Outlook (Microsoft Graph) or a CalDAV server, each through
// its real adapter or its sandbox twin (lib/scheduling/calendar/calendar-router.ts). The secret (a refresh token, an app
// password) is kept encrypted (AES-256-GCM) and opened only to act on that practitioner's calendar.
import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { appointments, calendarConnections, practitioners } from "@/db/schema";
import { markSetupStep } from "@/lib/accounts/account/onboarding";
import { forgetBusinesses } from "@/lib/accounts/business/business";
import type { CalendarGrantRow } from "@/lib/accounts/business/tenant";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import { AppError } from "@/lib/platform/errors";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import { logger } from "@/lib/platform/log/logger";
import type { CalendarAccess, CalendarConsent, CalendarProvider, Calendars } from "@/lib/ports/calendar";

export type CalendarDeps = { db: Db; calendar: Calendars; secrets: SecretBox; jobs?: JobQueue };

/** Appointments ahead written to a calendar just connected, at most: a practitioner's agenda for months, not years. */
const BACKFILL_MAX = 500;

/**
 * The practitioner a calendar route acts for: the one named, if still in this practice (another practice's id is not
 * found), or the practice's first (the owner), for the routes of a practice of one that name no one; null for an
 * account with no practitioner (an administrator's).
 */
async function practitionerOf(
  db: Db | Tx,
  userId: string,
  practitionerId: string | undefined,
  lock?: "no key update",
): Promise<string | null> {
  const query = db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(
      and(
        eq(practitioners.userId, userId),
        isNull(practitioners.removedAt),
        practitionerId ? eq(practitioners.id, practitionerId) : undefined,
      ),
    )
    .orderBy(asc(practitioners.position), asc(practitioners.createdAt))
    .limit(1);
  // FOR NO KEY UPDATE: a removal (FOR UPDATE) and a second connection wait their turn; a booking's trigger (FOR SHARE)
  // waits only as long as this short transaction.
  const [row] = lock ? await query.for(lock) : await query;
  if (!row && practitionerId) throw new AppError("not_found", "practitionerNotFound");
  return row?.id ?? null;
}

/**
 * Connects a practitioner's calendar: the popup's code exchanged, or the CalDAV account checked, by the provider's
 * adapter for new connections; reconnecting replaces the grant, whichever provider it was with. The practitioner's row
 * is locked while the grant is kept (a removal in progress is waited for and then seen, and two connections at once
 * take turns); a grant that could not be kept is handed back to its provider.
 */
export async function connectCalendar(
  deps: CalendarDeps,
  userId: string,
  provider: CalendarProvider,
  consent: CalendarConsent,
  practitionerId?: string,
) {
  const adapter = deps.calendar.forNew(provider);
  const grant = await adapter.connect(consent).catch((e: unknown) => {
    // The provider could not be reached or answered oddly: the owner tries again later (503), nothing was kept.
    if (e instanceof AppError) throw e;
    logger().warn({ provider, name: (e as Error).name, message: (e as Error).message }, "calendar consent failed");
    throw new AppError("unavailable", "calendarUnavailable");
  });
  if (!grant) throw new AppError("bad_request", provider === "caldav" ? "calendarAccountRefused" : "calendarCodeInvalid");
  const connection = { provider, sandbox: adapter.sandbox, calendarId: grant.calendarId, accountEmail: grant.accountEmail };
  const values = {
    userId,
    refreshTokenEnc: deps.secrets.seal(grant.secret),
    scopes: grant.scopes,
    // The provider, and whether its twin, serve every later operation on this connection (createCalendarRouter).
    ...connection,
    connectedAt: new Date(),
    // A new grant replaces a revoked one: the calendar counts as connected again.
    revokedAt: null,
  };
  let kept: { practitioner: string; previous: PreviousGrant | undefined };
  try {
    kept = await deps.db.transaction(async (tx) => {
      const practitioner = await practitionerOf(tx, userId, practitionerId, "no key update");
      // An account that books with no one (an administrator's) has no calendar to connect.
      if (!practitioner) throw new AppError("not_found", "practitionerNotFound");
      const [previous] = await tx
        .select({
          provider: calendarConnections.provider,
          sandbox: calendarConnections.sandbox,
          refreshTokenEnc: calendarConnections.refreshTokenEnc,
          calendarId: calendarConnections.calendarId,
          accountEmail: calendarConnections.accountEmail,
        })
        .from(calendarConnections)
        .where(eq(calendarConnections.practitionerId, practitioner));
      await tx
        .insert(calendarConnections)
        .values({ practitionerId: practitioner, ...values })
        .onConflictDoUpdate({ target: calendarConnections.practitionerId, set: values });
      return { practitioner, previous };
    });
  } catch (e) {
    await adapter.revoke({ userId, practitionerId: practitionerId ?? "", secret: grant.secret, ...connection }).catch(() => {});
    throw e;
  }
  const { practitioner, previous } = kept;
  const sameCalendar =
    !!previous &&
    previous.provider === provider &&
    previous.sandbox === adapter.sandbox &&
    previous.calendarId === grant.calendarId &&
    previous.accountEmail === grant.accountEmail;
  // Another calendar's grant, replaced, is revoked where it was issued, best effort. The same account's is not: at
  // Google, revoking one refresh token ends the whole grant, the new one included.
  if (previous && !sameCalendar) await revokeQuietly(deps, userId, practitioner, previous);
  await backfill(deps, userId, practitioner, sameCalendar);
  // The setup's calendar step is done for good: a grant that lapses later is reconnected, not set up again.
  await markSetupStep(deps.db, userId, "calendar");
  forgetBusinesses(userId);
  return {
    success: true,
    hasGoogleOAuth: true,
    sandbox: adapter.sandbox,
    provider,
    practitionerId: practitioner,
    accountEmail: grant.accountEmail,
  };
}

type PreviousGrant = {
  provider: CalendarProvider;
  sandbox: boolean;
  refreshTokenEnc: string;
  calendarId: string;
  accountEmail: string | null;
};

/**
 * The practitioner's appointments ahead go into the calendar just connected (one sync job each, through the queue, the
 * nearest BACKFILL_MAX): the ones booked before it was, and those a previous calendar held. Another calendar than
 * before knows none of the previous one's event ids, so they are all forgotten and the events written anew; the same
 * calendar reconnected keeps them.
 */
async function backfill(deps: CalendarDeps, userId: string, practitionerId: string, sameCalendar: boolean): Promise<void> {
  const theirsAhead = and(
    eq(appointments.userId, userId),
    eq(appointments.practitionerId, practitionerId),
    eq(appointments.status, "booked"),
    gt(appointments.endsAt, new Date()),
  );
  if (!sameCalendar) await deps.db.update(appointments).set({ calendarEventId: null }).where(theirsAhead);
  if (!deps.jobs) return;
  const ahead = await deps.db
    .update(appointments)
    .set({ calendarSyncStatus: "pending" })
    .where(
      inArray(
        appointments.id,
        deps.db
          .select({ id: appointments.id })
          .from(appointments)
          .where(theirsAhead)
          .orderBy(asc(appointments.startsAt))
          .limit(BACKFILL_MAX),
      ),
    )
    .returning({ id: appointments.id });
  for (const { id } of ahead) await deps.jobs.send("calendar-sync", { appointmentId: id }, { singletonKey: `calendar:${id}` });
}

/**
 * Idempotent: disconnecting an unconnected calendar succeeds. The grant is revoked upstream, best effort. Without a
 * practitioner, the practice's first one's (the owner's). `hasGoogleOAuth`: some practitioner's calendar is still connected.
 */
export async function disconnectCalendar(deps: CalendarDeps, userId: string, practitionerId?: string) {
  const practitioner = await practitionerOf(deps.db, userId, practitionerId);
  // Nothing to disconnect for an account that books with no one.
  if (!practitioner) return { success: true, hasGoogleOAuth: false };
  const [removed] = await deps.db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.practitionerId, practitioner)))
    .returning({
      provider: calendarConnections.provider,
      sandbox: calendarConnections.sandbox,
      refreshTokenEnc: calendarConnections.refreshTokenEnc,
    });
  if (removed) await revokeQuietly(deps, userId, practitioner, removed);
  forgetBusinesses(userId);
  const [left] = await deps.db
    .select({ id: calendarConnections.practitionerId })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), isNull(calendarConnections.revokedAt)))
    .limit(1);
  return { success: true, hasGoogleOAuth: left !== undefined };
}

/** Revokes a grant no longer on file (disconnected, replaced, its practitioner removed): an upstream failure is not the owner's. */
export async function revokeQuietly(
  deps: Pick<CalendarDeps, "calendar" | "secrets">,
  userId: string,
  practitionerId: string,
  grant: { provider: CalendarProvider; sandbox: boolean; refreshTokenEnc: string },
): Promise<void> {
  try {
    await deps.calendar.revoke({
      userId,
      practitionerId,
      provider: grant.provider,
      sandbox: grant.sandbox,
      secret: deps.secrets.open(grant.refreshTokenEnc),
      accountEmail: null,
      calendarId: "",
    });
  } catch {
    // Already gone on our side; an upstream failure must not leave the owner unable to disconnect.
  }
}

/**
 * What an adapter needs to act on a practitioner's calendar from the grant as stored. A secret the provider replaces
 * (Microsoft's rotating refresh tokens) is kept, sealed, for the next operation.
 */
export function openGrant(
  deps: Pick<CalendarDeps, "db" | "secrets">,
  userId: string,
  practitionerId: string,
  grant: CalendarGrantRow,
): CalendarAccess {
  // The secret as this view read it: a renewal replaces only that one, never a grant connected since.
  let sealed = grant.secretEnc;
  return {
    userId,
    practitionerId,
    provider: grant.provider,
    sandbox: grant.sandbox,
    secret: deps.secrets.open(grant.secretEnc),
    accountEmail: grant.accountEmail,
    calendarId: grant.calendarId,
    renewSecret: async (secret) => {
      const next = deps.secrets.seal(secret);
      const renewed = await deps.db
        .update(calendarConnections)
        .set({ refreshTokenEnc: next })
        .where(
          and(
            eq(calendarConnections.practitionerId, practitionerId),
            eq(calendarConnections.userId, userId),
            eq(calendarConnections.refreshTokenEnc, sealed),
          ),
        )
        .returning({ practitionerId: calendarConnections.practitionerId });
      if (renewed.length) sealed = next;
      // The call's kept view of the business still holds the old secret.
      forgetBusinesses(userId);
    },
  };
}

/**
 * What an adapter needs to act on a practitioner's calendar, or null when there is no usable grant: never connected, or
 * refused by the provider since (revoked_at set), in which case the owner has to reconnect.
 */
export async function calendarAccessFor(
  deps: Pick<CalendarDeps, "db" | "secrets">,
  userId: string,
  practitionerId: string,
): Promise<CalendarAccess | null> {
  const [row] = await deps.db
    .select({
      provider: calendarConnections.provider,
      sandbox: calendarConnections.sandbox,
      secretEnc: calendarConnections.refreshTokenEnc,
      calendarId: calendarConnections.calendarId,
      accountEmail: calendarConnections.accountEmail,
      revokedAt: calendarConnections.revokedAt,
    })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.practitionerId, practitionerId)))
    .limit(1);
  if (!row || row.revokedAt) return null;
  return openGrant(deps, userId, practitionerId, row);
}

/**
 * The provider refused the grant (CalendarGrantRevokedError): keep the row, so the owner can be told what happened and
 * the Calendar page shows that practitioner's calendar as not connected, until a reconnect (connectCalendar) clears it.
 * The first refusal's time is kept; true only for that first refusal (the owner is emailed once).
 */
export async function markCalendarRevoked(
  deps: Pick<CalendarDeps, "db">,
  userId: string,
  practitionerId: string,
  /** The grant that was refused, as sealed when it was read: a grant connected since is not the one refused. */
  secretEnc?: string,
): Promise<boolean> {
  const marked = await deps.db
    .update(calendarConnections)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(calendarConnections.userId, userId),
        eq(calendarConnections.practitionerId, practitionerId),
        isNull(calendarConnections.revokedAt),
        secretEnc === undefined ? undefined : eq(calendarConnections.refreshTokenEnc, secretEnc),
      ),
    )
    .returning({ userId: calendarConnections.userId });
  // A call under way stops asking a calendar that refuses it at its next message.
  forgetBusinesses(userId);
  return marked.length > 0;
}
