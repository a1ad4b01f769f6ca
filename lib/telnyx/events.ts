// What a verified Telnyx messaging webhook changes: opt-outs (STOP / START keywords) and the delivery status of the
// notifications we sent. Each event is applied once (Telnyx retries and may deliver twice, out of order) and message
// text is never stored: only the keyword decision is kept.
//
// Opt-out channels: a STOP on either channel opts the number out of both SMS and WhatsApp, and a START re-opts it into
// both. A caller cannot tell our two channels apart ("the clinic keeps texting me"), the opt_outs table promises "no
// more SMS/WhatsApp", and a keyword that only half worked would be the worse failure; the symmetric START keeps one
// keyword from leaving the other channel silenced forever.
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { notifications, optOuts, webhookEvents } from "@/db/schema";
import { withoutControlCharacters } from "@/lib/format/control-characters";
import { AppError } from "@/lib/errors";
import { toE164 } from "@/lib/phone/phone";
import { verifyTelnyxSignature } from "./webhook";

export type OptOutChannel = "sms" | "whatsapp";

const OPT_OUT_CHANNELS: OptOutChannel[] = ["sms", "whatsapp"];

// The carrier-standard keywords (CTIA) plus the French and Spanish ones our callers use. Whole message only:
// "please don't stop reminding me" is not an opt-out.
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "ARRET", "ARRÊT", "BAJA"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

const DELIVERED = new Set(["delivered", "sent"]);
const FAILED = new Set(["delivery_failed", "sending_failed"]);

// Telnyx ids are uuids and numbers are E.164: anything much longer is no key a unique index can hold (at most some
// 2 700 bytes an entry), so it is refused (the envelope) or ignored (a payload field) rather than failing the write.
const providerId = z.string().min(1).max(256);

/** The envelope every Telnyx v2 webhook shares; the payload is read per event type below. */
export const telnyxEventSchema = z.object({
  data: z.object({
    id: providerId,
    event_type: z.string().min(1),
    payload: z.unknown().optional(),
  }),
});

export type TelnyxEvent = z.infer<typeof telnyxEventSchema>;

const inboundSchema = z.object({
  from: z.object({ phone_number: z.string().min(1).max(64) }),
  text: z.string().nullish(),
});

const deliverySchema = z.object({
  id: providerId,
  to: z.array(z.object({ phone_number: z.string().nullish(), status: z.string().nullish() })).nullish(),
  errors: z.array(z.object({ code: z.union([z.string(), z.number()]).nullish() })).nullish(),
});

/**
 * The event if the JSON has the shape of a Telnyx webhook, otherwise null (the route answers 400). Control characters
 * (a NUL in a text, an id) are removed first: Postgres cannot store them, and the event is still worth applying.
 */
/**
 * The webhook, provider-side half: the signature over the raw bytes is verified before anything is read (401), then
 * the body parsed (400 when it is not JSON, or JSON that is no Telnyx event) and the event applied once.
 */
export async function receiveTelnyxWebhook(db: Db, raw: string, headers: Headers, publicKeyB64: string): Promise<TelnyxEventResult> {
  if (!verifyTelnyxSignature(raw, headers, publicKeyB64)) throw new AppError("unauthorized", "invalidSignature");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError("bad_request", "invalidJson");
  }
  const event = parseTelnyxEvent(body);
  if (!event) throw new AppError("bad_request", "Validation.invalid", { field: "@Fields.body" });
  return handleTelnyxEvent(db, event);
}

export function parseTelnyxEvent(json: unknown): TelnyxEvent | null {
  const parsed = telnyxEventSchema.safeParse(withoutControlCharacters(json));
  return parsed.success ? parsed.data : null;
}

export type TelnyxEventResult = { duplicate: boolean; action: "opt-out" | "opt-in" | "delivery" | "ignored" };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Applies one event inside one transaction: the event id is recorded first (insert, on conflict do nothing), so a
 * redelivery finds it and changes nothing; if applying fails, the id is rolled back with it and Telnyx's retry runs again.
 */
export async function handleTelnyxEvent(db: Db, event: TelnyxEvent): Promise<TelnyxEventResult> {
  const { id, event_type: type, payload } = event.data;
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: "telnyx", eventId: id, type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh) return { duplicate: true, action: "ignored" };
    switch (type) {
      case "message.received":
        return { duplicate: false, action: await applyKeyword(tx, payload) };
      case "message.sent":
      case "message.finalized":
        return { duplicate: false, action: await applyDelivery(tx, payload, type === "message.finalized") };
      default:
        // Every other type (calls, numbers, 10DLC…) is acknowledged and ignored.
        return { duplicate: false, action: "ignored" };
    }
  });
}

/** True when this number asked for no more messages on this channel. */
export async function isOptedOut(db: Db, phone: string, channel: OptOutChannel): Promise<boolean> {
  const [row] = await db
    .select({ phone: optOuts.phone })
    .from(optOuts)
    .where(and(eq(optOuts.phone, phone), eq(optOuts.channel, channel)))
    .limit(1);
  return !!row;
}

async function applyKeyword(tx: Tx, payload: unknown): Promise<TelnyxEventResult["action"]> {
  const parsed = inboundSchema.safeParse(payload);
  if (!parsed.success) return "ignored";
  // Telnyx sends E.164; kept in that form whatever the channel's formatting, so isOptedOut matches our stored numbers.
  const phone = toE164(parsed.data.from.phone_number) ?? parsed.data.from.phone_number;
  const keyword = (parsed.data.text ?? "").trim().toUpperCase();
  if (STOP_WORDS.has(keyword)) {
    await tx
      .insert(optOuts)
      .values(OPT_OUT_CHANNELS.map((channel) => ({ phone, channel })))
      .onConflictDoNothing();
    return "opt-out";
  }
  if (START_WORDS.has(keyword)) {
    await tx.delete(optOuts).where(eq(optOuts.phone, phone));
    return "opt-in";
  }
  return "ignored";
}

/**
 * message.sent and message.finalized carry the status per recipient (we send to one). `delivered`/`sent` → sent,
 * `delivery_failed`/`sending_failed` → failed with the first Telnyx error code (e.g. "40300"); anything in between
 * (queued, sending, delivery_unconfirmed) changes nothing. A late message.sent never turns a final failure back into sent.
 *
 * The message id comes from the payload, so it is scoped by what else the event says: only the notification sent to
 * the event's recipient is touched, never a message of the same id sent to someone else (another business's patient).
 * A receipt that names no recipient changes nothing.
 */
async function applyDelivery(tx: Tx, payload: unknown, final: boolean): Promise<TelnyxEventResult["action"]> {
  const parsed = deliverySchema.safeParse(payload);
  if (!parsed.success) return "ignored";
  const { id, to, errors } = parsed.data;
  const status = to?.[0]?.status ?? "";
  // A WhatsApp receipt may name the recipient with the channel's prefix ("whatsapp:+33…"); the number is what we stored.
  const rawRecipient = to?.[0]?.phone_number?.trim().replace(/^whatsapp:/i, "");
  if (!rawRecipient) return "ignored";
  // Stored in E.164, as the senders were given it; Telnyx sends E.164 too, a national form is read as such.
  const recipient = toE164(rawRecipient) ?? rawRecipient;
  const ours = and(eq(notifications.provider, "telnyx"), eq(notifications.providerMessageId, id), eq(notifications.recipient, recipient));
  if (DELIVERED.has(status)) {
    await tx
      .update(notifications)
      .set({ status: "sent", error: null })
      .where(final ? ours : and(ours, ne(notifications.status, "failed")));
    return "delivery";
  }
  if (FAILED.has(status)) {
    const code = errors?.[0]?.code;
    await tx
      .update(notifications)
      .set({ status: "failed", error: code !== undefined && code !== null ? String(code) : status })
      .where(ours);
    return "delivery";
  }
  return "ignored";
}
