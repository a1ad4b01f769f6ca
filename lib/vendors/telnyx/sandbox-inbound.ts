// The sandbox's stand-in for a caller texting a business: the message.received event Telnyx would post, signed with the
// sandbox key (lib/vendors/telnyx/webhook.ts), so it goes through the very verification and reading a real one does.
import { randomUUID } from "node:crypto";
import { sandboxTelnyxKeys, signTelnyxPayload, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./webhook";

export type SandboxText = { from: string; to: string; text: string; channel: "sms" | "whatsapp" };

/** The raw body and headers of a signed message.received event, as Telnyx delivers it. */
export function sandboxInboundEvent(authSecret: string, m: SandboxText, now = Date.now()): { raw: string; headers: Headers } {
  const raw = JSON.stringify({
    data: {
      record_type: "event",
      id: randomUUID(),
      event_type: "message.received",
      occurred_at: new Date(now).toISOString(),
      payload: {
        record_type: "message",
        direction: "inbound",
        id: randomUUID(),
        type: m.channel === "whatsapp" ? "WHATSAPP" : "SMS",
        from: { phone_number: m.from },
        to: [{ phone_number: m.to, status: "webhook_delivered" }],
        text: m.text,
        media: [],
      },
    },
    meta: { attempt: 1 },
  });
  const ts = Math.floor(now / 1000);
  const headers = new Headers({
    "content-type": "application/json",
    [TIMESTAMP_HEADER]: String(ts),
    [SIGNATURE_HEADER]: signTelnyxPayload(raw, sandboxTelnyxKeys(authSecret).privateKey, ts),
  });
  return { raw, headers };
}
