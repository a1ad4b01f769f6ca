// Phone numbers in E.164 end to end: every route that stores a number reads it in the business's country and stores
// E.164, or refuses it with a translated message; a booking by phone with a national-format number texts the E.164
// number; no text is handed to a provider (sandbox included) with anything else.
import { readReply } from "@/lib/receptionist/tools/replies";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { appointments, callerMessages, calls, notifications, phoneNumbers, subscriptions, users } from "@/db/schema";
import { jobHandlers } from "@/lib/server/job-handlers";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { exampleFor } from "@/lib/platform/phone/phone";
import { createLoggedSender, DeliveryError } from "@/lib/messaging/delivery/logged-sender";
import type { MessageTransport } from "@/lib/ports/messaging";
import { sandboxTransport } from "@/lib/messaging/delivery/sandbox-transport";
import { keyParam, translate } from "@/lib/platform/i18n/translate";
import { appContext } from "@/lib/server/context";
import { api, connectSandboxCalendar, createAdmin, registerOwner, type Account } from "../helpers/api";

const SECRET = { "x-vapi-secret": "test-vapi-secret" };
const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
const EVERY_DAY = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: open, sunday: open };
const FR = { "accept-language": "fr" };

const storedPhone = async (userId: string) =>
  (await getDb().select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]!.phone;
const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, "0");

/** A Paris practice with a French line, a calendar, a trial and a receptionist. */
async function parisPractice(): Promise<Account & { line: string }> {
  const owner = await registerOwner({
    businessName: "Cabinet Lumière",
    timeZone: "Europe/Paris",
    locale: "fr",
    workingHours: EVERY_DAY,
    appointmentDuration: "30",
  });
  await connectSandboxCalendar(owner.token);
  await getDb()
    .insert(subscriptions)
    .values({ userId: owner.user.id, status: "trialing", trialEndsAt: new Date(Date.now() + 7 * 86_400_000) });
  const line = `+339${randomDigits(8)}`;
  await getDb()
    .insert(phoneNumbers)
    .values({ phoneNumber: line, region: "FR", providerId: `test-${line}` });
  const admin = await createAdmin();
  const assigned = await api("POST", `/api/admin/users/${owner.user.id}/phone-number`, { token: admin.token, body: { phoneNumber: line } });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const ai = await api("POST", "/api/ai/parameters", {
    token: owner.token,
    body: { language: "fr", voiceId: "voice_french_male_1", firstMessage: "", agentName: "Léa" },
  });
  expect(ai.status).toBe(201);
  return { ...owner, line };
}

function dayAhead(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

let seq = 0;
async function tool(line: string, callId: string, caller: string, name: string, args: Record<string, unknown>) {
  const toolCallId = `tc-e164-${++seq}-${randomUUID().slice(0, 8)}`;
  const res = await api("POST", "/api/webhooks/vapi", {
    headers: SECRET,
    body: {
      message: {
        type: "tool-calls",
        call: { id: callId, customer: { number: caller } },
        phoneNumber: { number: line },
        toolCallList: [{ id: toolCallId, type: "function", function: { name, arguments: args } }],
      },
    },
  });
  expect(res.status).toBe(200);
  return readReply((res.body.results[0].result ?? res.body.results[0].error) as string);
}

describe("a booking by phone with a national-format number", () => {
  let p: Account & { line: string };
  beforeAll(async () => {
    p = await parisPractice();
  });

  it("stores +33698765432 and sends the SMS and WhatsApp confirmations to it", async () => {
    const callId = `call-e164-${randomUUID()}`;
    const day = dayAhead(4);
    // The caller ID is another phone: the number the caller gave is the one booked.
    const booked = await tool(p.line, callId, "+33711111111", "book_appointment", {
      date: day,
      time: "10:00",
      name: "Marie Curie",
      phone: "06 98 76 54 32",
    });
    expect(booked.say).toContain("Marie Curie");
    const [appt] = await getDb()
      .select()
      .from(appointments)
      .where(and(eq(appointments.userId, p.user.id), eq(appointments.patientName, "Marie Curie")));
    expect(appt!.patientPhone).toBe("+33698765432");

    const ctx = appContext();
    await drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
    const texts = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.user.id), eq(notifications.dedupeKey, `appt:${appt!.id}:v1:confirmation:sms`)));
    const whatsapp = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.user.id), eq(notifications.dedupeKey, `appt:${appt!.id}:v1:confirmation:whatsapp`)));
    expect(texts.map((n) => [n.recipient, n.status])).toEqual([["+33698765432", "sent"]]);
    expect(whatsapp.map((n) => [n.recipient, n.status])).toEqual([["+33698765432", "sent"]]);
    // An admin (in France) finds them by the number written the French way.
    const admin = await createAdmin();
    const found = await api("GET", `/api/admin/outbox?q=${encodeURIComponent("06 98 76 54 32")}&channel=sms`, { token: admin.token });
    expect((found.body.messages as { id: string }[]).map((m) => m.id)).toContain(texts[0]!.id);
    // The caller is found again by that number: the appointment is theirs when they call from it.
    const mine = await tool(p.line, `call-e164-${randomUUID()}`, "+33698765432", "find_my_appointments", {});
    expect(mine.appointments!.map((a) => a.id)).toContain(appt!.id);
  });

  it("asks again, in the call's language, for a number it cannot read, and books nothing", async () => {
    const before = await getDb().$count(appointments, eq(appointments.userId, p.user.id));
    const answer = await tool(p.line, `call-e164-${randomUUID()}`, "+33711111112", "book_appointment", {
      date: dayAhead(5),
      time: "11:00",
      name: "Jean Valjean",
      phone: "06 98 76",
    });
    expect(answer.say).toBe(translate("fr", "Receptionist.phoneUnreadable"));
    expect(await getDb().$count(appointments, eq(appointments.userId, p.user.id))).toBe(before);
    const message = await tool(p.line, `call-e164-${randomUUID()}`, "+33711111112", "take_message", {
      message: "Rappelez-moi",
      name: "Jean",
      phone: "12ab34",
    });
    expect(message.say).toBe(translate("fr", "Receptionist.phoneUnreadable"));
  });

  it("takes a message with the number read in the business's country", async () => {
    const callId = `call-e164-${randomUUID()}`;
    await tool(p.line, callId, "+33711111113", "take_message", { message: "Merci de me rappeler", name: "Paul", phone: "06 11 22 33 44" });
    const [m] = await getDb().select().from(callerMessages).where(eq(callerMessages.providerCallId, callId));
    expect(m!.callerPhone).toBe("+33611223344");
  });

  it("reads a caller ID sent in national form in the line's country", async () => {
    const callId = `call-e164-${randomUUID()}`;
    const res = await api("POST", "/api/webhooks/vapi", {
      headers: SECRET,
      body: {
        message: {
          type: "status-update",
          status: "in-progress",
          call: { id: callId, customer: { number: "06 98 76 54 32" } },
          phoneNumber: { number: p.line },
        },
      },
    });
    expect(res.status).toBe(200);
    const [call] = await getDb().select().from(calls).where(eq(calls.providerCallId, callId));
    expect(call).toMatchObject({ fromNumber: "+33698765432", toNumber: p.line });
  });

  it("erases a caller the owner names in national form", async () => {
    const erased = await api("DELETE", `/api/callers/${encodeURIComponent("06 98 76 54 32")}`, { token: p.token });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.erased.appointments).toBeGreaterThanOrEqual(1);
    expect(await getDb().$count(appointments, and(eq(appointments.userId, p.user.id), eq(appointments.patientPhone, "+33698765432")))).toBe(
      0,
    );
    const bad = await api("DELETE", `/api/callers/${encodeURIComponent("06 98")}`, { token: p.token, headers: FR });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      translate("fr", "Validation.phoneUnreadable", { field: keyParam("Fields.phone"), example: exampleFor("FR") }),
    );
  });
});

describe("routes that store a number", () => {
  it("registration reads the number in the country of the submitted time zone, or of the language", async () => {
    const paris = await registerOwner({ timeZone: "Europe/Paris", phone: "06 12 34 56 78" });
    expect(await storedPhone(paris.user.id)).toBe("+33612345678");
    const newYork = await registerOwner({ timeZone: "America/New_York", phone: "(212) 555-0142" });
    expect(await storedPhone(newYork.user.id)).toBe("+12125550142");
    const madrid = await registerOwner({ timeZone: "UTC", locale: "es", phone: "612 34 56 78" });
    expect(await storedPhone(madrid.user.id)).toBe("+34612345678");
    // "00" where the region's own international prefix is 011; a number of another country is for the served-countries
    // rule (tests/integration/number-kinds.test.ts).
    const international = await registerOwner({ timeZone: "America/New_York", phone: "001 212 555 0143" });
    expect(await storedPhone(international.user.id)).toBe("+12125550143");
    // The profile answer carries the stored number and the country it is shown for.
    const profile = await api("GET", "/api/auth/profile", { token: paris.token });
    expect(profile.body).toMatchObject({ phone: "+33612345678", country: "FR" });
  });

  it("registration and profile refuse garbage with a translated 400 and store nothing", async () => {
    const email = `garbage-${randomUUID()}@example.com`;
    for (const [phone, key, params] of [
      ["12ab", "Validation.phoneInvalid", {}],
      ["+0", "Validation.phoneInvalid", {}],
      // The right length for a US number, but no US number starts with 0: a French number without its country code.
      ["0698765432", "Validation.phoneUnreadable", { field: keyParam("Fields.phone"), example: exampleFor("US") }],
    ] as const) {
      for (const [locale, headers] of [
        ["en", {}],
        ["fr", FR],
      ] as const) {
        const res = await api("POST", "/api/auth/register", {
          headers,
          body: { email, password: "correct-horse-battery", fullName: "Garbage", timeZone: "America/New_York", phone },
        });
        expect(res.status, `${phone} ${locale}`).toBe(400);
        expect(res.body.message, `${phone} ${locale}`).toBe(translate(locale, key, params));
      }
    }
    expect(await getDb().$count(users, eq(users.email, email))).toBe(0);
    expect(translate("fr", "Validation.phoneUnreadable", { field: keyParam("Fields.phone"), example: "+1" })).not.toBe(
      translate("en", "Validation.phoneUnreadable", { field: keyParam("Fields.phone"), example: "+1" }),
    );

    const owner = await registerOwner({ timeZone: "Europe/Paris", phone: "+33 6 12 34 56 78" });
    for (const [phone, key] of [
      ["12ab", "Validation.phoneInvalid"],
      ["+0", "Validation.phoneInvalid"],
      ["06 12", "Validation.phoneUnreadable"],
    ] as const) {
      for (const [locale, headers] of [
        ["en", {}],
        ["fr", FR],
      ] as const) {
        const res = await api("PUT", "/api/auth/update-profile", { token: owner.token, headers, body: { phone } });
        expect(res.status, `${phone} ${locale}`).toBe(400);
        expect(res.body.message).toBe(translate(locale, key, { field: keyParam("Fields.phone"), example: exampleFor("FR") }));
      }
    }
    expect(await storedPhone(owner.user.id)).toBe("+33612345678");
  });

  it("the profile (and the setup wizard's profile step) reads the number in the business's country, as the update leaves it", async () => {
    const owner = await registerOwner({ timeZone: "Europe/Paris" });
    const saved = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { phone: "06 98 76 54 32" } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.phone).toBe("+33698765432");
    // Moving the business to New York in the same save reads the number there.
    const moved = await api("PUT", "/api/auth/update-profile", {
      token: owner.token,
      body: { phone: "(212) 555-0142", timeZone: "America/New_York" },
    });
    expect(moved.body).toMatchObject({ phone: "+12125550142", country: "US" });
    const cleared = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { phone: "" } });
    expect(cleared.body.phone).toBeNull();
  });

  it("the dashboard's appointment form stores the patient's number in E.164, or refuses it", async () => {
    const owner = await registerOwner({ timeZone: "Europe/Paris" });
    const booking = { patientName: "Anne", date: dayAhead(6), time: "10:00", duration: 30 };
    const created = await api("POST", "/api/appointments", { token: owner.token, body: { ...booking, patientPhone: "06 98 76 54 32" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.patientPhone).toBe("+33698765432");
    const refused = await api("POST", "/api/appointments", {
      token: owner.token,
      headers: FR,
      body: { ...booking, time: "11:00", patientPhone: "06 98 76" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      translate("fr", "Validation.phoneUnreadable", { field: keyParam("Fields.patientPhone"), example: exampleFor("FR") }),
    );
    expect(await getDb().$count(appointments, eq(appointments.userId, owner.user.id))).toBe(1);
  });

  it("an admin assigns a number typed in national form, read in the business's country", async () => {
    const admin = await createAdmin();
    const owner = await registerOwner({ timeZone: "America/New_York" });
    const last4 = randomDigits(4);
    await getDb()
      .insert(phoneNumbers)
      .values({ phoneNumber: `+1415555${last4}`, region: "US", providerId: `test-415-${last4}-${randomUUID()}` })
      .onConflictDoNothing();
    const res = await api("POST", `/api/admin/users/${owner.user.id}/phone-number`, {
      token: admin.token,
      body: { phoneNumber: `(415) 555-${last4}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.phoneNumber).toBe(`+1415555${last4}`);
    const refused = await api("POST", `/api/admin/users/${owner.user.id}/phone-number`, {
      token: admin.token,
      body: { phoneNumber: "12ab" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      translate("en", "Validation.phoneUnreadable", { field: keyParam("Fields.phoneNumber"), example: exampleFor("US") }),
    );
  });
});

describe("texts are handed over only to an E.164 number", () => {
  it("the sandbox fails a text to a national-format number the way Telnyx would, and the outbox shows it failed", async () => {
    const owner = await registerOwner({ timeZone: "Europe/Paris" });
    const sms = createLoggedSender(getDb(), "sms", sandboxTransport);
    const sent = await sms.send({
      userId: owner.user.id,
      to: "+33698765432",
      from: "+33170000001",
      text: "Bonjour",
      dedupeKey: `e164-ok-${randomUUID()}`,
    });
    expect(sent.status).toBe("sent");
    const error = await sms
      .send({ userId: owner.user.id, to: "06 98 76 54 32", from: "+33170000001", text: "Bonjour", dedupeKey: `e164-bad-${randomUUID()}` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    const outbox = await api("GET", "/api/outbox", { token: owner.token });
    const failed = (outbox.body.messages as { recipient: string; status: string; error: string | null }[]).find(
      (m) => m.recipient === "06 98 76 54 32",
    );
    expect(failed).toMatchObject({ status: "failed", error: expect.stringContaining("40310") });
  });

  it("a real provider is not even called with a number that is not E.164", async () => {
    const delivered: string[] = [];
    const telnyx: MessageTransport = { kind: "telnyx", deliver: async (m) => (delivered.push(m.to), { providerMessageId: "msg-1" }) };
    const whatsapp = createLoggedSender(getDb(), "whatsapp", telnyx);
    await expect(whatsapp.send({ to: "0698765432", text: "Hi", dedupeKey: `e164-wa-${randomUUID()}` })).rejects.toBeInstanceOf(
      DeliveryError,
    );
    await whatsapp.send({ to: "+33698765432", text: "Hi", dedupeKey: `e164-wa-${randomUUID()}` });
    expect(delivered).toEqual(["+33698765432"]);
    // Email has addresses, not numbers: untouched by the rule.
    const email = createLoggedSender(getDb(), "email", sandboxTransport);
    expect(
      (await email.send({ to: "someone@example.com", subject: "Hi", text: "Hi", dedupeKey: `e164-mail-${randomUUID()}` })).status,
    ).toBe("sent");
  });
});
