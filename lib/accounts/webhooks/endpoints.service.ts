// The owner's webhook endpoints and the log of what was sent to them. Every read and write is scoped by the owner: another
// practice's endpoint or delivery is as unknown as a made-up id (404). The signing secret is shown once, when the
// endpoint is made, and kept sealed by the secret box: every delivery is signed with it.
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, isNotNull, max, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { users, webhookDeliveries, webhookEndpoints, type WebhookEvent } from "@/db/schema";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import type { Actor } from "@/lib/accounts/audit/actor";
import { audit as auditEntry } from "@/lib/accounts/audit/audit";
import { confirmIdentity, type IdentityCheck } from "@/lib/accounts/auth/confirm-identity";
import { takeAttempt } from "@/lib/accounts/auth/rate-limit";
import { AppError } from "@/lib/platform/errors";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import { allowPrivateDefault, checkDestination, DestinationRefused, readUrl, type Resolver } from "./destination";
import { webhookPayload } from "./publish";
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointInput } from "./webhooks.schemas";

export type EndpointDeps = { db: Db; secrets: SecretBox; resolve?: Resolver; allowPrivate?: boolean };
export type SendDeps = { db: Db; jobs: JobQueue; now?: () => Date };

/** How many deliveries the log shows, newest first. */
export const DELIVERY_LOG_SIZE = 50;
/** A pending delivery this long past its next attempt has lost its job (the worker runs due jobs within seconds). */
export const STUCK_AFTER_MS = 15 * 60 * 1000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A new signing secret: 32 random bytes, as Standard Webhooks writes them ("whsec_" and base64). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The address, refused with the problem named (a 400) when it is not one deliveries may go to. */
async function checkedUrl(deps: EndpointDeps, value: string): Promise<string> {
  const allowPrivate = deps.allowPrivate ?? allowPrivateDefault();
  try {
    const url = readUrl(value, allowPrivate);
    await checkDestination(url, { resolve: deps.resolve, allowPrivate });
    return url.toString();
  } catch (e) {
    if (e instanceof DestinationRefused) throw new AppError("bad_request", e.problem);
    throw e;
  }
}

function sameUrl(stored: string, value: string): boolean {
  try {
    return new URL(value.trim()).toString() === stored;
  } catch {
    return false;
  }
}

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
};
type EndpointRow = { id: string; url: string; description: string | null; events: string[]; enabled: boolean; createdAt: Date };
type Health = { lastError: string | null; lastAttemptAt: Date | null; lastDeliveryAt: Date | null };

function toView(r: EndpointRow, h: Health) {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events as WebhookEvent[],
    enabled: r.enabled,
    // The latest attempt tells: failing while the last delivery tried is answered with an error.
    state: !h.lastAttemptAt ? ("new" as const) : h.lastError ? ("failing" as const) : ("ok" as const),
    lastAttemptAt: iso(h.lastAttemptAt),
    lastDeliveryAt: iso(h.lastDeliveryAt),
    createdAt: r.createdAt.toISOString(),
  };
}

const NEW: Health = { lastError: null, lastAttemptAt: null, lastDeliveryAt: null };

/**
 * Each endpoint with its state: its latest attempt and its last success. Both read the endpoint's deliveries through
 * their (endpoint, created) index: at most 30 days of them, the log's keep.
 */
export async function listEndpoints(db: Db, userId: string) {
  const latest = db
    .select({ lastError: webhookDeliveries.lastError, lastAttemptAt: webhookDeliveries.lastAttemptAt })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, webhookEndpoints.id), isNotNull(webhookDeliveries.lastAttemptAt)))
    .orderBy(desc(webhookDeliveries.lastAttemptAt))
    .limit(1)
    .as("latest");
  const delivered = db
    .select({ at: max(webhookDeliveries.deliveredAt).as("last_delivery_at") })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, webhookEndpoints.id))
    .as("delivered");
  const rows = await db
    .select({ ...endpointColumns, lastError: latest.lastError, lastAttemptAt: latest.lastAttemptAt, lastDeliveryAt: delivered.at })
    .from(webhookEndpoints)
    .leftJoinLateral(latest, sql`true`)
    .leftJoinLateral(delivered, sql`true`)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt);
  return { endpoints: rows.map((r) => toView(r, { ...r, lastDeliveryAt: r.lastDeliveryAt ? new Date(r.lastDeliveryAt) : null })) };
}

/**
 * Who asks, for the changes that send the practice's events somewhere new: an endpoint keeps receiving after a password
 * change, so a session alone is not enough (the password, or a fresh sign-in).
 */
export type Proof = Omit<IdentityCheck, "password" | "messageKey">;

const confirmOwner = (db: Db, proof: Proof, input: WebhookEndpointInput) =>
  confirmIdentity(db, { ...proof, password: input.password, messageKey: "integrationNeedsConfirmation" });

/**
 * Makes an endpoint: 409 past MAX_WEBHOOK_ENDPOINTS. Its secret is in this answer and no other. The owner is emailed
 * (the host and the events, never the secret or the full address, whose path can be a secret of the receiver's).
 */
export async function createEndpoint(
  deps: EndpointDeps & { jobs: JobQueue },
  proof: Proof,
  input: WebhookEndpointInput,
  by: Actor = { kind: "owner", userId: proof.userId },
) {
  const { userId } = proof;
  await confirmOwner(deps.db, proof, input);
  const url = await checkedUrl(deps, input.url);
  const secret = newSigningSecret();
  await deps.jobs.ready(); // before the transaction the email's job is sent in
  const row = await deps.db.transaction(async (tx) => {
    // The owner's row locked first, so two additions at once count each other and the limit holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if (n >= MAX_WEBHOOK_ENDPOINTS) throw new AppError("conflict", "webhookEndpointsFull", { max: MAX_WEBHOOK_ENDPOINTS });
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        userId,
        url,
        description: input.description || null,
        events: input.events,
        enabled: input.enabled ?? true,
        secretEnc: deps.secrets.seal(secret),
      })
      .returning(endpointColumns);
    await audit(tx, userId, by, "webhook_endpoint.create", inserted!.id, input.events);
    const notice = { userId, kind: "webhookEndpoint" as const, id: inserted!.id, at: inserted!.createdAt.toISOString() };
    await deps.jobs.send("access-made", { ...notice, name: new URL(url).host, grants: inserted!.events }, { tx });
    return inserted!;
  });
  return { ...toView(row, NEW), secret };
}

async function healthOf(db: Db, userId: string, id: string) {
  const all = await listEndpoints(db, userId);
  const found = all.endpoints.find((e) => e.id === id);
  if (!found) throw new AppError("not_found", "webhookEndpointNotFound");
  return found;
}

/**
 * Replaces the address, description and events; `enabled` unsaid keeps it as it is. The secret stays. An address
 * unchanged is not checked again here (every delivery checks it): an owner whose receiver's name stopped resolving can
 * still turn the endpoint off or change its events.
 */
export async function updateEndpoint(
  deps: EndpointDeps,
  proof: Proof,
  id: string,
  input: WebhookEndpointInput,
  by: Actor = { kind: "owner", userId: proof.userId },
) {
  const { userId } = proof;
  const current = await endpointOf(deps.db, userId, id);
  const moved = !sameUrl(current.url, input.url);
  if (moved) await confirmOwner(deps.db, proof, input);
  const url = moved ? await checkedUrl(deps, input.url) : current.url;
  const updated = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookEndpoints)
      .set({
        url,
        description: input.description || null,
        events: input.events,
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        updatedAt: new Date(),
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ id: webhookEndpoints.id });
    if (rows.length && moved) await audit(tx, userId, by, "webhook_endpoint.move", id, input.events);
    return rows;
  });
  if (!updated.length) throw new AppError("not_found", "webhookEndpointNotFound");
  return healthOf(deps.db, userId, id);
}

/** Deletes the endpoint and its log; deliveries still queued find it gone and stop. */
export async function deleteEndpoint(db: Db, userId: string, id: string, by: Actor = { kind: "owner", userId }): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ id: webhookEndpoints.id, events: webhookEndpoints.events });
    if (!removed) throw new AppError("not_found", "webhookEndpointNotFound");
    await audit(tx, userId, by, "webhook_endpoint.delete", id, removed.events);
  });
}

/**
 * Where the practice's events are sent is worth a trace, as API keys are: who added, moved or removed which endpoint and
 * its events. Never the address itself (a catch-hook address is a secret of its own) nor the signing secret.
 */
async function audit(tx: Tx, userId: string, by: Actor, action: string, endpointId: string, events: string[]) {
  await auditEntry(tx, {
    businessId: userId,
    actor: by,
    action,
    targetType: "webhook_endpoint",
    targetId: endpointId,
    details: { events },
  });
}

async function endpointOf(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("not_found", "webhookEndpointNotFound");
  return row;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  type: webhookDeliveries.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  lastError: webhookDeliveries.lastError,
  payload: webhookDeliveries.payload,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};
type DeliveryRow = { createdAt: Date; lastAttemptAt: Date | null; nextAttemptAt: Date | null; deliveredAt: Date | null };

const deliveryView = <R extends DeliveryRow>(r: R) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: iso(r.lastAttemptAt),
  nextAttemptAt: iso(r.nextAttemptAt),
  deliveredAt: iso(r.deliveredAt),
});

/** The endpoint's last DELIVERY_LOG_SIZE deliveries, newest first. */
export async function listDeliveries(db: Db, userId: string, endpointId: string) {
  await endpointOf(db, userId, endpointId);
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.userId, userId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(DELIVERY_LOG_SIZE);
  return { deliveries: rows.map(deliveryView) };
}

/**
 * Test events per endpoint per minute. A test is for seeing one arrive; a stream of them only fills the endpoint's
 * queue (and with a slow receiver, its practice's share of the delivery workers).
 */
export const TEST_EVENTS_PER_MINUTE = 5;

/**
 * A "webhook.test" event to this endpoint alone, whatever it subscribes to; 409 while it is turned off, 429 (with
 * Retry-After) past TEST_EVENTS_PER_MINUTE.
 */
export async function sendTestEvent(deps: SendDeps, userId: string, endpointId: string) {
  const endpoint = await endpointOf(deps.db, userId, endpointId);
  if (!endpoint.enabled) throw new AppError("conflict", "webhookEndpointDisabled");
  const now = deps.now ? deps.now() : new Date();
  const limit = { key: `webhook-test:${endpointId}`, max: TEST_EVENTS_PER_MINUTE, windowMs: 60_000, messageKey: "webhookTestTooMany" };
  await takeAttempt(deps.db, [limit], now);
  const payload = webhookPayload("webhook.test", { id: endpointId, test: true }, now);
  await deps.jobs.ready();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(webhookDeliveries)
      .values({ userId, endpointId, type: "webhook.test", payload, nextAttemptAt: now, createdAt: now })
      .returning(deliveryColumns);
    await deps.jobs.send("webhook-delivery", { deliveryId: inserted!.id, at: now.toISOString() }, { tx, fairShare: userId });
    return inserted!;
  });
  return deliveryView(row);
}

/**
 * Sends a delivered or failed delivery again, as it was (same body, same webhook-id, so the receiver can tell it from a
 * new event), with a fresh three days of attempts from now. 409 while it is still being tried; a delivery whose next
 * attempt is long overdue (its job was lost: the queue refused the retry) counts as stuck, not as being tried.
 */
export async function resendDelivery(deps: SendDeps, userId: string, endpointId: string, deliveryId: string) {
  const endpoint = await endpointOf(deps.db, userId, endpointId);
  if (!endpoint.enabled) throw new AppError("conflict", "webhookEndpointDisabled");
  const now = deps.now ? deps.now() : new Date();
  const mine = and(
    eq(webhookDeliveries.id, deliveryId),
    eq(webhookDeliveries.endpointId, endpointId),
    eq(webhookDeliveries.userId, userId),
  );
  await deps.jobs.ready();
  const row = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: webhookDeliveries.status, nextAttemptAt: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .where(mine)
      .limit(1)
      .for("update");
    if (!found) throw new AppError("not_found", "webhookDeliveryNotFound");
    const stuck = !found.nextAttemptAt || found.nextAttemptAt.getTime() < now.getTime() - STUCK_AFTER_MS;
    if (found.status === "pending" && !stuck) throw new AppError("conflict", "webhookDeliveryPending");
    // The window of attempts runs from createdAt: a resend starts it again, and the log shows it at the top.
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null, responseStatus: null, createdAt: now })
      .where(mine)
      .returning(deliveryColumns);
    // The jobs of the earlier attempts, if any is still queued, find the row waiting for another attempt and stop.
    await deps.jobs.send("webhook-delivery", { deliveryId, at: now.toISOString() }, { tx, fairShare: userId });
    return updated!;
  });
  return deliveryView(row);
}
