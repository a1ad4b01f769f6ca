// GET /api/account/export: everything held about the owner, every table accounted for, no secret, nobody else's rows;
// as JSON, or as a ZIP of CSV files for a spreadsheet.
import { randomUUID } from "node:crypto";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/account/export/route";
import { getDb } from "@/db/client";
import * as schema from "@/db/schema";
import {
  apiKeys,
  auditLog,
  calendarFeeds,
  webhookDeliveries,
  webhookEndpoints,
  billingCheckouts,
  calendarConnections,
  callerMessages,
  calls,
  closures,
  holidayOpenings,
  knowledgeEntries,
  members,
  blockedNumbers,
  bookingPages,
  callRoutes,
  notifications,
  optOuts,
  callOptOuts,
  pendingReplies,
  recallTexts,
  reminderCallSettings,
  reminderCalls,
  serviceRecalls,
  threadMessages,
  threads,
  users,
  verificationCodes,
  waitlistEntries,
  waitlistOffers,
} from "@/db/schema";
import { issueSetupToken } from "@/lib/accounts/account/accounts.service";
import { EXPORT_COVERAGE } from "@/lib/accounts/privacy/export";
import { csvFileName } from "@/lib/accounts/privacy/export-zip";
import fr from "@/messages/fr.json";
import { eq } from "drizzle-orm";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, startTrial, type Account } from "../helpers/api";

const PATIENT = 'Inès "Jo" Dupont, Jr';
const FORMULA = '=HYPERLINK("http://evil.test","x")';

/** An owner with a row in every exported table, another owner with a booking of their own, and a live setup link. */
async function ownerWithEverything() {
  await addPoolNumbers(1);
  const owner = await registerOwner({ businessName: "Cabinet Export" });
  const other = await registerOwner();
  const id = owner.user.id;
  await connectSandboxCalendar(owner.token);
  await startTrial(owner.token);
  expect((await api("GET", "/api/phone-numbers/claim", { token: owner.token })).status).toBe(200);
  expect((await api("POST", "/api/ai/parameters", { token: owner.token, body: { agentName: "Léa" } })).status).toBe(201);
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const booked = await api("POST", "/api/appointments", {
    token: owner.token,
    body: { patientName: PATIENT, date: day, time: "10:00", duration: 30 },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  await api("POST", "/api/appointments", { token: other.token, body: { patientName: "Not Mine", date: day, time: "10:00", duration: 30 } });
  const db = getDb();
  await db.insert(calls).values({
    userId: id,
    providerCallId: `export-${randomUUID()}`,
    status: "ended",
    transcript: "Caller: hello",
    summary: "A call",
    recordingUrl: "https://example.com/r.mp3",
    fromNumber: "+33611111111",
  });
  await db.insert(callerMessages).values({ userId: id, callerName: FORMULA, callerPhone: "+33622222222", body: "Please call me back" });
  await db
    .insert(notifications)
    .values({ userId: id, channel: "sms", recipient: "+33622222222", body: "Confirmed", status: "sent", provider: "sandbox" });
  const [thread] = await db.insert(threads).values({ userId: id, callerPhone: "+33622222222", unread: 1 }).returning();
  await db
    .insert(threadMessages)
    .values({ threadId: thread!.id, userId: id, direction: "in", channel: "sms", body: "Can I come earlier?", status: "received" });
  await db.insert(pendingReplies).values({
    userId: id,
    callerPhone: "+33622222222",
    appointmentId: booked.body.id,
    action: "cancel",
    appointmentVersion: 1,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(verificationCodes).values({
    userId: id,
    providerCallId: `export-${randomUUID()}`,
    phone: "+33622222222",
    codeEnc: "",
    expiresAt: new Date(),
    verifiedAt: new Date(),
  });
  await db.insert(optOuts).values({ userId: id, phone: "+33622222222", channel: "sms" });
  const [waiting] = await db
    .insert(waitlistEntries)
    .values({ userId: id, name: "Marie Attente", phone: "+33622222224", fromDate: day, toDate: day })
    .returning();
  await db.insert(waitlistOffers).values({
    userId: id,
    entryId: waiting!.id,
    practitionerId: booked.body.practitionerId,
    slotKey: `${booked.body.practitionerId}:${day}`,
    startsAt: new Date(`${day}T09:00:00Z`),
    endsAt: new Date(`${day}T09:30:00Z`),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(serviceRecalls).values({ userId: id, service: "Scaling", intervalMonths: 6 });
  await db.insert(recallTexts).values({ userId: id, phone: "+33622222223", service: "Scaling", dueOn: "2026-01-15", sentAt: new Date() });
  await db.insert(reminderCallSettings).values({ userId: id, enabled: true, hoursBefore: 24 });
  await db
    .insert(reminderCalls)
    .values({ userId: id, appointmentId: booked.body.id, phone: "+33622222222", status: "confirmed", attempts: 1 });
  await db.insert(callOptOuts).values({ userId: id, phone: "+33622222225" });
  await db.insert(closures).values({ userId: id, startsOn: "2099-12-24", endsOn: "2099-12-26", reason: "Holidays" });
  await db.insert(holidayOpenings).values({ userId: id, day: "2099-05-01", name: "Labour Day" });
  await db.insert(knowledgeEntries).values({ userId: id, kind: "price", language: "en", title: "Scaling", details: "60 euros" });
  await db.insert(blockedNumbers).values({ userId: id, phone: "+33612000999", reason: "Sales calls" });
  await db.insert(bookingPages).values({ userId: id, slug: `export-${id.slice(0, 8)}`, enabled: true });
  await db.insert(callRoutes).values({ userId: id, position: 0, name: "Billing desk", phone: "+33144556602", when: "billing questions" });
  await db.insert(billingCheckouts).values({ sessionId: `cs_export_${randomUUID()}`, userId: id });
  await db
    .insert(apiKeys)
    .values({ userId: id, name: "CRM", prefix: "rk_export", keyHash: SECRET_HASH(id), scopes: ["appointments:read"] });
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ userId: id, url: "https://crm.example.com/hooks", events: ["appointment.booked"], secretEnc: SEALED_SECRET })
    .returning();
  await db.insert(webhookDeliveries).values({
    userId: id,
    endpointId: endpoint!.id,
    type: "appointment.booked",
    payload: { type: "appointment.booked", timestamp: new Date().toISOString(), data: { id: booked.body.id } },
  });
  await db.insert(calendarFeeds).values({ userId: id, tokenHash: SECRET_HASH(`feed-${id}`), tokenEnc: SEALED_SECRET });
  await db.insert(auditLog).values({ actorUserId: null, action: "test.export", targetType: "user", targetId: id });
  // An invitation still pending: the team is exported, never the invitation's link (its hash stands in for one here).
  await db
    .insert(members)
    .values({ businessId: id, email: `invitee-${id.slice(0, 8)}@example.com`, role: "staff", tokenHash: SECRET_HASH(`invite-${id}`) });
  await api("POST", "/api/auth/login", { body: { email: owner.email, password: "wrong-password-1" } });
  const setupToken = await issueSetupToken(db, id);
  return { owner, other, id, setupToken };
}

// Stand-ins for what the integrations keep secret: a key's or a feed token's hash, a sealed signing secret or token.
const SECRET_HASH = (seed: string) => `hash-${seed}-0f3a9c`;
const SEALED_SECRET = "v1.sealed-secret-7d41e2";

/** No secret: the password hash, the calendar token's ciphertext, a setup link's token or hash; no other owner. */
async function expectNoSecret(text: string, id: string, setupToken: string, other: Account) {
  const db = getDb();
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  const [c] = await db
    .select({ enc: calendarConnections.refreshTokenEnc })
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, id));
  expect(text).not.toContain(u!.passwordHash!);
  expect(text).not.toContain(c!.enc);
  expect(text).not.toContain(setupToken);
  expect(text).not.toMatch(/passwordHash|refreshToken|tokenHash|keyHash|secretEnc|tokenEnc/);
  expect(text).not.toContain(SEALED_SECRET);
  expect(text).not.toContain(SECRET_HASH(id));
  expect(text).not.toContain("Not Mine");
  expect(text).not.toContain(other.email);
}

/** The route itself, for answers that are not JSON (tests/helpers/api.ts parses every body as JSON). */
async function download(token: string | undefined, query: string): Promise<Response> {
  const headers = new Headers({ "x-forwarded-for": "127.0.0.1" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  return GET(new Request(`http://localhost:3000/api/account/export${query}`, { headers }), { params: Promise.resolve({}) });
}

/** A column's values in a CSV of ours (BOM, every field quoted, no line break inside a field), quotes undone. */
function column(csv: string, name: string): string[] {
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replace(/""/g, '"')));
  const i = header!.indexOf(name);
  expect(i, `no column ${name}`).toBeGreaterThanOrEqual(0);
  return rows.map((r) => r[i]!);
}

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable)).map((t) => getTableName(t));

describe("GET /api/account/export", () => {
  it("decides for every table of the schema: exported, or excluded with a reason", () => {
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) expect(EXPORT_COVERAGE[table], `table ${table} is neither exported nor excluded`).toBeTruthy();
    for (const table of Object.keys(EXPORT_COVERAGE)) expect(tables, `EXPORT_COVERAGE names ${table}, which is no table`).toContain(table);
  });

  it("returns the owner's data from every exported table, without a secret, and nothing of another owner", async () => {
    const { owner, other, id, setupToken } = await ownerWithEverything();

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
    expect((data.appointments as { patientName: string }[]).map((a) => a.patientName)).toEqual([PATIENT]);
    expect(data.calls).toEqual([
      expect.objectContaining({ transcript: "Caller: hello", summary: "A call", recordingUrl: "https://example.com/r.mp3" }),
    ]);
    await expectNoSecret(JSON.stringify(data), id, setupToken, other);
  });

  it("?format=zip: one CSV per exported key for a spreadsheet, the same JSON document, a README; no secret, nobody else", async () => {
    const { owner, other, id, setupToken } = await ownerWithEverything();
    const res = await download(owner.token, "?format=zip");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="recepta-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = (name: string) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(files[name]);

    const keys = Object.values(EXPORT_COVERAGE).filter((k) => !k.startsWith("excluded:"));
    expect(Object.keys(files).sort()).toEqual(["README.txt", "export.json", ...keys.map(csvFileName)].sort());
    for (const key of keys) {
      // Every key holds rows here (the JSON test checks that), so every file has a header row and a data row.
      const csv = text(csvFileName(key));
      expect(csv.startsWith('\uFEFF"'), `${key}: BOM then a quoted header`).toBe(true);
      expect(csv.split("\r\n").length, `${key} has no data row`).toBeGreaterThan(2);
    }
    expect(text("profile.csv")).toContain(`"${owner.email}"`);
    // Comma, quotes and accents survive RFC 4180 quoting in UTF-8.
    expect(column(text("appointments.csv"), "patientName")).toEqual([PATIENT]);
    // A caller's name written like a formula is text in the spreadsheet: the apostrophe says so.
    expect(column(text("messages-taken.csv"), "callerName")).toEqual([`'${FORMULA}`]);
    expect(text("README.txt")).toContain("appointments.csv");

    const inside = JSON.parse(text("export.json")) as Record<string, unknown>;
    const json = (await api("GET", "/api/account/export", { token: owner.token })).body as Record<string, unknown>;
    expect({ ...inside, exportedAt: null }).toEqual({ ...json, exportedAt: null });
    await expectNoSecret(Object.keys(files).map(text).join("\n"), id, setupToken, other);
  });

  it("refuses an unknown format with a translated message", async () => {
    const owner = await registerOwner();
    const res = await api("GET", "/api/account/export?format=xlsx", { token: owner.token, headers: { "accept-language": "fr" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: fr.Api.unknownExportFormat });
    expect((await download(undefined, "?format=zip")).status).toBe(401);
  });

  it("needs a session", async () => {
    expect((await api("GET", "/api/account/export")).status).toBe(401);
  });
});
