import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calendarConnections } from "@/db/schema";
import { markSetupStep } from "@/lib/accounts/account/onboarding";
import { forgetBusinesses } from "@/lib/accounts/business/business";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import { AppError } from "@/lib/platform/errors";
import type { CalendarAccess, CalendarPort } from "@/lib/ports/calendar";

export type CalendarDeps = { db: Db; calendar: CalendarPort; secrets: SecretBox };

/** Exchanges the popup's code and keeps the refresh token encrypted (AES-256-GCM); reconnecting replaces the grant. */
export async function connectCalendar(deps: CalendarDeps, userId: string, code: string) {
  const grant = await deps.calendar.exchangeCode(code);
  if (!grant) throw new AppError("bad_request", "calendarCodeInvalid");
  const values = {
    refreshTokenEnc: deps.secrets.seal(grant.refreshToken),
    accountEmail: grant.accountEmail,
    scopes: grant.scopes,
    // The provider that issued the grant serves every later operation on this connection (createCalendarRouter);
    // `sandbox` says the same for the readers that only ask whether the calendar is the stand-in.
    provider: deps.calendar.kind,
    sandbox: deps.calendar.kind === "sandbox",
    connectedAt: new Date(),
    // A new grant replaces a revoked one: the calendar counts as connected again.
    revokedAt: null,
  };
  await deps.db
    .insert(calendarConnections)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarConnections.userId, set: values });
  // The setup's calendar step is done for good: a grant that lapses later is reconnected, not set up again.
  await markSetupStep(deps.db, userId, "calendar");
  return { success: true, hasGoogleOAuth: true, sandbox: values.sandbox };
}

/** Idempotent: disconnecting an unconnected calendar succeeds. The grant is revoked upstream, best effort. */
export async function disconnectCalendar(deps: CalendarDeps, userId: string) {
  const [removed] = await deps.db
    .delete(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .returning({ provider: calendarConnections.provider, refreshTokenEnc: calendarConnections.refreshTokenEnc });
  if (removed) {
    try {
      await deps.calendar.revoke({ provider: removed.provider, refreshToken: deps.secrets.open(removed.refreshTokenEnc) });
    } catch {
      // Already gone on our side; an upstream failure must not leave the owner unable to disconnect.
    }
  }
  return { success: true, hasGoogleOAuth: false };
}

/**
 * What an adapter needs to act on the owner's calendar, or null when there is no usable grant: never connected, or
 * refused by the provider since (revoked_at set), in which case the owner has to reconnect.
 */
export async function calendarAccessFor(deps: Pick<CalendarDeps, "db" | "secrets">, userId: string): Promise<CalendarAccess | null> {
  const [row] = await deps.db
    .select({
      provider: calendarConnections.provider,
      refreshTokenEnc: calendarConnections.refreshTokenEnc,
      calendarId: calendarConnections.calendarId,
      revokedAt: calendarConnections.revokedAt,
    })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .limit(1);
  if (!row || row.revokedAt) return null;
  return { userId, provider: row.provider, refreshToken: deps.secrets.open(row.refreshTokenEnc), calendarId: row.calendarId };
}

/**
 * The provider refused the grant (CalendarGrantRevokedError): keep the row, so the owner can be told what happened and
 * the profile shows the calendar as not connected, until a reconnect (connectCalendar) clears it. The first refusal's
 * time is kept; true only for that first refusal (the owner is emailed once).
 */
export async function markCalendarRevoked(deps: Pick<CalendarDeps, "db">, userId: string): Promise<boolean> {
  const marked = await deps.db
    .update(calendarConnections)
    .set({ revokedAt: new Date() })
    .where(and(eq(calendarConnections.userId, userId), isNull(calendarConnections.revokedAt)))
    .returning({ userId: calendarConnections.userId });
  // A call under way stops asking a calendar that refuses it at its next message.
  forgetBusinesses(userId);
  return marked.length > 0;
}
