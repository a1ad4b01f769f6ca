// The owner's call log. The list leaves out transcripts and recording links: they are read one call at a time.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, callerMessages, calls, users, type Attestation, type CallOutcome, type CallScreening } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { purgeDate } from "@/lib/accounts/privacy/retention";

export type CallView = {
  id: string;
  fromNumber: string | null;
  toNumber: string | null;
  status: string;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  summary: string | null;
  outcome: CallOutcome;
  /** Kept out of the numbers, and why; null for a call that counts. */
  screening: CallScreening | null;
  sandbox: boolean;
  /** When the retention job removes the transcript, summary and recording (null once done). */
  contentPurgeAt: string | null;
  /** When it removed them. */
  contentPurgedAt: string | null;
};

export type CallDetail = CallView & {
  /** The caller ID's STIR/SHAKEN attestation by the carrier (A full, B partial, C the least); null when it gave none. */
  callerAttestation: Attestation | null;
  /** Whether the carrier verified that attestation; null when it gave none. */
  callerVerified: boolean | null;
  transcript: string | null;
  recordingUrl: string | null;
  messages: { id: string; callerName: string | null; callerPhone: string | null; body: string; createdAt: string }[];
  appointments: {
    id: string;
    patientName: string;
    /** Who booked it, when not the patient (a parent for a child). */
    callerName: string | null;
    /** The number its confirmations go to: the page names it when it is not the number that called. */
    patientPhone: string | null;
    service: string | null;
    reason: string | null;
    startsAt: string;
    endsAt: string;
    status: string;
    confirmedAt: string | null;
    confirmedBy: "text" | "phone" | null;
  }[];
};

export const CALLS_LIMIT = 100;

const listColumns = {
  id: calls.id,
  fromNumber: calls.fromNumber,
  toNumber: calls.toNumber,
  status: calls.status,
  startedAt: calls.startedAt,
  endedAt: calls.endedAt,
  durationSeconds: calls.durationSeconds,
  endedReason: calls.endedReason,
  summary: calls.summary,
  outcome: calls.outcome,
  screening: calls.screening,
  sandbox: calls.sandbox,
  createdAt: calls.createdAt,
  contentPurgedAt: calls.contentPurgedAt,
  retentionDays: users.retentionDays,
};
type ListRow = { [K in Exclude<keyof typeof listColumns, "retentionDays">]: (typeof calls.$inferSelect)[K] } & { retentionDays: number };

function toView({ createdAt, retentionDays, contentPurgedAt, ...r }: ListRow): CallView {
  return {
    ...r,
    contentPurgeAt: contentPurgedAt ? null : purgeDate(createdAt, retentionDays).toISOString(),
    contentPurgedAt: contentPurgedAt?.toISOString() ?? null,
    startedAt: r.startedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    durationSeconds:
      r.durationSeconds ??
      (r.startedAt && r.endedAt ? Math.max(0, Math.round((r.endedAt.getTime() - r.startedAt.getTime()) / 1000)) : null),
  };
}

/**
 * A call is about a practitioner when it booked an appointment with them: what a practitioner member sees of
 * the practice's calls.
 */
const aboutPractitioner = (practitionerId: string) =>
  sql`exists (select 1 from ${appointments} where ${appointments.callId} = ${calls.id} and ${appointments.practitionerId} = ${practitionerId})`;

/**
 * Newest first: by when the call started, or when we first heard of it if the provider sent no start time. With
 * `practitionerId`, only the calls about them.
 */
export async function listCalls(db: Db, userId: string, practitionerId?: string): Promise<CallView[]> {
  const rows = await db
    .select(listColumns)
    .from(calls)
    .innerJoin(users, eq(users.id, calls.userId))
    // The calls the practice answered; the reminder calls it placed have their own page.
    .where(and(eq(calls.userId, userId), eq(calls.direction, "inbound"), practitionerId ? aboutPractitioner(practitionerId) : undefined))
    .orderBy(desc(sql`coalesce(${calls.startedAt}, ${calls.createdAt})`), desc(calls.createdAt))
    .limit(CALLS_LIMIT);
  return rows.map(toView);
}

/** One call with its transcript, recording, the messages taken and the appointments booked; another owner's id is a 404. */
export async function getCall(db: Db, userId: string, id: string, practitionerId?: string): Promise<CallDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      callerAttestation: calls.callerAttestation,
      callerVerified: calls.callerVerified,
      transcript: calls.transcript,
      recordingUrl: calls.recordingUrl,
      providerCallId: calls.providerCallId,
    })
    .from(calls)
    .innerJoin(users, eq(users.id, calls.userId))
    .where(and(eq(calls.id, id), eq(calls.userId, userId), practitionerId ? aboutPractitioner(practitionerId) : undefined))
    .limit(1);
  if (!row) throw new AppError("not_found", "callNotFound");
  const [messages, booked] = await Promise.all([
    db
      .select({
        id: callerMessages.id,
        callerName: callerMessages.callerName,
        callerPhone: callerMessages.callerPhone,
        body: callerMessages.body,
        createdAt: callerMessages.createdAt,
      })
      .from(callerMessages)
      .where(and(eq(callerMessages.userId, userId), eq(callerMessages.providerCallId, row.providerCallId)))
      .orderBy(asc(callerMessages.createdAt)),
    db
      .select({
        id: appointments.id,
        patientName: appointments.patientName,
        callerName: appointments.callerName,
        patientPhone: appointments.patientPhone,
        service: appointments.service,
        reason: appointments.reason,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
        confirmedAt: appointments.confirmedAt,
        confirmedBy: appointments.confirmedBy,
      })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), eq(appointments.callId, row.id)))
      .orderBy(asc(appointments.startsAt)),
  ]);
  const { callerAttestation, callerVerified, transcript, recordingUrl, providerCallId: _ignored, ...list } = row;
  void _ignored;
  return {
    ...toView(list),
    callerAttestation,
    callerVerified,
    transcript,
    // Only web links are handed to the browser's audio player.
    recordingUrl: recordingUrl && /^https?:\/\//i.test(recordingUrl) ? recordingUrl : null,
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    appointments: booked.map((a) => ({
      ...a,
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
      confirmedAt: a.confirmedAt?.toISOString() ?? null,
    })),
  };
}
