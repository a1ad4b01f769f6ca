// NUL and the other control characters: refused with a 400 naming the field at the HTTP edge (every route, before any
// write), removed from what providers send after their signature is checked (the transcript is stored, not lost).
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, callerMessages, calls, notifications, threadMessages, users, webhookEvents } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { signStripePayload } from "@/lib/vendors/stripe/webhook-signature";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { api, createAdmin, registerOwner, uniqueEmail, type Account } from "../helpers/api";
import { dayAhead, newCallId, practice, telnyx, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";
import { messageReceived } from "../helpers/telnyx-events";

const refused = (field: string) => `${field} contains characters that can't be used.`;

let owner: Account;
let admin: Account;

beforeAll(async () => {
  owner = await registerOwner();
  admin = await createAdmin();
});

describe("control characters in a request: 400 naming the field, nothing written", () => {
  type Case = { method: string; path: () => string; as: "anonymous" | "owner" | "admin"; body: unknown; field: string };
  const cases: Case[] = [
    {
      method: "POST",
      path: () => "/api/auth/register",
      as: "anonymous",
      body: { email: uniqueEmail(), password: "long-enough", fullName: "Jane\u0000Doe" },
      field: "Full name",
    },
    {
      method: "POST",
      path: () => "/api/auth/login",
      as: "anonymous",
      body: { email: "someone@example.com", password: "pass\u0000word" },
      field: "Password",
    },
    { method: "PUT", path: () => "/api/auth/update-profile", as: "owner", body: { businessName: "Cabinet\u0007" }, field: "Business name" },
    {
      method: "PUT",
      path: () => "/api/auth/update-profile",
      as: "owner",
      body: { services: ["Check-up", "X-ray\u001b[31m"] },
      field: "Services",
    },
    {
      method: "PUT",
      path: () => "/api/auth/update-working-hours",
      as: "owner",
      body: { workingHours: { monday: { isOpen: true, openTime: "09:00\u0000", closeTime: "17:00" } } },
      field: "Opening time",
    },
    { method: "POST", path: () => "/api/ai/parameters", as: "owner", body: { firstMessage: "Hello\u0000" }, field: "First message" },
    { method: "PUT", path: () => "/api/ai/parameters", as: "owner", body: { agentName: "L\u007Fa" }, field: "Receptionist name" },
    {
      method: "POST",
      path: () => "/api/appointments",
      as: "owner",
      body: { patientName: "Marie\u0000Curie", date: "2030-01-01", time: "10:00", duration: 30 },
      field: "Patient name",
    },
    {
      method: "POST",
      path: () => "/api/auth/complete-setup",
      as: "anonymous",
      body: { token: "abc", name: "N\u0000", password: "long-enough" },
      field: "Full name",
    },
    {
      method: "POST",
      path: () => "/api/google-calendar/authorize",
      as: "owner",
      body: { code: "code\u0000" },
      field: "Authorization code",
    },
    { method: "POST", path: () => "/api/receptionist/try", as: "owner", body: { action: "say", text: "hi\u0000" }, field: "Message" },
    {
      method: "POST",
      path: () => `/api/admin/users/${owner.user.id}/phone-number`,
      as: "admin",
      body: { phoneNumber: "+1555\u0000" },
      field: "Phone number",
    },
    // A key, and a field the schema does not even know: refused all the same.
    {
      method: "PUT",
      path: () => "/api/auth/update-profile",
      as: "owner",
      body: { businessName: "ok", "x\u0000y": 1 },
      field: "The request",
    },
    {
      method: "PUT",
      path: () => "/api/auth/update-profile",
      as: "owner",
      body: { businessName: "ok", unknownField: "\uFFFF" },
      field: "The request",
    },
  ];

  for (const c of cases) {
    it(`${c.method} ${c.path.toString().replace(/^\(\) => /, "")} ${JSON.stringify(c.body).slice(0, 70)} → 400`, async () => {
      const token = c.as === "owner" ? owner.token : c.as === "admin" ? admin.token : undefined;
      const res = await api(c.method, c.path(), { token, body: c.body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(refused(c.field));
    });
  }

  it("names the field in the caller's language", async () => {
    const body = { email: uniqueEmail(), password: "long-enough", fullName: "A\u0001" };
    expect((await api("POST", "/api/auth/register", { body, headers: { "accept-language": "fr" } })).body.message).toBe(
      "Nom complet contient des caractères qui ne peuvent pas être utilisés.",
    );
    expect((await api("POST", "/api/auth/register", { body, headers: { cookie: "NEXT_LOCALE=es" } })).body.message).toBe(
      "Nombre completo contiene caracteres que no se pueden usar.",
    );
  });

  it("creates no account and changes no profile", async () => {
    const email = uniqueEmail();
    expect((await api("POST", "/api/auth/register", { body: { email, password: "long-enough", fullName: "Jane\u0000" } })).status).toBe(
      400,
    );
    expect(await getDb().select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(0);
    const before = (await api("GET", "/api/auth/profile", { token: owner.token })).body;
    expect(
      (await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { fullName: "Changed", businessAddress: "1 rue\u0000" } }))
        .status,
    ).toBe(400);
    const after = (await api("GET", "/api/auth/profile", { token: owner.token })).body;
    expect(after.fullName).toBe(before.fullName);
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it("refuses a lone surrogate sent as a JSON escape, and keeps an emoji", async () => {
    const lone = await api("PUT", "/api/auth/update-profile", { token: owner.token, raw: '{"businessName":"Caf\\ud800"}' });
    expect(lone.status).toBe(400);
    expect(lone.body.message).toBe(refused("Business name"));
    const emoji = await api("PUT", "/api/auth/update-profile", { token: owner.token, raw: '{"businessName":"Caf\\u00e9 \\ud83d\\ude00"}' });
    expect(emoji.status, JSON.stringify(emoji.body)).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.businessName).toBe("Café 😀");
  });

  it("keeps tabs and line breaks, which are ordinary text", async () => {
    const aiInstructions = "Line one\nLine two\r\n\tIndented";
    const res = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { aiInstructions } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).body.aiInstructions).toBe(aiInstructions);
  });

  it("refuses a control character in a query string read through the same check", async () => {
    const res = await api("GET", "/api/admin/outbox?q=%00", { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(refused("The request"));
  });
});

describe("control characters from providers: removed, and the event still applied", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Nul");
  });

  it("stores a Vapi end-of-call report whose transcript and summary hold NULs, without them, once", async () => {
    const callId = newCallId();
    const caller = "+33760000101";
    expect((await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }))).status).toBe(200);
    const report = vapiMessage(p.line, callId, caller, {
      type: "end-of-call-report",
      endedReason: "customer-ended\u0000-call",
      artifact: { transcript: "AI: Hello\u0000.\nUser: Hi\u0001!" },
      analysis: { summary: "Asked\u0000 about prices." },
    });
    const res = await vapi(report);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await getDb().select().from(calls).where(eq(calls.providerCallId, callId));
    expect(row).toMatchObject({
      userId: p.user.id,
      status: "ended",
      transcript: "AI: Hello.\nUser: Hi!",
      summary: "Asked about prices.",
      endedReason: "customer-ended-call",
    });
    const marker = await getDb()
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, "vapi"), eq(webhookEvents.eventId, `${callId}:end-of-call-report`)));
    expect(marker).toHaveLength(1);
    const detail = await api("GET", `/api/calls/${row!.id}`, { token: p.token });
    expect(detail.body.transcript).toBe("AI: Hello.\nUser: Hi!");
  });

  it("keeps a message taken by the receptionist whose JSON-string arguments escape a NUL", async () => {
    const callId = newCallId();
    const said = await vapiTool(
      p.line,
      callId,
      "+33760000102",
      "take_message",
      JSON.stringify({ message: "Please call\u0000 me back", name: "Jean\u0000" }),
    );
    expect(said).toContain("Cabinet Nul");
    const [msg] = await getDb().select().from(callerMessages).where(eq(callerMessages.providerCallId, callId));
    expect(msg).toMatchObject({ userId: p.user.id, body: "Please call me back", callerName: "Jean" });
    const [row] = await getDb()
      .select({ outcome: calls.outcome, message: calls.message })
      .from(calls)
      .where(eq(calls.providerCallId, callId));
    expect(row).toEqual({ outcome: "message", message: "Please call me back" });
  });

  it("applies a signed Telnyx STOP whose text and ids hold control characters", async () => {
    const phone = `+1999${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
    const raw = JSON.stringify({
      data: {
        id: `${randomUUID()}\u0000`,
        event_type: "message.received",
        payload: { from: { phone_number: phone }, text: "ST\u0000OP\u0007", to: [{ phone_number: p.line }] },
      },
    });
    const res = await telnyx(raw);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await isOptedOut(getDb(), p.user.id, phone, "sms")).toBe(true);
  });

  it("creates the account a signed Stripe checkout pays for, with the customer's name cleaned", async () => {
    const email = uniqueEmail("nul-payer");
    const hex = () => randomBytes(8).toString("hex");
    const now = Math.floor(Date.now() / 1000);
    const event = {
      id: `evt_test_${hex()}`,
      object: "event",
      type: "checkout.session.completed",
      created: now,
      data: {
        object: {
          id: `cs_test_${hex()}`,
          object: "checkout.session",
          mode: "subscription",
          client_reference_id: null,
          customer: `cus_test_${hex()}`,
          subscription: `sub_test_${hex()}`,
          customer_details: { email, name: "Jane\u0000 Doe\u0001" },
          metadata: {},
        },
      },
    };
    const raw = JSON.stringify(event);
    const res = await api("POST", "/api/webhooks/stripe", {
      raw,
      headers: { "stripe-signature": signStripePayload(raw, "whsec_test_secret") },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [account] = await getDb()
      .select({ fullName: users.fullName })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(account).toEqual({ fullName: "Jane Doe" });
  });
});

// U+202E RIGHT-TO-LEFT OVERRIDE turns "Jean\u202Eeiram" into "Jeanmarie" on screen; the isolates and embeddings
// reorder just as quietly. Nobody can see them to take them out, so they are removed, never refused.
describe("direction controls (U+202A–U+202E, U+2066–U+2069): removed from requests, inbound texts and callers' names", () => {
  const DIRECTION = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
  const spoof = (text: string) => `${text.slice(0, 2)}${DIRECTION.join("")}${text.slice(2)}`;
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Miroir");
  });
  const drain = async () => {
    const ctx = appContext();
    await drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
  };

  it("an owner's request is accepted without them: the appointment's name reads as typed", async () => {
    const res = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: spoof("Marie Curie"), reason: spoof("Bilan"), date: dayAhead(9), time: "09:00", duration: 30 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await getDb().select().from(appointments).where(eq(appointments.id, res.body.id));
    expect(row).toMatchObject({ patientName: "Marie Curie", reason: "Bilan" });
  });

  it("a name given to the receptionist is booked, listed and texted back without them", async () => {
    const callId = newCallId();
    const caller = `+3377${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
    expect((await vapi(vapiMessage(p.line, callId, caller, { type: "status-update", status: "in-progress" }))).status).toBe(200);
    const said = await vapiTool(p.line, callId, caller, "book_appointment", {
      date: dayAhead(10),
      time: "10:00",
      name: spoof("Jean Dupont"),
    });
    expect(said).toMatch(/^Booked/);
    expect(said).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    await drain();
    const list = await api("GET", "/api/appointments", { token: p.token });
    const mine = list.body.upcoming.filter((a: { patientPhone: string }) => a.patientPhone === caller);
    expect(mine.map((a: { patientName: string }) => a.patientName)).toEqual(["Jean Dupont"]);
    const sent = await getDb().select({ body: notifications.body }).from(notifications).where(eq(notifications.recipient, caller));
    expect(sent.length).toBeGreaterThan(0);
    for (const n of sent) expect(n.body).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);

    const message = await vapiTool(p.line, callId, caller, "take_message", { message: spoof("Rappelez-moi"), name: spoof("Jean Dupont") });
    expect(message).toContain("Cabinet Miroir");
    const [msg] = await getDb().select().from(callerMessages).where(eq(callerMessages.providerCallId, callId));
    expect(msg).toMatchObject({ callerName: "Jean Dupont", body: "Rappelez-moi" });
  });

  it("an inbound text lands in the inbox without them", async () => {
    const caller = `+3378${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
    const res = await telnyx(messageReceived(caller, p.line, spoof("Bonjour, le code est 1234")));
    expect(res.status).toBe(200);
    await drain();
    const rows = await getDb()
      .select({ body: threadMessages.body })
      .from(threadMessages)
      .where(and(eq(threadMessages.userId, p.user.id), eq(threadMessages.direction, "in")));
    expect(rows.map((r) => r.body)).toContain("Bonjour, le code est 1234");
    expect(rows.some((r) => /[\u202A-\u202E\u2066-\u2069]/.test(r.body))).toBe(false);
  });

  it("a password is taken as typed, direction controls included: it is compared, never shown", async () => {
    const email = uniqueEmail("bidi-pass");
    const password = "pass\u202Eword-123";
    expect((await api("POST", "/api/auth/register", { body: { email, password, fullName: "Bidi \u202EPass" } })).status).toBe(201);
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(200);
    expect((await api("POST", "/api/auth/login", { body: { email, password: "password-123" } })).status).toBe(401);
    const [row] = await getDb().select({ fullName: users.fullName }).from(users).where(eq(users.email, email));
    expect(row!.fullName).toBe("Bidi Pass");
  });

  it("a name sent with a stray NUL and a direction control is still refused for the NUL", async () => {
    const res = await api("POST", "/api/appointments", {
      token: p.token,
      body: { patientName: "Marie\u202E\u0000Curie", date: dayAhead(9), time: "11:00", duration: 30 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(refused("Patient name"));
  });
});
