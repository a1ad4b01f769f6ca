import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { issueSetupToken } from "@/lib/accounts/account/accounts.service";
import { encodeSessionToken } from "@/lib/accounts/auth/session-token";
import { api, createAdmin, registerOwner, uniqueEmail } from "../helpers/api";

const fullRegistration = {
  password: "s3cure-enough-pass",
  fullName: "Dr. Anna Weber",
  businessName: "Praxis Weber",
  businessType: "medical",
  specialty: "cardiology",
  phone: "+33 6 12 34 56 78",
  serviceFrequency: "weekly",
  businessSize: "small",
  appointmentDuration: "45",
  workingHours: {
    monday: { isOpen: true, openTime: "08:30", closeTime: "18:00" },
    tuesday: { isOpen: true, openTime: "08:30", closeTime: "18:00" },
    wednesday: { isOpen: false, openTime: "09:00", closeTime: "17:00" },
    thursday: { isOpen: true, openTime: "08:30", closeTime: "18:00" },
    friday: { isOpen: true, openTime: "08:30", closeTime: "12:00" },
    saturday: { isOpen: false, openTime: "09:00", closeTime: "17:00" },
    sunday: { isOpen: false, openTime: "09:00", closeTime: "17:00" },
  },
  services: ["Consultation", " ECG ", ""],
  aiInstructions: "Never give medical advice.",
};

describe("registration, login and profile", () => {
  it("round-trips every registration field through login and the profile", async () => {
    const email = uniqueEmail();
    const reg = await api("POST", "/api/auth/register", { body: { ...fullRegistration, email: email.toUpperCase() } });
    expect(reg.status).toBe(201);
    expect(typeof reg.body.token).toBe("string");
    expect(reg.headers.get("set-cookie")).toMatch(/^authjs\.session-token=.+HttpOnly; SameSite=Lax/);

    const login = await api("POST", "/api/auth/login", { body: { email, password: fullRegistration.password } });
    expect(login.status).toBe(200);
    const profile = await api("GET", "/api/auth/profile", { token: login.body.token });
    expect(profile.status).toBe(200);
    const { password: _password, services: _services, ...echoed } = fullRegistration;
    expect(profile.body).toMatchObject({
      ...echoed,
      email,
      // Typed "+33 6 12 34 56 78": stored and answered in E.164.
      phone: "+33612345678",
      services: ["Consultation", "ECG"],
      type: "user",
      isActive: true,
      hasGoogleOAuth: false,
      telnyxPhoneNumber: null,
      subscriptionType: null,
      subscription: null,
    });
    expect(login.body.user).toEqual(profile.body);
  });

  it("never puts a secret in the profile", async () => {
    const owner = await registerOwner();
    await api("POST", "/api/google-calendar/authorize", { token: owner.token, body: { code: "sandbox-test-code" } });
    const profile = await api("GET", "/api/auth/profile", { token: owner.token });
    const text = JSON.stringify(profile.body);
    expect(profile.body.hasGoogleOAuth).toBe(true);
    expect(text).not.toMatch(/argon2|passwordHash|password|refresh|token|sandbox-refresh/i);
  });

  it("applies the spec's defaults and drops the specialty of a non-medical business", async () => {
    const owner = await registerOwner({ businessType: "restaurant", specialty: "cardiology", services: "Lunch, , Dinner ," });
    const profile = (await api("GET", "/api/auth/profile", { token: owner.token })).body;
    expect(profile.specialty).toBeNull();
    expect(profile.services).toEqual(["Lunch", "Dinner"]);
    expect(profile.workingHours.monday).toEqual({ isOpen: true, openTime: "09:00", closeTime: "17:00" });
    expect(profile.workingHours.saturday).toEqual({ isOpen: false, openTime: "09:00", closeTime: "17:00" });
  });

  it("never lets a body choose the account's role, state or id", async () => {
    const email = uniqueEmail();
    const reg = await api("POST", "/api/auth/register", {
      body: {
        email,
        password: "long-enough-1",
        fullName: "Eve",
        type: "admin",
        isActive: false,
        id: "00000000-0000-4000-8000-000000000000",
      },
    });
    expect(reg.body.user).toMatchObject({ type: "user", isActive: true });
    expect(reg.body.user.id).not.toBe("00000000-0000-4000-8000-000000000000");
    const upd = await api("PUT", "/api/auth/update-profile", {
      token: reg.body.token,
      body: { type: "admin", isActive: false, hasGoogleOAuth: true, telnyxPhoneNumber: "+15550100" },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ type: "user", isActive: true, hasGoogleOAuth: false, telnyxPhoneNumber: null });
    expect((await api("GET", "/api/admin/users", { token: reg.body.token })).status).toBe(403);
  });

  it("refuses a second account with the same email, whatever its case", async () => {
    const owner = await registerOwner();
    const again = await api("POST", "/api/auth/register", {
      body: { email: owner.email.toUpperCase(), password: "another-pass-1", fullName: "X" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "We couldn't create an account with this email. If it's yours, we've sent you an email with what to do next.",
    );
  });

  it("answers wrong credentials with the spec's message, in the user's language", async () => {
    const owner = await registerOwner();
    const en = await api("POST", "/api/auth/login", { body: { email: owner.email, password: "wrong-password" } });
    expect(en.status).toBe(401);
    expect(en.body.message).toBe("Login failed. Please check your credentials.");
    const fr = await api("POST", "/api/auth/login", {
      body: { email: owner.email, password: "wrong-password" },
      headers: { "accept-language": "fr-FR,fr;q=0.9" },
    });
    expect(fr.body.message).toBe("Échec de la connexion. Veuillez vérifier vos identifiants.");
  });

  it("accepts the session from the cookie as well as the bearer header", async () => {
    const owner = await registerOwner();
    const res = await api("GET", "/api/auth/profile", { cookie: `authjs.session-token=${owner.token}` });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(owner.user.id);
  });
});

describe("sessions end when they should", () => {
  it("rejects forged, tampered and expired tokens", async () => {
    const owner = await registerOwner();
    const forged = await encodeSessionToken(
      { sub: owner.user.id, sid: crypto.randomUUID(), role: "admin" },
      "another-secret-of-sufficient-length",
      "authjs.session-token",
    );
    const tampered = owner.token.slice(0, -4) + (owner.token.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (const token of [forged, tampered, "not-a-token", ""]) {
      const res = await api("GET", "/api/auth/profile", { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBeTruthy();
    }
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, owner.user.id));
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(401);
  });

  it("ends a session at logout", async () => {
    const owner = await registerOwner();
    const out = await api("POST", "/api/auth/logout", { token: owner.token });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(401);
  });

  it("signs out every device on deactivation, and a deactivated user cannot sign in", async () => {
    const owner = await registerOwner();
    const second = await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } });
    const admin = await createAdmin();
    const off = await api("PUT", `/api/admin/users/${owner.user.id}/status`, { token: admin.token, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(401);
    expect((await api("GET", "/api/auth/profile", { token: second.body.token })).status).toBe(401);

    const denied = await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("This account has been deactivated. Please contact support to reactivate it.");

    await api("PUT", `/api/admin/users/${owner.user.id}/status`, { token: admin.token, body: { isActive: true } });
    expect((await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } })).status).toBe(200);
  });

  it("a password change keeps the current session and ends the others", async () => {
    const owner = await registerOwner();
    const other = (await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } })).body.token;
    const wrong = await api("PUT", "/api/auth/update-password", {
      token: owner.token,
      body: { oldPassword: "nope-nope", newPassword: "brand-new-pass" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Current password is incorrect");
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(200);

    const ok = await api("PUT", "/api/auth/update-password", {
      token: owner.token,
      body: { oldPassword: owner.password, newPassword: "brand-new-pass" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Password updated successfully");
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token: other })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email: owner.email, password: "brand-new-pass" } })).status).toBe(200);
  });

  it("stores a slow hash, never the password", async () => {
    const owner = await registerOwner();
    const [row] = await getDb().select({ hash: users.passwordHash }).from(users).where(eq(users.id, owner.user.id));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.hash).not.toContain(owner.password);
  });
});

describe("login rate limiting", () => {
  it("locks an email from one address after 5 failures with 429 and Retry-After, even for the right password", async () => {
    const owner = await registerOwner();
    const ip = "10.0.0.77";
    for (let i = 0; i < 5; i++) {
      const res = await api("POST", "/api/auth/login", {
        body: { email: owner.email, password: `wrong-${i}` },
        headers: { "x-forwarded-for": ip },
      });
      expect(res.status).toBe(401);
    }
    const locked = await api("POST", "/api/auth/login", {
      body: { email: owner.email, password: owner.password },
      headers: { "x-forwarded-for": ip },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(/Too many sign-in attempts/);
  });

  it("limits one client address across many emails", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await api("POST", "/api/auth/login", {
          body: { email: uniqueEmail("nobody"), password: "whatever1" },
          headers: { "x-forwarded-for": ip },
        })
      ).status;
    }
    expect(last).toBe(429);
    const elsewhere = await api("POST", "/api/auth/login", {
      body: { email: uniqueEmail("nobody"), password: "whatever1" },
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(elsewhere.status).toBe(401);
  });
});

describe("account setup from an emailed link", () => {
  async function pendingAccount() {
    const email = uniqueEmail("pending");
    const [row] = await getDb()
      .insert(users)
      .values({ email, fullName: "Pending Person", workingHours: fullRegistration.workingHours })
      .returning({ id: users.id });
    return { id: row!.id, email };
  }

  it("validates the token, sets the password once, and lets the user sign in", async () => {
    const pending = await pendingAccount();
    const token = await issueSetupToken(getDb(), pending.id);
    const valid = await api("GET", `/api/auth/validate-setup-token/${token}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ email: pending.email, name: "Pending Person" });

    expect((await api("POST", "/api/auth/login", { body: { email: pending.email, password: "my-new-password" } })).status).toBe(401);
    const done = await api("POST", "/api/auth/complete-setup", { body: { token, name: "Paula Pending", password: "my-new-password" } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true });
    const login = await api("POST", "/api/auth/login", { body: { email: pending.email, password: "my-new-password" } });
    expect(login.status).toBe(200);
    expect(login.body.user.fullName).toBe("Paula Pending");

    const reuse = await api("POST", "/api/auth/complete-setup", { body: { token, name: "Mallory", password: "takeover-pass" } });
    expect(reuse.status).toBe(404);
    expect(reuse.body.message).toBe("Invalid or expired token");
    expect((await api("GET", `/api/auth/validate-setup-token/${token}`)).status).toBe(404);
  });

  it("rejects an expired or unknown token and a missing one", async () => {
    const pending = await pendingAccount();
    const expired = await issueSetupToken(getDb(), pending.id, -1000);
    const res = await api("GET", `/api/auth/validate-setup-token/${expired}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Invalid or expired token");
    expect((await api("GET", "/api/auth/validate-setup-token/unknown-token")).status).toBe(404);
    const missing = await api("GET", "/api/auth/validate-setup-token");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("No token provided");
  });

  it("limits look-ups and submissions of setup links to 30 an hour per client address, then 429 with a message", async () => {
    const pending = await pendingAccount();
    const token = await issueSetupToken(getDb(), pending.id);
    const ip = { "x-forwarded-for": `2001:db8:5e7:${Math.floor(Math.random() * 0xffff).toString(16)}::1` };
    for (let i = 0; i < 29; i++) {
      const guess = await api("GET", `/api/auth/validate-setup-token/guess-${i}`, { headers: ip });
      expect(guess.status).toBe(404);
    }
    // A submission with a dead link counts too, and is refused before any password is hashed.
    const dead = await api("POST", "/api/auth/complete-setup", {
      headers: ip,
      body: { token: "guess", name: "M", password: "takeover-pass" },
    });
    expect(dead.status).toBe(404);
    const limited = await api("GET", `/api/auth/validate-setup-token/${token}`, { headers: ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts with setup links\. Please try again in \d+ minutes\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const refused = await api("POST", "/api/auth/complete-setup", {
      headers: { ...ip, "accept-language": "fr" },
      body: { token, name: "Paula", password: "my-new-password" },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Trop de tentatives avec des liens de configuration/);
    // Nothing was set: the owner's link still works from their own address.
    expect((await api("GET", `/api/auth/validate-setup-token/${token}`)).status).toBe(200);
  });

  it("stores only a hash of the token", async () => {
    const pending = await pendingAccount();
    const token = await issueSetupToken(getDb(), pending.id);
    const rows = await getDb().execute<{ token_hash: string }>(
      (await import("drizzle-orm")).sql`select token_hash from setup_tokens where user_id = ${pending.id}`,
    );
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toBe(token);
  });
});

describe("profile updates", () => {
  it("updates partial fields, merges working hours and refuses a taken email", async () => {
    const a = await registerOwner({ businessType: "medical", specialty: "pediatrics" });
    const b = await registerOwner();
    const res = await api("PUT", "/api/auth/update-profile", {
      token: a.token,
      body: {
        businessName: "Kids Clinic",
        services: ["Vaccines"],
        workingHours: { saturday: { isOpen: true, openTime: "10:00", closeTime: "12:00" } },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ businessName: "Kids Clinic", specialty: "pediatrics", services: ["Vaccines"] });
    expect(res.body.workingHours.saturday).toEqual({ isOpen: true, openTime: "10:00", closeTime: "12:00" });
    expect(res.body.workingHours.monday).toEqual({ isOpen: true, openTime: "09:00", closeTime: "17:00" });

    const switched = await api("PUT", "/api/auth/update-profile", { token: a.token, body: { businessType: "legal" } });
    expect(switched.body.specialty).toBeNull();

    const taken = await api("PUT", "/api/auth/update-profile", { token: a.token, body: { email: b.email } });
    expect(taken.status).toBe(409);
    expect((await api("GET", "/api/auth/profile", { token: a.token })).body.email).toBe(a.email);
  });

  it("updates working hours in the setup shape (null for closed days)", async () => {
    const a = await registerOwner();
    const res = await api("PUT", "/api/auth/update-working-hours", {
      token: a.token,
      body: { workingHours: { monday: { openTime: "07:00", closeTime: "15:00" }, tuesday: null } },
    });
    expect(res.status).toBe(200);
    expect(res.body.workingHours.monday).toEqual({ isOpen: true, openTime: "07:00", closeTime: "15:00" });
    expect(res.body.workingHours.tuesday.isOpen).toBe(false);
    const bad = await api("PUT", "/api/auth/update-working-hours", {
      token: a.token,
      body: { workingHours: { monday: { openTime: "18:00", closeTime: "09:00" } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Monday: the closing time must be after the opening time");
  });
});
