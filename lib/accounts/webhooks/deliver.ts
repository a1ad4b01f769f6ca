// One attempt at a webhook delivery, signed per Standard Webhooks: the headers webhook-id ("msg_" and the delivery's id,
// the same on every attempt and resend, so a receiver can tell a retry from a new event), webhook-timestamp (this
// attempt's, in unix seconds) and webhook-signature ("v1," and the base64 HMAC-SHA256 of "id.timestamp.body", keyed by
// the endpoint's secret). A 2xx answer delivers it; anything else (a redirect too: it is not followed, it could lead
// anywhere) is recorded and the next attempt queued with backoff, for three days from the delivery's creation. Our own
// schedule, not the queue's retries (those give up within the hour): this job records failures instead of throwing.
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import { type JobData, type JobQueue } from "@/lib/platform/jobs/queue";
import { logger } from "@/lib/platform/log/logger";
import type { WebhookFailure } from "./webhooks.responses";
import { checkDestination, DestinationRefused, pinnedLookup, readUrl, allowPrivateDefault, type Resolver } from "./destination";
import { busyRetryAt, leaseEndpoint, releaseEndpoint } from "./lease";

export type DeliveryDeps = {
  db: Db;
  secrets: SecretBox;
  jobs: JobQueue;
  now?: () => Date;
  /** Tests make a public-looking name resolve to 127.0.0.1 with it. */
  resolve?: Resolver;
  allowPrivate?: boolean;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait before each next attempt (the last one repeats): about a dozen attempts in three days. */
export const RETRY_BACKOFF_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
/** No attempt is made later than this after the delivery was queued (or queued again by a resend). */
export const RETRY_WINDOW_MS = 3 * 24 * HOUR;
/** How long a receiver has to answer; it should queue the work and answer at once. */
export const ATTEMPT_TIMEOUT_MS = 10 * SECOND;

/** The webhook-id of a delivery. */
export const webhookId = (deliveryId: string) => `msg_${deliveryId}`;

export function nextAttemptAfter(attempts: number, now: Date): Date {
  return new Date(now.getTime() + RETRY_BACKOFF_MS[Math.min(attempts, RETRY_BACKOFF_MS.length) - 1]!);
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: WebhookFailure };

export async function deliverWebhook(deps: DeliveryDeps, { deliveryId, at }: JobData["webhook-delivery"]): Promise<void> {
  const [row] = await deps.db
    .select({
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      payload: webhookDeliveries.payload,
      createdAt: webhookDeliveries.createdAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      userId: webhookEndpoints.userId,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secretEnc: webhookEndpoints.secretEnc,
      enabled: webhookEndpoints.enabled,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  // Gone with its endpoint, already delivered or given up: nothing to do. Nor for a job of an attempt the row no longer
  // waits for (a duplicate of an earlier one, or one a resend replaced): two chains of retries would send everything twice.
  if (!row || row.status !== "pending") return;
  if (row.nextAttemptAt?.getTime() !== Date.parse(at)) return;
  const now = deps.now ? deps.now() : new Date();
  const pending = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending"));
  if (!row.enabled) {
    // The owner turned the endpoint off: its deliveries stop, and can be sent again once it is back on.
    await deps.db.update(webhookDeliveries).set({ status: "failed", nextAttemptAt: null, lastError: "endpointDisabled" }).where(pending);
    return;
  }
  // The endpoint busy with another attempt, or its practice with its share of them: this job holds no worker while it
  // waits, it is queued again shortly for the same attempt (the row still waits for `at`) and returns.
  const lease = await leaseEndpoint(deps.db, row.userId, row.endpointId, now);
  if (!lease) {
    await deps.jobs.send("webhook-delivery", { deliveryId, at }, { startAfter: busyRetryAt(now), fairShare: row.userId });
    return;
  }
  let outcome: Outcome;
  const attempts = row.attempts + 1;
  try {
    // The attempt is claimed by its number: a second job for the same delivery running at once finds it taken and stops.
    const claimed = await deps.db
      .update(webhookDeliveries)
      .set({ attempts, lastAttemptAt: now })
      .where(and(pending, eq(webhookDeliveries.attempts, row.attempts)))
      .returning({ id: webhookDeliveries.id });
    if (claimed.length === 0) return;
    outcome = await attempt(deps, deliveryId, row, now);
  } finally {
    await releaseEndpoint(deps.db, row.endpointId, lease);
  }
  const mine = and(pending, eq(webhookDeliveries.attempts, attempts));
  if (outcome.ok) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: "delivered", responseStatus: outcome.status, lastError: null, deliveredAt: now, nextAttemptAt: null })
      .where(mine);
    return;
  }
  const next = nextAttemptAfter(attempts, now);
  const retry = next.getTime() - row.createdAt.getTime() <= RETRY_WINDOW_MS;
  await deps.db
    .update(webhookDeliveries)
    .set({
      status: retry ? "pending" : "failed",
      responseStatus: outcome.status,
      lastError: outcome.error,
      nextAttemptAt: retry ? next : null,
    })
    .where(mine);
  if (!retry) return;
  try {
    await deps.jobs.send("webhook-delivery", { deliveryId, at: next.toISOString() }, { startAfter: next, fairShare: row.userId });
  } catch (e) {
    // Recorded as pending with its next time: once that time is long past, the owner sees it stuck and can resend it.
    logger().error({ name: (e as Error).name }, "webhook retry not queued");
  }
}

/** The POST itself: never throws, every failure named by a code of ours (WEBHOOK_FAILURES) (never the receiver's body). */
async function attempt(
  deps: DeliveryDeps,
  deliveryId: string,
  row: { url: string; secretEnc: string; payload: unknown },
  now: Date,
): Promise<Outcome> {
  const allowPrivate = deps.allowPrivate ?? allowPrivateDefault();
  let url: URL;
  let pinned: LookupAddress;
  try {
    url = readUrl(row.url, allowPrivate);
    pinned = await checkDestination(url, { resolve: deps.resolve, allowPrivate });
  } catch (e) {
    return { ok: false, status: null, error: e instanceof DestinationRefused ? REFUSED[e.problem] : "invalidAddress" };
  }
  const body = JSON.stringify(row.payload);
  const id = webhookId(deliveryId);
  let signature: string;
  try {
    signature = new Webhook(deps.secrets.open(row.secretEnc)).sign(id, now, body);
  } catch {
    return { ok: false, status: null, error: "secretUnreadable" };
  }
  const headers = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "user-agent": "Recepta-Webhooks/1.0",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": signature,
  };
  const status = await post(url, pinned, headers, body).catch((e: unknown) => e as NodeJS.ErrnoException);
  if (typeof status !== "number") return { ok: false, status: null, error: networkError(status) };
  if (status >= 200 && status < 300) return { ok: true, status };
  return { ok: false, status, error: status >= 300 && status < 400 ? "redirect" : "http" };
}

const REFUSED: Record<DestinationRefused["problem"], WebhookFailure> = {
  webhookUrlInvalid: "invalidAddress",
  webhookUrlNotHttps: "notHttps",
  webhookUrlCredentials: "credentials",
  webhookUrlPrivate: "privateAddress",
  webhookUrlUnresolvable: "hostNotFound",
};

/**
 * Sends the body to the address that passed the check (the pinned lookup), and answers the status as soon as it is
 * known: the response's body is never read, and no agent keeps the connection for another request.
 */
function post(url: URL, pinned: LookupAddress, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "POST",
      headers,
      agent: false,
      lookup: pinnedLookup(pinned),
    });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })), ATTEMPT_TIMEOUT_MS);
    request.on("response", (res) => {
      clearTimeout(timer);
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    request.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    request.end(body);
  });
}

function networkError(e: NodeJS.ErrnoException): WebhookFailure {
  const code = e?.code ?? "";
  if (code === "TIMEOUT" || code === "ETIMEDOUT") return "timeout";
  if (code === "ECONNREFUSED") return "connectionRefused";
  if (code === "ECONNRESET" || code === "EPIPE") return "connectionReset";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "hostUnreachable";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "hostNotFound";
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return "tls";
  return "connectionFailed";
}
