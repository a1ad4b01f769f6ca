// Two production instances (`npm start`, the suite's build) on one PostgreSQL database behave as one: started at the
// same moment they migrate once and both serve; the sign-in limit counts across them; a session ended on one is refused
// by the other at once; a webhook delivered to both at once is applied once; each job runs once with both instances'
// workers polling; and one instance stopped with SIGTERM finishes its requests in flight while the other keeps serving.
// Needs a PostgreSQL server (TEST_DATABASE_URL, the server's own database: a throwaway database is created on it per
// run and dropped afterwards); skipped without one.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { expect, request as requests, test, type APIRequestContext } from "@playwright/test";
import { LOGIN_LIMITS } from "../../lib/accounts/auth/rate-limit";
import { signStripePayload } from "../../lib/vendors/stripe/webhook-signature";
import { sandboxTelnyxKeys, signTelnyxPayload } from "../../lib/vendors/telnyx/webhook";
import {
  dayAhead,
  expectStatus,
  freePorts,
  killGroup,
  send,
  slowPost,
  startInstance,
  untilHealthy,
  type Instance,
} from "./support/instances";
import { workThroughHolidays } from "./support/holidays";
import { createThrowawayDatabase, installationSecrets, postgresUnavailable, type ThrowawayDatabase } from "./support/postgres";
import { makeDataDir, ROOT, serverEnv } from "./support/server";

type NpmInstance = Instance & { dataDir: string };

// What every instance of one installation shares: the secrets (generated only on the embedded default, required in the
// environment with DATABASE_URL) and the public address.
const SECRETS = installationSecrets();
const PASSWORD = "two-instances-pass-1";
const OPEN = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, OPEN]));

/** `npm start` (the launcher, as in production) on its own data folder, in its own process group. */
function startNpm(name: "A" | "B", port: number, env: Record<string, string>): NpmInstance {
  const dataDir = makeDataDir(`recepta-two-${name.toLowerCase()}-`);
  const instance = startInstance(name, port, "npm", ["start"], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, port), ...env },
    // The suite's server runs on this build: a second build under it would replace its files.
    onOutput: (output, child) => {
      if (output.includes("Building the app")) killGroup(child.pid);
    },
  });
  return { ...instance, dataDir };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;

test.describe.serial("two instances on one PostgreSQL database", () => {
  let throwaway: ThrowawayDatabase | null = null;
  let db: postgres.Sql;
  let a: NpmInstance;
  let b: NpmInstance;
  let reqA: APIRequestContext;
  let reqB: APIRequestContext;
  /** An owner whose line answers calls (set up in the webhook test, booked into by the jobs test). */
  let practice: { token: string; userId: string; line: string } | null = null;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const unavailable = await postgresUnavailable();
    test.skip(!!unavailable, unavailable ?? "");

    throwaway = await createThrowawayDatabase("recepta_two");
    const url = throwaway.url;
    db = postgres(url, { max: 2, onnotice: () => {} });
    const [portA, portB] = (await freePorts(2)) as [number, number];
    // One public address for both, as behind a load balancer; each listens on its own port.
    const shared = { ...SECRETS, DATABASE_URL: url, APP_URL: `http://127.0.0.1:${portA}` };
    // Both at the same moment: each runs the migrations (under the advisory lock), the bootstrap and its job queue's
    // start on a database nobody has touched yet.
    const started = Date.now();
    a = startNpm("A", portA, shared);
    b = startNpm("B", portB, shared);
    await Promise.all([a, b].map((instance) => untilHealthy(instance, 120_000)));
    for (const instance of [a, b]) {
      expect(instance.output(), "the build was stale: sources changed during the run").not.toContain("Building the app");
    }
    console.log(`[two] both instances ready after ${Math.round((Date.now() - started) / 1000)} s`);
    reqA = await requests.newContext({ baseURL: a.baseURL });
    reqB = await requests.newContext({ baseURL: b.baseURL });
  });

  test.afterAll(async () => {
    await reqA?.dispose();
    await reqB?.dispose();
    for (const instance of [a, b]) {
      if (!instance) continue;
      killGroup(instance.child.pid);
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await db?.end({ timeout: 5 });
    await throwaway?.drop();
  });

  /** A new owner, registered on A, with a token of their own. */
  async function register(tag: string, extra: Record<string, unknown> = {}) {
    const email = `${unique(tag)}@e2e.test`;
    const res = await reqA.post("/api/auth/register", { data: { email, password: PASSWORD, fullName: "Two Instances", ...extra } });
    await expectStatus(res, 201);
    const body = (await res.json()) as { token: string; user: { id: string } };
    // The practices below book a few days ahead, whatever the date: their public holidays are opened.
    await workThroughHolidays(reqA, body.token);
    return { email, token: body.token, userId: body.user.id };
  }

  test("started at the same moment, they apply each migration once and both serve, each with its job workers", async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "db", "migrations", "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const applied = await db`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`;
    expect(applied.length).toBe(journal.entries.length);
    expect(applied.every((m) => m.times === 1)).toBe(true);
    const dataMigrations = await db`select key from app_state where key like 'data-migration:%'`;
    expect(dataMigrations.length).toBeGreaterThan(0);
    // The start-up steps after the migrations ran once between them: one instance filled the sandbox number pool.
    const filled = [a, b].filter((i) => i.output().includes("Sandbox: added"));
    expect(filled.length, `${a.output()}\n${b.output()}`).toBe(1);
    // Both started their workers on the one queue (its tables created once, by whichever came first).
    for (const instance of [a, b]) {
      await expect.poll(() => instance.output().includes("job workers started"), { timeout: 30_000 }).toBe(true);
      expect(instance.output(), instance.name).not.toMatch(/job workers failed to start|job queue error/);
    }
    for (const req of [reqA, reqB]) await expectStatus(await req.get("/api/health"), 200);
  });

  test("the sign-in limit counts failures on either instance: alternated between them, it refuses at the same attempt as one would", async () => {
    // Both see every request from 127.0.0.1 (TRUST_PROXY off): the per-address limit of one email is the one met first.
    const owner = await register("limits");
    const limit = LOGIN_LIMITS.emailFromAddress;
    const failures: number[] = [];
    for (let i = 0; i < limit; i++) {
      const req = i % 2 === 0 ? reqA : reqB;
      failures.push((await req.post("/api/auth/login", { data: { email: owner.email, password: `wrong-password-${i}` } })).status());
    }
    expect(failures).toEqual(Array(limit).fill(401));
    // The next attempt is refused on both, the right password included.
    for (const req of [reqB, reqA]) {
      const refused = await req.post("/api/auth/login", { data: { email: owner.email, password: PASSWORD } });
      await expectStatus(refused, 429);
      expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    }
  });

  test("a session ended on one instance is refused by the other at once, by token and by cookie", async () => {
    const owner = await register("session");
    const login = await reqA.post("/api/auth/login", { data: { email: owner.email, password: PASSWORD } });
    await expectStatus(login, 200);
    const { token } = (await login.json()) as { token: string };
    const cookie = login.headers()["set-cookie"]!.split(";")[0]!;
    expect(cookie).toMatch(/session-token=/);
    // Fresh contexts: the cookie is sent only where the test puts it.
    const plainB = await requests.newContext({ baseURL: b.baseURL });
    try {
      await expectStatus(await plainB.get("/api/auth/profile", { headers: bearer(token) }), 200);
      await expectStatus(await plainB.get("/api/auth/profile", { headers: { cookie } }), 200);

      await expectStatus(await reqA.post("/api/auth/logout", { headers: bearer(token) }), 200);
      await expectStatus(await plainB.get("/api/auth/profile", { headers: bearer(token) }), 401);
      await expectStatus(await plainB.get("/api/auth/profile", { headers: { cookie } }), 401);
      await expectStatus(await plainB.get("/api/appointments", { headers: { cookie } }), 401);
      // Only that session ended: the one registration started still works on both.
      await expectStatus(await plainB.get("/api/auth/profile", { headers: bearer(owner.token) }), 200);
      await expectStatus(await reqA.get("/api/auth/profile", { headers: bearer(owner.token) }), 200);
    } finally {
      await plainB.dispose();
    }
  });

  test("a Stripe event, a Telnyx event and a Vapi tool call delivered to both at the same moment are applied once", async () => {
    // Stripe: a checkout by a new payer creates a pending account and queues its setup email.
    const email = `${unique("payer")}@e2e.test`;
    const eventId = `evt_two_${randomBytes(8).toString("hex")}`;
    const sessionId = `cs_two_${randomBytes(8).toString("hex")}`;
    const raw = JSON.stringify({
      id: eventId,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "no_payment_required",
          client_reference_id: null,
          customer: `cus_two_${randomBytes(6).toString("hex")}`,
          subscription: `sub_two_${randomBytes(6).toString("hex")}`,
          customer_details: { email, name: "Twice Delivered" },
          locale: null,
          metadata: {},
        },
      },
    });
    const stripeHeaders = { "content-type": "application/json", "stripe-signature": signStripePayload(raw, SECRETS.STRIPE_WEBHOOK_SECRET) };
    const stripe = await Promise.all([reqA, reqB].map((req) => req.post("/api/webhooks/stripe", { data: raw, headers: stripeHeaders })));
    for (const res of stripe) await expectStatus(res, 200);
    const duplicates = await Promise.all(stripe.map(async (res) => ((await res.json()) as { duplicate: boolean }).duplicate));
    expect(duplicates.sort()).toEqual([false, true]);
    expect(await db`select 1 from webhook_events where provider = 'stripe' and event_id = ${eventId}`).toHaveLength(1);
    const payer = await db`select id from users where email = ${email}`;
    expect(payer).toHaveLength(1);
    expect(await db`select 1 from billing_checkouts where session_id = ${sessionId}`).toHaveLength(1);
    // One setup email, sent by one job (whichever instance's worker took it).
    await expect
      .poll(
        async () =>
          (await db`select state from pgboss.job where name = 'account-setup' and data->>'userId' = ${payer[0]!.id}`).map((j) => j.state),
        {
          timeout: 20_000,
        },
      )
      .toEqual(["completed"]);
    expect(await db`select 1 from notifications where recipient = ${email} and channel = 'email'`).toHaveLength(1);

    // Vapi: one book_appointment tool call (one tool-call id) delivered to both: one booking, the same answer twice.
    const owner = await register("practice", {
      businessName: "Cabinet Deux",
      workingHours: EVERY_DAY,
      appointmentDuration: "30",
      timeZone: "Europe/Paris",
    });
    await expectStatus(await reqA.post("/api/subscription/start-trial", { headers: bearer(owner.token) }), 200);
    await expectStatus(
      await reqA.post("/api/google-calendar/authorize", { headers: bearer(owner.token), data: { code: "sandbox-test-code" } }),
      200,
    );
    const claim = await reqA.get("/api/phone-numbers/claim", { headers: bearer(owner.token) });
    await expectStatus(claim, 200);
    practice = { token: owner.token, userId: owner.userId, line: ((await claim.json()) as { phoneNumber: string }).phoneNumber };
    const toolCallId = `tc-${randomBytes(6).toString("hex")}`;
    const caller = `+336${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;
    const message = {
      message: {
        type: "tool-calls",
        call: { id: unique("call"), customer: { number: caller } },
        phoneNumber: { number: practice.line },
        toolCallList: [
          {
            id: toolCallId,
            type: "function",
            function: { name: "book_appointment", arguments: { date: dayAhead(3), time: "09:00", name: "Marie Curie" } },
          },
        ],
      },
    };
    const vapiHeaders = { "x-vapi-secret": SECRETS.VAPI_WEBHOOK_SECRET };
    const vapi = await Promise.all([reqA, reqB].map((req) => req.post("/api/webhooks/vapi", { data: message, headers: vapiHeaders })));
    const results: { toolCallId: string; result?: string; error?: string }[] = [];
    for (const res of vapi) {
      await expectStatus(res, 200);
      results.push(((await res.json()) as { results: { toolCallId: string; result?: string; error?: string }[] }).results[0]!);
    }
    expect(results[0]!.toolCallId).toBe(toolCallId);
    // The reply is what the model reads: the words to say, as JSON on one line.
    expect((JSON.parse(results[0]!.result ?? "{}") as { say?: string }).say, JSON.stringify(results)).toMatch(/^Booked/);
    expect(results[1], "both deliveries answer the same").toEqual(results[0]);
    expect(await db`select 1 from appointments where user_id = ${practice.userId} and booking_key = ${toolCallId}`).toHaveLength(1);

    // Telnyx: an inbound STOP to the practice's line, signed with the sandbox key both derive from the shared AUTH_SECRET:
    // the practice's opt-out, recorded once.
    const telnyxId = randomUUID();
    const from = `+336${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;
    const telnyxRaw = JSON.stringify({
      data: {
        id: telnyxId,
        event_type: "message.received",
        payload: { from: { phone_number: from }, to: [{ phone_number: practice.line }], text: "STOP" },
      },
    });
    const ts = Math.floor(Date.now() / 1000);
    const telnyxHeaders = {
      "content-type": "application/json",
      "telnyx-timestamp": String(ts),
      "telnyx-signature-ed25519": signTelnyxPayload(telnyxRaw, sandboxTelnyxKeys(SECRETS.AUTH_SECRET).privateKey, ts),
    };
    const telnyx = await Promise.all(
      [reqA, reqB].map((req) => req.post("/api/webhooks/telnyx", { data: telnyxRaw, headers: telnyxHeaders })),
    );
    for (const res of telnyx) await expectStatus(res, 200);
    expect(await db`select 1 from webhook_events where provider = 'telnyx' and event_id = ${telnyxId}`).toHaveLength(1);
    expect(
      (await db`select channel from opt_outs where phone = ${from} and user_id = ${practice.userId} order by channel`).map(
        (r) => r.channel,
      ),
    ).toEqual(["sms", "whatsapp"]);
  });

  test("a call's memory holds across instances: the language said on one is kept on the other", async () => {
    expect(practice, "the webhook test sets the practice up").not.toBeNull();
    const { line } = practice!;
    const call = unique("memory");
    const caller = `+336${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;
    const vapiHeaders = { "x-vapi-secret": SECRETS.VAPI_WEBHOOK_SECRET };
    const tool = (req: APIRequestContext, args: Record<string, unknown>) =>
      req.post("/api/webhooks/vapi", {
        headers: vapiHeaders,
        data: {
          message: {
            type: "tool-calls",
            call: { id: call, customer: { number: caller } },
            phoneNumber: { number: line },
            toolCallList: [{ id: unique("tc"), type: "function", function: { name: "check_availability", arguments: args } }],
          },
        },
      });
    const say = async (res: Awaited<ReturnType<typeof tool>>) => {
      await expectStatus(res, 200);
      const [r] = ((await res.json()) as { results: { result?: string; error?: string }[] }).results;
      return (JSON.parse(r!.result ?? "{}") as { say?: string }).say ?? r!.error ?? "";
    };
    // The caller speaks Spanish: said once on A, the answers on B are in Spanish too, without the model saying it again.
    expect(await say(await tool(reqA, { date: dayAhead(5), language: "es" }))).toMatch(
      /(lunes|martes|miércoles|jueves|viernes|sábado|domingo)/,
    );
    const onB = await say(await tool(reqB, { date: dayAhead(5) }));
    expect(onB).toMatch(/(lunes|martes|miércoles|jueves|viernes|sábado|domingo)/);
    expect(onB).not.toMatch(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)/);
  });

  test("with both instances' workers polling, each appointment's notice, calendar event and reminder happen once", async () => {
    expect(practice, "the webhook test sets the practice up").not.toBeNull();
    const { token, userId } = practice!;
    // Four bookings through the API, two on each instance, at once: each queues its notice and its reminder.
    const times = ["10:00", "11:00", "14:00", "15:00"];
    const booked = await Promise.all(
      times.map((time, i) =>
        (i % 2 === 0 ? reqA : reqB).post("/api/appointments", {
          headers: bearer(token),
          data: {
            patientName: `Patient ${time}`,
            patientEmail: `${unique("patient")}@e2e.test`,
            patientPhone: "+33612345678",
            date: dayAhead(4),
            time,
            duration: 30,
          },
        }),
      ),
    );
    const ids: string[] = [];
    for (const res of booked) {
      await expectStatus(res, 201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const jobStates = (name: string) =>
      db`select data->>'appointmentId' as id, state, retry_count from pgboss.job where name = ${name} and data->>'appointmentId' in ${db(ids)}`;
    await expect
      .poll(async () => (await jobStates("appointment-notice")).filter((j) => j.state === "completed").length, { timeout: 20_000 })
      .toBe(ids.length);
    // The reminders are due a day before: brought forward to now, so the workers take them.
    await db`update pgboss.job set start_after = now() where name = 'appointment-reminder' and data->>'appointmentId' in ${db(ids)}`;
    await expect
      .poll(async () => (await jobStates("appointment-reminder")).filter((j) => j.state === "completed").length, { timeout: 20_000 })
      .toBe(ids.length);
    // One job per appointment and kind, each run once, not retried.
    for (const name of ["appointment-notice", "appointment-reminder"]) {
      const jobs = await jobStates(name);
      expect(jobs.map((j) => j.id).sort(), name).toEqual([...ids].sort());
      expect(
        jobs.every((j) => j.state === "completed" && j.retry_count === 0),
        JSON.stringify(jobs),
      ).toBe(true);
    }
    for (const id of ids) {
      // Each message once: the confirmation and the reminder, by email and text, and the owner's copy of the booking.
      const sent = await db`select dedupe_key, status from notifications where dedupe_key like ${`appt:${id}:%`} order by dedupe_key`;
      const keys = sent.map((n) => n.dedupe_key as string);
      expect(new Set(keys).size, keys.join("\n")).toBe(keys.length);
      expect(
        keys.some((k) => k.includes(":reminder:")),
        keys.join("\n"),
      ).toBe(true);
      expect(
        keys.some((k) => /:confirmation:/.test(k)),
        keys.join("\n"),
      ).toBe(true);
      // One event in the sandbox calendar.
      const [appt] = await db`select calendar_event_id, calendar_sync_status from appointments where id = ${id}`;
      expect(appt!.calendar_sync_status).toBe("synced");
      expect(await db`select 1 from calendar_events where user_id = ${userId} and event_id = ${appt!.calendar_event_id}`).toHaveLength(1);
    }
  });

  test("SIGTERM to one instance: its requests in flight finish, it exits 0, and the other serves throughout", async () => {
    const owner = await register("drain");
    // Sign-ins in flight on B: headers and half the body sent; the rest follows the signal.
    const body = JSON.stringify({ email: owner.email, password: PASSWORD });
    const inFlight = Array.from({ length: 4 }, () => slowPost(b.port, "/api/auth/login", body));
    // Meanwhile A is asked something every 100 ms, each on a new connection; every answer must be a 200.
    const survivor: (number | string)[] = [];
    let stopTraffic = false;
    const traffic = (async () => {
      for (let i = 0; !stopTraffic; i++) {
        const target = i % 2 === 0 ? "/api/health" : "/api/auth/profile";
        survivor.push(
          await send(a.baseURL, "GET", target, bearer(owner.token)).then(
            (r) => r.status,
            (e: Error) => e.message,
          ),
        );
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await new Promise((r) => setTimeout(r, 500));
    const signalledAt = Date.now();
    process.kill(b.child.pid!, "SIGTERM"); // npm alone, as `docker stop` does when npm is PID 1
    await new Promise((r) => setTimeout(r, 1_000));
    // B takes nothing new: the only failures allowed are these, new connections to the stopped instance.
    await expect(send(b.baseURL, "GET", "/api/health")).rejects.toThrow(/ECONNREFUSED/);
    const answers = await Promise.all(inFlight.map((r) => r.finish()));
    for (const answer of answers) expect(answer.status, answer.body).toBe(200);

    const { code, signal, at } = await Promise.race([
      b.exit,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`B still running 20 s after SIGTERM:\n${b.output()}`)), 20_000)),
    ]);
    expect({ code, signal }, b.output()).toEqual({ code: 0, signal: null });
    console.log(`[two] B exited ${code} ${at - signalledAt} ms after SIGTERM`);

    // A alone: it still books, and its own workers send what the booking queued.
    const booked = await reqA.post("/api/appointments", {
      headers: bearer(practice?.token ?? owner.token),
      data: { patientName: "After The Stop", patientPhone: "+33612345679", date: dayAhead(5), time: "10:00", duration: 30 },
    });
    await expectStatus(booked, 201);
    const { id } = (await booked.json()) as { id: string };
    await expect
      .poll(
        async () =>
          (await db`select state from pgboss.job where name = 'appointment-notice' and data->>'appointmentId' = ${id}`).map((j) => j.state),
        {
          timeout: 20_000,
        },
      )
      .toEqual(["completed"]);
    stopTraffic = true;
    await traffic;
    expect(survivor.length).toBeGreaterThan(10);
    expect(
      survivor.filter((s) => s !== 200),
      `A's answers while B stopped: ${survivor.join(", ")}`,
    ).toEqual([]);
  });
});
