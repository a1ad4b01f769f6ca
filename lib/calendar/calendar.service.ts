import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calendarConnections } from "@/db/schema";
import type { SecretBox } from "@/lib/crypto/secret-box";
import { AppError } from "@/lib/errors";
import type { CalendarPort } from "@/lib/providers/calendar/port";

export type CalendarDeps = { db: Db; calendar: CalendarPort; secrets: SecretBox };

/** Exchanges the popup's code and keeps the refresh token encrypted (AES-256-GCM); reconnecting replaces the grant. */
export async function connectCalendar(deps: CalendarDeps, userId: string, code: string) {
  const grant = await deps.calendar.exchangeCode(code);
  if (!grant) throw new AppError("bad_request", "calendarCodeInvalid");
  const values = {
    refreshTokenEnc: deps.secrets.seal(grant.refreshToken),
    accountEmail: grant.accountEmail,
    scopes: grant.scopes,
    sandbox: deps.calendar.kind === "sandbox",
    connectedAt: new Date(),
  };
  await deps.db
    .insert(calendarConnections)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarConnections.userId, set: values });
  return { success: true, hasGoogleOAuth: true, sandbox: values.sandbox };
}

/** Idempotent: disconnecting an unconnected calendar succeeds. The grant is revoked upstream, best effort. */
export async function disconnectCalendar(deps: CalendarDeps, userId: string) {
  const [removed] = await deps.db
    .delete(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .returning({ refreshTokenEnc: calendarConnections.refreshTokenEnc });
  if (removed) {
    try {
      await deps.calendar.revoke(deps.secrets.open(removed.refreshTokenEnc));
    } catch {
      // Already gone on our side; an upstream failure must not leave the owner unable to disconnect.
    }
  }
  return { success: true, hasGoogleOAuth: false };
}
