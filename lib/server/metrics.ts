// The metrics endpoint's wiring (GET /api/metrics): who may scrape, what is read at scrape time, and the webhook routes'
// outcome counting. The metrics themselves are lib/platform/metrics.
import type { Db } from "@/db/client";
import { safeEqual } from "@/lib/platform/crypto/tokens";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { queueDepths } from "@/lib/platform/jobs/queue";
import { JOB_NAMES } from "./job-handlers";
import type { Logger } from "@/lib/platform/log/logger";
import { recordWebhook, renderMetrics, setJobQueueDepths, type WebhookVendor } from "@/lib/platform/metrics/metrics";

/** Metrics are on when METRICS_TOKEN is set; off, the endpoint answers 404 as if it did not exist. */
export function metricsEnabled(): boolean {
  return !!env().METRICS_TOKEN;
}

/** The scraper's `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time; 401 otherwise. */
export function requireMetricsToken(headers: Headers): void {
  const token = env().METRICS_TOKEN;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1] ?? "";
  if (!token || !given || !safeEqual(given, token)) {
    throw new AppError("unauthorized", "unauthorized", {}, { "www-authenticate": 'Bearer realm="metrics"' });
  }
}

/** How long the queue depths may take: a scrape answers without them rather than late. */
const QUEUE_DEPTH_TIMEOUT_MS = 1_000;

/** The exposition: the queues' depths read now (left out when the read fails or is slow), then every metric. */
export async function scrapeMetrics(db: Db, log: Logger): Promise<Response> {
  const depths = await queueDepths(db, JOB_NAMES, QUEUE_DEPTH_TIMEOUT_MS).catch((e: unknown) => {
    const x = e as { name?: string; code?: string; cause?: { code?: string } } | null;
    log.warn({ name: x?.name, code: x?.code ?? x?.cause?.code }, "job queue depths not read");
    return null;
  });
  setJobQueueDepths(depths);
  const { contentType, text } = await renderMetrics();
  return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}

/**
 * Runs a webhook's handling and counts its outcome for `vendor`: processed, or duplicate when the result says it was a
 * replay; invalid_signature for a 401 (an unverified sender); error for anything else thrown, which is rethrown as is.
 */
export async function countedWebhook<T>(vendor: WebhookVendor, run: () => Promise<T>): Promise<T> {
  try {
    const result = await run();
    const duplicate = (result as { duplicate?: unknown } | null)?.duplicate === true;
    recordWebhook(vendor, duplicate ? "duplicate" : "processed");
    return result;
  } catch (e) {
    recordWebhook(vendor, e instanceof AppError && e.code === "unauthorized" ? "invalid_signature" : "error");
    throw e;
  }
}
