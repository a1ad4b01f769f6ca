// The process's Prometheus metrics: the one place prom-client is imported. The rest of the code records through the
// typed functions below, so a metric's name, labels and buckets are decided here once, and no label can carry a value
// with personal data: every label is a closed set (a vendor, a channel, an outcome) or a route's pattern
// ("/api/appointments/[id]"), never an address, a number, an email, a token or an id. Imports nothing of ours: any
// folder may record.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export type WebhookVendor = "stripe" | "telnyx" | "vapi";
/** processed: applied; duplicate: a replay, changed nothing; invalid_signature: refused unverified; error: anything else. */
export type WebhookOutcome = "processed" | "duplicate" | "invalid_signature" | "error";
/** result: the tool answered; error: it answered with a refusal (unknown tool, calendar down); failed: it threw. */
export type ToolOutcome = "result" | "error" | "failed";
export type MessageChannel = "email" | "sms" | "whatsapp";
export type BookingConflictSource = "phone" | "dashboard" | "text" | "link" | "page" | "waitlist" | "recall";

const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A registry of its own with every metric of the app; `defaultMetrics` adds the process's (CPU, memory, event loop). */
export function createMetrics(options: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  const registers = [registry];
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: "recepta_http_request_duration_seconds",
      help: "Time to answer an API request, by route pattern, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    toolDuration: new Histogram({
      name: "recepta_receptionist_tool_call_duration_seconds",
      help: "Time to answer one receptionist tool call (the caller waits on the line), by tool and outcome.",
      labelNames: ["tool", "outcome"] as const,
      // Around the 2.2 s answer budget and the 3 s a caller tolerates.
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5, 10],
      registers,
    }),
    webhookEvents: new Counter({
      name: "recepta_webhook_events_total",
      help: "Webhook deliveries received, by vendor and outcome.",
      labelNames: ["vendor", "outcome"] as const,
      registers,
    }),
    jobQueueDepth: new Gauge({
      name: "recepta_job_queue_depth",
      help: "Jobs due and not yet picked up, by queue (read when scraped; absent when the read failed).",
      labelNames: ["queue"] as const,
      registers,
    }),
    jobFailures: new Counter({
      name: "recepta_job_failures_total",
      help: "Job runs that failed (each is retried with backoff until its retry limit), by job name.",
      labelNames: ["job"] as const,
      registers,
    }),
    bookingConflicts: new Counter({
      name: "recepta_booking_conflicts_total",
      help: "Bookings and moves refused because the slot was taken, by source.",
      labelNames: ["source"] as const,
      registers,
    }),
    messageFailures: new Counter({
      name: "recepta_message_failures_total",
      help: "Outgoing messages the provider did not take, by channel.",
      labelNames: ["channel"] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// One set per process, on globalThis: Next's dev server re-evaluates modules on every change, and a second registry
// would start a second set of process collectors and split the counts.
const KEY = Symbol.for("recepta.metrics");
type Holder = { [KEY]?: Metrics };

/** The process's metrics, created (with the process's default metrics) on first use. */
export function metrics(): Metrics {
  const holder = globalThis as Holder;
  holder[KEY] ??= createMetrics({ defaultMetrics: true });
  return holder[KEY];
}

/** Swaps the process's metrics (a test's own registry); returns the function that puts the previous ones back. */
export function setMetrics(next: Metrics): () => void {
  const holder = globalThis as Holder;
  const previous = holder[KEY];
  holder[KEY] = next;
  return () => {
    holder[KEY] = previous;
  };
}

// Recording never fails what it measures: a metric is an observation, not part of the work.
function safely(record: () => void): void {
  try {
    record();
  } catch {
    // A value prom-client refuses (NaN) is dropped.
  }
}

const seconds = (value: number) => (Number.isFinite(value) && value >= 0 ? value : 0);

/** One API answer. `route` is the route's pattern (lib/platform/http/route-pattern.ts), never the request's path. */
export function recordHttpRequest(r: { route: string; method: string; status: number; seconds: number }): void {
  const method = HTTP_METHODS.has(r.method) ? r.method : "OTHER";
  safely(() => metrics().httpDuration.observe({ route: r.route, method, status: String(r.status) }, seconds(r.seconds)));
}

/** One receptionist tool call. `tool` is a known tool's name, or "unknown": the name comes from the voice platform. */
export function recordToolCall(r: { tool: string; outcome: ToolOutcome; seconds: number }): void {
  safely(() => metrics().toolDuration.observe({ tool: r.tool, outcome: r.outcome }, seconds(r.seconds)));
}

export function recordWebhook(vendor: WebhookVendor, outcome: WebhookOutcome): void {
  safely(() => metrics().webhookEvents.inc({ vendor, outcome }));
}

/** A job name (lib/platform/jobs/queue.ts JobData, as the areas declare it). */
export function recordJobFailure(job: string): void {
  safely(() => metrics().jobFailures.inc({ job }));
}

export function recordBookingConflict(source: BookingConflictSource): void {
  safely(() => metrics().bookingConflicts.inc({ source }));
}

export function recordMessageFailure(channel: MessageChannel): void {
  safely(() => metrics().messageFailures.inc({ channel }));
}

/**
 * The queues' depths as just read, or null when they could not be read: the old values are dropped rather than shown
 * as current.
 */
export function setJobQueueDepths(depths: Readonly<Record<string, number>> | null): void {
  safely(() => {
    const gauge = metrics().jobQueueDepth;
    gauge.reset();
    for (const [queue, depth] of Object.entries(depths ?? {})) gauge.set({ queue }, depth);
  });
}

/** The exposition in Prometheus's text format, and its content type. */
export async function renderMetrics(): Promise<{ contentType: string; text: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, text: await registry.metrics() };
}
