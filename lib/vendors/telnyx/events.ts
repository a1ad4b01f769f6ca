// Telnyx webhooks read into our events, each applied once by its event id: an inbound text (handed to the inbox, or to
// the opt-out keywords alone) and the delivery status of the notifications we sent (our messaging events:
// lib/messaging/delivery/events.ts); and, for an incoming call, the caller ID's STIR/SHAKEN attestation, which the voice
// platform answering the call never sees (lib/receptionist/screening/attestations.ts).
import { z } from "zod";
import type { Db } from "@/db/client";
import { ATTESTATIONS } from "@/db/schema";
import { withoutControlCharacters } from "@/lib/platform/format/control-characters";
import { AppError } from "@/lib/platform/errors";
import { applyMessagingEvent, type InboundHandler, type MessagingEvent, type MessagingEventResult } from "@/lib/messaging/delivery/events";
import { parsePhone, toE164 } from "@/lib/platform/phone/phone";
import { recordAttestation, type CarrierAttestation } from "@/lib/receptionist/screening/attestations";
import { verifyTelnyxSignature } from "./webhook";
import { keyParam } from "@/lib/platform/message-param";

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
    occurred_at: z.string().nullish().catch(null),
    payload: z.unknown().optional(),
  }),
});

export type TelnyxEvent = z.infer<typeof telnyxEventSchema>;

const inboundSchema = z.object({
  id: providerId.nullish().catch(null),
  type: z.string().nullish().catch(null),
  from: z.object({ phone_number: z.string().min(1).max(64) }),
  to: z
    .array(z.object({ phone_number: z.string().max(64).nullish() }))
    .nullish()
    .catch(null),
  text: z.string().nullish(),
});

/**
 * call.initiated, the fields we read (every other one is left). Numbers are E.164 or SIP URIs; the attestation level is
 * read in any case ("a" is A), and an event without one (or with another value) carries nothing for us.
 */
const callInitiatedSchema = z.object({
  direction: z.string().nullish().catch(null),
  from: z.string().max(256).nullish().catch(null),
  to: z.string().max(256).nullish().catch(null),
  shaken_stir_attestation: z
    .string()
    .transform((level) => level.trim().toUpperCase())
    .pipe(z.enum(ATTESTATIONS)),
  shaken_stir_validated: z.boolean().nullish().catch(null),
  start_time: z.string().nullish().catch(null),
});

const deliverySchema = z.object({
  id: providerId,
  to: z.array(z.object({ phone_number: z.string().nullish(), status: z.string().nullish() })).nullish(),
  errors: z.array(z.object({ code: z.union([z.string(), z.number()]).nullish() })).nullish(),
});

/**
 * The webhook, provider-side half: the signature over the raw bytes is verified before anything is read (401), then
 * the body parsed (400 when it is not JSON, or JSON that is no Telnyx event) and the event applied once.
 */
export async function receiveTelnyxWebhook(
  db: Db,
  raw: string,
  headers: Headers,
  publicKeyB64: string,
  onInbound: InboundHandler,
): Promise<TelnyxEventResult> {
  if (!verifyTelnyxSignature(raw, headers, publicKeyB64)) throw new AppError("unauthorized", "invalidSignature");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError("bad_request", "invalidJson");
  }
  const event = parseTelnyxEvent(body);
  if (!event) throw new AppError("bad_request", "Validation.invalid", { field: keyParam("Fields.body") });
  return handleTelnyxEvent(db, event, onInbound);
}

/**
 * The event if the JSON has the shape of a Telnyx webhook, otherwise null (the route answers 400). Control characters
 * (a NUL in a text, an id) are removed first: Postgres cannot store them, and the event is still worth applying.
 */
export function parseTelnyxEvent(json: unknown): TelnyxEvent | null {
  const parsed = telnyxEventSchema.safeParse(withoutControlCharacters(json));
  return parsed.success ? parsed.data : null;
}

/** What an event did: a messaging event's action, or "attestation" (a caller ID's attestation, kept for its call). */
export type TelnyxEventResult = MessagingEventResult | { duplicate: boolean; action: "attestation" };

/**
 * Applies one event once, keyed by its Telnyx event id (Telnyx retries, and a redelivery changes nothing): an incoming
 * call's attestation goes to the call it is about; anything else, a call event without one included, is a messaging
 * event (most of them ignored).
 */
export async function handleTelnyxEvent(
  db: Db,
  event: TelnyxEvent,
  onInbound: InboundHandler,
  now = new Date(),
): Promise<TelnyxEventResult> {
  const { id, event_type: type } = event.data;
  const receipt = { provider: "telnyx", eventId: id, type };
  const attestation = type === "call.initiated" ? toCallAttestation(event, now) : null;
  if (attestation) return { duplicate: (await recordAttestation(db, attestation, receipt)) === "duplicate", action: "attestation" };
  return applyMessagingEvent(db, receipt, toMessagingEvent(event), onInbound);
}

/**
 * The caller ID's attestation an incoming call.initiated carries, or null (an outgoing call, no attestation, a line or
 * caller ID that is no number: "anonymous"). Numbers in E.164 as the voice platform's are, so the call's row matches:
 * the line as the pool holds it, the caller read in the line's country. A missing `shaken_stir_validated` is kept as
 * unknown (null): neither a verification nor a failure the carrier did not report. `at` is the call's start (else the event's time,
 * else `now`), never later than `now`: a late or retried event still finds the call it is about.
 */
export function toCallAttestation(event: TelnyxEvent, now: Date): CarrierAttestation | null {
  const parsed = callInitiatedSchema.safeParse(event.data.payload);
  if (!parsed.success || parsed.data.direction !== "incoming") return null;
  const { from, to, shaken_stir_attestation: attestation, shaken_stir_validated: verified, start_time } = parsed.data;
  const lineText = sipUser(to);
  const parsedLine = parsePhone(lineText);
  // Our line is whatever the pool holds: a range libphonenumber does not know yet must still find its call.
  const line = parsedLine.ok ? parsedLine.e164 : lineText && /^\+[1-9]\d{5,14}$/.test(lineText) ? lineText : null;
  const caller = toE164(sipUser(from), parsedLine.ok ? parsedLine.country : null);
  if (!line || !caller) return null;
  const started = [start_time, event.data.occurred_at].map((t) => (t ? new Date(t) : null)).find((d) => d && !isNaN(d.getTime()));
  const at = started && started.getTime() < now.getTime() ? started : now;
  return { line, caller, attestation, verified: verified ?? null, at };
}

/** The number a SIP URI names ("sip:+13125550100@sip.telnyx.com;user=phone" → "+13125550100"); a bare number as it is. */
function sipUser(raw: string | null | undefined): string {
  return (raw ?? "")
    .trim()
    .replace(/^sips?:/i, "")
    .replace(/[@;].*$/, "");
}

/** The event in our terms; every type but inbound texts and delivery receipts (calls, numbers, 10DLC…) is ignored. */
export function toMessagingEvent(event: TelnyxEvent): MessagingEvent {
  const { event_type: type, payload } = event.data;
  switch (type) {
    case "message.received":
      return inbound(payload);
    case "message.sent":
    case "message.finalized":
      return delivery(payload, type === "message.finalized");
    default:
      return { kind: "ignored" };
  }
}

/**
 * An inbound SMS (`type` "SMS", or "MMS" whose text is read and media left) or WhatsApp message (`type` "WHATSAPP", or
 * numbers written "whatsapp:+33…"). Numbers are kept in E.164 whatever the channel's formatting, the form our numbers
 * are stored in, so opt-outs, appointments and threads match.
 */
function inbound(payload: unknown): MessagingEvent {
  const parsed = inboundSchema.safeParse(payload);
  if (!parsed.success) return { kind: "ignored" };
  const { id, type, from: sender, to, text } = parsed.data;
  const whatsapp = /^whatsapp$/i.test(type ?? "") || /^whatsapp:/i.test(sender.phone_number);
  const number = (raw: string) => {
    const bare = raw.trim().replace(/^whatsapp:/i, "");
    return toE164(bare) ?? bare;
  };
  const recipient = to?.[0]?.phone_number;
  return {
    kind: "inbound",
    from: number(sender.phone_number),
    to: recipient ? number(recipient) : null,
    channel: whatsapp ? "whatsapp" : "sms",
    text: text ?? "",
    providerMessageId: id ?? null,
  };
}

/**
 * message.sent and message.finalized carry the status per recipient (we send to one). `delivered`/`sent` → sent,
 * `delivery_failed`/`sending_failed` → failed with the first Telnyx error code (e.g. "40300"); anything in between
 * (queued, sending, delivery_unconfirmed) changes nothing, and neither does a receipt that names no recipient.
 */
function delivery(payload: unknown, final: boolean): MessagingEvent {
  const parsed = deliverySchema.safeParse(payload);
  if (!parsed.success) return { kind: "ignored" };
  const { id, to, errors } = parsed.data;
  const status = to?.[0]?.status ?? "";
  // A WhatsApp receipt may name the recipient with the channel's prefix ("whatsapp:+33…"); the number is what we stored.
  const rawRecipient = to?.[0]?.phone_number?.trim().replace(/^whatsapp:/i, "");
  if (!rawRecipient) return { kind: "ignored" };
  // Stored in E.164, as the senders were given it; Telnyx sends E.164 too, a national form is read as such.
  const recipient = toE164(rawRecipient) ?? rawRecipient;
  if (DELIVERED.has(status)) return { kind: "delivery", providerMessageId: id, recipient, status: "sent", error: null, final };
  if (FAILED.has(status)) {
    const code = errors?.[0]?.code;
    const error = code !== undefined && code !== null ? String(code) : status;
    return { kind: "delivery", providerMessageId: id, recipient, status: "failed", error, final };
  }
  return { kind: "ignored" };
}
