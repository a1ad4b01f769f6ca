// Password reset through the real routes and the real job: the request answers the same for every email, the emailed
// link works once, within the hour, and only the newest one; using it ends every session and signs this browser in.
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLog, notifications, passwordResetTokens, users } from "@/db/schema";
import { issuePasswordResetToken } from "@/lib/accounts/account/password-reset";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api, createAdmin, registerOwner, uniqueEmail } from "../helpers/api";

/** A client network no other test uses (the limits count per address in the run's one database). */
const address = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;
const from = (ip: string) => ({ "x-forwarded-for": ip });

const SAME_ANSWER = "If an account uses this email, we've sent it a link to choose a new password. It works once, for one hour.";
const DEAD_LINK = "This password reset link is no longer valid. It may have expired or been used already.";

const forgot = (email: string, ip = address()) => api("POST", "/api/auth/forgot-password", { body: { email }, headers: from(ip) });
const reset = (token: string, password: string, extra: Record<string, unknown> = {}, ip = address()) =>
  api("POST", "/api/auth/reset-password", { body: { token, password, ...extra }, headers: from(ip) });
const signIn = (email: string, password: string, ip = address()) =>
  api("POST", "/api/auth/login", { body: { email, password }, headers: from(ip) });

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

/** The emails sent to this address, newest first. */
const mailsTo = (email: string) =>
  getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, email), eq(notifications.channel, "email")))
    .orderBy(desc(notifications.createdAt));

/** The token of the newest reset email to this address (the sandbox's log keeps the link whole). */
async function linkTo(email: string): Promise<{ url: string; token: string }> {
  const mail = (await mailsTo(email)).find((m) => m.links.some((l) => l.includes("/reset-password/")));
  const url = mail?.links.find((l) => l.includes("/reset-password/"));
  expect(url, "a reset link was emailed").toBeTruthy();
  return { url: url!, token: decodeURIComponent(url!.split("/reset-password/")[1]!) };
}

describe("POST /api/auth/forgot-password", () => {
  it("answers the same for a known and an unknown email; only the known one gets an email, in its saved language", async () => {
    const owner = await registerOwner({ locale: "fr" });
    const unknown = uniqueEmail("nobody");
    const known = await forgot(owner.email.toUpperCase());
    const stranger = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(known.body).toEqual({ message: SAME_ANSWER });
    expect(stranger.body).toEqual(known.body);
    await drain();

    expect(await mailsTo(unknown)).toHaveLength(0);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: "sent", subject: "Choisissez un nouveau mot de passe Recepta" });
    const { url, token } = await linkTo(owner.email);
    expect(url).toMatch(/^http:\/\/localhost:3000\/fr\/reset-password\/[\w-]{40,}$/);
    // Only the hash is stored.
    const rows = await getDb()
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, owner.user.id));
    expect(rows).toEqual([{ tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it("sends an English link without a locale prefix, and nothing to a deactivated account", async () => {
    const owner = await registerOwner();
    await forgot(owner.email);
    const deactivated = await registerOwner();
    await getDb().update(users).set({ isActive: false }).where(eq(users.id, deactivated.user.id));
    const refused = await forgot(deactivated.email);
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ message: SAME_ANSWER });
    await drain();
    expect((await linkTo(owner.email)).url).toMatch(/^http:\/\/localhost:3000\/reset-password\//);
    expect(await mailsTo(deactivated.email)).toHaveLength(0);
  });

  it("limits requests: 3 an hour per email from one address, 10 per email, 10 per address, then 429 with Retry-After", async () => {
    const owner = await registerOwner();
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await forgot(owner.email, ip)).status).toBe(200);
    const fourth = await forgot(owner.email, ip);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes\.$/);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(fourth.headers.get("retry-after"))).toBeLessThanOrEqual(60 * 60);
    await drain();
    expect(await mailsTo(owner.email)).toHaveLength(3);

    // From other addresses the email has 7 more this hour, then none: a client with many addresses fills no inbox.
    for (let i = 0; i < 7; i++) expect((await forgot(owner.email)).status).toBe(200);
    expect((await forgot(owner.email)).status).toBe(429);

    // An unknown email is counted the same way: the refusal tells nothing about the account.
    const unknown = uniqueEmail("nobody");
    for (let i = 0; i < 3; i++) await forgot(unknown, ip);
    expect((await forgot(unknown, ip)).status).toBe(429);

    const spray = address();
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueEmail("spray"), spray)).status).toBe(200);
    const limited = await forgot(uniqueEmail("spray"), spray);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many password reset requests/);
  });

  it("a stranger asking for an owner's link from elsewhere never uses up the owner's requests from their own device", async () => {
    const owner = await registerOwner();
    const home = address();
    expect((await signIn(owner.email, owner.password, home)).status).toBe(200);
    // Ten strangers' addresses use up the email's ceiling...
    for (let i = 0; i < 10; i++) expect((await forgot(owner.email)).status).toBe(200);
    expect((await forgot(owner.email)).status).toBe(429);
    // ...which does not apply from the address the owner signs in from: they still get their link.
    expect((await forgot(owner.email, home)).status).toBe(200);
    await drain();
    const [newest] = await mailsTo(owner.email);
    expect(newest?.links.some((l) => l.includes("/reset-password/"))).toBe(true);
    expect(await mailsTo(owner.email)).toHaveLength(11);
  });

  it("answers 400 with a message for a missing or malformed email", async () => {
    const empty = await api("POST", "/api/auth/forgot-password", { body: {}, headers: from(address()) });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Email is required");
    const bad = await forgot("not-an-email");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please enter a valid email address");
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password, ends every session, and signs in (token and cookie), as sign-in does", async () => {
    const owner = await registerOwner();
    const other = await signIn(owner.email, owner.password);
    expect(other.status).toBe(200);
    await forgot(owner.email);
    await drain();
    const { token } = await linkTo(owner.email);

    const done = await reset(token, "brand-new-secret-1", { confirmPassword: "brand-new-secret-1" });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: owner.user.id, email: owner.email });
    expect(done.headers.get("set-cookie")).toMatch(/HttpOnly/);

    // Every earlier session is gone, the new one works.
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(401);
    expect((await api("GET", "/api/auth/profile", { token: other.body.token })).status).toBe(401);
    expect((await api("GET", "/api/auth/profile", { token: done.body.token })).status).toBe(200);
    expect((await signIn(owner.email, owner.password)).status).toBe(401);
    expect((await signIn(owner.email, "brand-new-secret-1")).status).toBe(200);
  });

  it("tells the owner at their address, in their language, when and how the password changed", async () => {
    const owner = await registerOwner({ locale: "fr" });
    await forgot(owner.email);
    await drain();
    const { token } = await linkTo(owner.email);
    expect((await reset(token, "brand-new-secret-2")).status).toBe(200);
    await drain();
    const [notice] = await mailsTo(owner.email);
    expect(notice).toMatchObject({ status: "sent", subject: "Votre mot de passe Recepta a été modifié" });
    expect(notice!.body).toContain(`(${owner.email}) a été modifié le`);
    expect(notice!.body).toContain("avec un lien de réinitialisation");
    expect(notice!.links).toEqual([expect.stringMatching(/\/fr\/forgot-password$/)]);

    // A change from the settings is told too, once, and says so.
    const signedIn = await signIn(owner.email, "brand-new-secret-2");
    const changed = await api("PUT", "/api/auth/update-password", {
      token: signedIn.body.token,
      body: { oldPassword: "brand-new-secret-2", newPassword: "third-secret-pass-3" },
    });
    expect(changed.status).toBe(200);
    await drain();
    await drain();
    const notices = (await mailsTo(owner.email)).filter((m) => m.subject === "Votre mot de passe Recepta a été modifié");
    expect(notices).toHaveLength(2);
    expect(notices[0]!.body).toContain("depuis les paramètres du compte");
    // A refused change (wrong current password) tells nobody anything.
    await api("PUT", "/api/auth/update-password", {
      token: signedIn.body.token,
      body: { oldPassword: "not-the-password", newPassword: "fourth-secret-pass-4" },
    });
    await drain();
    expect((await mailsTo(owner.email)).filter((m) => m.subject === notices[0]!.subject)).toHaveLength(2);
  });

  it("works once: the same link again is refused, and the password stays the one it set", async () => {
    const owner = await registerOwner();
    await forgot(owner.email);
    await drain();
    const { token } = await linkTo(owner.email);
    expect((await reset(token, "first-new-pass-1")).status).toBe(200);
    const again = await reset(token, "second-new-pass-2");
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: DEAD_LINK });
    expect((await signIn(owner.email, "first-new-pass-1")).status).toBe(200);
  });

  it("two simultaneous submissions of one link: exactly one wins", async () => {
    const owner = await registerOwner();
    await forgot(owner.email);
    await drain();
    const { token } = await linkTo(owner.email);
    const both = await Promise.all([reset(token, "racer-one-pass-1"), reset(token, "racer-two-pass-2")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = both.find((r) => r.status === 200)!;
    expect((await api("GET", "/api/auth/profile", { token: winner.body.token })).status).toBe(200);
    const password = both[0].status === 200 ? "racer-one-pass-1" : "racer-two-pass-2";
    expect((await signIn(owner.email, password)).status).toBe(200);
  });

  it("refuses an expired link, an unknown one, and an earlier link once a newer one was sent", async () => {
    const owner = await registerOwner();
    const db = getDb();
    const expired = await issuePasswordResetToken(db, owner.user.id, new Date(Date.now() - 61 * 60 * 1000));
    expect(expired.expiresAt.getTime()).toBeLessThan(Date.now());
    expect((await reset(expired.token, "too-late-pass-1")).body).toEqual({ message: DEAD_LINK });
    expect((await reset("no-such-token-at-all", "unknown-pass-1")).status).toBe(404);

    await forgot(owner.email);
    await drain();
    const first = await linkTo(owner.email);
    await forgot(owner.email);
    await drain();
    const second = await linkTo(owner.email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, "old-link-pass-1")).status).toBe(404);
    expect((await reset(second.token, "new-link-pass-1")).status).toBe(200);
    expect((await signIn(owner.email, owner.password)).status).toBe(401);
  });

  it("holds the new password to registration's rules (400 with the message) and spends no link on a refusal", async () => {
    const owner = await registerOwner();
    await forgot(owner.email);
    await drain();
    const { token } = await linkTo(owner.email);
    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters long");
    const mismatch = await reset(token, "long-enough-1", { confirmPassword: "long-enough-2" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe("Passwords do not match");
    const missing = await api("POST", "/api/auth/reset-password", { body: { token }, headers: from(address()) });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Password is required");
    // A French-speaking caller reads it in French.
    const fr = await api("POST", "/api/auth/reset-password", {
      body: { token, password: "court" },
      headers: { ...from(address()), "accept-language": "fr" },
    });
    expect(fr.body.message).toBe("Le mot de passe doit contenir au moins 8 caractères");
    expect((await reset(token, "long-enough-1")).status).toBe(200);
  });

  it("refuses the link of an account deactivated after the email was sent", async () => {
    const owner = await registerOwner();
    await forgot(owner.email);
    await drain();
    const { token } = await linkTo(owner.email);
    await getDb().update(users).set({ isActive: false }).where(eq(users.id, owner.user.id));
    expect((await reset(token, "while-deactivated-1")).status).toBe(404);
    await getDb().update(users).set({ isActive: true }).where(eq(users.id, owner.user.id));
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it("a link sent before a password change or an email change no longer works", async () => {
    const changed = await registerOwner();
    await forgot(changed.email);
    await drain();
    const beforePassword = await linkTo(changed.email);
    const update = await api("PUT", "/api/auth/update-password", {
      token: changed.token,
      body: { oldPassword: changed.password, newPassword: "changed-by-owner-1" },
    });
    expect(update.status).toBe(200);
    expect((await reset(beforePassword.token, "taken-over-pass-1")).body).toEqual({ message: DEAD_LINK });
    expect((await signIn(changed.email, "changed-by-owner-1")).status).toBe(200);

    const moved = await registerOwner();
    await forgot(moved.email);
    await drain();
    const beforeEmail = await linkTo(moved.email);
    const newEmail = uniqueEmail("moved");
    expect((await api("PUT", "/api/auth/update-profile", { token: moved.token, body: { email: newEmail } })).status).toBe(200);
    expect((await reset(beforeEmail.token, "taken-over-pass-2")).status).toBe(404);
    expect((await signIn(newEmail, moved.password)).status).toBe(200);
  });

  it("limits submissions per client address (20 an hour, whatever the link), then 429, before any password is hashed", async () => {
    const ip = address();
    for (let i = 0; i < 20; i++) expect((await reset(`guessed-link-${i}`, "guessing-pass-1", {}, ip)).status).toBe(404);
    const limited = await reset("guessed-link-20", "guessing-pass-1", {}, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another client is not held back by that one.
    expect((await reset("guessed-link-21", "guessing-pass-1")).status).toBe(404);
  });

  it("lifts the sign-in lock that wrong guesses from this address put on the email", async () => {
    const owner = await registerOwner();
    const ip = address();
    for (let i = 0; i < 5; i++) expect((await signIn(owner.email, `wrong-guess-${i}`, ip)).status).toBe(401);
    expect((await signIn(owner.email, owner.password, ip)).status).toBe(429);
    await forgot(owner.email, ip);
    await drain();
    const { token } = await linkTo(owner.email);
    expect((await reset(token, "unlocked-pass-1", {}, ip)).status).toBe(200);
    expect((await signIn(owner.email, "unlocked-pass-1", ip)).status).toBe(200);
  });
});

describe("POST /api/admin/users/{id}/password-reset", () => {
  it("is for admins only: 401 without a session, 403 for an owner, even for their own account", async () => {
    const owner = await registerOwner();
    const victim = await registerOwner();
    expect((await api("POST", `/api/admin/users/${victim.user.id}/password-reset`)).status).toBe(401);
    const asOwner = await api("POST", `/api/admin/users/${victim.user.id}/password-reset`, { token: owner.token });
    expect(asOwner.status).toBe(403);
    expect((await api("POST", `/api/admin/users/${owner.user.id}/password-reset`, { token: owner.token })).status).toBe(403);
    await drain();
    expect(await mailsTo(victim.email)).toHaveLength(0);
  });

  it("emails that account (and only it) the same link, and records who asked in the audit log", async () => {
    const admin = await createAdmin();
    const owner = await registerOwner({ locale: "es" });
    const bystander = await registerOwner();
    const sent = await api("POST", `/api/admin/users/${owner.user.id}/password-reset`, { token: admin.token });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: `A password reset link has been sent to ${owner.email}.` });
    await drain();
    expect(await mailsTo(bystander.email)).toHaveLength(0);
    const { url, token } = await linkTo(owner.email);
    expect(url).toMatch(/^http:\/\/localhost:3000\/es\/reset-password\//);
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.password_reset_link"), eq(auditLog.targetId, owner.user.id)));
    expect(entry).toMatchObject({ actorUserId: admin.user.id, targetType: "user" });

    // The admin never sees the link; the owner uses it, and the admin's own session is untouched.
    expect(JSON.stringify(sent.body)).not.toContain(token);
    expect((await reset(token, "admin-sent-pass-1")).status).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token: admin.token })).status).toBe(200);
  });

  it("answers 404 for an unknown account and 409 for a deactivated one (no email)", async () => {
    const admin = await createAdmin();
    const missing = await api("POST", "/api/admin/users/00000000-0000-4000-8000-000000000000/password-reset", { token: admin.token });
    expect(missing.status).toBe(404);
    const owner = await registerOwner();
    await getDb().update(users).set({ isActive: false }).where(eq(users.id, owner.user.id));
    const refused = await api("POST", `/api/admin/users/${owner.user.id}/password-reset`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This account is deactivated. Reactivate it before sending a password reset link.");
    await drain();
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });
});
