// API keys for the owner's other tools: made on the dashboard (the key shown once), sent as `Authorization: Bearer rk_…`,
// opening only the routes whose declaration names one of the key's scopes, refused everywhere else, revoked at once,
// limited per minute. Real route handlers on a real database.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { apiKeys, appointments, auditLog, sessions } from "@/db/schema";
import { API_KEY_REQUESTS_PER_MINUTE } from "@/lib/accounts/api-keys/api-key-auth";
import fr from "@/messages/fr.json";
import { api, type Account, createAdmin, registerOwner } from "../helpers/api";

// Bookings go next year so they stay in the future whenever the suite runs.
const YEAR = new Date().getUTCFullYear() + 1;
const booking = (time: string) => ({ patientName: "Jeanne Martin", reason: "Contrôle", date: `${YEAR}-06-10`, time, duration: 30 });

type Made = { id: string; name: string; prefix: string; scopes: string[]; createdAt: string; lastUsedAt: string | null; key: string };

async function makeKey(owner: Account, scopes: string[], name = "CRM"): Promise<Made> {
  const res = await api("POST", "/api/api-keys", { token: owner.token, body: { name, scopes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const NOT_HERE = "API keys cannot be used on this address.";

describe("API keys", () => {
  let owner: Account;
  let other: Account;
  let booked: { id: string };
  beforeAll(async () => {
    owner = await registerOwner();
    other = await registerOwner();
    const res = await api("POST", "/api/appointments", { token: owner.token, body: booking("09:00") });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    booked = res.body;
  });

  it("shows the key once, when it is made, and lists it without the key", async () => {
    const made = await makeKey(owner, ["appointments:read", "calls:read"], "  Mon CRM  ");
    expect(made.key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: "Mon CRM", scopes: ["appointments:read", "calls:read"], lastUsedAt: null });
    expect(made.key.startsWith(made.prefix)).toBe(true);
    expect(made.prefix.length).toBeLessThan(12);
    const list = await api("GET", "/api/api-keys", { token: owner.token });
    expect(list.status).toBe(200);
    const listed = list.body.apiKeys.find((k: { id: string }) => k.id === made.id);
    expect(listed).toEqual({
      id: made.id,
      name: "Mon CRM",
      prefix: made.prefix,
      scopes: made.scopes,
      createdAt: made.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(made.key);
    // Only its hash is stored.
    const [row] = await getDb().select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.key);
    // Another practice does not see it.
    expect((await api("GET", "/api/api-keys", { token: other.token })).body.apiKeys).toEqual([]);
  });

  it("refuses a key without a name, without scopes, or with a scope repeated or unknown", async () => {
    for (const body of [
      { name: " ", scopes: ["calls:read"] },
      { name: "x".repeat(81), scopes: ["calls:read"] },
      { name: "CRM", scopes: [] },
      { name: "CRM" },
      { name: "CRM", scopes: ["calls:read", "calls:read"] },
      { name: "CRM", scopes: ["admin"] },
    ]) {
      const res = await api("POST", "/api/api-keys", { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it("lets an appointments:read key read the appointments and one by id, but not book", async () => {
    const { key } = await makeKey(owner, ["appointments:read"]);
    const list = await api("GET", "/api/appointments", { token: key });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.upcoming.map((a: { id: string }) => a.id)).toContain(booked.id);
    const one = await api("GET", `/api/appointments/${booked.id}`, { token: key });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: booked.id, patientName: "Jeanne Martin", status: "booked" });

    const book = await api("POST", "/api/appointments", { token: key, body: booking("11:00") });
    expect(book.status).toBe(403);
    expect(book.body.message).toBe("This API key does not have the “appointments:write” scope this address needs.");
    const cancel = await api("POST", `/api/appointments/${booked.id}/cancel`, { token: key });
    expect(cancel.status).toBe(403);
    const rows = await getDb().select().from(appointments).where(eq(appointments.userId, owner.user.id));
    expect(rows.map((r) => [r.id, r.status])).toEqual([[booked.id, "booked"]]);
  });

  it("lets an appointments:write key book and cancel", async () => {
    const { key } = await makeKey(owner, ["appointments:write"]);
    const book = await api("POST", "/api/appointments", { token: key, body: booking("14:00") });
    expect(book.status, JSON.stringify(book.body)).toBe(201);
    expect(book.body.source).toBe("dashboard");
    const [row] = await getDb().select().from(appointments).where(eq(appointments.id, book.body.id));
    expect(row).toMatchObject({ userId: owner.user.id, status: "booked" });
    const cancel = await api("DELETE", `/api/appointments/${book.body.id}`, { token: key });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("cancelled");
    // Writing is not reading.
    expect((await api("GET", "/api/appointments", { token: key })).status).toBe(403);
  });

  it("keeps a calls:read key to the calls", async () => {
    const { key } = await makeKey(owner, ["calls:read"]);
    expect((await api("GET", "/api/calls", { token: key })).status).toBe(200);
    const appts = await api("GET", "/api/appointments", { token: key });
    expect(appts.status).toBe(403);
    expect(appts.body.message).toBe("This API key does not have the “appointments:read” scope this address needs.");
    expect((await api("GET", `/api/appointments/${booked.id}`, { token: key })).status).toBe(403);
    expect((await api("GET", "/api/threads", { token: key })).status).toBe(403);
    expect((await api("GET", "/api/tasks", { token: key })).status).toBe(403);
  });

  it("reads the inbox and the tasks with their own scopes, and never marks a thread or changes a task", async () => {
    const { key } = await makeKey(owner, ["messages:read", "tasks:read"]);
    expect((await api("GET", "/api/threads", { token: key })).status).toBe(200);
    expect((await api("GET", "/api/tasks", { token: key })).status).toBe(200);
    const id = "0f8e2b52-1f0e-4a57-9a3a-0f0c3c8b1d11";
    expect((await api("GET", `/api/threads/${id}`, { token: key })).status).toBe(404);
    const patch = await api("PATCH", `/api/threads/${id}`, { token: key, body: { status: "done" } });
    expect([patch.status, patch.body.message]).toEqual([403, NOT_HERE]);
    expect((await api("PATCH", `/api/tasks/${id}`, { token: key, body: { status: "done" } })).status).toBe(403);
  });

  it("refuses every key on the account, the keys themselves, billing and admin routes", async () => {
    const admin = await createAdmin();
    const everything = ["appointments:read", "appointments:write", "calls:read", "messages:read", "tasks:read"];
    const { key } = await makeKey(owner, everything);
    const { key: adminKey } = await makeKey(admin, everything);
    const refused: [string, string, string?][] = [
      ["GET", "/api/auth/profile"],
      ["DELETE", "/api/account"],
      ["GET", "/api/account/export"],
      ["GET", "/api/api-keys"],
      ["POST", "/api/api-keys"],
      ["GET", "/api/billing/portal"],
      ["POST", "/api/subscription/start-trial"],
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/users", adminKey],
    ];
    for (const [method, path, k = key] of refused) {
      const res = await api(method, path, { token: k, body: method === "POST" ? { name: "x", scopes: ["calls:read"] } : undefined });
      expect([res.status, res.body?.message], `${method} ${path}`).toEqual([403, NOT_HERE]);
    }
    // Nothing was done with it: still the owner's account, no key made by a key.
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(200);
    // A key is never read as a session, even beside the owner's cookie.
    const withCookie = await api("GET", "/api/auth/profile", { token: key, cookie: `authjs.session-token=${owner.token}` });
    expect(withCookie.status).toBe(403);
    // Nor on a route it may call: a read key beside the owner's cookie still cannot book.
    const reader = await makeKey(owner, ["appointments:read"]);
    const booking = await api("POST", "/api/appointments", {
      token: reader.key,
      cookie: `authjs.session-token=${owner.token}`,
      body: { patientName: "Cookie Beside Key", date: "2099-01-05", time: "10:00", duration: 30 },
    });
    expect(booking.status).toBe(403);
    const list = await api("GET", "/api/appointments", { token: owner.token });
    expect(JSON.stringify(list.body)).not.toContain("Cookie Beside Key");
  });

  it("asks for the password to make a key once the sign-in is more than ten minutes old", async () => {
    const late = await registerOwner();
    await getDb()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, late.user.id));
    const body = { name: "Tableur", scopes: ["appointments:read"] };
    const bare = await api("POST", "/api/api-keys", { token: late.token, body, headers: FR });
    expect(bare.status).toBe(403);
    expect(bare.body.message).toBe(fr.Api.integrationNeedsConfirmation);
    const wrong = await api("POST", "/api/api-keys", { token: late.token, body: { ...body, password: "not-the-password" } });
    expect(wrong.status).toBe(403);
    expect(await getDb().$count(apiKeys, eq(apiKeys.userId, late.user.id))).toBe(0);
    const right = await api("POST", "/api/api-keys", { token: late.token, body: { ...body, password: late.password } });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    expect(right.body.key).toMatch(/^rk_/);
  });

  it("refuses a revoked key on the very next request, and an unknown one", async () => {
    const made = await makeKey(owner, ["appointments:read"]);
    expect((await api("GET", "/api/appointments", { token: made.key })).status).toBe(200);
    const revoke = await api("DELETE", `/api/api-keys/${made.id}`, { token: owner.token });
    expect(revoke.status).toBe(200);
    expect(revoke.body.message).toBe("API key revoked.");
    const after = await api("GET", "/api/appointments", { token: made.key });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("This API key is not valid: it may have been revoked. Make a new one on the Integrations page.");
    expect((await api("GET", "/api/api-keys", { token: owner.token })).body.apiKeys.map((k: { id: string }) => k.id)).not.toContain(
      made.id,
    );
    // Unknown, or not even a key's shape: 401 too.
    for (const key of [`rk_${"A".repeat(43)}`, "rk_short"])
      expect((await api("GET", "/api/appointments", { token: key })).status).toBe(401);
    // Revoking again, or another practice's key: 404.
    expect((await api("DELETE", `/api/api-keys/${made.id}`, { token: owner.token })).status).toBe(404);
    const others = await makeKey(other, ["calls:read"]);
    expect((await api("DELETE", `/api/api-keys/${others.id}`, { token: owner.token })).status).toBe(404);
    expect((await api("GET", "/api/calls", { token: others.key })).status).toBe(200);
  });

  it("records making and revoking a key in the audit log, without the key or its name", async () => {
    const made = await makeKey(owner, ["tasks:read"], "Tableur");
    await api("DELETE", `/api/api-keys/${made.id}`, { token: owner.token });
    const rows = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "api_key"), eq(auditLog.targetId, made.id)));
    expect(rows.map((r) => [r.action, r.actorUserId, r.details]).sort()).toEqual([
      ["api_key.create", owner.user.id, { scopes: ["tasks:read"] }],
      ["api_key.revoke", owner.user.id, { scopes: ["tasks:read"] }],
    ]);
    expect(JSON.stringify(rows)).not.toContain("Tableur");
  });

  it("shows another practice's key only its own appointments", async () => {
    const { key } = await makeKey(other, ["appointments:read", "appointments:write"]);
    const list = await api("GET", "/api/appointments", { token: key });
    expect(list.status).toBe(200);
    expect([...list.body.upcoming, ...list.body.past]).toEqual([]);
    const read = await api("GET", `/api/appointments/${booked.id}`, { token: key });
    expect(read.status).toBe(404);
    expect((await api("POST", `/api/appointments/${booked.id}/cancel`, { token: key })).status).toBe(404);
    const [row] = await getDb().select().from(appointments).where(eq(appointments.id, booked.id));
    expect(row!.status).toBe("booked");
  });

  it("notes when a key was last used", async () => {
    const made = await makeKey(owner, ["calls:read"]);
    await api("GET", "/api/calls", { token: made.key });
    const listed = (await api("GET", "/api/api-keys", { token: owner.token })).body.apiKeys.find((k: { id: string }) => k.id === made.id);
    expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
  });

  it("answers 429 past the per-minute limit, with Retry-After", async () => {
    const { key } = await makeKey(owner, ["tasks:read"]);
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) {
      const res = await api("GET", "/api/tasks", { token: key });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const limited = await api("GET", "/api/tasks", { token: key });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(limited.body.message).toBe("Too many requests with this API key. Please try again in 1 minute.");
    // Per key: another key of the practice, and the owner's session, carry on.
    const { key: fresh } = await makeKey(owner, ["tasks:read"]);
    expect((await api("GET", "/api/tasks", { token: fresh })).status).toBe(200);
    expect((await api("GET", "/api/tasks", { token: owner.token })).status).toBe(200);
  });

  it("keeps at most 20 keys per practice", async () => {
    const practice = await registerOwner();
    for (let i = 0; i < 20; i++) await makeKey(practice, ["calls:read"], `Key ${i}`);
    const refused = await api("POST", "/api/api-keys", {
      token: practice.token,
      body: { name: "One more", scopes: ["calls:read"] },
      headers: FR,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "Un cabinet peut avoir au plus 20 clés d’API. Révoquez-en une que vous n’utilisez plus pour en créer une autre.",
    );
  });

  it("still lets a signed-in owner use those routes as before", async () => {
    expect((await api("GET", "/api/appointments", { token: owner.token })).status).toBe(200);
    expect((await api("GET", `/api/appointments/${booked.id}`, { token: owner.token })).body.id).toBe(booked.id);
    const book = await api("POST", "/api/appointments", { token: owner.token, body: booking("16:00") });
    expect(book.status).toBe(201);
    expect((await api("POST", `/api/appointments/${book.body.id}/cancel`, { token: owner.token })).body.status).toBe("cancelled");
    for (const path of ["/api/calls", "/api/threads", "/api/tasks"])
      expect((await api("GET", path, { token: owner.token })).status).toBe(200);
  });

  it("answers in the caller's language", async () => {
    const { key } = await makeKey(owner, ["calls:read"]);
    const scope = await api("GET", "/api/appointments", { token: key, headers: FR });
    expect(scope.body.message).toBe("Cette clé d’API n’a pas la portée «\u00a0appointments:read\u00a0» qu’exige cette adresse.");
    const here = await api("GET", "/api/auth/profile", { token: key, headers: FR });
    expect(here.body.message).toBe("Les clés d’API ne peuvent pas être utilisées à cette adresse.");
    const unknown = await api("GET", "/api/calls", { token: `rk_${"B".repeat(43)}`, headers: FR });
    expect(unknown.body.message).toBe(
      "Cette clé d’API n’est pas valide\u00a0: elle a peut-être été révoquée. Créez-en une nouvelle sur la page Intégrations.",
    );
  });
});
