// Every practice's fair share of the queues: a practice flooding its slow webhook receiver, or pumping codes, does not
// hold back another practice's deliveries and codes. Ordering is tested, not time: which job the workers run first.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notifications, verificationCodes, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { deliverWebhook } from "@/lib/accounts/webhooks/deliver";
import { MAX_BUSY_ENDPOINTS_PER_PRACTICE } from "@/lib/accounts/webhooks/lease";
import { publishEvent } from "@/lib/accounts/webhooks/publish";
import { resetEnvCache } from "@/lib/platform/env";
import { drainJobs, type JobData } from "@/lib/platform/jobs/queue";
import { translate } from "@/lib/platform/i18n/translate";
import { sendCode, sendVerificationCode, CODE_TTL_MS } from "@/lib/receptionist/tools/identity";
import { PAGE_CODE_PREFIX } from "@/lib/booking-page/link";
import { appContext } from "@/lib/server/context";
import { api } from "../helpers/api";
import { newCallId, practice, type Practice } from "../helpers/practice";

/** A receiver on 127.0.0.1 that answers after `delayMs`, and counts what arrived and how many were in flight at once. */
type Receiver = { url: string; arrivals: string[]; inFlight: number; maxInFlight: number; close(): Promise<void> };
const receivers: Receiver[] = [];

async function receiver(delayMs = 0): Promise<Receiver> {
  const r = { arrivals: [], inFlight: 0, maxInFlight: 0 } as unknown as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      r.arrivals.push(String(req.headers["webhook-id"]));
      r.inFlight++;
      r.maxInFlight = Math.max(r.maxInFlight, r.inFlight);
      setTimeout(() => {
        r.inFlight--;
        res.writeHead(200).end("ok");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () => new Promise((resolve) => server.close(() => resolve()));
  receivers.push(r);
  return r;
}

async function endpoint(p: Practice, url: string): Promise<string> {
  const res = await api("POST", "/api/webhook-endpoints", { token: p.token, body: { url, events: ["appointment.booked"] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const booked = (n: number) => ({ type: "appointment.booked" as const, data: { id: `appt-${n}`, status: "booked" } });

/** The ids of this endpoint's deliveries. */
async function deliveriesOf(endpointId: string): Promise<string[]> {
  const rows = await getDb()
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return rows.map((r) => r.id);
}

/**
 * `workers` loops that each fetch one due delivery job, run it and complete it, as the queue's workers do, until `done`
 * says so (or nothing is due any more).
 */
async function runDeliveryWorkers(workers: number, done: () => boolean): Promise<void> {
  const ctx = appContext();
  const boss = await ctx.jobs.ready();
  const deadline = Date.now() + 20_000;
  const loop = async () => {
    let idle = 0;
    while (!done() && Date.now() < deadline && idle < 20) {
      const [job] = (await boss.fetch<JobData["webhook-delivery"]>("webhook-delivery", { batchSize: 1 })) ?? [];
      if (!job) {
        idle++;
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      idle = 0;
      await deliverWebhook(ctx.booking, job.data);
      await boss.complete("webhook-delivery", job.id);
    }
  };
  await Promise.all(Array.from({ length: workers }, loop));
}

/** Due jobs of this queue whose data names one of `ids` under `key`, run by hand: how many each state holds. */
async function jobsFor(name: string, key: string, ids: string[]) {
  const rows = await getDb().execute(
    sql`select state::text as state, (start_after > now()) as later from pgboss.job where name = ${name} and data->>${key} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Array.from(rows as Iterable<{ state: string; later: boolean }>);
}

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
const newMobile = () => `+3362${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;

beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
  await Promise.all(receivers.map((r) => r.close()));
});

describe("webhook deliveries in fair shares", () => {
  let a: Practice;
  let b: Practice;
  beforeAll(async () => {
    a = await practice("Cabinet Flood");
    b = await practice("Cabinet Calme");
  });

  it("attempts another practice's delivery before a practice's backlog to a slow receiver drains", async () => {
    const slow = await receiver(300);
    const quick = await receiver();
    const aEndpoint = await endpoint(a, slow.url);
    await endpoint(b, quick.url);
    const ctx = appContext();
    for (let i = 0; i < 12; i++) await publishEvent(ctx.booking, a.user.id, booked(i));
    await publishEvent(ctx.booking, b.user.id, booked(100));
    let aBeforeB = -1;
    await runDeliveryWorkers(4, () => {
      if (quick.arrivals.length > 0 && aBeforeB < 0) aBeforeB = slow.arrivals.length;
      return quick.arrivals.length > 0;
    });
    expect(quick.arrivals).toHaveLength(1);
    // Practice B's event arrived after at most one of A's twelve had reached A's receiver.
    expect(aBeforeB).toBeLessThanOrEqual(1);
    expect((await deliveriesOf(aEndpoint)).length).toBe(12);
  }, 30_000);

  it("runs one attempt at a time per endpoint, and at most two per practice; a waiting delivery is queued again, not held", async () => {
    const slow = await receiver(400);
    const one = await endpoint(a, `${slow.url}?one`);
    const ctx = appContext();
    const boss = await ctx.jobs.ready();
    // Whatever is left from the test before is cleared out of the way first.
    await drainJobs(boss, { "webhook-delivery": (data) => deliverWebhook(ctx.booking, data) });
    await getDb().update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.userId, a.user.id));
    await getDb().update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.id, one));
    for (let i = 0; i < 3; i++) await publishEvent(ctx.booking, a.user.id, booked(200 + i));
    const ids = await deliveriesOf(one);
    const jobs = (await boss.fetch<JobData["webhook-delivery"]>("webhook-delivery", { batchSize: 10 })) ?? [];
    const mine = jobs.filter((j) => ids.includes(j.data.deliveryId));
    expect(mine).toHaveLength(3);
    await Promise.all(mine.map((j) => deliverWebhook(ctx.booking, j.data)));
    expect(slow.maxInFlight).toBe(1);
    expect(slow.arrivals).toHaveLength(1);
    // The two that found the endpoint busy are queued again for a little later, for the same attempt.
    const requeued = (await jobsFor("webhook-delivery", "deliveryId", ids)).filter((j) => j.state === "created");
    expect(requeued).toHaveLength(2);
    expect(requeued.every((j) => j.later)).toBe(true);
    const [ep] = await getDb().select({ busyUntil: webhookEndpoints.busyUntil }).from(webhookEndpoints).where(eq(webhookEndpoints.id, one));
    expect(ep!.busyUntil).toBeNull();

    // Three endpoints of one practice, each with a delivery: two attempts in flight at most.
    const many = await receiver(400);
    const three = [await endpoint(b, `${many.url}?1`), await endpoint(b, `${many.url}?2`), await endpoint(b, `${many.url}?3`)];
    await getDb()
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(
        and(
          eq(webhookEndpoints.userId, b.user.id),
          sql`${webhookEndpoints.id} not in (${sql.join(
            three.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
    await publishEvent(ctx.booking, b.user.id, booked(300));
    const bIds = (await Promise.all(three.map(deliveriesOf))).flat();
    const bJobs = ((await boss.fetch<JobData["webhook-delivery"]>("webhook-delivery", { batchSize: 20 })) ?? []).filter((j) =>
      bIds.includes(j.data.deliveryId),
    );
    expect(bJobs).toHaveLength(3);
    await Promise.all(bJobs.map((j) => deliverWebhook(ctx.booking, j.data)));
    expect(many.maxInFlight).toBe(MAX_BUSY_ENDPOINTS_PER_PRACTICE);
    expect(many.arrivals).toHaveLength(2);
  }, 30_000);

  it("refuses the sixth test event to an endpoint within a minute with 429 and Retry-After; another endpoint still gets its own", async () => {
    const r = await receiver();
    const first = await endpoint(b, `${r.url}?t1`);
    const second = await endpoint(b, `${r.url}?t2`);
    for (let i = 0; i < 5; i++) expect((await api("POST", `/api/webhook-endpoints/${first}/test`, { token: b.token })).status).toBe(202);
    const refused = await api("POST", `/api/webhook-endpoints/${first}/test`, { token: b.token });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.message).toBe(translate("en", "Api.webhookTestTooMany", { minutes: 1 }));
    expect(await deliveriesOf(first)).toHaveLength(5);
    expect((await api("POST", `/api/webhook-endpoints/${second}/test`, { token: b.token })).status).toBe(202);
  });
});

describe("codes in fair shares", () => {
  let a: Practice;
  let b: Practice;
  beforeAll(async () => {
    a = await practice("Cabinet Pompe");
    b = await practice("Cabinet Patient");
  });

  it("runs another practice's code before a practice's backlog of codes", async () => {
    const ctx = appContext();
    const pumped: string[] = [];
    for (let i = 0; i < 20; i++) {
      const call = { userId: a.user.id, providerCallId: `${PAGE_CODE_PREFIX}${newCallId("pump")}` };
      expect(await sendCode(ctx.booking, call, newMobile(), "fr")).toBe("sent");
      pumped.push(call.providerCallId);
    }
    const bPhone = newMobile();
    expect(await sendCode(ctx.booking, { userId: b.user.id, providerCallId: newCallId("phone") }, bPhone, "fr")).toBe("sent");
    const [bCode] = await getDb().select({ id: verificationCodes.id }).from(verificationCodes).where(eq(verificationCodes.phone, bPhone));
    const order: string[] = [];
    await drainJobs(await ctx.jobs.ready(), {
      "verification-code": async (data) => {
        order.push(data.codeId);
        await sendVerificationCode(ctx.booking, ctx.dispatch, data);
      },
    });
    expect(order).toHaveLength(21);
    // B's code ran second at worst (after A's first), not after A's twenty.
    expect(order.indexOf(bCode!.id)).toBeLessThanOrEqual(1);
    const texted = await getDb().select({ id: notifications.id }).from(notifications).where(eq(notifications.recipient, bPhone));
    expect(texted).toHaveLength(1);
  });

  it("does not text a code that would arrive expired or with under a minute left, and texts one that still has time", async () => {
    const ctx = appContext();
    const late = newMobile();
    const inTime = newMobile();
    for (const phone of [late, inTime]) {
      expect(await sendCode(ctx.booking, { userId: b.user.id, providerCallId: newCallId("late") }, phone, "en", false)).toBe("sent");
    }
    const codes = await getDb()
      .select({ id: verificationCodes.id, phone: verificationCodes.phone, expiresAt: verificationCodes.expiresAt })
      .from(verificationCodes)
      .where(inArray(verificationCodes.phone, [late, inTime]));
    const codeOf = (phone: string) => codes.find((c) => c.phone === phone)!;
    // The job runs when the code has 30 s left: too late for a caller to receive it and read it back.
    const lateCode = codeOf(late);
    const lateNow = () => new Date(lateCode.expiresAt.getTime() - 30_000);
    await sendVerificationCode({ ...ctx.booking, now: lateNow }, ctx.dispatch, { codeId: lateCode.id });
    // The other one runs with 5 of its 10 minutes left.
    const onTime = codeOf(inTime);
    const onTimeNow = () => new Date(onTime.expiresAt.getTime() - CODE_TTL_MS / 2);
    await sendVerificationCode({ ...ctx.booking, now: onTimeNow }, ctx.dispatch, { codeId: onTime.id });
    const sent = await getDb()
      .select({ to: notifications.recipient })
      .from(notifications)
      .where(inArray(notifications.recipient, [late, inTime]));
    expect(sent.map((s) => s.to)).toEqual([inTime]);
  });
});

describe("jobs for later in fair shares", () => {
  it("places a reminder by the practice's jobs due around it, not by every reminder it has booked ahead", async () => {
    const busy = await practice("Cabinet Agenda Plein");
    const quiet = await practice("Cabinet Agenda Calme");
    const jobs = appContext().jobs;
    const boss = await jobs.ready();
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    // A busy practice has thirty reminders booked over the next month.
    for (let i = 0; i < 30; i++) {
      await jobs.send(
        "appointment-reminder",
        { appointmentId: crypto.randomUUID(), version: 1 },
        { startAfter: inDays(2 + i), fairShare: busy.user.id },
      );
    }
    const later = inDays(40);
    const mine = await jobs.send(
      "appointment-reminder",
      { appointmentId: crypto.randomUUID(), version: 1 },
      { startAfter: later, fairShare: busy.user.id },
    );
    const theirs = await jobs.send(
      "appointment-reminder",
      { appointmentId: crypto.randomUUID(), version: 1 },
      { startAfter: later, fairShare: quiet.user.id },
    );
    const priorityOf = async (id: string | null) => (await boss.getJobById("appointment-reminder", id!))!.priority;
    // After all thirty, the busy practice's next reminder has none of them waiting beside it then (each will have run
    // on its own day): it is no further back than the other practice's.
    expect(await priorityOf(mine)).toBe(0);
    expect(await priorityOf(theirs)).toBe(0);
    // Two due at the same moment are the practice's backlog then: the second waits behind the first.
    const second = await jobs.send(
      "appointment-reminder",
      { appointmentId: crypto.randomUUID(), version: 1 },
      { startAfter: later, fairShare: busy.user.id },
    );
    expect(await priorityOf(second)).toBe(-1);
    await getDb().execute(
      sql`delete from pgboss.job where name = ${"appointment-reminder"} and data->>'fairShare' in (${busy.user.id}, ${quiet.user.id})`,
    );
  });
});
