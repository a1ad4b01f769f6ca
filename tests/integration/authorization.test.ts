// Every /api route × {anonymous, owner A, owner B, admin}, through the real handlers (the proxy is only a first gate:
// these prove each handler enforces on its own), plus cross-tenant checks on what an owner can see and change.
import { beforeAll, describe, expect, it } from "vitest";
import { api, type Account, createAdmin, registerOwner } from "../helpers/api";

type Role = "anonymous" | "ownerA" | "ownerB" | "admin";
type Case = {
  name: string;
  method: string;
  path: (ids: { a: string; b: string }) => string;
  body?: unknown;
  expect: Record<Role, number>;
};

const OWNERS_OK = (status: number): Record<Role, number> => ({ anonymous: 401, ownerA: status, ownerB: status, admin: status });
const ADMIN_ONLY = (status: number): Record<Role, number> => ({ anonymous: 401, ownerA: 403, ownerB: 403, admin: status });
const PUBLIC = (status: number): Record<Role, number> => ({ anonymous: status, ownerA: status, ownerB: status, admin: status });
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

const cases: Case[] = [
  { name: "health", method: "GET", path: () => "/api/health", expect: PUBLIC(200) },
  {
    name: "login with bad credentials",
    method: "POST",
    path: () => "/api/auth/login",
    body: { email: "nobody@example.com", password: "wrong-pass" },
    expect: PUBLIC(401),
  },
  { name: "validate an unknown setup token", method: "GET", path: () => "/api/auth/validate-setup-token/nope", expect: PUBLIC(404) },
  {
    name: "complete setup with an unknown token",
    method: "POST",
    path: () => "/api/auth/complete-setup",
    body: { token: "nope", name: "X", password: "long-enough" },
    expect: PUBLIC(404),
  },
  { name: "profile", method: "GET", path: () => "/api/auth/profile", expect: OWNERS_OK(200) },
  {
    name: "update profile",
    method: "PUT",
    path: () => "/api/auth/update-profile",
    body: { businessAddress: "1 Main St" },
    expect: OWNERS_OK(200),
  },
  {
    name: "update password (too short: validated only once signed in)",
    method: "PUT",
    path: () => "/api/auth/update-password",
    body: { oldPassword: "x", newPassword: "short" },
    expect: OWNERS_OK(400),
  },
  {
    name: "update working hours",
    method: "PUT",
    path: () => "/api/auth/update-working-hours",
    body: { workingHours: { friday: null } },
    expect: OWNERS_OK(200),
  },
  { name: "claim a number without a calendar", method: "GET", path: () => "/api/phone-numbers/claim", expect: OWNERS_OK(409) },
  { name: "claim a number (POST) without a calendar", method: "POST", path: () => "/api/phone-numbers/claim", expect: OWNERS_OK(409) },
  { name: "AI parameters before any exist (the defaults)", method: "GET", path: () => "/api/ai/parameters", expect: OWNERS_OK(200) },
  {
    name: "update AI parameters before any exist",
    method: "PUT",
    path: () => "/api/ai/parameters",
    body: { agentName: "Zoe" },
    expect: OWNERS_OK(404),
  },
  { name: "delete AI parameters before any exist", method: "DELETE", path: () => "/api/ai/parameters", expect: OWNERS_OK(404) },
  { name: "list appointments", method: "GET", path: () => "/api/appointments", expect: OWNERS_OK(200) },
  {
    name: "book an appointment in the past",
    method: "POST",
    path: () => "/api/appointments",
    body: { patientName: "P", date: "2020-01-01", time: "10:00", duration: 30 },
    expect: OWNERS_OK(400),
  },
  { name: "cancel an unknown appointment", method: "POST", path: () => `/api/appointments/${UNKNOWN_ID}/cancel`, expect: OWNERS_OK(404) },
  { name: "list calls", method: "GET", path: () => "/api/calls", expect: OWNERS_OK(200) },
  {
    name: "authorize the calendar with a bad code",
    method: "POST",
    path: () => "/api/google-calendar/authorize",
    body: { code: "bad-code" },
    expect: OWNERS_OK(400),
  },
  { name: "disconnect the calendar", method: "POST", path: () => "/api/google-calendar/disconnect", expect: OWNERS_OK(200) },
  { name: "admin: list users", method: "GET", path: () => "/api/admin/users", expect: ADMIN_ONLY(200) },
  { name: "admin: user details", method: "GET", path: ({ a }) => `/api/admin/users/${a}`, expect: ADMIN_ONLY(200) },
  { name: "admin: unknown user", method: "GET", path: () => `/api/admin/users/${UNKNOWN_ID}`, expect: ADMIN_ONLY(404) },
  {
    name: "admin: set status",
    method: "PUT",
    path: ({ b }) => `/api/admin/users/${b}/status`,
    body: { isActive: true },
    expect: ADMIN_ONLY(200),
  },
  {
    name: "admin: assign an unknown number",
    method: "POST",
    path: ({ a }) => `/api/admin/users/${a}/phone-number`,
    body: { phoneNumber: "+10000000000" },
    expect: ADMIN_ONLY(404),
  },
  { name: "admin: user subscription", method: "GET", path: ({ a }) => `/api/admin/users/${a}/subscription`, expect: ADMIN_ONLY(200) },
  { name: "admin: available numbers", method: "GET", path: () => "/api/admin/phone-numbers/available", expect: ADMIN_ONLY(200) },
  { name: "admin: provider pool", method: "GET", path: () => "/api/admin/phone-numbers/telnyx", expect: ADMIN_ONLY(200) },
  {
    name: "admin: delete an unknown number",
    method: "DELETE",
    path: () => `/api/admin/phone-numbers/${UNKNOWN_ID}`,
    expect: ADMIN_ONLY(404),
  },
  { name: "admin: sandbox outbox", method: "GET", path: () => "/api/admin/outbox", expect: ADMIN_ONLY(200) },
];

let a: Account;
let b: Account;
let admin: Account;

beforeAll(async () => {
  a = await registerOwner({ businessName: "A Dental" });
  b = await registerOwner({ businessName: "B Bistro" });
  admin = await createAdmin();
});

describe("authorization matrix", () => {
  const roles: Role[] = ["anonymous", "ownerA", "ownerB", "admin"];
  for (const c of cases) {
    for (const role of roles) {
      it(`${c.method} ${c.name} as ${role} → ${c.expect[role]}`, async () => {
        const token = role === "anonymous" ? undefined : { ownerA: a, ownerB: b, admin }[role].token;
        const res = await api(c.method, c.path({ a: a.user.id, b: b.user.id }), { token, body: c.body });
        expect(res.status, JSON.stringify(res.body)).toBe(c.expect[role]);
        if (res.status >= 400) expect(typeof res.body?.message).toBe("string");
      });
    }
  }
});

describe("no cross-tenant access", () => {
  it("each owner reads and writes only their own profile", async () => {
    await api("PUT", "/api/auth/update-profile", { token: b.token, body: { businessName: "B Renamed", id: a.user.id } });
    const aProfile = (await api("GET", "/api/auth/profile", { token: a.token })).body;
    const bProfile = (await api("GET", "/api/auth/profile", { token: b.token })).body;
    expect(aProfile.id).toBe(a.user.id);
    expect(aProfile.businessName).toBe("A Dental");
    expect(bProfile.id).toBe(b.user.id);
    expect(bProfile.businessName).toBe("B Renamed");
  });

  it("AI parameters, calendars and numbers are per owner", async () => {
    const created = await api("POST", "/api/ai/parameters", {
      token: a.token,
      body: { agentName: "Anna", language: "fr", voiceId: "voice_french_male_1" },
    });
    expect(created.status).toBe(201);
    expect((await api("GET", "/api/ai/parameters", { token: b.token })).body).toMatchObject({ saved: false, agentName: "AI Assistant" });
    expect((await api("DELETE", "/api/ai/parameters", { token: b.token })).status).toBe(404);
    expect((await api("GET", "/api/ai/parameters", { token: a.token })).body.agentName).toBe("Anna");

    await api("POST", "/api/google-calendar/authorize", { token: a.token, body: { code: "sandbox-test-code" } });
    await api("POST", "/api/google-calendar/disconnect", { token: b.token });
    expect((await api("GET", "/api/auth/profile", { token: a.token })).body.hasGoogleOAuth).toBe(true);
    expect((await api("GET", "/api/auth/profile", { token: b.token })).body.hasGoogleOAuth).toBe(false);
  });

  it("a user's token is not an admin's, even with the admin's user id in the path", async () => {
    const res = await api("GET", `/api/admin/users/${admin.user.id}`, { token: a.token });
    expect(res.status).toBe(403);
  });

  it("unknown API paths answer a JSON 404", async () => {
    const res = await api("GET", "/api/does-not-exist", { token: a.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Not found.");
  });
});
