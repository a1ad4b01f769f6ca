// POST /api/webhooks/telnyx through the real route handler and a real database: signature first (sandbox key derived
// from AUTH_SECRET, then a configured TELNYX_PUBLIC_KEY), then opt-out keywords and delivery receipts, each applied once.
import { generateKeyPairSync, randomUUID, type KeyObject } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/webhooks/telnyx/route";
import { getDb } from "@/db/client";
import { notifications, optOuts, webhookEvents } from "@/db/schema";
import { resetEnvCache } from "@/lib/platform/env";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { sandboxTelnyxKeys, signTelnyxPayload, verifyTelnyxSignature } from "@/lib/vendors/telnyx/webhook";
import { practice, type Practice } from "../helpers/practice";

const nowSeconds = () => Math.floor(Date.now() / 1000);

type SendOptions = { key?: KeyObject | null; timestamp?: number; raw?: string; signedRaw?: string };

async function send(event: unknown, opts: SendOptions = {}): Promise<{ status: number; body: any }> {
  const raw = opts.raw ?? JSON.stringify(event);
  const headers = new Headers({ "content-type": "application/json" });
  const key = opts.key === undefined ? sandboxTelnyxKeys(process.env.AUTH_SECRET!).privateKey : opts.key;
  if (key) {
    const ts = opts.timestamp ?? nowSeconds();
    headers.set("telnyx-timestamp", String(ts));
    headers.set("telnyx-signature-ed25519", signTelnyxPayload(opts.signedRaw ?? raw, key, ts));
  }
  const res = await POST(new Request("http://localhost:3000/api/webhooks/telnyx", { method: "POST", headers, body: raw }));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function uniquePhone(): string {
  return `+1999${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

// The business whose line the callers below text: opt-outs are kept per business.
let p: Practice;
beforeAll(async () => {
  p = await practice("Cabinet Webhook");
});

function inbound(from: string, text: string, id = randomUUID(), to = p.line) {
  return {
    data: {
      record_type: "event",
      id,
      event_type: "message.received",
      occurred_at: new Date().toISOString(),
      payload: {
        id: randomUUID(),
        direction: "inbound",
        type: "SMS",
        from: { phone_number: from, carrier: "T-Mobile USA", line_type: "Wireless" },
        to: [{ phone_number: to, status: "webhook_delivered" }],
        text,
      },
    },
    meta: { attempt: 1, delivered_to: "http://localhost:3000/api/webhooks/telnyx" },
  };
}

function delivery(eventType: "message.sent" | "message.finalized", messageId: string, status: string, errors: unknown[] = []) {
  return {
    data: {
      record_type: "event",
      id: randomUUID(),
      event_type: eventType,
      occurred_at: new Date().toISOString(),
      payload: { id: messageId, direction: "outbound", type: "SMS", to: [{ phone_number: "+15550001111", status }], errors },
    },
    meta: { attempt: 1 },
  };
}

async function optOutRows(phone: string) {
  return getDb()
    .select({ channel: optOuts.channel })
    .from(optOuts)
    .where(and(eq(optOuts.userId, p.user.id), eq(optOuts.phone, phone)))
    .orderBy(optOuts.channel);
}

async function insertNotification(providerMessageId: string) {
  const [row] = await getDb()
    .insert(notifications)
    .values({
      channel: "sms",
      recipient: "+15550001111",
      body: "Your appointment is confirmed.",
      status: "sent",
      provider: "telnyx",
      providerMessageId,
      sentAt: new Date(),
    })
    .returning({ id: notifications.id });
  return row!.id;
}

async function notification(id: string) {
  const [row] = await getDb()
    .select({ status: notifications.status, error: notifications.error })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row;
}

describe("POST /api/webhooks/telnyx (sandbox key from AUTH_SECRET)", () => {
  it("opts a number out of SMS and WhatsApp on STOP and answers { received: true }", async () => {
    const phone = uniquePhone();
    const res = await send(inbound(phone, "STOP"));
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect(await optOutRows(phone)).toEqual([{ channel: "sms" }, { channel: "whatsapp" }]);
    expect(await isOptedOut(getDb(), p.user.id, phone, "sms")).toBe(true);
    expect(await isOptedOut(getDb(), p.user.id, phone, "whatsapp")).toBe(true);
  });

  it("reads keywords trimmed and in any case, in English, French and Spanish, and only as the whole message", async () => {
    for (const word of [" stop ", "Arrêt", "arret", "BAJA", "unsubscribe"]) {
      const phone = uniquePhone();
      expect((await send(inbound(phone, word))).status).toBe(200);
      expect(await isOptedOut(getDb(), p.user.id, phone, "sms"), word).toBe(true);
    }
    const chatty = uniquePhone();
    await send(inbound(chatty, "please don't stop the reminders"));
    expect(await optOutRows(chatty)).toEqual([]);
  });

  it("changes nothing when the same event is delivered again", async () => {
    const phone = uniquePhone();
    const stop = inbound(phone, "STOP");
    expect((await send(stop)).status).toBe(200);
    expect((await send(inbound(phone, "START"))).status).toBe(200);
    expect(await optOutRows(phone)).toEqual([]);

    // Telnyx retries the STOP (same data.id) after the START: it must not opt the number out again.
    const replay = await send(stop);
    expect(replay).toEqual({ status: 200, body: { received: true } });
    expect(await optOutRows(phone)).toEqual([]);
    const recorded = await getDb()
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, "telnyx"), eq(webhookEvents.eventId, stop.data.id)));
    expect(recorded).toEqual([{ type: "message.received" }]);
  });

  it("removes the opt-outs on START (and UNSTOP / YES)", async () => {
    for (const word of ["START", "unstop", "Yes"]) {
      const phone = uniquePhone();
      await send(inbound(phone, "STOP"));
      expect(await isOptedOut(getDb(), p.user.id, phone, "sms")).toBe(true);
      expect((await send(inbound(phone, word))).status).toBe(200);
      expect(await optOutRows(phone), word).toEqual([]);
    }
  });

  it("answers 401 and changes nothing for a signature by another key", async () => {
    const phone = uniquePhone();
    const forger = generateKeyPairSync("ed25519").privateKey;
    const res = await send(inbound(phone, "STOP"), { key: forger });
    expect(res).toEqual({ status: 401, body: { message: "Invalid signature" } });
    expect(await optOutRows(phone)).toEqual([]);
  });

  it("answers 401 for an unsigned request", async () => {
    const phone = uniquePhone();
    const res = await send(inbound(phone, "STOP"), { key: null });
    expect(res).toEqual({ status: 401, body: { message: "Invalid signature" } });
    expect(await optOutRows(phone)).toEqual([]);
  });

  it("answers 401 for a correctly signed request whose timestamp is 10 minutes old or ahead", async () => {
    const phone = uniquePhone();
    expect((await send(inbound(phone, "STOP"), { timestamp: nowSeconds() - 600 })).status).toBe(401);
    expect((await send(inbound(phone, "STOP"), { timestamp: nowSeconds() + 600 })).status).toBe(401);
    expect(await optOutRows(phone)).toEqual([]);
  });

  it("answers 401 when the body is not the one that was signed", async () => {
    const phone = uniquePhone();
    const signed = JSON.stringify(inbound(phone, "hello"));
    const res = await send(null, { raw: JSON.stringify(inbound(phone, "STOP")), signedRaw: signed });
    expect(res.status).toBe(401);
    expect(await optOutRows(phone)).toEqual([]);
  });

  it("checks the signature before the JSON: malformed JSON is 401 unsigned, 400 signed", async () => {
    expect((await send(null, { raw: "{not json", key: null })).status).toBe(401);
    const res = await send(null, { raw: "{not json" });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect((await send({ hello: "world" })).status).toBe(400);
  });

  it("acknowledges event types it does not handle", async () => {
    const res = await send({ data: { id: randomUUID(), event_type: "call.initiated", payload: { call_control_id: "x" } } });
    expect(res).toEqual({ status: 200, body: { received: true } });
  });

  it("marks a notification sent when delivered, found by its provider message id", async () => {
    const messageId = `msg-${randomUUID()}`;
    const id = await insertNotification(messageId);
    await getDb().update(notifications).set({ status: "queued" }).where(eq(notifications.id, id));
    expect((await send(delivery("message.finalized", messageId, "delivered"))).status).toBe(200);
    expect(await notification(id)).toEqual({ status: "sent", error: null });
  });

  it("marks a notification failed with the first Telnyx error code, and a late message.sent does not undo it", async () => {
    const messageId = `msg-${randomUUID()}`;
    const id = await insertNotification(messageId);
    const failed = delivery("message.finalized", messageId, "delivery_failed", [
      { code: "40300", title: "Blocked as spam - permanent" },
      { code: "40008", title: "Undeliverable" },
    ]);
    expect((await send(failed)).status).toBe(200);
    expect(await notification(id)).toEqual({ status: "failed", error: "40300" });

    expect((await send(delivery("message.sent", messageId, "sent"))).status).toBe(200);
    expect(await notification(id)).toEqual({ status: "failed", error: "40300" });
  });

  it("leaves other notifications and in-between statuses alone", async () => {
    const messageId = `msg-${randomUUID()}`;
    const other = await insertNotification(`msg-${randomUUID()}`);
    const id = await insertNotification(messageId);
    await send(delivery("message.sent", messageId, "sending_failed", [{ code: "40002", title: "Blocked" }]));
    await send(delivery("message.finalized", messageId, "delivery_unconfirmed"));
    expect(await notification(id)).toEqual({ status: "failed", error: "40002" });
    expect(await notification(other)).toEqual({ status: "sent", error: null });
  });
});

describe("POST /api/webhooks/telnyx with TELNYX_PUBLIC_KEY set", () => {
  const account = generateKeyPairSync("ed25519");
  const publicKeyB64 = account.publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("base64");

  beforeAll(() => {
    process.env.TELNYX_PUBLIC_KEY = publicKeyB64;
    resetEnvCache();
  });
  afterAll(() => {
    delete process.env.TELNYX_PUBLIC_KEY;
    resetEnvCache();
  });

  it("accepts events signed by the account's key", async () => {
    const phone = uniquePhone();
    const res = await send(inbound(phone, "STOP"), { key: account.privateKey });
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect(await isOptedOut(getDb(), p.user.id, phone, "sms")).toBe(true);
  });

  it("no longer accepts the sandbox key", async () => {
    const phone = uniquePhone();
    const res = await send(inbound(phone, "STOP"), { key: sandboxTelnyxKeys(process.env.AUTH_SECRET!).privateKey });
    expect(res).toEqual({ status: 401, body: { message: "Invalid signature" } });
    expect(await optOutRows(phone)).toEqual([]);
  });
});

describe("verifyTelnyxSignature", () => {
  const { publicKeyB64, privateKey } = sandboxTelnyxKeys("another-secret");
  const raw = '{"data":{"id":"e1","event_type":"message.received"}}';
  const signed = (ts: number) =>
    new Headers({ "Telnyx-Timestamp": String(ts), "Telnyx-Signature-Ed25519": signTelnyxPayload(raw, privateKey, ts) });

  it("derives the same keypair from the same secret and a different one from another secret", () => {
    expect(sandboxTelnyxKeys("another-secret").publicKeyB64).toBe(publicKeyB64);
    expect(sandboxTelnyxKeys("a-third-secret").publicKeyB64).not.toBe(publicKeyB64);
    expect(Buffer.from(publicKeyB64, "base64")).toHaveLength(32);
  });

  it("accepts up to 300 s of skew either way and rejects beyond", () => {
    const now = 1_750_000_000_000;
    const ts = now / 1000;
    expect(verifyTelnyxSignature(raw, signed(ts), publicKeyB64, now)).toBe(true);
    expect(verifyTelnyxSignature(raw, signed(ts - 300), publicKeyB64, now)).toBe(true);
    expect(verifyTelnyxSignature(raw, signed(ts + 300), publicKeyB64, now)).toBe(true);
    expect(verifyTelnyxSignature(raw, signed(ts - 301), publicKeyB64, now)).toBe(false);
    expect(verifyTelnyxSignature(raw, signed(ts + 301), publicKeyB64, now)).toBe(false);
  });

  it("returns false, without throwing, for malformed headers and keys", () => {
    const now = 1_750_000_000_000;
    const good = signed(now / 1000);
    const withHeader = (name: string, value: string) => {
      const h = new Headers(good);
      h.set(name, value);
      return h;
    };
    expect(verifyTelnyxSignature(raw, withHeader("telnyx-timestamp", "1750000000.5"), publicKeyB64, now)).toBe(false);
    expect(verifyTelnyxSignature(raw, withHeader("telnyx-timestamp", "abc"), publicKeyB64, now)).toBe(false);
    expect(verifyTelnyxSignature(raw, withHeader("telnyx-signature-ed25519", "not base64!"), publicKeyB64, now)).toBe(false);
    expect(verifyTelnyxSignature(raw, withHeader("telnyx-signature-ed25519", "AAAA"), publicKeyB64, now)).toBe(false);
    expect(verifyTelnyxSignature(raw, good, "", now)).toBe(false);
    expect(verifyTelnyxSignature(raw, good, "bm90IGEga2V5", now)).toBe(false);
    expect(verifyTelnyxSignature(raw, new Headers(), publicKeyB64, now)).toBe(false);
  });
});
