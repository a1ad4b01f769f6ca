// GET /api/metrics: off (404) without METRICS_TOKEN, 401 without the token, the Prometheus exposition with it; the
// counters and histograms move with real traffic, and no label carries an email, a phone number, a token or an id.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/metrics/route";
import { getDb, type Db } from "@/db/client";
import { issueSetupToken } from "@/lib/accounts/account/accounts.service";
import { resetEnvCache } from "@/lib/platform/env";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { createLoggedSender } from "@/lib/messaging/delivery/logged-sender";
import { sandboxTransport } from "@/lib/messaging/delivery/sandbox-transport";
import { appContext } from "@/lib/server/context";
import { scrapeMetrics } from "@/lib/server/metrics";
import { JOB_NAMES } from "@/lib/server/job-handlers";
import { logger } from "@/lib/platform/log/logger";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { api, uniqueEmail } from "../helpers/api";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";

const TOKEN = `metrics-${randomUUID()}`;
const saved = process.env.METRICS_TOKEN;

function useToken(token: string | undefined): void {
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
  resetEnvCache();
}

/** The route handler itself: its 200 is text, which the JSON helper (tests/helpers/api.ts) would refuse to parse. */
async function scrape(authorization = `Bearer ${TOKEN}`): Promise<{ status: number; contentType: string | null; text: string }> {
  const req = new Request("http://localhost:3000/api/metrics", { headers: { authorization } });
  const res = await GET(req, { params: Promise.resolve({}) });
  return { status: res.status, contentType: res.headers.get("content-type"), text: await res.text() };
}

async function exposition(): Promise<string> {
  const res = await scrape();
  expect(res.status, res.text).toBe(200);
  return res.text;
}

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The exposition's samples (the lines that are not comments), each name with its labels and value. */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    expect(m, `an exposition line: ${line}`).not.toBeNull();
    const labels = Object.fromEntries([...(m![2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k!, v!]));
    out.push({ name: m![1]!, labels, value: Number(m![3]) });
  }
  return out;
}

/** The sum of a metric's samples whose labels include `labels` (0 when there is none yet). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const METRICS = {
  recepta_http_request_duration_seconds: "histogram",
  recepta_receptionist_tool_call_duration_seconds: "histogram",
  recepta_webhook_events_total: "counter",
  recepta_job_queue_depth: "gauge",
  recepta_job_failures_total: "counter",
  recepta_booking_conflicts_total: "counter",
  recepta_message_failures_total: "counter",
};

let p: Practice;

beforeAll(async () => {
  useToken(TOKEN);
  p = await practice("Cabinet Metrics");
  // pg-boss's tables, which the queue depths are read from.
  await appContext().jobs.ready();
});

afterAll(() => useToken(saved));

describe("GET /api/metrics access", () => {
  it("is a 404 while METRICS_TOKEN is unset: metrics are off", async () => {
    useToken(undefined);
    try {
      const res = await api("GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: en.Api.notFound });
    } finally {
      useToken(TOKEN);
    }
  });

  it("is a 401 with a translated message without the token, with a wrong one or another scheme", async () => {
    for (const headers of [
      {},
      { authorization: "Bearer wrong" },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
      { authorization: TOKEN },
    ] as Record<string, string>[]) {
      const res = await api("GET", "/api/metrics", { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toEqual({ message: en.Api.unauthorized });
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    const french = await api("GET", "/api/metrics", { headers: { "accept-language": "fr" } });
    expect(french.body).toEqual({ message: fr.Api.unauthorized });
    // A session token is no metrics token.
    expect((await api("GET", "/api/metrics", { token: p.token })).status).toBe(401);
  });

  it("answers the Prometheus text format with the token", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const [name, type] of Object.entries(METRICS)) expect(res.text, name).toContain(`# TYPE ${name} ${type}\n`);
    // The process's own metrics, and every line a sample or a comment.
    expect(res.text).toMatch(/^# TYPE process_cpu_user_seconds_total counter$/m);
    expect(samples(res.text).length).toBeGreaterThan(0);
    // Every queue's depth, read at scrape time.
    for (const queue of JOB_NAMES)
      expect(
        samples(res.text).some((s) => s.name === "recepta_job_queue_depth" && s.labels.queue === queue),
        queue,
      ).toBe(true);
  });
});

describe("the queue depths at scrape time", () => {
  it("are left out, not waited for, when reading them hangs", async () => {
    const hanging = { transaction: () => new Promise(() => {}), execute: () => new Promise(() => {}) } as unknown as Db;
    const started = Date.now();
    const res = await scrapeMetrics(hanging, logger());
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("# TYPE recepta_job_queue_depth gauge\n");
    expect(samples(text).filter((s) => s.name === "recepta_job_queue_depth")).toEqual([]);
    // The next scrape reads them again.
    expect(samples(await exposition()).filter((s) => s.name === "recepta_job_queue_depth")).toHaveLength(JOB_NAMES.length);
  });
});

describe("what moves the metrics", () => {
  it("counts an API request under its route pattern, method and status", async () => {
    const labels = { route: "/api/auth/profile", method: "GET", status: "200" };
    const before = value(await exposition(), "recepta_http_request_duration_seconds_count", labels);
    expect((await api("GET", "/api/auth/profile", { token: p.token })).status).toBe(200);
    const after = await exposition();
    expect(value(after, "recepta_http_request_duration_seconds_count", labels)).toBe(before + 1);
    expect(value(after, "recepta_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(before + 1);
  });

  it("times a tool call per tool and outcome, and counts the webhook's outcomes per vendor", async () => {
    const before = await exposition();
    const tool = { tool: "check_availability", outcome: "result" };
    const callId = newCallId();
    expect(await vapiTool(p.line, callId, "+33711112222", "check_availability", { date: dayAhead(3) })).toBeTruthy();
    // A tool the receptionist does not have: counted under "unknown", never under the name the platform sent.
    await vapiTool(p.line, callId, "+33711112222", "exfiltrate_everything", {});
    const body = vapiMessage(p.line, callId, "+33711112222", { type: "status-update", status: "in-progress" });
    expect((await api("POST", "/api/webhooks/vapi", { body, headers: { "x-vapi-secret": "wrong" } })).status).toBe(401);
    expect((await api("POST", "/api/webhooks/vapi", { raw: "{oops", headers: { "x-vapi-secret": "test-vapi-secret" } })).status).toBe(400);
    const after = await exposition();
    const count = (text: string, labels: Record<string, string>) =>
      value(text, "recepta_receptionist_tool_call_duration_seconds_count", labels);
    expect(count(after, tool)).toBe(count(before, tool) + 1);
    expect(count(after, { tool: "unknown", outcome: "error" })).toBe(count(before, { tool: "unknown", outcome: "error" }) + 1);
    expect(after).not.toContain("exfiltrate_everything");
    const webhooks = (text: string, outcome: string) => value(text, "recepta_webhook_events_total", { vendor: "vapi", outcome });
    expect(webhooks(after, "processed")).toBe(webhooks(before, "processed") + 2);
    expect(webhooks(after, "invalid_signature")).toBe(webhooks(before, "invalid_signature") + 1);
    expect(webhooks(after, "error")).toBe(webhooks(before, "error") + 1);
  });

  it("counts a booking refused because the slot is taken, per source", async () => {
    const before = await exposition();
    const slot = { patientName: "First Patient", date: dayAhead(4), time: "09:00", duration: 30 };
    expect((await api("POST", "/api/appointments", { token: p.token, body: slot })).status).toBe(201);
    expect((await api("POST", "/api/appointments", { token: p.token, body: { ...slot, patientName: "Second" } })).status).toBe(409);
    const callId = newCallId();
    const args = { date: dayAhead(4), time: "09:00", name: "Caller Patient" };
    expect(await vapiTool(p.line, callId, "+33711113333", "book_appointment", args)).not.toMatch(/^Booked/);
    const after = await exposition();
    for (const source of ["dashboard", "phone"]) {
      expect(value(after, "recepta_booking_conflicts_total", { source }), source).toBe(
        value(before, "recepta_booking_conflicts_total", { source }) + 1,
      );
    }
  });

  it("counts a failed job run per job name, and a message the provider did not take per channel", async () => {
    const before = await exposition();
    const boss = await appContext().jobs.ready();
    await appContext().jobs.send("calendar-revoked", { userId: randomUUID() });
    const drained = await drainJobs(boss, {
      "calendar-revoked": async () => {
        throw new Error("calendar down");
      },
    });
    expect(drained.failed).toBeGreaterThanOrEqual(1);
    const sms = createLoggedSender(getDb(), "sms", sandboxTransport);
    await expect(sms.send({ to: "not a number", text: "Hello", dedupeKey: `metrics-${randomUUID()}` })).rejects.toThrow();
    const after = await exposition();
    const job = { job: "calendar-revoked" };
    expect(value(after, "recepta_job_failures_total", job)).toBe(value(before, "recepta_job_failures_total", job) + drained.failed);
    const channel = { channel: "sms" };
    expect(value(after, "recepta_message_failures_total", channel)).toBe(value(before, "recepta_message_failures_total", channel) + 1);
  });
});

describe("no personal data in the exposition", () => {
  it("holds no email, phone number, token or id after traffic carrying all of them", async () => {
    const email = uniqueEmail("metrics-owner");
    const register = await api("POST", "/api/auth/register", {
      body: { email, password: "correct-horse-battery", fullName: "Jeanne Metrics" },
    });
    expect(register.status).toBe(201);
    const owner = register.body as { token: string; user: { id: string } };
    const caller = "+33744445555";
    const patientEmail = uniqueEmail("metrics-patient");
    const callId = newCallId("metrics");
    await vapiTool(p.line, callId, caller, "book_appointment", {
      date: dayAhead(5),
      time: "10:00",
      name: "Paul Patient",
      email: patientEmail,
    });
    await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }));
    const booked = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Anne Patient", patientEmail, patientPhone: "+33655556666", date: dayAhead(6), time: "11:00", duration: 30 },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const appointmentId = (booked.body as { id: string }).id;
    expect((await api("POST", `/api/appointments/${appointmentId}/cancel`, { token: p.token })).status).toBe(200);
    expect((await api("DELETE", `/api/callers/${encodeURIComponent(caller)}`, { token: p.token })).status).toBeLessThan(500);
    const setupToken = await issueSetupToken(getDb(), owner.user.id);
    await api("GET", `/api/auth/validate-setup-token/${setupToken}`);
    await api("GET", `/api/calls?q=${encodeURIComponent(email)}`, { token: p.token });
    await api("GET", `/api/no-such-route/${encodeURIComponent(email)}/${caller}`);
    await api("GET", `/api/appointments/${randomUUID()}/nothing`);

    const text = await exposition();
    // The traffic was counted, under patterns.
    expect(text).toContain('route="/api/appointments/[id]/cancel"');
    expect(text).toContain('route="/api/auth/validate-setup-token/[token]"');
    expect(text).toContain('route="/api/callers/[phone]"');
    expect(text).toContain('route="/api/[...path]"');
    for (const secret of [
      email,
      patientEmail,
      caller,
      caller.slice(1),
      "33655556666",
      setupToken,
      owner.token,
      owner.user.id,
      appointmentId,
      callId,
      TOKEN,
    ]) {
      expect(text.includes(secret), secret).toBe(false);
    }
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
    expect(text).not.toMatch(/\+\d{6,}/);
    // Every label value is one of a closed set or a route pattern.
    for (const s of samples(text)) {
      if (s.labels.route) expect(s.labels.route, s.labels.route).toMatch(/^(\/(api|[a-z][a-z0-9.-]*|\[(\.\.\.)?\w+\]))+$/);
    }
  });
});
