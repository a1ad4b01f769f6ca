// GET /api/account/export: everything held about the owner, every table accounted for, no secret, nobody else's rows.
import { randomUUID } from "node:crypto";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import * as schema from "@/db/schema";
import { auditLog, billingCheckouts, calendarConnections, callerMessages, calls, notifications, users } from "@/db/schema";
import { issueSetupToken } from "@/lib/accounts/accounts.service";
import { EXPORT_COVERAGE } from "@/lib/privacy/export";
import { eq } from "drizzle-orm";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, startTrial } from "../helpers/api";

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable)).map((t) => getTableName(t));

describe("GET /api/account/export", () => {
  it("decides for every table of the schema: exported, or excluded with a reason", () => {
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) expect(EXPORT_COVERAGE[table], `table ${table} is neither exported nor excluded`).toBeTruthy();
    for (const table of Object.keys(EXPORT_COVERAGE)) expect(tables, `EXPORT_COVERAGE names ${table}, which is no table`).toContain(table);
  });

  it("returns the owner's data from every exported table, without a secret, and nothing of another owner", async () => {
    await addPoolNumbers(1);
    const owner = await registerOwner({ businessName: "Cabinet Export" });
    const other = await registerOwner();
    const id = owner.user.id;
    await connectSandboxCalendar(owner.token);
    await startTrial(owner.token);
    expect((await api("GET", "/api/phone-numbers/claim", { token: owner.token })).status).toBe(200);
    expect((await api("POST", "/api/ai/parameters", { token: owner.token, body: { agentName: "Léa" } })).status).toBe(201);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const booked = await api("POST", "/api/appointments", { token: owner.token, body: { patientName: "Jane Export", date: day, time: "10:00", duration: 30 } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    await api("POST", "/api/appointments", { token: other.token, body: { patientName: "Not Mine", date: day, time: "10:00", duration: 30 } });
    const db = getDb();
    await db.insert(calls).values({ userId: id, providerCallId: `export-${randomUUID()}`, status: "ended", transcript: "Caller: hello", summary: "A call", recordingUrl: "https://example.com/r.mp3", fromNumber: "+33611111111" });
    await db.insert(callerMessages).values({ userId: id, callerName: "Bob", callerPhone: "+33622222222", body: "Please call me back" });
    await db.insert(notifications).values({ userId: id, channel: "sms", recipient: "+33622222222", body: "Confirmed", status: "sent", provider: "sandbox" });
    await db.insert(billingCheckouts).values({ sessionId: `cs_export_${randomUUID()}`, userId: id });
    await db.insert(auditLog).values({ actorUserId: null, action: "test.export", targetType: "user", targetId: id });
    await api("POST", "/api/auth/login", { body: { email: owner.email, password: "wrong-password-1" } });
    const setupToken = await issueSetupToken(db, id);

    const res = await api("GET", "/api/account/export", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="recepta-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body as Record<string, unknown>;
    for (const [table, key] of Object.entries(EXPORT_COVERAGE)) {
      if (key.startsWith("excluded:")) continue;
      const value = data[key];
      expect(value, `${table} → ${key}`).toBeTruthy();
      if (Array.isArray(value)) expect(value.length, `${table} → ${key} is empty`).toBeGreaterThan(0);
    }
    expect(data.profile).toMatchObject({ id, email: owner.email, businessName: "Cabinet Export", hasPassword: true });
    expect((data.appointments as { patientName: string }[]).map((a) => a.patientName)).toEqual(["Jane Export"]);
    expect(data.calls).toEqual([expect.objectContaining({ transcript: "Caller: hello", summary: "A call", recordingUrl: "https://example.com/r.mp3" })]);

    // No secret: the password hash, the calendar token's ciphertext, a setup link's token or hash.
    const text = JSON.stringify(data);
    const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
    const [c] = await db.select({ enc: calendarConnections.refreshTokenEnc }).from(calendarConnections).where(eq(calendarConnections.userId, id));
    expect(text).not.toContain(u!.passwordHash!);
    expect(text).not.toContain(c!.enc);
    expect(text).not.toContain(setupToken);
    expect(text).not.toMatch(/passwordHash|refreshToken|tokenHash/);
    expect(text).not.toContain("Not Mine");
    expect(text).not.toContain(other.email);
  });

  it("needs a session", async () => {
    expect((await api("GET", "/api/account/export")).status).toBe(401);
  });
});
