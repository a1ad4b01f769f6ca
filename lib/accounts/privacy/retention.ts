// Storage limitation (GDPR art. 5(1)(e)): a call's transcript, summary and recording link are kept for the business's
// retention period, then removed by the retention job. The call's row (time, duration, outcome) stays for the log, as
// do the appointments and messages the call produced: the owner manages those, and can erase one caller entirely.
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  appointments,
  ATTESTATION_KEEP_MS,
  callerAttestations,
  calls,
  pendingReplies,
  users,
  verificationCodes,
  webhookDeliveries,
} from "@/db/schema";
import { RETENTION_DAYS } from "./privacy.schemas";

const DAY_MS = 86_400_000;

/** When a call's content goes: its arrival time plus the business's retention period. */
export function purgeDate(callCreatedAt: Date, retentionDays: number): Date {
  return new Date(callCreatedAt.getTime() + retentionDays * DAY_MS);
}

/** How long the webhook delivery log keeps a delivery. */
export const WEBHOOK_DELIVERY_KEEP_MS = 30 * DAY_MS;

export type PrivacySettings = { retentionDays: number; recordingEnabled: boolean; birthDateCheck: boolean };

const settingColumns = {
  retentionDays: users.retentionDays,
  recordingEnabled: users.recordingEnabled,
  birthDateCheck: users.birthDateCheck,
};

export async function getPrivacySettings(db: Db, userId: string): Promise<PrivacySettings | null> {
  const [row] = await db.select(settingColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function updatePrivacySettings(db: Db, userId: string, input: Partial<PrivacySettings>): Promise<PrivacySettings | null> {
  const [row] = await db
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(settingColumns);
  return row ?? null;
}

/**
 * Purges the content of every call past its business's retention period, a batch per transaction (rows locked with
 * SKIP LOCKED, so two workers share the work instead of waiting on each other). Returns how many calls were purged.
 */
export async function purgeExpiredCallContent(db: Db, now = new Date(), batchSize = 500, maxBatches = 40): Promise<number> {
  let total = 0;
  // At most maxBatches per run, well inside the job's time limit: a large backlog carries over to the next hourly run.
  for (let batch = 0; batch < maxBatches; batch++) {
    const purged = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: calls.id })
        .from(calls)
        // A call to a number nobody held (answered "not in service") has no business: the default period applies.
        .leftJoin(users, eq(users.id, calls.userId))
        .where(
          and(
            isNull(calls.contentPurgedAt),
            lt(
              calls.createdAt,
              sql`${now.toISOString()}::timestamptz - make_interval(days => coalesce(${users.retentionDays}, ${RETENTION_DAYS.default}))`,
            ),
          ),
        )
        .orderBy(calls.createdAt)
        .limit(batchSize)
        .for("update", { of: calls, skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((d) => d.id);
      await tx
        .update(calls)
        .set({ transcript: null, summary: null, recordingUrl: null, contentPurgedAt: now, updatedAt: now })
        .where(inArray(calls.id, ids));
      // The summary a call.ended webhook carried goes with the call's: the delivery log keeps that it was sent, not what
      // the caller said.
      await tx
        .update(webhookDeliveries)
        .set({ payload: sql`jsonb_set(${webhookDeliveries.payload}, '{data,summary}', 'null'::jsonb)` })
        .where(
          and(
            eq(webhookDeliveries.type, "call.ended"),
            inArray(
              sql`${webhookDeliveries.payload} -> 'data' ->> 'id'`,
              ids.map((id) => String(id)),
            ),
          ),
        );
      return due.length;
    });
    total += purged;
    if (purged < batchSize) break;
  }
  return total;
}

/** Codes and pending "reply YES" questions are kept a day past their expiry (enough to read a late complaint), no more. */
export const SHORT_LIVED_KEEP_MS = DAY_MS;

/**
 * Removes verification codes and pending cancellations a day after they expired: they only ever mattered for minutes,
 * and a used code's row (which number a call proved it holds) is no record the practice needs. A date of birth asked
 * to prove who may change an appointment goes a day after that appointment ended or was cancelled, for the same reason.
 */
export async function purgeExpiredShortLived(
  db: Db,
  now = new Date(),
): Promise<{ codes: number; pending: number; birthDates: number; attestations: number; webhookDeliveries: number }> {
  const before = new Date(now.getTime() - SHORT_LIVED_KEEP_MS);
  const codes = await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, before)).returning({ id: verificationCodes.id });
  const pending = await db
    .delete(pendingReplies)
    .where(lt(pendingReplies.expiresAt, before))
    .returning({ id: pendingReplies.appointmentId });
  const birthDates = await db
    .update(appointments)
    .set({ patientBirthDate: null })
    .where(
      and(
        isNotNull(appointments.patientBirthDate),
        or(lt(appointments.endsAt, before), and(eq(appointments.status, "cancelled"), lt(appointments.updatedAt, before))),
      ),
    )
    .returning({ id: appointments.id });
  // A carrier's attestation no call took (the call never came): its phone numbers go once no call can take it.
  const attestations = await db
    .delete(callerAttestations)
    .where(lt(callerAttestations.receivedAt, new Date(now.getTime() - ATTESTATION_KEEP_MS)))
    .returning({ line: callerAttestations.line });
  // The webhook delivery log: a month is enough to see what an endpoint was sent and how it went.
  const deliveries = await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_DELIVERY_KEEP_MS)))
    .returning({ id: webhookDeliveries.id });
  return {
    codes: codes.length,
    pending: pending.length,
    birthDates: birthDates.length,
    attestations: attestations.length,
    webhookDeliveries: deliveries.length,
  };
}
