// The attacks on passwords and accounts, replayed against the real routes: guessing the current password with a stolen
// session, locking an owner out of sign-in, and probing registration for which emails have an account.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { loginAttempts, notifications, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/platform/env";
import { jobHandlers } from "@/lib/server/job-handlers";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { appContext } from "@/lib/server/context";
import { api, registerOwner, uniqueEmail, type Account } from "../helpers/api";

/** A client network no other test uses (the counters live in the run's one database; IPv6 counts per /64). */
const address = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;
const from = (ip: string) => ({ "x-forwarded-for": ip });

const WRONG_PASSWORD = "Current password is incorrect";
const REFUSED = "We couldn't create an account with this email. If it's yours, we've sent you an email with what to do next.";

const changePassword = (owner: Account, oldPassword: string, ip: string) =>
  api("PUT", "/api/auth/update-password", {
    token: owner.token,
    body: { oldPassword, newPassword: "a-brand-new-pass-1" },
    headers: from(ip),
  });
const signIn = (email: string, password: string, ip: string) =>
  api("POST", "/api/auth/login", { body: { email, password }, headers: from(ip) });

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

describe("password re-checks: a stolen session cannot guess the password", () => {
  it("PUT /api/auth/update-password: 30 guesses get 5 answers, then 429 with Retry-After, even for the right password", async () => {
    const owner = await registerOwner();
    const elsewhere = await signIn(owner.email, owner.password, address());
    expect(elsewhere.status).toBe(200);
    const attacker = address();

    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await changePassword(owner, `guess-number-${i}`, attacker));
    expect(answers.slice(0, 5).map((a) => [a.status, a.body.message])).toEqual(Array(5).fill([401, WRONG_PASSWORD]));
    expect(answers.slice(5).every((a) => a.status === 429)).toBe(true);
    const last = answers.at(-1)!;
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(last.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(last.body.message).toMatch(/^Too many incorrect passwords\. Please try again in \d+ minutes\.$/);

    // The right password from the locked address waits too: the password is not changed, the other session lives.
    expect((await changePassword(owner, owner.password, attacker)).status).toBe(429);
    expect((await api("GET", "/api/auth/profile", { token: elsewhere.body.token })).status).toBe(200);
    expect((await signIn(owner.email, owner.password, address())).status).toBe(200);
  });

  it("counts guesses on a password change toward the sign-in lock, and failed sign-ins toward the password change", async () => {
    const owner = await registerOwner();
    const attacker = address();
    for (let i = 0; i < 5; i++) expect((await changePassword(owner, `guess-${i}-xx`, attacker)).status).toBe(401);
    expect((await signIn(owner.email, owner.password, attacker)).status).toBe(429);
    expect((await signIn(owner.email, owner.password, address())).status).toBe(200);

    const other = await registerOwner();
    const second = address();
    for (let i = 0; i < 5; i++) expect((await signIn(other.email, `guess-${i}-xx`, second)).status).toBe(401);
    expect((await changePassword(other, other.password, second)).status).toBe(429);
    // From the owner's own address the change goes through.
    expect((await changePassword(other, other.password, address())).status).toBe(200);
  });

  it("DELETE /api/account shares the same lock (403 for a wrong password, so the client keeps the session)", async () => {
    const owner = await registerOwner();
    const attacker = address();
    for (let i = 0; i < 3; i++) expect((await changePassword(owner, `guess-${i}-xx`, attacker)).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const wrong = await api("DELETE", "/api/account", {
        token: owner.token,
        body: { password: `guess-del-${i}` },
        headers: from(attacker),
      });
      expect(wrong).toMatchObject({ status: 403, body: { message: WRONG_PASSWORD } });
    }
    const locked = await api("DELETE", "/api/account", { token: owner.token, body: { password: owner.password }, headers: from(attacker) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await getDb().$count(users, eq(users.id, owner.user.id))).toBe(1);
  });

  it("counts the account itself: 5 guesses in all, from any address, and changing the account's email does not reset them", async () => {
    const owner = await registerOwner();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await changePassword(owner, `guess-a-${i}`, address())).status);
    const moved = await api("PUT", "/api/auth/update-profile", {
      token: owner.token,
      body: { email: uniqueEmail("moved") },
      headers: from(address()),
    });
    expect(moved.status).toBe(200);
    for (let i = 0; i < 5; i++) statuses.push((await changePassword(owner, `guess-b-${i}`, address())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const right = await changePassword(owner, owner.password, address());
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("counts an IPv6 client by its /64: another address of the same network is the same client", async () => {
    const owner = await registerOwner();
    const net = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
    for (let i = 0; i < 5; i++) expect((await signIn(owner.email, `wrong-${i}-pass`, `${net}::${i + 1}`)).status).toBe(401);
    expect((await signIn(owner.email, `wrong-x-pass`, `${net}:1:2:3:4`)).status).toBe(429);
  });
});

describe("the per-email ceiling", () => {
  it("slows guesses spread over many addresses, but never locks the owner out of an address they signed in from", async () => {
    const owner = await registerOwner();
    const ownersOwn = address();
    expect((await signIn(owner.email, owner.password, ownersOwn)).status).toBe(200);
    for (let i = 0; i < 50; i++) expect((await signIn(owner.email, `spread-guess-${i}`, address())).status).toBe(401);
    // A new address meets the ceiling, even with the right password…
    expect((await signIn(owner.email, owner.password, address())).status).toBe(429);
    // …the owner's own still signs in.
    expect((await signIn(owner.email, owner.password, ownersOwn)).status).toBe(200);
  });
});

describe("the sign-in lock is per (email, address)", () => {
  it("locks the attacker's address; the owner signs in with the right password from their own", async () => {
    const owner = await registerOwner();
    const attacker = address();
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await signIn(owner.email, `wrong-${i}-pass`, attacker)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await signIn(owner.email, owner.password, attacker)).status).toBe(429);

    const ownersOwn = await signIn(owner.email, owner.password, address());
    expect(ownersOwn.status).toBe(200);
    // The refused attempts were not counted against the email: one address cannot walk it up to the ceiling.
    const [ceiling] = await getDb()
      .select({ failures: loginAttempts.failures })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `login:email:${owner.email}`));
    expect(ceiling?.failures).toBe(5);
  });

  it("counts parallel guesses before checking them, so a burst gets no more than 5 answers", async () => {
    const owner = await registerOwner();
    const attacker = address();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(owner.email, `burst-${i}-pass`, attacker)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe("registration", () => {
  let saved: string | undefined;
  beforeEach(() => {
    // The shipped default (10 an hour); the rest of the suite raises it (tests/setup/env.ts).
    saved = process.env.REGISTRATION_LIMIT_PER_HOUR;
    delete process.env.REGISTRATION_LIMIT_PER_HOUR;
    resetEnvCache();
  });
  afterEach(() => {
    process.env.REGISTRATION_LIMIT_PER_HOUR = saved;
    resetEnvCache();
  });

  const registerFrom = (ip: string, email = uniqueEmail("reg"), locale?: string) =>
    api("POST", "/api/auth/register", {
      body: { email, password: "long-enough-1", fullName: "Reg Tester" },
      headers: { ...from(ip), ...(locale ? { "accept-language": locale } : {}) },
    });

  it("gives one address 10 attempts an hour, new and taken emails alike, then 429 with Retry-After", async () => {
    const ip = address();
    const taken = await registerFrom(ip);
    expect(taken.status).toBe(201);
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push((await registerFrom(ip, i % 2 ? taken.body.user.email : undefined)).status);
    expect(answers).toEqual([201, 409, 201, 409, 201, 409, 201, 409, 201]);

    const refused = await registerFrom(ip);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(55 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    expect(refused.body.message).toBe("Too many registration attempts from your network. Please try again in 60 minutes.");
    const fr = await registerFrom(ip, uniqueEmail("reg"), "fr");
    expect(fr.body.message).toBe("Trop de tentatives d'inscription depuis votre réseau. Veuillez réessayer dans 60 minutes.");
    // Another address is not affected.
    expect((await registerFrom(address())).status).toBe(201);
  });

  it("counts email changes on a profile against the same budget: an account is no way around it to probe emails", async () => {
    const ip = address();
    const prober = await registerFrom(ip);
    const victim = await registerFrom(address());
    const answers = [];
    for (let i = 0; i < 9; i++) {
      const email = i % 2 ? victim.body.user.email : uniqueEmail("moved");
      answers.push((await api("PUT", "/api/auth/update-profile", { token: prober.body.token, body: { email }, headers: from(ip) })).status);
    }
    expect(answers).toEqual([200, 409, 200, 409, 200, 409, 200, 409, 200]);
    const refused = await api("PUT", "/api/auth/update-profile", {
      token: prober.body.token,
      body: { email: victim.body.user.email },
      headers: from(ip),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many email changes from your network. Please try again in 60 minutes.");
    expect((await registerFrom(ip)).status).toBe(429);
    // Other profile fields (and the same email again) are not email changes.
    const profile = await api("GET", "/api/auth/profile", { token: prober.body.token });
    const same = await api("PUT", "/api/auth/update-profile", {
      token: prober.body.token,
      body: { email: profile.body.email, businessName: "Still Here" },
      headers: from(ip),
    });
    expect(same.status).toBe(200);
  });

  it("counts a burst before answering it: 15 parallel tries from one address get 10 answers", async () => {
    // (registerOwner would register from this file's address, which the tests above have used up under this limit.)
    const owner = await registerFrom(address());
    expect(owner.status).toBe(201);
    const ip = address();
    const burst = await Promise.all(Array.from({ length: 15 }, () => registerFrom(ip, owner.body.user.email)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(409), ...Array(5).fill(429)]);
  });
});

describe("a taken email gets one answer, and its owner an email", () => {
  it("answers the same for a set-up and a pending account; the set-up owner is told, the pending one gets a setup link, at most once an hour", async () => {
    const db = getDb();
    const setUp = await registerOwner({ locale: "fr" });
    const pendingEmail = uniqueEmail("pending");
    const [pending] = await db
      .insert(users)
      .values({ email: pendingEmail, fullName: "Pending Person", locale: "es", workingHours: defaultWorkingHours() })
      .returning({ id: users.id });
    await drain();
    const mailsOf = (userId: string) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.channel, "email")));
    const earlier = new Set([...(await mailsOf(setUp.user.id)), ...(await mailsOf(pending!.id))].map((m) => m.id));
    const newMailsOf = async (userId: string) => (await mailsOf(userId)).filter((m) => !earlier.has(m.id));

    const ip = address();
    const toSetUp = await api("POST", "/api/auth/register", {
      body: { email: setUp.email.toUpperCase(), password: "someone-else-1", fullName: "Mallory" },
      headers: from(ip),
    });
    const toPending = await api("POST", "/api/auth/register", {
      body: { email: pendingEmail, password: "someone-else-1", fullName: "Mallory" },
      headers: from(ip),
    });
    expect(toSetUp.status).toBe(409);
    expect(toPending.status).toBe(409);
    expect(toSetUp.body).toEqual({ message: REFUSED });
    expect(toPending.body).toEqual(toSetUp.body);
    // Twice within the hour: still one email each.
    await api("POST", "/api/auth/register", {
      body: { email: setUp.email, password: "someone-else-2", fullName: "Mallory" },
      headers: from(ip),
    });
    await api("POST", "/api/auth/register", {
      body: { email: pendingEmail, password: "someone-else-2", fullName: "Mallory" },
      headers: from(ip),
    });
    await drain();

    const toOwner = await newMailsOf(setUp.user.id);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toMatchObject({
      recipient: setUp.email,
      status: "sent",
      subject: "Quelqu'un a essayé de créer un compte Recepta avec votre e-mail",
    });
    expect(toOwner[0]!.links).toEqual(["http://localhost:3000/fr/login"]);
    const toPendingOwner = await newMailsOf(pending!.id);
    expect(toPendingOwner).toHaveLength(1);
    expect(toPendingOwner[0]).toMatchObject({ recipient: pendingEmail, status: "sent", subject: "Configure su cuenta de Recepta" });
    expect(toPendingOwner[0]!.links[0]).toMatch(/^http:\/\/localhost:3000\/es\/setup-account\//);

    // Nobody got in: the owner's password still works, the pending account still has none.
    expect((await signIn(setUp.email, setUp.password, address())).status).toBe(200);
    expect((await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, pending!.id)))[0]!.hash).toBeNull();
  });
});

describe("the counters are kept no longer than they protect anyone", () => {
  it("the hourly purge deletes windows over for a day and addresses unused for 30 days, and keeps the rest", async () => {
    const { purgeStaleCounters } = await import("@/lib/accounts/auth/rate-limit");
    const tag = randomBytes(4).toString("hex");
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const day = 24 * 60 * 60 * 1000;
    const rows = [
      { key: `login:ip:old-${tag}`, windowStart: ago(2 * day), failures: 3 },
      { key: `login:ip:fresh-${tag}`, windowStart: ago(10 * 60 * 1000), failures: 3 },
      { key: `login:known:"${tag}@example.com" old`, windowStart: ago(31 * day), failures: 0 },
      { key: `login:known:"${tag}@example.com" recent`, windowStart: ago(2 * day), failures: 0 },
    ];
    await getDb().insert(loginAttempts).values(rows);
    await purgeStaleCounters(getDb(), now);
    const left = await getDb().select({ key: loginAttempts.key }).from(loginAttempts);
    const mine = left
      .map((r) => r.key)
      .filter((k) => k.includes(tag))
      .sort();
    expect(mine).toEqual([`login:ip:fresh-${tag}`, `login:known:"${tag}@example.com" recent`].sort());
  });
});
