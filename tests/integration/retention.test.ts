// Per-business retention of call content (the job through the queue, the Calls API's dates) and the privacy settings,
// including recording off and what the assistant then tells the caller.
import { firstPractitioner } from "@/lib/scheduling/booking/core";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, calls, pendingReplies, verificationCodes, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { jobHandlers } from "@/lib/server/job-handlers";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, startTrial } from "../helpers/api";

const DAY = 86_400_000;

async function runRetentionJob() {
  const ctx = appContext();
  await ctx.jobs.send("retention-purge", {});
  const handlers = jobHandlers(ctx.booking, ctx.dispatch, ctx.notices);
  return drainJobs(await ctx.jobs.ready(), { "retention-purge": handlers["retention-purge"] });
}

async function callAged(userId: string, days: number) {
  const [row] = await getDb()
    .insert(calls)
    .values({
      userId,
      providerCallId: `aged-${randomUUID()}`,
      status: "ended",
      fromNumber: "+33612345678",
      transcript: "AI: Hello\nUser: I have a toothache",
      summary: "The caller has a toothache.",
      recordingUrl: "https://storage.example.com/rec.wav",
      outcome: "message",
      createdAt: new Date(Date.now() - days * DAY),
      startedAt: new Date(Date.now() - days * DAY),
    })
    .returning({ id: calls.id });
  return row!.id;
}

describe("privacy settings", () => {
  it("default to 90 days and recording on; accept the stated bounds and refuse others in the caller's language", async () => {
    const o = await registerOwner();
    const initial = await api("GET", "/api/account/privacy", { token: o.token });
    expect(initial.body).toEqual({
      retentionDays: 90,
      recordingEnabled: true,
      birthDateCheck: false,
      retentionLimits: { min: 7, max: 365, default: 90 },
    });
    for (const bad of [6, 366, 30.5, "30"]) {
      const res = await api("PUT", "/api/account/privacy", { token: o.token, body: { retentionDays: bad } });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toBe("The retention period must be a whole number of days between 7 and 365.");
    }
    const fr = await api("PUT", "/api/account/privacy", {
      token: o.token,
      body: { retentionDays: 400 },
      headers: { "accept-language": "fr" },
    });
    expect(fr.body.message).toBe("La durée de conservation doit être un nombre entier de jours entre 7 et 365.");
    const ok = await api("PUT", "/api/account/privacy", { token: o.token, body: { retentionDays: 30, recordingEnabled: false } });
    expect(ok.body).toMatchObject({ retentionDays: 30, recordingEnabled: false, birthDateCheck: false });
    const notBoolean = await api("PUT", "/api/account/privacy", { token: o.token, body: { birthDateCheck: "yes" } });
    expect(notBoolean.status).toBe(400);
    expect((await api("PUT", "/api/account/privacy", { token: o.token, body: { birthDateCheck: true } })).body).toMatchObject({
      retentionDays: 30,
      birthDateCheck: true,
    });
    expect((await api("GET", "/api/account/privacy", { token: o.token })).body).toMatchObject({
      retentionDays: 30,
      recordingEnabled: false,
    });
    expect((await api("GET", "/api/account/privacy")).status).toBe(401);
  });

  it("recording off: the assistant does not record and its first words do not claim it; on: it says the call is recorded", async () => {
    const o = await registerOwner({ businessName: "Dr Quiet" });
    await connectSandboxCalendar(o.token);
    await startTrial(o.token);
    await addPoolNumbers(1);
    const line = (await api("GET", "/api/phone-numbers/claim", { token: o.token })).body.phoneNumber as string;
    // The owner's own greeting cannot drop the disclosure.
    await api("POST", "/api/ai/parameters", { token: o.token, body: { firstMessage: "Hi! How can I help?" } });
    const ask = async () =>
      (
        await api("POST", "/api/webhooks/vapi", {
          body: {
            message: {
              type: "assistant-request",
              call: { id: `c-${randomUUID()}`, customer: { number: "+33600000001" }, phoneNumber: { number: line } },
            },
          },
          headers: { "x-vapi-secret": "test-vapi-secret" },
        })
      ).body.assistant;
    const recorded = await ask();
    expect(recorded.artifactPlan.recordingEnabled).toBe(true);
    expect(recorded.firstMessage).toMatch(/virtual assistant/i);
    expect(recorded.firstMessage).toMatch(/recorded/i);
    // The owner's greeting follows the disclosure without a second salutation.
    expect(recorded.firstMessage).toMatch(/recorded\. How can I help\?$/);
    expect(recorded.firstMessage).not.toContain("Hi!");

    await api("PUT", "/api/account/privacy", { token: o.token, body: { recordingEnabled: false } });
    const quiet = await ask();
    expect(quiet.artifactPlan.recordingEnabled).toBe(false);
    expect(quiet.firstMessage).toMatch(/virtual assistant/i);
    expect(quiet.firstMessage).not.toMatch(/record/i);
  });
});

describe("the retention job", () => {
  it("purges transcripts, summaries and recordings past each business's own period, keeps the rest, and the Calls API says when", async () => {
    const short = await registerOwner();
    const long = await registerOwner();
    await api("PUT", "/api/account/privacy", { token: short.token, body: { retentionDays: 7 } });
    const shortOld = await callAged(short.user.id, 8);
    const shortRecent = await callAged(short.user.id, 6);
    const longOld = await callAged(long.user.id, 8); // default 90 days: kept

    const before = await api("GET", "/api/calls", { token: short.token });
    const view = (id: string, list: { id: string }[]) => list.find((c) => c.id === id) as Record<string, string | null>;
    const expectedPurge = new Date(Date.now() - 6 * DAY + 7 * DAY).getTime();
    expect(Math.abs(new Date(view(shortRecent, before.body.calls).contentPurgeAt!).getTime() - expectedPurge)).toBeLessThan(60_000);
    expect(view(shortRecent, before.body.calls).contentPurgedAt).toBeNull();

    await runRetentionJob();

    const rows = await getDb()
      .select()
      .from(calls)
      .where(inArray(calls.id, [shortOld, shortRecent, longOld]));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[shortOld]).toMatchObject({
      transcript: null,
      summary: null,
      recordingUrl: null,
      outcome: "message",
      fromNumber: "+33612345678",
    });
    expect(byId[shortOld]!.contentPurgedAt).toBeInstanceOf(Date);
    expect(byId[shortRecent]!.transcript).toContain("toothache");
    expect(byId[longOld]!.transcript).toContain("toothache");

    const after = await api("GET", "/api/calls", { token: short.token });
    expect(view(shortOld, after.body.calls)).toMatchObject({ contentPurgeAt: null, summary: null });
    expect(view(shortOld, after.body.calls).contentPurgedAt).not.toBeNull();
    const detail = await api("GET", `/api/calls/${shortOld}`, { token: short.token });
    expect(detail.body).toMatchObject({ transcript: null, recordingUrl: null });

    // Shortening the period applies at the next run; nothing is purged twice.
    await api("PUT", "/api/account/privacy", { token: long.token, body: { retentionDays: 7 } });
    await runRetentionJob();
    const [longRow] = await getDb().select().from(calls).where(eq(calls.id, longOld));
    expect(longRow!.transcript).toBeNull();
    const [stillPurged] = await getDb().select().from(calls).where(eq(calls.id, shortOld));
    expect(stillPurged!.contentPurgedAt!.getTime()).toBe(byId[shortOld]!.contentPurgedAt!.getTime());
  });

  it("takes a call's summary out of the webhooks that carried it when the call's content goes", async () => {
    const owner = await registerOwner();
    await api("PUT", "/api/account/privacy", { token: owner.token, body: { retentionDays: 7 } });
    const old = await callAged(owner.user.id, 8);
    const recent = await callAged(owner.user.id, 6);
    const [endpoint] = await getDb()
      .insert(webhookEndpoints)
      .values({ userId: owner.user.id, url: "https://crm.example.com/hooks", events: ["call.ended"], secretEnc: "sealed" })
      .returning();
    const sent = (id: string) => ({
      userId: owner.user.id,
      endpointId: endpoint!.id,
      type: "call.ended" as const,
      status: "delivered" as const,
      payload: {
        type: "call.ended",
        timestamp: new Date().toISOString(),
        data: { id, outcome: "message", summary: "The caller has a toothache." },
      },
    });
    await getDb()
      .insert(webhookDeliveries)
      .values([sent(old), sent(recent)]);

    await runRetentionJob();

    const rows = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    const dataOf = (id: string) => rows.map((r) => r.payload.data as Record<string, unknown>).find((d) => d.id === id);
    // The log still says the call ended and how; only the caller's words are gone.
    expect(dataOf(old)).toEqual({ id: old, outcome: "message", summary: null });
    expect(dataOf(recent)).toMatchObject({ summary: "The caller has a toothache." });
  });

  it("removes verification codes and pending cancellations a day after they expired, and keeps younger ones", async () => {
    const owner = await registerOwner();
    const db = getDb();
    const [appt] = await db
      .insert(appointments)
      .values({
        userId: owner.user.id,
        practitionerId: firstPractitioner(db, owner.user.id),
        patientName: "Old Code",
        patientPhone: "+33611112222",
        startsAt: new Date(Date.now() + 5 * DAY),
        endsAt: new Date(Date.now() + 5 * DAY + 1_800_000),
      })
      .returning();
    const code = (phone: string, expired: number) =>
      ({
        userId: owner.user.id,
        providerCallId: `call-${randomUUID()}`,
        phone,
        codeEnc: "",
        expiresAt: new Date(Date.now() - expired),
      }) as const;
    await db.insert(verificationCodes).values([code("+33611112222", 2 * DAY), code("+33611113333", 60_000)]);
    await db.insert(pendingReplies).values({
      userId: owner.user.id,
      callerPhone: "+33611112222",
      appointmentId: appt!.id,
      action: "cancel",
      appointmentVersion: 1,
      expiresAt: new Date(Date.now() - 2 * DAY),
    });
    await runRetentionJob();
    const left = await db
      .select({ phone: verificationCodes.phone })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, owner.user.id));
    expect(left.map((r) => r.phone)).toEqual(["+33611113333"]);
    expect(await db.$count(pendingReplies, eq(pendingReplies.userId, owner.user.id))).toBe(0);
  });

  it("clears a date of birth a day after its appointment ended or was cancelled, and keeps it on an appointment to come", async () => {
    const owner = await registerOwner();
    const db = getDb();
    const at = (startDays: number, status: "booked" | "cancelled" = "booked", updatedDays = 0) => ({
      userId: owner.user.id,
      practitionerId: firstPractitioner(db, owner.user.id),
      patientName: "Date Of Birth",
      patientPhone: "+33611114444",
      patientBirthDate: "1984-03-07",
      status,
      startsAt: new Date(Date.now() + startDays * DAY),
      endsAt: new Date(Date.now() + startDays * DAY + 1_800_000),
      updatedAt: new Date(Date.now() + updatedDays * DAY),
    });
    const rows = await db
      .insert(appointments)
      .values([at(-3), at(3), at(3, "cancelled", -2), at(3, "cancelled"), at(-0.5)])
      .returning({ id: appointments.id });
    await runRetentionJob();
    const kept = await db
      .select({ id: appointments.id, birth: appointments.patientBirthDate })
      .from(appointments)
      .where(
        inArray(
          appointments.id,
          rows.map((r) => r.id),
        ),
      );
    const birthOf = (i: number) => kept.find((k) => k.id === rows[i]!.id)!.birth;
    // Ended three days ago, cancelled two days ago: gone. To come, just cancelled, ended hours ago: kept for now.
    expect([0, 1, 2, 3, 4].map(birthOf)).toEqual([null, "1984-03-07", null, "1984-03-07", "1984-03-07"]);
  });
});
