// What a reminder call came to, from its end-of-call report: the callee's decision, read from what the call's tools did
// (the appointment confirmed by phone, or the call log's cancelled or rescheduled), else what the line said (voicemail,
// no answer, busy, a failure). A try that reached nobody is tried again later (reminder-calls.ts `retryLater`).
import { and, eq, sql } from "drizzle-orm";
import { calls, reminderCalls, type ReminderCallStatus } from "@/db/schema";
import { byId, type BookingDeps } from "@/lib/scheduling/booking/core";
import { retryLater } from "./reminder-calls";

type Row = typeof reminderCalls.$inferSelect;

/** The reminder call a message is about, for this business: by the id its assistant carries, else by the call's id. */
export async function reminderOfCall(
  deps: BookingDeps,
  userId: string,
  facts: { callId: string | null; reminderCallId?: string | null },
): Promise<Row | null> {
  const byReminder = facts.reminderCallId && /^[0-9a-f-]{36}$/i.test(facts.reminderCallId) ? facts.reminderCallId : null;
  if (!byReminder && !facts.callId) return null;
  const [row] = await deps.db
    .select()
    .from(reminderCalls)
    .where(
      and(
        eq(reminderCalls.userId, userId),
        byReminder ? eq(reminderCalls.id, byReminder) : eq(reminderCalls.providerCallId, facts.callId!),
      ),
    )
    .limit(1);
  // A message of another try of the same reminder (an id the platform gave an earlier call) is not this one's.
  if (row && facts.callId && row.providerCallId && row.providerCallId !== facts.callId) return null;
  return row ?? null;
}

/** What the line said of a call in which the callee decided nothing (Vapi's endedReason). */
export function lineOutcome(endedReason: string | null): ReminderCallStatus {
  switch (endedReason) {
    case "voicemail":
      return "voicemail";
    case "customer-did-not-answer":
      return "no_answer";
    case "customer-busy":
      return "busy";
    default:
      // The platform's failures name themselves: "pipeline-error-…", "…-failed-to-connect-call", "call.start.error-…".
      return endedReason && /error|failed|fault/i.test(endedReason) ? "failed" : "answered";
  }
}

/** The end of a reminder call's try: its outcome, its minutes, and the next try when nobody answered. */
export async function endReminderCall(
  deps: BookingDeps,
  row: Row,
  report: { callId: string; endedReason: string | null; startedAt: Date | null; endedAt: Date | null },
): Promise<void> {
  const [logged] = await deps.db
    .select({ outcome: calls.outcome })
    .from(calls)
    .where(and(eq(calls.providerCallId, report.callId), eq(calls.userId, row.userId)))
    .limit(1);
  const a = await byId(deps.db, row.appointmentId);
  const confirmed = a?.confirmedBy === "phone" && a.confirmedAt && row.placedAt && a.confirmedAt >= row.placedAt;
  const status: ReminderCallStatus =
    logged?.outcome === "cancelled" || logged?.outcome === "rescheduled"
      ? logged.outcome
      : confirmed
        ? "confirmed"
        : lineOutcome(report.endedReason);
  const seconds =
    report.startedAt && report.endedAt ? Math.max(0, Math.round((report.endedAt.getTime() - report.startedAt.getTime()) / 1000)) : null;
  const endedAt = report.endedAt ?? (deps.now ? deps.now() : new Date());
  // Once: a replayed report finds the try no longer "calling".
  const [ended] = await deps.db
    .update(reminderCalls)
    .set({
      status,
      endedAt,
      durationSeconds: seconds,
      providerCallId: sql`coalesce(${reminderCalls.providerCallId}, ${report.callId})`,
      updatedAt: endedAt,
    })
    .where(and(eq(reminderCalls.id, row.id), eq(reminderCalls.status, "calling")))
    .returning();
  if (ended && (status === "no_answer" || status === "busy" || status === "failed")) await retryLater(deps, ended, endedAt);
}
