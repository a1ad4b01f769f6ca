// Telnyx webhook bodies as Telnyx sends them (message.received), for tests that play a caller's text.
import { randomUUID } from "node:crypto";

export type InboundOptions = { type?: "SMS" | "MMS" | "WHATSAPP"; eventId?: string; messageId?: string };

/** The raw JSON of a message.received event: `from` texted `to` (E.164) the words `text`. */
export function messageReceived(from: string, to: string, text: string, opts: InboundOptions = {}): string {
  return JSON.stringify({
    data: {
      record_type: "event",
      id: opts.eventId ?? randomUUID(),
      event_type: "message.received",
      occurred_at: new Date().toISOString(),
      payload: {
        record_type: "message",
        direction: "inbound",
        id: opts.messageId ?? randomUUID(),
        type: opts.type ?? "SMS",
        from: { phone_number: from, carrier: "Orange", line_type: "Wireless" },
        to: [{ phone_number: to, status: "webhook_delivered" }],
        text,
        media: [],
      },
    },
    meta: { attempt: 1 },
  });
}
