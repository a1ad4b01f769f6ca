// Bad input gets a 4xx with a message, never a 500 and never a half-written row.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { MAX_BODY_BYTES } from "@/lib/platform/http/route";
import { api, type Account, createAdmin, registerOwner, uniqueEmail } from "../helpers/api";

let owner: Account;
let admin: Account;

beforeAll(async () => {
  owner = await registerOwner();
  admin = await createAdmin();
});

type Row = {
  method: string;
  path: () => string;
  as: "anonymous" | "owner" | "admin";
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  status: number;
  message?: string;
};

const oversized = JSON.stringify({ fullName: "x".repeat(MAX_BODY_BYTES) });

// The same malformed bodies for every route that reads one.
const BODY_ROUTES: { method: string; path: () => string; as: Row["as"] }[] = [
  { method: "POST", path: () => "/api/auth/login", as: "anonymous" },
  { method: "POST", path: () => "/api/auth/register", as: "anonymous" },
  { method: "PUT", path: () => "/api/auth/update-profile", as: "owner" },
  { method: "PUT", path: () => "/api/auth/update-password", as: "owner" },
  { method: "PUT", path: () => "/api/auth/update-working-hours", as: "owner" },
  { method: "POST", path: () => "/api/auth/complete-setup", as: "anonymous" },
  { method: "POST", path: () => "/api/ai/parameters", as: "owner" },
  { method: "PUT", path: () => "/api/ai/parameters", as: "owner" },
  { method: "POST", path: () => "/api/google-calendar/authorize", as: "owner" },
  { method: "POST", path: () => "/api/appointments", as: "owner" },
  { method: "PUT", path: () => `/api/admin/users/${owner.user.id}/status`, as: "admin" },
  { method: "POST", path: () => `/api/admin/users/${owner.user.id}/phone-number`, as: "admin" },
];

const generic: Row[] = BODY_ROUTES.flatMap((r) => [
  { ...r, raw: "{not json", status: 400, message: "The request body is not valid JSON." },
  { ...r, raw: "[1,2,3]", status: 400, message: "The request body must be a JSON object." },
  { ...r, raw: '"just a string"', status: 400, message: "The request body must be a JSON object." },
  { ...r, raw: "null", status: 400, message: "The request body must be a JSON object." },
  { ...r, raw: oversized, status: 413, message: "The request body is too large." },
  { ...r, raw: "a=1", headers: { "content-type": "application/x-www-form-urlencoded" }, status: 415 },
]);

const specific: Row[] = [
  { method: "POST", path: () => "/api/auth/login", as: "anonymous", body: {}, status: 400 },
  { method: "POST", path: () => "/api/auth/login", as: "anonymous", body: { email: 42, password: ["x"] }, status: 400 },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: "not-an-email", password: "long-enough", fullName: "X" },
    status: 400,
    message: "Please enter a valid email address",
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "short", fullName: "X" },
    status: 400,
    message: "Password must be at least 8 characters long",
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "long-enough" },
    status: 400,
    message: "Full name is required",
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "long-enough", fullName: "   " },
    status: 400,
    message: "Full name is required",
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "long-enough", fullName: "X", businessType: "spaceship" },
    status: 400,
    message: "Business type is not valid",
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "long-enough", fullName: "X", appointmentDuration: 30 },
    status: 400,
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: {
      email: uniqueEmail(),
      password: "long-enough",
      fullName: "X",
      workingHours: { monday: { isOpen: true, openTime: "9am", closeTime: "17:00" } },
    },
    status: 400,
    message: "Opening time must be a time in HH:MM format",
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "long-enough", fullName: "X", services: Array(51).fill("s") },
    status: 400,
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "long-enough", fullName: "X", timeZone: "Mars/Olympus" },
    status: 400,
    message: "Unknown time zone",
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "long-enough", fullName: "x".repeat(121) },
    status: 400,
    message: "Full name is too long (at most 120 characters)",
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    as: "anonymous",
    body: { email: uniqueEmail(), password: "long-enough", fullName: "X", services: Array(51).fill("s") },
    status: 400,
    message: "Services has too many items (at most 50)",
  },
  // A schema that names its own message key still has the bound filled in.
  {
    method: "POST",
    path: () => "/api/knowledge",
    as: "owner",
    body: { kind: "faq", language: "en", title: "t".repeat(201), details: "d" },
    status: 400,
    message: "Title is too long (at most 200 characters)",
  },
  {
    method: "POST",
    path: () => "/api/closures",
    as: "owner",
    body: { from: "2031-01-02", reason: "r".repeat(121) },
    status: 400,
    message: "Reason is too long (at most 120 characters)",
  },
  { method: "PUT", path: () => "/api/auth/update-profile", as: "owner", body: { email: "" }, status: 400 },
  {
    method: "PUT",
    path: () => "/api/auth/update-profile",
    as: "owner",
    body: { fullName: "" },
    status: 400,
    message: "Full name is required",
  },
  {
    method: "PUT",
    path: () => "/api/auth/update-profile",
    as: "owner",
    body: { phone: "call me maybe" },
    status: 400,
    message: "Please enter a valid phone number",
  },
  { method: "PUT", path: () => "/api/auth/update-profile", as: "owner", body: { specialty: "astrology" }, status: 400 },
  {
    method: "PUT",
    path: () => "/api/auth/update-password",
    as: "owner",
    body: { oldPassword: "x" },
    status: 400,
    message: "New password is required",
  },
  { method: "PUT", path: () => "/api/auth/update-password", as: "owner", body: {}, status: 400 },
  { method: "PUT", path: () => "/api/auth/update-working-hours", as: "owner", body: {}, status: 400, message: "Working hours is required" },
  { method: "PUT", path: () => "/api/auth/update-working-hours", as: "owner", body: { workingHours: "always" }, status: 400 },
  {
    method: "PUT",
    path: () => "/api/auth/update-working-hours",
    as: "owner",
    body: { workingHours: { monday: { isOpen: "yes", openTime: "09:00", closeTime: "17:00" } } },
    status: 400,
  },
  { method: "GET", path: () => `/api/auth/validate-setup-token/${"x".repeat(500)}`, as: "anonymous", status: 404 },
  {
    method: "POST",
    path: () => "/api/auth/complete-setup",
    as: "anonymous",
    body: { token: "abc", name: "N", password: "" },
    status: 400,
    message: "Password is required",
  },
  {
    method: "POST",
    path: () => "/api/auth/complete-setup",
    as: "anonymous",
    body: { token: "abc", name: "N", password: "short" },
    status: 400,
    message: "Password must be at least 8 characters long",
  },
  {
    method: "POST",
    path: () => "/api/ai/parameters",
    as: "owner",
    body: { language: "de" },
    status: 400,
    message: "Language is not valid",
  },
  {
    method: "POST",
    path: () => "/api/ai/parameters",
    as: "owner",
    body: { voiceId: "voice_klingon_1" },
    status: 400,
    message: "Voice is not valid",
  },
  { method: "POST", path: () => "/api/ai/parameters", as: "owner", body: { firstMessage: "x".repeat(501) }, status: 400 },
  {
    method: "POST",
    path: () => "/api/google-calendar/authorize",
    as: "owner",
    body: {},
    status: 400,
    message: "Authorization code is required",
  },
  { method: "POST", path: () => "/api/google-calendar/authorize", as: "owner", body: { code: 123 }, status: 400 },
  { method: "PUT", path: () => `/api/admin/users/${owner.user.id}/status`, as: "admin", body: {}, status: 400 },
  {
    method: "PUT",
    path: () => `/api/admin/users/${owner.user.id}/status`,
    as: "admin",
    body: { isActive: "false" },
    status: 400,
    message: "Active status must be true or false",
  },
  {
    method: "PUT",
    path: () => "/api/admin/users/not-a-uuid/status",
    as: "admin",
    body: { isActive: true },
    status: 404,
    message: "User not found",
  },
  {
    method: "PUT",
    path: () => "/api/admin/users/00000000-0000-4000-8000-000000000000/status",
    as: "admin",
    body: { isActive: true },
    status: 404,
  },
  {
    method: "POST",
    path: () => `/api/admin/users/${owner.user.id}/phone-number`,
    as: "admin",
    body: {},
    status: 400,
    message: "Please select a phone number",
  },
  {
    method: "POST",
    path: () => `/api/admin/users/${owner.user.id}/phone-number`,
    as: "admin",
    body: { phoneNumber: "" },
    status: 400,
    message: "Please select a phone number",
  },
  { method: "POST", path: () => "/api/admin/users/nope/phone-number", as: "admin", body: { phoneNumber: "+1" }, status: 404 },
  { method: "GET", path: () => "/api/admin/users/nope", as: "admin", status: 404 },
  { method: "GET", path: () => "/api/admin/users/nope/subscription", as: "admin", status: 404 },
  { method: "DELETE", path: () => "/api/admin/phone-numbers/nope", as: "admin", status: 404, message: "Phone number not found" },
  { method: "DELETE", path: () => "/api/admin/phone-numbers/telnyx", as: "admin", status: 405 },
  { method: "PATCH", path: () => "/api/auth/profile", as: "owner", status: 405 },
];

describe("bad input table", () => {
  for (const row of [...generic, ...specific]) {
    const label = row.raw !== undefined ? `raw ${row.raw.slice(0, 20)}` : JSON.stringify(row.body ?? null).slice(0, 80);
    it(`${row.method} ${row.path.toString().replace(/^\(\) => /, "")} ${label} → ${row.status}`, async () => {
      const token = row.as === "owner" ? owner.token : row.as === "admin" ? admin.token : undefined;
      const res = await api(row.method, row.path(), { token, body: row.body, raw: row.raw, headers: row.headers });
      expect(res.status, JSON.stringify(res.body)).toBe(row.status);
      if (row.status !== 405) expect(typeof res.body.message).toBe("string");
      if (row.message) expect(res.body.message).toBe(row.message);
    });
  }

  it("translates validation messages, field names included", async () => {
    const fr = await api("POST", "/api/auth/register", {
      body: { email: uniqueEmail(), password: "long-enough" },
      headers: { "accept-language": "fr" },
    });
    expect(fr.body.message).toBe("Le nom complet est obligatoire");
    const es = await api("POST", "/api/ai/parameters", {
      token: owner.token,
      body: { voiceId: "nope" },
      headers: { cookie: "NEXT_LOCALE=es" },
    });
    expect(es.body.message).toBe("Voz no es válido");
  });
});

describe("no half-written rows", () => {
  it("a rejected registration creates no account", async () => {
    const email = uniqueEmail();
    const res = await api("POST", "/api/auth/register", { body: { email, password: "long-enough", fullName: "X", businessSize: "huge" } });
    expect(res.status).toBe(400);
    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("a rejected profile update changes nothing, even its valid fields", async () => {
    const before = (await api("GET", "/api/auth/profile", { token: owner.token })).body;
    const res = await api("PUT", "/api/auth/update-profile", {
      token: owner.token,
      body: { businessName: "Changed", businessSize: "galactic" },
    });
    expect(res.status).toBe(400);
    const after = (await api("GET", "/api/auth/profile", { token: owner.token })).body;
    expect(after.businessName).toBe(before.businessName);
    expect(after.updatedAt).toBe(before.updatedAt);
  });
});
