// The container's server, without a container: the suite's build (next.config.ts sets output: "standalone") laid out
// by scripts/assemble-standalone.mjs, the command the Dockerfile runs, in a folder of its own, then started as the
// image starts it: plain node on scripts/standalone.mjs, no TypeScript loader, no dev dependencies, nothing from this
// project's node_modules, and only the environment a deployment gives (PostgreSQL and the secrets). It must run the
// start-up steps itself (migrations, bootstrap) before it listens, serve the API through scripts/server.mjs, and exit 0
// on SIGTERM. Needs a PostgreSQL server (TEST_DATABASE_URL: a throwaway database is created on it per run and dropped
// afterwards); skipped without one.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { expect, request as requests, test, type APIRequestContext } from "@playwright/test";
import { API_CSP } from "../../lib/platform/http/security-headers.mjs";
import { dayAhead, expectStatus, freePorts, killGroup, send, startInstance, untilHealthy, type Instance } from "./support/instances";
import { workThroughHolidays } from "./support/holidays";
import { createThrowawayDatabase, installationSecrets, postgresUnavailable, type ThrowawayDatabase } from "./support/postgres";
import { ROOT } from "./support/server";

const SECRETS = installationSecrets();
const PASSWORD = "standalone-pass-1";
const OPEN = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, OPEN]));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe.serial("the standalone server (the container's entry) on PostgreSQL", () => {
  let throwaway: ThrowawayDatabase | null = null;
  let dir = "";
  let server: Instance;
  let req: APIRequestContext;
  let token = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const unavailable = await postgresUnavailable();
    test.skip(!!unavailable, unavailable ?? "");
    expect(
      fs.existsSync(path.join(ROOT, ".next", "standalone", ".next", "BUILD_ID")),
      'the suite\'s build has no .next/standalone: next.config.ts must set output: "standalone"',
    ).toBe(true);

    dir = fs.mkdtempSync(path.join(os.tmpdir(), "recepta-standalone-"));
    const assemble = spawnSync(process.execPath, [path.join(ROOT, "scripts", "assemble-standalone.mjs"), dir], { encoding: "utf8" });
    expect(assemble.status, `${assemble.stdout}${assemble.stderr}`).toBe(0);

    throwaway = await createThrowawayDatabase("recepta_standalone");
    const [port] = (await freePorts(1)) as [number];
    // Only what a deployment sets: nothing inherited from this run (no NODE_OPTIONS, no loader, no NODE_PATH).
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: dir,
      NODE_ENV: "production" as const,
      PORT: String(port),
      DATABASE_URL: throwaway.url,
      ...SECRETS,
      APP_URL: `http://127.0.0.1:${port}`,
      NEXT_TELEMETRY_DISABLED: "1",
      REGISTRATION_LIMIT_PER_HOUR: "1000000",
    };
    // Started from elsewhere, as a process manager would: the entry finds its own folder.
    server = startInstance("standalone", port, process.execPath, [path.join(dir, "scripts", "standalone.mjs")], { cwd: os.tmpdir(), env });
    await untilHealthy(server, 120_000);
    req = await requests.newContext({ baseURL: server.baseURL });
  });

  test.afterAll(async () => {
    await req?.dispose();
    if (server) killGroup(server.child.pid);
    await throwaway?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("holds no dev dependency, migrates once and bootstraps before it listens", async () => {
    const modules = path.join(dir, "node_modules");
    for (const devOnly of ["tsx", "typescript", "@playwright/test", "vitest", "eslint", "drizzle-kit", "@electric-sql/pglite"]) {
      expect(fs.existsSync(path.join(modules, devOnly)), `${devOnly} in the standalone output`).toBe(false);
    }
    for (const needed of ["next", "postgres", "@node-rs/argon2", "prom-client", "pino"]) {
      expect(fs.existsSync(path.join(modules, needed)), `${needed} missing from the standalone output`).toBe(true);
    }
    expect(fs.existsSync(path.join(dir, "server.js")), "Next's own server.js bypasses the start-up steps").toBe(false);

    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "db", "migrations", "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const db = postgres(throwaway!.url, { max: 1, onnotice: () => {} });
    try {
      const applied = await db`select hash from drizzle.__drizzle_migrations`;
      expect(applied.length).toBe(journal.entries.length);
      expect((await db`select count(*)::int as n from phone_numbers`)[0]!.n).toBeGreaterThan(0);
    } finally {
      await db.end({ timeout: 5 });
    }
    // The order of the log: bootstrap and job workers, then the server; and no warning from Next about the output mode.
    const out = server.output();
    const ready = out.indexOf("Recepta ready on");
    expect(ready, out).toBeGreaterThan(0);
    for (const step of ["Sandbox: added", "job workers started"]) {
      expect(out.indexOf(step), `${step}\n${out}`).toBeGreaterThanOrEqual(0);
      expect(out.indexOf(step), `${step}\n${out}`).toBeLessThan(ready);
    }
    expect(out, out).not.toMatch(/does not work with "output: standalone"|job workers failed to start|An error occurred/);
  });

  test("API smoke: register, sign in, profile, hours, AI settings, calendar, number, appointment", async () => {
    const email = `standalone-${randomBytes(4).toString("hex")}@e2e.test`;
    const registered = await req.post("/api/auth/register", { data: { email, password: PASSWORD, fullName: "Stand Alone" } });
    await expectStatus(registered, 201);

    const login = await req.post("/api/auth/login", { data: { email, password: PASSWORD } });
    await expectStatus(login, 200);
    token = ((await login.json()) as { token: string }).token;
    expect(login.headers()["set-cookie"]).toMatch(/session-token=/);

    const profile = await req.get("/api/auth/profile", { headers: bearer(token) });
    await expectStatus(profile, 200);
    expect(((await profile.json()) as { email: string }).email).toBe(email);

    const hours = await req.put("/api/auth/update-working-hours", { headers: bearer(token), data: { workingHours: EVERY_DAY } });
    await expectStatus(hours, 200);
    expect(((await hours.json()) as { workingHours: Record<string, unknown> }).workingHours.sunday).toMatchObject(OPEN);

    const ai = await req.post("/api/ai/parameters", {
      headers: bearer(token),
      data: { language: "en", voiceId: "voice_english_female_1", agentName: "Ava", firstMessage: "Thanks for calling." },
    });
    await expectStatus(ai, 201);
    expect(await ai.json()).toMatchObject({ agentName: "Ava" });

    await expectStatus(await req.post("/api/subscription/start-trial", { headers: bearer(token) }), 200);
    const calendar = await req.post("/api/google-calendar/authorize", { headers: bearer(token), data: { code: "sandbox-test-code" } });
    await expectStatus(calendar, 200);
    expect(await calendar.json()).toMatchObject({ success: true, sandbox: true });

    // The pool the bootstrap filled (sandbox telephony): a French number, the business being in Paris (the default zone).
    const claim = await req.post("/api/phone-numbers/claim", { headers: bearer(token) });
    await expectStatus(claim, 200);
    expect(((await claim.json()) as { phoneNumber: string }).phoneNumber).toMatch(/^\+33\d{9}$/);

    // Booked three days ahead whatever the date: the business's public holidays are opened first.
    await workThroughHolidays(req, token);
    const date = dayAhead(3);
    const booked = await req.post("/api/appointments", {
      headers: bearer(token),
      data: { patientName: "Ada Lovelace", patientPhone: "+33612345678", date, time: "10:00", duration: 30 },
    });
    await expectStatus(booked, 201);
    const { id } = (await booked.json()) as { id: string };
    const list = await req.get("/api/appointments", { headers: bearer(token) });
    await expectStatus(list, 200);
    const { upcoming } = (await list.json()) as { upcoming: { id: string }[] };
    expect(upcoming.map((a) => a.id)).toContain(id);
  });

  test("webhooks refuse bad signatures, metrics are off without METRICS_TOKEN, and scripts/server.mjs runs the edge", async () => {
    const event = JSON.stringify({ id: "evt_forged", object: "event", type: "invoice.paid", data: { object: {} } });
    const stripe = await req.post("/api/webhooks/stripe", {
      data: event,
      headers: { "content-type": "application/json", "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
    });
    await expectStatus(stripe, 401);
    const telnyx = await req.post("/api/webhooks/telnyx", {
      data: JSON.stringify({ data: { id: "forged", event_type: "message.received", payload: {} } }),
      headers: {
        "content-type": "application/json",
        "telnyx-timestamp": String(Math.floor(Date.now() / 1000)),
        "telnyx-signature-ed25519": Buffer.alloc(64).toString("base64"),
      },
    });
    await expectStatus(telnyx, 401);
    await expectStatus(await req.get("/api/metrics"), 404);

    // What only scripts/server.mjs answers (Next would give TRACE a 500): the same 405 and headers as `npm start`.
    const trace = await send(server.baseURL, "TRACE", "/api/health");
    expect(trace.status).toBe(405);
    expect(trace.headers["content-security-policy"]).toBe(API_CSP);
    expect(trace.headers["x-frame-options"]).toBe("DENY");
    // The client address comes from the socket (TRUST_PROXY unset): an X-Forwarded-For the client wrote is not read.
    const failed = await req.post("/api/auth/login", {
      headers: { "x-forwarded-for": "203.0.113.9" },
      data: { email: `nobody-${randomBytes(3).toString("hex")}@e2e.test`, password: "wrong-password-1" },
    });
    await expectStatus(failed, 401);
    const db = postgres(throwaway!.url, { max: 1, onnotice: () => {} });
    try {
      const keys = (await db`select key from login_attempts where key like 'login:ip:%'`).map((r) => r.key as string);
      expect(keys).toContain("login:ip:127.0.0.1");
      expect(keys.join(" ")).not.toContain("203.0.113.9");
    } finally {
      await db.end({ timeout: 5 });
    }
    // A page, rendered by the standalone build with its static files beside it.
    const page = await send(server.baseURL, "GET", "/fr/login");
    expect(page.status).toBe(200);
    const chunk = /\/_next\/static\/[^"']+\.js/.exec(page.body)?.[0];
    expect(chunk).toBeTruthy();
    expect((await send(server.baseURL, "GET", chunk!)).status).toBe(200);
  });

  test("SIGTERM: drains, stops the workers and the pool, exits 0", async () => {
    const signalledAt = Date.now();
    process.kill(server.child.pid!, "SIGTERM");
    const { code, signal } = await Promise.race([
      server.exit,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`still running 20 s after SIGTERM:\n${server.output()}`)), 20_000),
      ),
    ]);
    expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/"hook":"database pool","msg":"stopped"/);
    console.log(`[standalone] exited 0 ${Date.now() - signalledAt} ms after SIGTERM`);
  });
});
