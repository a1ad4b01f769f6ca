// The owner's webhooks, end to end: endpoints made through the API, events published by bookings, texts, the
// receptionist's tools and the end of a call, delivered by the queued job to a local receiver that checks each signature
// with the Standard Webhooks library itself; retries driven by the job's clock; the destination guard against private
// addresses, at saving and at every attempt (a name that turns to 127.0.0.1 between the two).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, callerMessages, calls, sessions, threadMessages, webhookDeliveries } from "@/db/schema";
import { deliverWebhook, RETRY_BACKOFF_MS, RETRY_WINDOW_MS } from "@/lib/accounts/webhooks/deliver";
import type { Resolver } from "@/lib/accounts/webhooks/destination";
import { createEndpoint } from "@/lib/accounts/webhooks/endpoints.service";
import { purgeExpiredShortLived } from "@/lib/accounts/privacy/retention";
import { resetEnvCache } from "@/lib/platform/env";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import fr from "@/messages/fr.json";
import { api } from "../helpers/api";
import { messageReceived } from "../helpers/telnyx-events";
import { dayAhead, newCallId, practice, telnyx, vapi, vapiMessage, type Practice } from "../helpers/practice";

type Received = { headers: Record<string, string>; body: string };
type Receiver = { url: string; received: Received[]; status: number; close(): Promise<void> };

const receivers: Receiver[] = [];

/** A receiver on 127.0.0.1 that records every request and answers `status`. */
async function receiver(status = 200): Promise<Receiver> {
  const received: Received[] = [];
  const r = { received, status } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(r.status).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () => new Promise((resolve) => server.close(() => resolve()));
  receivers.push(r);
  return r;
}

/** The clock the delivery job reads (tests move it to run the retries), and the names it resolves. */
let clock = () => new Date();
let resolve: Resolver | undefined;

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), {
    ...jobHandlers(ctx.booking, ctx.dispatch, ctx.notices),
    "webhook-delivery": (data) => deliverWebhook({ ...ctx.booking, now: clock, resolve }, data),
  });
}

function allowPrivate(on: boolean) {
  process.env.WEBHOOK_ALLOW_PRIVATE = on ? "true" : "false";
  resetEnvCache();
}

/** The payload, if the Standard Webhooks library accepts the request's signature with this secret. */
function verified(secret: string, r: Received) {
  return new Webhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

async function endpoint(p: Practice, url: string, events: string[], extra: Record<string, unknown> = {}) {
  const res = await api("POST", "/api/webhook-endpoints", { token: p.token, body: { url, events, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string };
}

/** Who asks, as a route would say it: the owner's latest session (fresh: they signed in just now) and an address. */
async function proofOf(userId: string) {
  const [session] = await getDb()
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return { userId, sessionId: session!.id, clientIp: "127.0.0.1" };
}

const deliveriesOf = (endpointId: string) => getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
const newCaller = () => `+3377${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;

beforeAll(() => allowPrivate(true));
afterEach(() => {
  clock = () => new Date();
  resolve = undefined;
  allowPrivate(true);
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
  await Promise.all(receivers.map((r) => r.close()));
});

describe("webhook endpoints", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Webhooks");
  });

  it("sends a booking made through the API once, signed, and its cancellation; an endpoint not subscribed gets nothing", async () => {
    const hooks = await receiver();
    const other = await receiver();
    const created = await endpoint(p, hooks.url, ["appointment.booked", "appointment.cancelled"], { description: "CRM" });
    // Standard Webhooks' secret: "whsec_" and base64 of 24 to 32 random bytes.
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(created.secret.slice(6), "base64").length;
    expect(bytes).toBeGreaterThanOrEqual(24);
    expect(bytes).toBeLessThanOrEqual(32);
    await endpoint(p, other.url, ["call.ended"]);

    // The secret is shown once: the list never carries it.
    const list = await api("GET", "/api/webhook-endpoints", { token: p.token });
    expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(6));
    expect(list.body.endpoints.find((e: { id: string }) => e.id === created.id)).toMatchObject({
      url: hooks.url,
      description: "CRM",
      events: ["appointment.booked", "appointment.cancelled"],
      enabled: true,
      state: "new",
    });

    const booked = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Jeanne Hook", patientPhone: "+33 6 12 34 56 78", date: dayAhead(4), time: "10:00", duration: 30 },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    await drain();
    await drain();
    expect(hooks.received).toHaveLength(1);
    const first = hooks.received[0]!;
    expect(first.headers["content-type"]).toBe("application/json");
    expect(first.headers["webhook-id"]).toMatch(/^msg_[0-9a-f-]{36}$/);
    const event = verified(created.secret, first);
    expect(event.type).toBe("appointment.booked");
    expect(event.data).toEqual({
      id: booked.body.id,
      startsAt: booked.body.startsAt,
      endsAt: booked.body.endsAt,
      practitionerId: booked.body.practitionerId,
      status: "booked",
    });
    // Nothing of the patient goes out: the receiver fetches what it needs with an API key.
    expect(first.body).not.toContain("Jeanne");
    // A wrong secret does not verify.
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, first)).toThrow();

    expect((await api("POST", `/api/appointments/${booked.body.id}/cancel`, { token: p.token })).status).toBe(200);
    await drain();
    expect(hooks.received).toHaveLength(2);
    const cancelled = verified(created.secret, hooks.received[1]!);
    expect(cancelled).toMatchObject({ type: "appointment.cancelled", data: { id: booked.body.id, status: "cancelled" } });
    expect(hooks.received[1]!.headers["webhook-id"]).not.toBe(first.headers["webhook-id"]);
    expect(other.received).toHaveLength(0);

    const after = await api("GET", "/api/webhook-endpoints", { token: p.token });
    const shown = after.body.endpoints.find((e: { id: string }) => e.id === created.id);
    expect(shown).toMatchObject({ state: "ok", lastDeliveryAt: expect.any(String) });
    const log = await api("GET", `/api/webhook-endpoints/${created.id}/deliveries`, { token: p.token });
    expect(log.status).toBe(200);
    expect(
      log.body.deliveries.map((d: { type: string; status: string; attempts: number; responseStatus: number }) => [
        d.type,
        d.status,
        d.attempts,
        d.responseStatus,
      ]),
    ).toEqual([
      ["appointment.cancelled", "delivered", 1, 200],
      ["appointment.booked", "delivered", 1, 200],
    ]);
  });

  it("sends the dashboard's test event to the endpoint alone", async () => {
    const hooks = await receiver();
    const created = await endpoint(p, hooks.url, ["task.created"]);
    const sent = await api("POST", `/api/webhook-endpoints/${created.id}/test`, { token: p.token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toMatchObject({ type: "webhook.test", status: "pending", attempts: 0 });
    await drain();
    expect(hooks.received).toHaveLength(1);
    expect(verified(created.secret, hooks.received[0]!)).toMatchObject({ type: "webhook.test", data: { id: created.id, test: true } });
    expect(hooks.received[0]!.headers["webhook-id"]).toBe(`msg_${sent.body.id}`);
  });

  it("retries a failing receiver with backoff for three days, then fails it and shows the endpoint failing; a resend delivers with the same webhook-id", async () => {
    const hooks = await receiver(500);
    const created = await endpoint(p, hooks.url, ["appointment.booked"]);
    const sent = await api("POST", `/api/webhook-endpoints/${created.id}/test`, { token: p.token });
    const start = Date.now();
    clock = () => new Date(start);
    await drain();
    let [d] = await deliveriesOf(created.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500, lastError: "http" });
    expect(d!.nextAttemptAt!.getTime()).toBe(start + RETRY_BACKOFF_MS[0]!);

    // Each next attempt, when its time comes: the job waits in the queue until then.
    for (let i = 0; i < 30 && d!.status === "pending"; i++) {
      const at = d!.nextAttemptAt!;
      clock = () => at;
      await getDb().execute(
        sql`update pgboss.job set start_after = now() where name = ${"webhook-delivery"} and data->>'deliveryId' = ${d!.id} and state = 'created'`,
      );
      await drain();
      [d] = await deliveriesOf(created.id);
    }
    expect(d).toMatchObject({ status: "failed", nextAttemptAt: null, lastError: "http", deliveredAt: null });
    expect(hooks.received).toHaveLength(d!.attempts);
    expect(d!.attempts).toBeGreaterThan(8);
    // Every attempt carries the same webhook-id, and they spread over (at most) the three days.
    expect(new Set(hooks.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([`msg_${sent.body.id}`]));
    const times = hooks.received.map((r) => Number(r.headers["webhook-timestamp"]));
    expect(times.slice(1, 4).map((t, i) => (t - times[i]!) * 1000)).toEqual(RETRY_BACKOFF_MS.slice(0, 3));
    expect((times.at(-1)! - times[0]!) * 1000).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect((times.at(-1)! - times[0]!) * 1000).toBeGreaterThan(RETRY_WINDOW_MS - 11 * 3_600_000);

    const list = await api("GET", "/api/webhook-endpoints", { token: p.token });
    expect(list.body.endpoints.find((e: { id: string }) => e.id === created.id)).toMatchObject({ state: "failing", lastDeliveryAt: null });

    clock = () => new Date();
    hooks.status = 204;
    const resent = await api("POST", `/api/webhook-endpoints/${created.id}/deliveries/${sent.body.id}/resend`, { token: p.token });
    expect(resent.status, JSON.stringify(resent.body)).toBe(202);
    expect(resent.body).toMatchObject({ id: sent.body.id, status: "pending", attempts: 0 });
    // Sending it again while it is being tried is refused.
    const twice = await api("POST", `/api/webhook-endpoints/${created.id}/deliveries/${sent.body.id}/resend`, { token: p.token });
    expect(twice.status).toBe(409);
    await drain();
    const last = hooks.received.at(-1)!;
    expect(last.headers["webhook-id"]).toBe(`msg_${sent.body.id}`);
    expect(verified(created.secret, last).type).toBe("webhook.test");
    [d] = await deliveriesOf(created.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 204, lastError: null });
    const healed = await api("GET", "/api/webhook-endpoints", { token: p.token });
    expect(healed.body.endpoints.find((e: { id: string }) => e.id === created.id)).toMatchObject({ state: "ok" });
  });

  it("sends nothing for a job of an attempt already made, and lets a delivery whose retry was lost be sent again", async () => {
    const hooks = await receiver(503);
    const created = await endpoint(p, hooks.url, ["appointment.booked"]);
    const sent = await api("POST", `/api/webhook-endpoints/${created.id}/test`, { token: p.token });
    const start = Date.now();
    clock = () => new Date(start);
    await drain();
    expect(hooks.received).toHaveLength(1);
    // The first attempt's job run again (its worker died before pg-boss heard it finished): nothing is sent.
    const ctx = appContext();
    await ctx.jobs.send("webhook-delivery", { deliveryId: sent.body.id, at: new Date(start).toISOString() });
    await drain();
    expect(hooks.received).toHaveLength(1);
    let [d] = await deliveriesOf(created.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1 });

    // The retry's job is lost (the queue refused it): still "being tried" a minute later, stuck an hour later.
    await getDb().execute(sql`delete from pgboss.job where name = ${"webhook-delivery"} and data->>'deliveryId' = ${sent.body.id}`);
    const resend = () => api("POST", `/api/webhook-endpoints/${created.id}/deliveries/${sent.body.id}/resend`, { token: p.token });
    expect((await resend()).status).toBe(409);
    hooks.status = 200;
    clock = () => new Date(start + 3_600_000);
    await getDb()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 3_600_000) })
      .where(eq(webhookDeliveries.id, sent.body.id));
    expect((await resend()).status).toBe(202);
    await drain();
    expect(hooks.received).toHaveLength(2);
    [d] = await deliveriesOf(created.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("asks for the password to add an endpoint or move one once the sign-in is more than ten minutes old", async () => {
    const hooks = await receiver();
    const late = await practice("Cabinet Tardif");
    const kept = await endpoint(late, hooks.url, ["call.ended"]);
    await getDb()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, late.user.id));
    const body = { url: `${hooks.url}/other`, events: ["call.ended"] };
    const bare = await api("POST", "/api/webhook-endpoints", { token: late.token, body, headers: { "accept-language": "fr" } });
    expect([bare.status, bare.body.message]).toEqual([403, fr.Api.integrationNeedsConfirmation]);
    const moved = await api("PUT", `/api/webhook-endpoints/${kept.id}`, { token: late.token, body });
    expect(moved.status).toBe(403);
    // Changing what it receives, at the same address, needs no password.
    const events = await api("PUT", `/api/webhook-endpoints/${kept.id}`, {
      token: late.token,
      body: { url: hooks.url, events: ["call.ended", "task.created"] },
    });
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    const list = await api("GET", "/api/webhook-endpoints", { token: late.token });
    expect(list.body.endpoints.map((e: { url: string }) => e.url)).toEqual([hooks.url]);
    const right = await api("POST", "/api/webhook-endpoints", { token: late.token, body: { ...body, password: late.password } });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    const elsewhere = { url: `${hooks.url}/third`, events: ["task.created"], password: late.password };
    expect((await api("PUT", `/api/webhook-endpoints/${right.body.id}`, { token: late.token, body: elsewhere })).status).toBe(200);
    expect((await api("DELETE", `/api/webhook-endpoints/${right.body.id}`, { token: late.token })).status).toBe(200);

    // Who added, moved and removed it is kept, with its events; never its address.
    const trail = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, late.user.id), eq(auditLog.targetId, right.body.id)))
      .orderBy(auditLog.createdAt);
    expect(trail.map((r) => [r.action, r.details])).toEqual([
      ["webhook_endpoint.create", { events: ["call.ended"] }],
      ["webhook_endpoint.move", { events: ["task.created"] }],
      ["webhook_endpoint.delete", { events: ["task.created"] }],
    ]);
    expect(JSON.stringify(trail)).not.toContain("127.0.0.1");
  });

  it("sends an inbound text as message.received, without its words or the caller's number", async () => {
    const hooks = await receiver();
    const created = await endpoint(p, hooks.url, ["message.received"]);
    const caller = newCaller();
    expect((await telnyx(messageReceived(caller, p.line, "Bonjour, une question sur mon traitement"))).status).toBe(200);
    await drain();
    expect(hooks.received).toHaveLength(1);
    const [m] = await getDb()
      .select({ id: threadMessages.id, threadId: threadMessages.threadId, createdAt: threadMessages.createdAt })
      .from(threadMessages)
      .where(and(eq(threadMessages.userId, p.user.id), eq(threadMessages.body, "Bonjour, une question sur mon traitement")));
    expect(verified(created.secret, hooks.received[0]!)).toMatchObject({
      type: "message.received",
      data: { id: m!.id, threadId: m!.threadId, channel: "sms", receivedAt: m!.createdAt.toISOString() },
    });
    expect(hooks.received[0]!.body).not.toContain("traitement");
    expect(hooks.received[0]!.body).not.toContain(caller.slice(3));
  });

  it("sends take_message's task once, even when the tool call is retried, and the call's end with its outcome and summary", async () => {
    const hooks = await receiver();
    const created = await endpoint(p, hooks.url, ["task.created", "call.ended"]);
    const caller = newCaller();
    const callId = newCallId("hook");
    expect((await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }))).status).toBe(200);
    const toolCall = vapiMessage(p.line, callId, caller, {
      type: "tool-calls",
      toolCallList: [
        {
          id: `tc-${callId}`,
          type: "function",
          function: { name: "take_message", arguments: { message: "Rappeler pour les résultats", name: "Paul", urgency: "urgent" } },
        },
      ],
    });
    expect((await vapi(toolCall)).status).toBe(200);
    expect((await vapi(toolCall)).status).toBe(200);
    const report = vapiMessage(p.line, callId, caller, {
      type: "end-of-call-report",
      endedReason: "customer-ended-call",
      startedAt: "2026-11-20T10:00:00.000Z",
      endedAt: "2026-11-20T10:02:00.000Z",
      artifact: { transcript: "AI: Bonjour. User: Je voudrais laisser un message." },
      analysis: { summary: "Paul wants his results." },
    });
    expect((await vapi(report)).status).toBe(200);
    expect((await vapi(report)).status).toBe(200);
    await drain();

    const events = hooks.received.map((r) => verified(created.secret, r));
    expect(events.map((e) => e.type).sort()).toEqual(["call.ended", "task.created"]);
    const [task] = await getDb().select().from(callerMessages).where(eq(callerMessages.providerCallId, callId));
    expect(events.find((e) => e.type === "task.created")!.data).toEqual({
      id: task!.id,
      category: task!.category,
      urgency: "urgent",
      createdAt: task!.createdAt.toISOString(),
    });
    const [call] = await getDb().select({ id: calls.id }).from(calls).where(eq(calls.providerCallId, callId));
    expect(events.find((e) => e.type === "call.ended")!.data).toEqual({
      id: call!.id,
      outcome: "message",
      summary: "Paul wants his results.",
      startedAt: "2026-11-20T10:00:00.000Z",
      endedAt: "2026-11-20T10:02:00.000Z",
    });
    // The id is the one the calls API takes.
    expect((await api("GET", `/api/calls/${call!.id}`, { token: p.token })).status).toBe(200);
  });

  it("edits an endpoint's events and turns it off: a turned-off endpoint is sent nothing", async () => {
    const hooks = await receiver();
    const created = await endpoint(p, hooks.url, ["appointment.booked"]);
    const edited = await api("PUT", `/api/webhook-endpoints/${created.id}`, {
      token: p.token,
      body: { url: hooks.url, events: ["message.received", "appointment.booked", "message.received"], enabled: false },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ events: ["appointment.booked", "message.received"], enabled: false });
    expect(edited.body).not.toHaveProperty("secret");
    expect((await api("POST", `/api/webhook-endpoints/${created.id}/test`, { token: p.token })).status).toBe(409);
    const booked = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Off Hook", patientPhone: "+33 6 12 34 56 79", date: dayAhead(5), time: "11:00", duration: 30 },
    });
    expect(booked.status).toBe(201);
    await drain();
    expect(hooks.received).toHaveLength(0);
    expect(await deliveriesOf(created.id)).toEqual([]);
    expect((await api("DELETE", `/api/webhook-endpoints/${created.id}`, { token: p.token })).status).toBe(200);
    const list = await api("GET", "/api/webhook-endpoints", { token: p.token });
    expect(list.body.endpoints.map((e: { id: string }) => e.id)).not.toContain(created.id);
  });
});

describe("webhook destinations", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Destinations");
  });

  it("refuses private, local and non-https addresses with the problem named, in the caller's language", async () => {
    allowPrivate(false);
    const fresh = await receiver();
    const refused = async (url: string) => {
      const res = await api("POST", "/api/webhook-endpoints", {
        token: p.token,
        headers: { "accept-language": "fr" },
        body: { url, events: ["call.ended"] },
      });
      expect(res.status, url).toBe(400);
      return res.body.message as string;
    };
    expect(await refused("https://127.0.0.1/hook")).toBe(fr.Api.webhookUrlPrivate);
    expect(await refused("https://localhost:8443/hook")).toBe(fr.Api.webhookUrlPrivate);
    expect(await refused("https://[::ffff:127.0.0.1]/hook")).toBe(fr.Api.webhookUrlPrivate);
    expect(await refused("https://[::1]/hook")).toBe(fr.Api.webhookUrlPrivate);
    expect(await refused("https://169.254.169.254/latest/meta-data")).toBe(fr.Api.webhookUrlPrivate);
    expect(await refused("https://10.0.0.8/hook")).toBe(fr.Api.webhookUrlPrivate);
    expect(await refused("https://100.64.0.1/hook")).toBe(fr.Api.webhookUrlPrivate);
    expect(await refused("https://[fd00::1]/hook")).toBe(fr.Api.webhookUrlPrivate);
    expect(await refused(fresh.url)).toBe(fr.Api.webhookUrlNotHttps);
    expect(await refused("https://user:secret@hooks.example.com/x")).toBe(fr.Api.webhookUrlCredentials);
    expect(await refused("not a url")).toBe(fr.Api.webhookUrlInvalid);
    const list = await api("GET", "/api/webhook-endpoints", { token: p.token });
    expect(list.body.endpoints).toEqual([]);
  });

  it("checks the address again at delivery: a name that now resolves to 127.0.0.1 reaches nothing", async () => {
    const hooks = await receiver();
    const port = new URL(hooks.url).port;
    allowPrivate(false);
    const ctx = appContext();
    // Saved while the name answered a public address (the check at saving passes)…
    const saved = await createEndpoint(
      { db: ctx.db, jobs: ctx.jobs, secrets: ctx.secrets, resolve: () => Promise.resolve([{ address: "93.184.215.14", family: 4 }]) },
      await proofOf(p.user.id),
      { url: `https://hooks.rebind.test:${port}/hook`, events: ["call.ended"] },
    );
    expect(saved.secret).toMatch(/^whsec_/);
    // …then it answers 127.0.0.1 when the delivery is tried.
    resolve = () => Promise.resolve([{ address: "127.0.0.1", family: 4 }]);
    expect((await api("POST", `/api/webhook-endpoints/${saved.id}/test`, { token: p.token })).status).toBe(202);
    await drain();
    const [d] = await deliveriesOf(saved.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, lastError: "privateAddress", responseStatus: null });
    expect(hooks.received).toHaveLength(0);
    await api("DELETE", `/api/webhook-endpoints/${saved.id}`, { token: p.token });
  });

  it("connects to the address the check passed, not to what the name resolves to later", async () => {
    // Private addresses allowed (a receiver on the same network): the name only our resolver knows reaches the receiver,
    // so the connection used the checked address rather than a second lookup.
    const hooks = await receiver();
    const port = new URL(hooks.url).port;
    const ctx = appContext();
    const local: Resolver = () => Promise.resolve([{ address: "127.0.0.1", family: 4 }]);
    const saved = await createEndpoint({ db: ctx.db, jobs: ctx.jobs, secrets: ctx.secrets, resolve: local }, await proofOf(p.user.id), {
      url: `http://hooks.pinned.test:${port}/hook`,
      events: ["call.ended"],
    });
    resolve = local;
    expect((await api("POST", `/api/webhook-endpoints/${saved.id}/test`, { token: p.token })).status).toBe(202);
    await drain();
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.headers.host).toBe(`hooks.pinned.test:${port}`);
    expect(verified(saved.secret, hooks.received[0]!).type).toBe("webhook.test");
    await api("DELETE", `/api/webhook-endpoints/${saved.id}`, { token: p.token });
  });
});

describe("webhook endpoints of another practice, and bad input", () => {
  let a: Practice;
  let b: Practice;
  beforeAll(async () => {
    [a, b] = [await practice("Cabinet A"), await practice("Cabinet B")];
  });

  it("are unknown to another practice (404), which changes nothing", async () => {
    const hooks = await receiver();
    const created = await endpoint(a, hooks.url, ["call.ended"]);
    const sent = await api("POST", `/api/webhook-endpoints/${created.id}/test`, { token: a.token });
    await drain();
    const body = { url: "http://127.0.0.1:1/elsewhere", events: ["task.created"] };
    for (const [method, path, payload] of [
      ["GET", `/api/webhook-endpoints/${created.id}/deliveries`],
      ["PUT", `/api/webhook-endpoints/${created.id}`, body],
      ["DELETE", `/api/webhook-endpoints/${created.id}`],
      ["POST", `/api/webhook-endpoints/${created.id}/test`],
      ["POST", `/api/webhook-endpoints/${created.id}/deliveries/${sent.body.id}/resend`],
    ] as const) {
      const res = await api(method, path, { token: b.token, ...(payload ? { body: payload } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
    expect((await api("GET", "/api/webhook-endpoints", { token: b.token })).body.endpoints).toEqual([]);
    const mine = (await api("GET", "/api/webhook-endpoints", { token: a.token })).body.endpoints;
    expect(mine).toEqual([expect.objectContaining({ id: created.id, url: hooks.url, events: ["call.ended"], state: "ok" })]);
    expect(hooks.received).toHaveLength(1);
    // Nor does b's resend of a's delivery through b's own endpoint find it.
    const own = await endpoint(b, hooks.url, ["call.ended"]);
    const cross = await api("POST", `/api/webhook-endpoints/${own.id}/deliveries/${sent.body.id}/resend`, { token: b.token });
    expect(cross.status).toBe(404);
  });

  it("refuses bad input with a 400 and changes nothing; at most 10 endpoints", async () => {
    const hooks = await receiver();
    const created = await endpoint(a, hooks.url, ["task.created"]);
    const before = (await api("GET", "/api/webhook-endpoints", { token: a.token })).body;
    for (const body of [
      { url: hooks.url, events: [] },
      { url: hooks.url, events: ["appointment.exploded"] },
      { url: hooks.url },
      { events: ["task.created"] },
      { url: `https://example.com/${"x".repeat(2000)}`, events: ["task.created"] },
      { url: hooks.url, events: ["task.created"], enabled: "yes" },
      { url: hooks.url, events: ["task.created"], description: "d".repeat(201) },
    ]) {
      const post = await api("POST", "/api/webhook-endpoints", { token: a.token, body });
      expect(post.status, JSON.stringify(body)).toBe(400);
      expect(post.body.message).toBeTruthy();
      const put = await api("PUT", `/api/webhook-endpoints/${created.id}`, { token: a.token, body });
      expect(put.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api("GET", "/api/webhook-endpoints", { token: a.token })).body).toEqual(before);

    const count = before.endpoints.length;
    for (let i = count; i < 10; i++) await endpoint(a, `${hooks.url}?n=${i}`, ["task.created"]);
    const full = await api("POST", "/api/webhook-endpoints", { token: a.token, body: { url: hooks.url, events: ["task.created"] } });
    expect(full.status).toBe(409);
    expect(full.body.message).toContain("10");
    expect((await api("GET", "/api/webhook-endpoints", { token: a.token })).body.endpoints).toHaveLength(10);
  });

  it("keeps the delivery log 30 days", async () => {
    const hooks = await receiver();
    const created = await endpoint(b, hooks.url, ["task.created"]);
    const old = new Date(Date.now() - 31 * 86_400_000);
    const recent = new Date(Date.now() - 29 * 86_400_000);
    await getDb()
      .insert(webhookDeliveries)
      .values(
        [old, recent].map((createdAt) => ({
          userId: b.user.id,
          endpointId: created.id,
          type: "webhook.test" as const,
          payload: {},
          status: "delivered" as const,
          createdAt,
        })),
      );
    await purgeExpiredShortLived(getDb());
    expect((await deliveriesOf(created.id)).map((d) => d.createdAt.getTime())).toEqual([recent.getTime()]);
  });
});
