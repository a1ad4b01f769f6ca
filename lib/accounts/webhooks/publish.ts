// Telling the owner's other tools what happened: one delivery per endpoint subscribed to the event, each sent by its own
// job (lib/accounts/webhooks/deliver.ts). The payload is the Standard Webhooks shape, { type, timestamp, data }, and
// kept small: ids, times and states, never a caller's number; a finished call's outcome and summary are the one piece of
// the caller's words it carries (what an owner's CRM files a call by). The receiver fetches the rest with an API key.
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { calls, webhookDeliveries, webhookEndpoints, type WebhookDeliveryType, type WebhookEvent } from "@/db/schema";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import { logger } from "@/lib/platform/log/logger";

export type PublishDeps = { db: Db | Tx; jobs: JobQueue; now?: () => Date };

/** `data.id` names the thing the event is about, as the API names it. */
export type WebhookEventData = { id: string } & Record<string, unknown>;
export type PublishedEvent = { type: WebhookEvent; data: WebhookEventData };

/** The body every delivery sends, exactly as stored and signed. */
export function webhookPayload(type: WebhookDeliveryType, data: WebhookEventData, now: Date): Record<string, unknown> {
  return { type, timestamp: now.toISOString(), data };
}

/**
 * Queues the event for each of the owner's enabled endpoints subscribed to it: one indexed query when there is none
 * (most practices). With `tx` the deliveries and their jobs are the caller's transaction's, so they exist exactly when
 * what they tell of was committed; without, they are written in a transaction of their own (the queue must be ready
 * before it opens: the embedded database has one connection).
 */
export async function publishEvent(deps: PublishDeps, userId: string, event: PublishedEvent, options: { tx?: Tx } = {}): Promise<number> {
  const db = options.tx ?? deps.db;
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [event.type])),
    );
  if (endpoints.length === 0) return 0;
  const now = deps.now ? deps.now() : new Date();
  const payload = webhookPayload(event.type, event.data, now);
  const write = async (tx: Tx) => {
    // Held against deletion until this commits: an endpoint deleted meanwhile is left out, rather than its missing row
    // failing the insert (and with it the event for every other endpoint, or the caller's own transaction).
    const live = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.userId, userId),
          inArray(
            webhookEndpoints.id,
            endpoints.map((e) => e.id),
          ),
        ),
      )
      .for("key share");
    if (live.length === 0) return 0;
    const rows = await tx
      .insert(webhookDeliveries)
      .values(live.map((e) => ({ userId, endpointId: e.id, type: event.type, payload, nextAttemptAt: now })))
      .returning({ id: webhookDeliveries.id });
    // One after the other: statements of one transaction run in turn anyway.
    for (const row of rows)
      await deps.jobs.send("webhook-delivery", { deliveryId: row.id, at: now.toISOString() }, { tx, fairShare: userId });
    return rows.length;
  };
  if (options.tx) return write(options.tx);
  await deps.jobs.ready();
  return (deps.db as Db).transaction(write);
}

/**
 * publishEvent where what it tells of is already committed (a booking, a message taken): a failure is logged by its
 * kind and the change stands, rather than the caller hearing that something they did failed.
 */
export async function publishSafely(deps: PublishDeps, userId: string, event: PublishedEvent): Promise<void> {
  try {
    await publishEvent(deps, userId, event);
  } catch (e) {
    logger().error({ type: event.type, name: (e as Error).name }, "webhook event not published");
  }
}

const APPOINTMENT_EVENT = {
  confirmation: "appointment.booked",
  reschedule: "appointment.rescheduled",
  cancellation: "appointment.cancelled",
} as const;

export function appointmentEvent(
  kind: keyof typeof APPOINTMENT_EVENT,
  a: { id: string; startsAt: Date; endsAt: Date; practitionerId: string; status: string },
): PublishedEvent {
  return {
    type: APPOINTMENT_EVENT[kind],
    data: {
      id: a.id,
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
      practitionerId: a.practitionerId,
      status: a.status,
    },
  };
}

/** `id`: our call's id, the one GET /api/calls/{id} takes. */
export function callEndedEvent(c: {
  id: string;
  outcome: string;
  summary: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
}): PublishedEvent {
  return {
    type: "call.ended",
    data: {
      id: c.id,
      outcome: c.outcome,
      summary: c.summary,
      startedAt: c.startedAt?.toISOString() ?? null,
      endedAt: c.endedAt?.toISOString() ?? null,
    },
  };
}

/**
 * call.ended for the call the end-of-call report completed, inside the transaction that marks the report applied. A
 * blocked caller's call is left out: the owner chose not to hear from them, and it counts nowhere else either.
 */
export async function publishCallEnded(deps: PublishDeps, userId: string, providerCallId: string, tx: Tx): Promise<void> {
  const [call] = await tx
    .select({
      id: calls.id,
      outcome: calls.outcome,
      summary: calls.summary,
      startedAt: calls.startedAt,
      endedAt: calls.endedAt,
      screening: calls.screening,
    })
    .from(calls)
    .where(and(eq(calls.providerCallId, providerCallId), eq(calls.userId, userId)))
    .limit(1);
  if (!call || call.screening === "blocked") return;
  await publishEvent(deps, userId, callEndedEvent(call), { tx });
}

/** `id`: the thread message's; neither its text nor the caller's number. */
export function messageReceivedEvent(m: { id: string; threadId: string; channel: string; receivedAt: Date }): PublishedEvent {
  return { type: "message.received", data: { id: m.id, threadId: m.threadId, channel: m.channel, receivedAt: m.receivedAt.toISOString() } };
}

/** `id`: the message the receptionist took (a task in the dashboard). */
export function taskCreatedEvent(t: { id: string; category: string; urgency: string; createdAt: Date }): PublishedEvent {
  return { type: "task.created", data: { id: t.id, category: t.category, urgency: t.urgency, createdAt: t.createdAt.toISOString() } };
}
