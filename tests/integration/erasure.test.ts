// Right to erasure: DELETE /api/account (everything about the owner, their business and their callers, in every table,
// including the job queue's) and DELETE /api/callers/{phone} (one caller, one business).
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import {
  appointments,
  auditLog,
  callerMessages,
  callToolCalls,
  calls,
  notifications,
  pendingReplies,
  phoneNumbers,
  recallTexts,
  sessions,
  subscriptions,
  threadMessages,
  threads,
  users,
  verificationCodes,
  waitlistEntries,
  waitlistOffers,
  webhookDeliveries,
  webhookEndpoints,
} from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { eraseAccount } from "@/lib/accounts/privacy/erase";
import type { BillingPort } from "@/lib/ports/billing";
import { jobHandlers } from "@/lib/server/job-handlers";
import { drainJobs, JOB_SCHEMA } from "@/lib/platform/jobs/queue";
import { callerSays, endCall, startCall } from "@/lib/receptionist/simulator/simulator";
import { vapiTransport } from "@/lib/vendors/vapi/sandbox-platform";
import { appContext } from "@/lib/server/context";
import { addPoolNumbers, api, connectSandboxCalendar, createAdmin, registerOwner, startTrial } from "../helpers/api";
import { telnyx, vapiTool } from "../helpers/practice";
import { messageReceived } from "../helpers/telnyx-events";

/** An owner's session in their own practice, as the routes hand it to the erasure. */
const ownerSession = (userId: string) => ({
  userId,
  actorId: userId,
  sessionId: "",
  role: "user" as const,
  practiceRole: "owner" as const,
  practitionerId: null,
  locale: "en" as const,
});

const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: open, sunday: open };

const webhook = async (payload: unknown) =>
  (await api("POST", "/api/webhooks/vapi", { body: payload, headers: { "x-vapi-secret": "test-vapi-secret" } })).body;
/** The stand-in's calls, reaching the server as Vapi's would. */
const vapi = vapiTransport(webhook);

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

/** A live business: calendar, trial, number, and its phone on the profile. */
async function business(phone: string) {
  const o = await registerOwner({ businessName: `Cabinet ${randomUUID().slice(0, 6)}`, workingHours: EVERY_DAY, phone });
  await connectSandboxCalendar(o.token);
  await startTrial(o.token);
  await addPoolNumbers(1);
  const claim = await api("GET", "/api/phone-numbers/claim", { token: o.token });
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  return { ...o, line: claim.body.phoneNumber as string };
}

/** A caller books through the receptionist webhook (the path a real call takes), giving an email for the confirmation. */
async function callAndBook(line: string, caller: string, name: string, email: string) {
  let turn = await startCall(vapi, { line, caller, callId: `call-${randomUUID()}` });
  for (const text of [
    "I'd like to book an appointment",
    `My name is ${name}`,
    "A check-up",
    `it's ${email}`,
    "the day after tomorrow",
    "the first one",
    "yes",
    "no, that's all",
  ]) {
    turn = await callerSays(vapi, turn.state, text);
    if (turn.ended) break;
  }
  if (!turn.ended) await endCall(vapi, turn.state);
}

/** A caller leaves a message. */
async function callAndLeaveMessage(line: string, caller: string, name: string) {
  let turn = await startCall(vapi, { line, caller, callId: `call-${randomUUID()}` });
  turn = await callerSays(vapi, turn.state, "Can I leave a message for the doctor?");
  turn = await callerSays(vapi, turn.state, `This is ${name}, please call me back about my results`);
  if (!turn.ended) await endCall(vapi, turn.state);
}

/** Every row of every table (ours and the job queue's) whose text contains one of the needles. */
async function rowsContaining(needles: string[]): Promise<string[]> {
  const db = getDb();
  const tables = await db.execute<{ schema: string; name: string }>(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', ${JOB_SCHEMA}) and table_type = 'BASE TABLE'`,
  );
  const hits: string[] = [];
  for (const t of tables) {
    const rows = await db.execute<{ row: string }>(sql`select t::text as row from ${sql.identifier(t.schema)}.${sql.identifier(t.name)} t`);
    for (const { row } of rows) {
      const lower = row.toLowerCase();
      for (const n of needles) if (lower.includes(n.toLowerCase())) hits.push(`${t.schema}.${t.name} holds ${n}: ${row.slice(0, 200)}`);
    }
  }
  return hits;
}

describe("DELETE /api/account", () => {
  it("exports, then erases: no table holds the owner's email, phone, id or their callers' details; the number is back in the pool; the old token gets 401", async () => {
    const owner = await business("+33 1 44 55 66 77");
    const ownerPhone = "+33144556677"; // typed "+33 1 44 55 66 77", stored in E.164
    const caller = { phone: "+33655443322", name: "Marie Erasable", email: `marie-${randomUUID().slice(0, 8)}@example.com` };
    await api("POST", "/api/ai/parameters", { token: owner.token, body: { agentName: "Léa" } });
    await callAndBook(owner.line, caller.phone, caller.name, caller.email);
    await callAndLeaveMessage(owner.line, "+33699887766", "Paul Erasable");
    await drain();
    // A mistyped password at sign-in (counted under the email) and an admin's action on the account (audited).
    await api("POST", "/api/auth/login", { body: { email: owner.email, password: "mistyped-password-1" } });
    const admin = await createAdmin();
    // A notice still waiting in the job queue, naming the account.
    await appContext().jobs.send("calendar-revoked", { userId: owner.user.id }, { startAfter: new Date(Date.now() + 3_600_000) });
    expect((await api("PUT", `/api/admin/users/${owner.user.id}/status`, { token: admin.token, body: { isActive: true } })).status).toBe(
      200,
    );
    const db = getDb();
    // The data is really there before: appointments, calls with transcripts, messages, notifications to callers and owner.
    expect(await db.$count(appointments, eq(appointments.userId, owner.user.id))).toBe(1);
    expect(await db.$count(calls, eq(calls.userId, owner.user.id))).toBe(2);
    expect(await db.$count(callerMessages, eq(callerMessages.userId, owner.user.id))).toBe(1);
    expect(
      await db.$count(notifications, and(eq(notifications.userId, owner.user.id), eq(notifications.recipient, caller.phone))),
    ).toBeGreaterThan(0);
    // A call still going on while the owner erases the account: it ends afterwards.
    const live = await startCall(vapi, { line: owner.line, caller: "+33677665544", callId: `call-${randomUUID()}` });
    // A test call from the Try page: its call id, and so its once-only report marker, names the account.
    const tried = await api("POST", "/api/receptionist/try", { token: owner.token, body: { action: "start" } });
    expect(tried.status, JSON.stringify(tried.body)).toBe(200);
    const hungUp = await api("POST", "/api/receptionist/try", { token: owner.token, body: { action: "end", state: tried.body.state } });
    expect(hungUp.body).toMatchObject({ ended: true });
    const needles = [
      owner.user.id,
      owner.email,
      ownerPhone,
      caller.phone,
      caller.email,
      caller.name,
      "+33699887766",
      "Paul Erasable",
      "+33677665544",
    ];
    const before = await rowsContaining(needles);
    for (const n of needles)
      expect(
        before.some((hit) => hit.includes(` holds ${n}:`)),
        `${n} is stored before`,
      ).toBe(true);

    const exported = await api("GET", "/api/account/export", { token: owner.token });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain(caller.name);

    const res = await api("DELETE", "/api/account", { token: owner.token, body: { password: owner.password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: "Your account and all its data have been deleted.",
      erased: { appointments: 1, calls: 4, messages: 1, numberReleased: true },
    });
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);

    const ended = await callerSays(vapi, live.state, "My name is Late Caller, I'd like an appointment");
    await endCall(vapi, ended.state);
    expect(await rowsContaining([...needles, "Late Caller"])).toEqual([]);
    const [number] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, owner.line));
    expect(number).toMatchObject({ assignedToUserId: null, assignedAt: null });
    const available = await api("GET", "/api/admin/phone-numbers/available", { token: admin.token });
    expect((available.body.phoneNumbers as { phoneNumber: string }[]).map((n) => n.phoneNumber)).toContain(owner.line);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(401);
    expect((await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } })).status).toBe(401);
    // The audit log keeps that an erasure happened, and what it removed, not who it was.
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.erase"))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      actorUserId: null,
      targetId: null,
      details: { appointments: 1, calls: 4, messages: 1, numberReleased: true },
    });
    // A call to the released number now reaches nobody's business.
    const late = await webhook({
      message: {
        type: "assistant-request",
        call: { id: `late-${randomUUID()}`, customer: { number: caller.phone }, phoneNumber: { number: owner.line } },
      },
    });
    expect(late).toEqual({ error: expect.stringMatching(/not in service/i) });
  });

  it("wants the current password, or a sign-in of the last ten minutes; a wrong one erases nothing", async () => {
    const owner = await registerOwner();
    const wrong = await api("DELETE", "/api/account", { token: owner.token, body: { password: "not-my-password-9" } });
    expect(wrong).toMatchObject({ status: 403, body: { message: "Current password is incorrect" } });
    await getDb()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, owner.user.id));
    const stale = await api("DELETE", "/api/account", { token: owner.token, headers: { "accept-language": "fr" } });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/^Saisissez votre mot de passe actuel/);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(200);

    const fresh = await api("POST", "/api/auth/login", { body: { email: owner.email, password: owner.password } });
    const erased = await api("DELETE", "/api/account", { token: fresh.body.token });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    // Every session ended, not only the one that asked.
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(401);
    expect((await api("GET", "/api/auth/profile", { token: fresh.body.token })).status).toBe(401);
  });

  it("cancels a live Stripe subscription first; if Stripe can't be reached, nothing is erased", async () => {
    const owner = await registerOwner();
    await getDb()
      .insert(subscriptions)
      .values({
        userId: owner.user.id,
        status: "active",
        provider: "stripe",
        providerCustomerId: "cus_E1",
        providerSubscriptionId: `sub_${randomUUID()}`,
        currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
      });
    const cancelled: string[] = [];
    let reachable = false;
    const stripe = {
      kind: "stripe",
      async cancelSubscription(id: string) {
        if (!reachable) throw new AppError("unavailable", "paymentUnavailable");
        cancelled.push(id);
      },
    } as unknown as BillingPort;
    const ctx = appContext();
    const deps = {
      db: getDb(),
      secrets: ctx.secrets,
      billing: stripe,
      calendar: ctx.providers.calendar,
      voice: ctx.providers.voice,
      telephony: ctx.providers.telephony,
      jobSchema: JOB_SCHEMA,
    };
    const auth = ownerSession(owner.user.id);
    await expect(eraseAccount(deps, auth, { password: owner.password })).rejects.toMatchObject({ code: "unavailable" });
    expect(await getDb().$count(users, eq(users.id, owner.user.id))).toBe(1);
    reachable = true;
    const summary = await eraseAccount(deps, auth, { password: owner.password });
    expect(summary.subscriptionCancelled).toBe(true);
    expect(cancelled).toHaveLength(1);
    expect(await getDb().$count(users, eq(users.id, owner.user.id))).toBe(0);
  });

  it("gives the line back to the pool's messaging profile and deletes the business's own (its block rules name callers)", async () => {
    await addPoolNumbers(1);
    const owner = await registerOwner();
    await connectSandboxCalendar(owner.token);
    await startTrial(owner.token);
    expect((await api("GET", "/api/phone-numbers/claim", { token: owner.token })).status).toBe(200);
    const [line] = await getDb()
      .select({ providerId: phoneNumbers.providerId, profile: phoneNumbers.messagingProfileId })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.assignedToUserId, owner.user.id));
    expect(line!.profile).toMatch(/^sandbox-mp-/);
    const upstream: string[] = [];
    const ctx = appContext();
    const telephony = {
      ...ctx.providers.telephony,
      async moveToMessagingProfile(providerId: string, profile: string | null) {
        upstream.push(`move ${providerId} ${profile}`);
      },
      async deleteMessagingProfile(profile: string) {
        upstream.push(`delete ${profile}`);
      },
    };
    const deps = { db: getDb(), secrets: ctx.secrets, ...ctx.providers, telephony, jobSchema: JOB_SCHEMA };
    const auth = ownerSession(owner.user.id);
    await eraseAccount(deps, auth, { password: owner.password });
    expect(upstream).toEqual([`move ${line!.providerId} null`, `delete ${line!.profile}`]);
    const [released] = await getDb()
      .select({ assigned: phoneNumbers.assignedToUserId, profile: phoneNumbers.messagingProfileId })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.providerId, line!.providerId!));
    expect(released).toEqual({ assigned: null, profile: null });
  });

  it("counts wrong passwords against the sign-in limit", async () => {
    const owner = await registerOwner();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await api("DELETE", "/api/account", { token: owner.token, body: { password: `wrong-password-${i}` } })).status);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.at(-1)).toBe(429);
    // Even the right password waits now.
    expect((await api("DELETE", "/api/account", { token: owner.token, body: { password: owner.password } })).status).toBe(429);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(200);
  });

  it("refuses an administrator's own erasure and needs a session", async () => {
    const admin = await createAdmin();
    const res = await api("DELETE", "/api/account", { token: admin.token, body: { password: admin.password } });
    expect(res.status).toBe(409);
    expect((await api("GET", "/api/auth/profile", { token: admin.token })).status).toBe(200);
    expect((await api("DELETE", "/api/account")).status).toBe(401);
  });

  it("answers 400 for a body that is not the expected shape", async () => {
    const owner = await registerOwner();
    expect((await api("DELETE", "/api/account", { token: owner.token, body: { password: 12 } })).status).toBe(400);
    expect(
      (await api("DELETE", "/api/account", { token: owner.token, raw: "{oops", headers: { "content-type": "application/json" } })).status,
    ).toBe(400);
    expect((await api("GET", "/api/auth/profile", { token: owner.token })).status).toBe(200);
  });
});

describe("DELETE /api/callers/{phone}", () => {
  it("removes that caller's appointments, calls, messages and notices at this business only", async () => {
    const a = await business("+33 1 40 00 00 01");
    const b = await business("+33 1 40 00 00 02");
    const gone = { phone: "+33611223344", name: "Alice Forgotten", email: `alice-${randomUUID().slice(0, 8)}@example.com` };
    const kept = { phone: "+33655667788", name: "Bruno Kept", email: `bruno-${randomUUID().slice(0, 8)}@example.com` };
    await callAndBook(a.line, gone.phone, gone.name, gone.email);
    await callAndLeaveMessage(a.line, gone.phone, gone.name);
    await callAndBook(a.line, kept.phone, kept.name, kept.email);
    await callAndBook(b.line, gone.phone, gone.name, gone.email);
    // The same person entered by hand on the dashboard, number typed with spaces.
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const manual = await api("POST", "/api/appointments", {
      token: a.token,
      body: { patientName: gone.name, patientPhone: "+33 6 11 22 33 44", date: day, time: "15:00", duration: 30 },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    // An appointment the caller booked by phone for someone else's number: it stays that person's, without the caller's.
    const forOther = await vapiTool(a.line, `call-${randomUUID()}`, gone.phone, "book_appointment", {
      date: day,
      time: "16:00",
      name: "Carla Other",
      phone: "06 98 76 54 11",
    });
    expect(forOther).toMatch(/^Booked: Carla Other, .* The confirmation goes to 06 98 76 54 11 by/);
    const db = getDb();
    // A text the owner reads in the inbox (and is emailed about), and a cancellation waiting for the caller's yes.
    expect((await telnyx(messageReceived(gone.phone, a.line, "Can I bring my daughter?"))).status).toBe(200);
    expect((await telnyx(messageReceived(gone.phone, a.line, "ANNULER"))).status).toBe(200);
    await drain();
    expect(await db.$count(threads, and(eq(threads.userId, a.user.id), eq(threads.callerPhone, gone.phone)))).toBe(1);
    expect(await db.$count(pendingReplies, eq(pendingReplies.callerPhone, gone.phone))).toBe(1);
    await db
      .insert(verificationCodes)
      .values({ userId: a.user.id, providerCallId: `call-${randomUUID()}`, phone: gone.phone, codeEnc: "", expiresAt: new Date() });
    // Recall texts: the caller's at this business, another caller's here, and the caller's at the other business.
    const recall = (userId: string, phone: string) => ({ userId, phone, service: "Détartrage", dueOn: "2026-03-01", sentAt: new Date() });
    await db.insert(recallTexts).values([recall(a.user.id, gone.phone), recall(a.user.id, kept.phone), recall(b.user.id, gone.phone)]);
    // The waitlist: the caller waiting at this business with a slot offered, another caller here, the caller elsewhere.
    const waiting = (userId: string, phone: string) => ({ userId, name: "Attente", phone, fromDate: day, toDate: day });
    const [goneEntry] = await db
      .insert(waitlistEntries)
      .values([waiting(a.user.id, gone.phone), waiting(a.user.id, kept.phone), waiting(b.user.id, gone.phone)])
      .returning();
    await db.insert(waitlistOffers).values({
      userId: a.user.id,
      entryId: goneEntry!.id,
      practitionerId: manual.body.practitionerId,
      slotKey: `${manual.body.practitionerId}:${day}`,
      startsAt: new Date(`${day}T08:00:00Z`),
      endsAt: new Date(`${day}T08:30:00Z`),
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    // Webhooks the owner's tools were sent: about the caller's appointment and call, and about another caller's.
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        userId: a.user.id,
        url: "https://crm.example.com/hooks",
        events: ["appointment.booked", "call.ended"],
        secretEnc: "sealed",
      })
      .returning();
    const [goneCall] = await db
      .select({ id: calls.id })
      .from(calls)
      .where(and(eq(calls.userId, a.user.id), eq(calls.fromNumber, gone.phone)))
      .limit(1);
    const [keptAppt] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.userId, a.user.id), eq(appointments.patientPhone, kept.phone)))
      .limit(1);
    const delivery = (type: "appointment.booked" | "call.ended", id: string) => ({
      userId: a.user.id,
      endpointId: endpoint!.id,
      type,
      payload: {
        type,
        timestamp: new Date().toISOString(),
        data: { id, summary: type === "call.ended" ? `Call from ${gone.name}` : null },
      },
    });
    await db
      .insert(webhookDeliveries)
      .values([
        delivery("appointment.booked", manual.body.id),
        delivery("call.ended", goneCall!.id),
        delivery("appointment.booked", keptAppt!.id),
      ]);

    const goneCalls = (
      await db
        .select({ id: calls.providerCallId })
        .from(calls)
        .where(and(eq(calls.userId, a.user.id), eq(calls.fromNumber, gone.phone)))
    ).map((c) => c.id);
    const toolCallsOf = (ids: string[]) => db.$count(callToolCalls, inArray(callToolCalls.providerCallId, ids));
    expect(await toolCallsOf(goneCalls)).toBeGreaterThan(0);
    const timedAtA = await db.$count(callToolCalls, eq(callToolCalls.userId, a.user.id));

    const res = await api("DELETE", `/api/callers/${encodeURIComponent(gone.phone)}`, { token: a.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.erased).toMatchObject({ appointments: 2, calls: 2, messages: 1, texts: 1 });
    // The receptionist's tool calls on the erased calls keep their timings for the insights, not the calls' ids.
    expect(await toolCallsOf(goneCalls)).toBe(0);
    expect(await db.$count(callToolCalls, eq(callToolCalls.userId, a.user.id))).toBe(timedAtA);
    expect(await db.$count(threads, eq(threads.callerPhone, gone.phone))).toBe(0);
    expect(await db.$count(threadMessages, eq(threadMessages.userId, a.user.id))).toBe(0);
    expect(await db.$count(pendingReplies, eq(pendingReplies.callerPhone, gone.phone))).toBe(0);
    expect(await db.$count(verificationCodes, eq(verificationCodes.phone, gone.phone))).toBe(0);
    expect(await db.$count(recallTexts, and(eq(recallTexts.userId, a.user.id), eq(recallTexts.phone, gone.phone)))).toBe(0);
    expect(await db.$count(recallTexts, and(eq(recallTexts.userId, a.user.id), eq(recallTexts.phone, kept.phone)))).toBe(1);
    expect(await db.$count(recallTexts, and(eq(recallTexts.userId, b.user.id), eq(recallTexts.phone, gone.phone)))).toBe(1);
    expect(await db.$count(waitlistEntries, and(eq(waitlistEntries.userId, a.user.id), eq(waitlistEntries.phone, gone.phone)))).toBe(0);
    expect(await db.$count(waitlistOffers, eq(waitlistOffers.entryId, goneEntry!.id))).toBe(0);
    expect(await db.$count(waitlistEntries, and(eq(waitlistEntries.userId, a.user.id), eq(waitlistEntries.phone, kept.phone)))).toBe(1);
    expect(await db.$count(waitlistEntries, and(eq(waitlistEntries.userId, b.user.id), eq(waitlistEntries.phone, gone.phone)))).toBe(1);
    expect(res.body.erased.notifications).toBeGreaterThan(2);
    const deliveriesLeft = await db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(deliveriesLeft.map((d) => (d.payload.data as { id: string }).id)).toEqual([keptAppt!.id]);

    const atA = async (needle: string) => {
      const rows = await db.execute<{ n: number }>(sql`
        select (select count(*) from appointments where user_id = ${a.user.id} and appointments::text ilike ${`%${needle}%`})
             + (select count(*) from calls where user_id = ${a.user.id} and calls::text ilike ${`%${needle}%`})
             + (select count(*) from caller_messages where user_id = ${a.user.id} and caller_messages::text ilike ${`%${needle}%`})
             + (select count(*) from notifications where user_id = ${a.user.id} and notifications::text ilike ${`%${needle}%`})
             + (select count(*) from calendar_events where user_id = ${a.user.id} and calendar_events::text ilike ${`%${needle}%`}) as n`);
      return Number(rows[0]!.n);
    };
    expect(await atA(gone.name)).toBe(0);
    expect(await atA(gone.phone)).toBe(0);
    expect(await atA(gone.email)).toBe(0);
    expect(await atA(kept.name)).toBeGreaterThan(0);
    const [other] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, a.user.id), eq(appointments.patientName, "Carla Other")));
    expect(other).toMatchObject({ patientPhone: "+33698765411", callerPhone: null, status: "booked" });
    // The other business keeps its own record of the same caller.
    expect(await db.$count(appointments, and(eq(appointments.userId, b.user.id), eq(appointments.patientPhone, gone.phone)))).toBe(1);

    // A number that is a prefix of another caller's, or digits that appear in a date, is no phone number: refused, and
    // nobody else is erased.
    await db.insert(notifications).values({
      userId: a.user.id,
      channel: "sms",
      recipient: kept.phone,
      body: "See you on 21.11.2026",
      status: "sent",
      provider: "sandbox",
    });
    for (const other of ["21112026", kept.phone.slice(0, 10)]) {
      expect((await api("DELETE", `/api/callers/${encodeURIComponent(other)}`, { token: a.token })).status, other).toBe(400);
    }
    expect(await atA(kept.phone)).toBeGreaterThan(0);
    expect(await db.$count(notifications, and(eq(notifications.userId, a.user.id), eq(notifications.body, "See you on 21.11.2026")))).toBe(
      1,
    );

    const again = await api("DELETE", `/api/callers/${encodeURIComponent(gone.phone)}`, {
      token: a.token,
      headers: { "accept-language": "es" },
    });
    expect(again).toMatchObject({
      status: 200,
      body: {
        message: "No guardamos ningún dato de este número de teléfono.",
        erased: { appointments: 0, calls: 0, messages: 0, texts: 0, notifications: 0 },
      },
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "caller.erase"), eq(auditLog.actorUserId, a.user.id)))
      .limit(1);
    expect(JSON.stringify(audit)).not.toContain(gone.phone.slice(1));
  });

  it("answers 400 for something that is not a phone number and 401 without a session", async () => {
    const owner = await registerOwner();
    const bad = await api("DELETE", "/api/callers/not-a-number", { token: owner.token });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Phone number: this number cannot be read\./) } });
    expect((await api("DELETE", "/api/callers/%2B33611223344")).status).toBe(401);
  });
});
