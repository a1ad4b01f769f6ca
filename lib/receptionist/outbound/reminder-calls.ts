// The reminder-call sweep: the appointments whose caller agreed to a call get one, so many hours before, inside the
// callee's calling hours (quiet-hours.ts); a try nobody answered is tried once more three hours later. Two instances
// running it at once place each call once: an appointment has at most one reminder_calls row (a unique index), and
// a try is claimed by the one update that moves it from waiting to "calling".
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { appointments, callOptOuts, phoneNumbers, reminderCalls, reminderCallSettings, type ReminderSkipReason } from "@/db/schema";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import { logger } from "@/lib/platform/log/logger";
import { countryOfBusiness } from "@/lib/platform/phone/phone";
import { dialRefusal, servedCountries } from "@/lib/platform/phone/number-kinds";
import { byId, clock, type Appointment, type BookingDeps } from "@/lib/scheduling/booking/core";
import type { Dialer } from "./dialer";
import { nextCallTime } from "./quiet-hours";
import { reminderAssistant } from "./reminder-assistant";
import { reminderCallSettingsOf } from "./reminder-calls.service";

export type ReminderCallDeps = BookingDeps & { dial: Dialer };

/** At most two tries of one reminder, three hours apart. */
export const MAX_ATTEMPTS = 2;
export const RETRY_AFTER_MS = 3 * 60 * 60_000;
/** A call is no reminder once the appointment is this close: a later try is skipped. */
export const LAST_CALL_BEFORE_MS = 60 * 60_000;
/** A try whose end the platform never reported is over after this long (the longest call is five minutes). */
const STALE_AFTER_MS = 30 * 60_000;
/** Tries placed per run: the rest wait for the next run, minutes later. */
const BATCH = 50;

type Row = typeof reminderCalls.$inferSelect;

/**
 * When a reminder may be tried next, from `from`: the callee's next calling time, or null when that is too close to the
 * appointment (or after it).
 */
export function nextTry(biz: Business, a: Pick<Appointment, "patientPhone" | "startsAt">, from: Date): Date | null {
  if (!a.patientPhone) return null;
  const at = nextCallTime({ at: from, phone: a.patientPhone, businessTimeZone: biz.timeZone, businessCountry: countryOfBusiness(biz) });
  return at.getTime() <= a.startsAt.getTime() - LAST_CALL_BEFORE_MS ? at : null;
}

/**
 * Whether the caller still agrees to this call: they consented on this appointment, and have not said "don't call me"
 * (or STOP) to this practice since.
 */
export async function consentHolds(deps: BookingDeps, a: Appointment): Promise<ReminderSkipReason | null> {
  if (!a.callConsent || !a.patientPhone) return "no_consent";
  const [out] = await deps.db
    .select({ at: callOptOuts.createdAt })
    .from(callOptOuts)
    .where(
      and(
        eq(callOptOuts.userId, a.userId),
        eq(callOptOuts.phone, a.patientPhone),
        a.callConsentAt ? gte(callOptOuts.createdAt, a.callConsentAt) : undefined,
      ),
    )
    .limit(1);
  return out ? "opted_out" : null;
}

/** Places the reminder calls due at the deps' clock (one practice's only, with `userId`); how many were placed. */
export async function runReminderCalls(deps: ReminderCallDeps, opts: { userId?: string } = {}): Promise<{ placed: number }> {
  const at = clock(deps);
  await scheduleDue(deps, at, opts.userId);
  await endStale(deps, at);
  let placed = 0;
  for (const row of await claim(deps, at, opts.userId)) if (await place(deps, row, at)) placed += 1;
  return { placed };
}

const businesses = (deps: BookingDeps, at: Date) => {
  const cache = new Map<string, Promise<Business | null>>();
  return (userId: string) => {
    if (!cache.has(userId)) cache.set(userId, loadBusiness(deps.db, userId, at));
    return cache.get(userId)!;
  };
};

/** A reminder row for each appointment now due (its hours before reached) that has none: its first try's time. */
async function scheduleDue(deps: ReminderCallDeps, at: Date, userId?: string): Promise<void> {
  const due = await deps.db
    .select({ appointment: appointments })
    .from(appointments)
    .innerJoin(reminderCallSettings, and(eq(reminderCallSettings.userId, appointments.userId), eq(reminderCallSettings.enabled, true)))
    .leftJoin(reminderCalls, eq(reminderCalls.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.callConsent, true),
        eq(appointments.status, "booked"),
        isNotNull(appointments.patientPhone),
        gt(appointments.startsAt, at),
        sql`${appointments.startsAt} - make_interval(hours => ${reminderCallSettings.hoursBefore}) <= ${at.toISOString()}::timestamptz`,
        isNull(reminderCalls.id),
        userId ? eq(appointments.userId, userId) : undefined,
      ),
    )
    .limit(500);
  const biz = businesses(deps, at);
  for (const { appointment: a } of due) {
    const b = await biz(a.userId);
    if (!b) continue;
    const first = nextTry(b, a, at);
    await deps.db
      .insert(reminderCalls)
      .values({
        userId: a.userId,
        appointmentId: a.id,
        phone: a.patientPhone!,
        ...(first ? { status: "scheduled", nextAttemptAt: first } : { status: "skipped", skipReason: "quiet_hours" }),
      })
      .onConflictDoNothing();
  }
}

/** A try the platform never reported the end of: failed, and tried again when there is time. */
async function endStale(deps: ReminderCallDeps, at: Date): Promise<void> {
  const stale = await deps.db
    .update(reminderCalls)
    .set({ status: "failed", updatedAt: at })
    .where(and(eq(reminderCalls.status, "calling"), lte(reminderCalls.placedAt, new Date(at.getTime() - STALE_AFTER_MS))))
    .returning();
  for (const row of stale) await retryLater(deps, row, at);
}

/** The tries due now, each claimed by this run alone. */
async function claim(deps: ReminderCallDeps, at: Date, userId?: string): Promise<Row[]> {
  const waiting = and(
    isNotNull(reminderCalls.nextAttemptAt),
    lte(reminderCalls.nextAttemptAt, at),
    inArray(reminderCalls.status, ["scheduled", "no_answer", "busy", "failed"]),
    userId ? eq(reminderCalls.userId, userId) : undefined,
  );
  const ids = deps.db.select({ id: reminderCalls.id }).from(reminderCalls).where(waiting).limit(BATCH).for("update", { skipLocked: true });
  return deps.db
    .update(reminderCalls)
    .set({
      status: "calling",
      attempts: sql`${reminderCalls.attempts} + 1`,
      nextAttemptAt: null,
      placedAt: at,
      providerCallId: null,
      updatedAt: at,
    })
    .where(and(inArray(reminderCalls.id, ids), waiting))
    .returning();
}

async function skip(deps: BookingDeps, row: Row, reason: ReminderSkipReason, at: Date): Promise<false> {
  await deps.db
    .update(reminderCalls)
    .set({ status: "skipped", skipReason: reason, attempts: sql`${reminderCalls.attempts} - 1`, updatedAt: at })
    .where(eq(reminderCalls.id, row.id));
  return false;
}

/** One claimed try: checked again (the appointment, the consent, the hours, the line), then dialled. */
async function place(deps: ReminderCallDeps, row: Row, at: Date): Promise<boolean> {
  const a = await byId(deps.db, row.appointmentId);
  if (!a || a.status !== "booked" || a.startsAt <= at) return skip(deps, row, "cancelled", at);
  const refused = await consentHolds(deps, a);
  if (refused) return skip(deps, row, refused, at);
  const settings = await reminderCallSettingsOf(deps.db, a.userId);
  // Turned off since it was planned: no call, and no trace of one (turned on again, it is planned anew).
  if (!settings.enabled) {
    if (row.attempts > 1)
      await deps.db
        .update(reminderCalls)
        .set({ status: "no_answer", attempts: sql`${reminderCalls.attempts} - 1`, updatedAt: at })
        .where(eq(reminderCalls.id, row.id));
    else await deps.db.delete(reminderCalls).where(eq(reminderCalls.id, row.id));
    return false;
  }
  const biz = await loadBusiness(deps.db, a.userId, at);
  const [line] = biz?.line
    ? await deps.db
        .select({ providerNumberId: phoneNumbers.voiceProviderId })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.phoneNumber, biz.line), eq(phoneNumbers.assignedToUserId, a.userId)))
        .limit(1)
    : [];
  if (!biz?.line || !biz.entitled || !line?.providerNumberId) return skip(deps, row, "no_line", at);
  // The number's kind and country, as for any number we dial: never a premium line, never a country not served.
  if (dialRefusal(a.patientPhone!, servedCountries(biz))) return skip(deps, row, "not_dialable", at);
  // Moved later since it was planned, or the hours before changed: not before its own time. And the calling hours may
  // have changed (a holiday added, a run late at night): planned again.
  const due = new Date(a.startsAt.getTime() - settings.hoursBefore * 3_600_000);
  const allowed = nextTry(biz, a, due > at ? due : at);
  if (!allowed) return skip(deps, row, "quiet_hours", at);
  if (allowed > at) {
    await deps.db
      .update(reminderCalls)
      .set({ status: row.attempts > 1 ? "no_answer" : "scheduled", attempts: sql`${reminderCalls.attempts} - 1`, nextAttemptAt: allowed })
      .where(eq(reminderCalls.id, row.id));
    return false;
  }
  const call = reminderAssistant(biz, a, { reminderCallId: row.id, language: a.language, now: at });
  try {
    const { providerCallId } = await deps.dial({
      providerNumberId: line.providerNumberId,
      line: biz.line,
      to: a.patientPhone!,
      ...call,
    });
    // The call's messages may have come first (the sandbox's all do): only the id is written here, never the status.
    await deps.db
      .update(reminderCalls)
      .set({ providerCallId })
      .where(and(eq(reminderCalls.id, row.id), or(isNull(reminderCalls.providerCallId), eq(reminderCalls.providerCallId, providerCallId))));
    return true;
  } catch (e) {
    logger().error({ name: (e as Error).name }, "reminder call not placed");
    const [failed] = await deps.db
      .update(reminderCalls)
      .set({ status: "failed", updatedAt: at })
      .where(and(eq(reminderCalls.id, row.id), eq(reminderCalls.status, "calling")))
      .returning();
    if (failed) await retryLater(deps, failed, at);
    return false;
  }
}

/** After a try that reached nobody: the next one three hours on, if tries and time are left. */
export async function retryLater(deps: BookingDeps, row: Row, from: Date): Promise<void> {
  if (row.attempts >= MAX_ATTEMPTS) return;
  const a = await byId(deps.db, row.appointmentId);
  const biz = a && (await loadBusiness(deps.db, a.userId, from));
  const next = a && biz ? nextTry(biz, a, new Date(from.getTime() + RETRY_AFTER_MS)) : null;
  if (next) await deps.db.update(reminderCalls).set({ nextAttemptAt: next }).where(eq(reminderCalls.id, row.id));
}
