// Telnyx SMS and WhatsApp transports. They only hand the message over: the logged sender writes the notifications row,
// and delivery receipts come back through /api/webhooks/telnyx (webhook_url below) keyed by the returned message id.
// Opt-outs are checked by whoever decides to send (lib/messaging/delivery/opt-outs.ts isOptedOut), not here.
import Telnyx from "telnyx";
import type { MessageTransport, OutgoingMessage } from "@/lib/ports/messaging";

const DEFAULT_BASE_URL = "https://api.telnyx.com/v2";

type ClientOptions = { apiKey: string; baseUrl?: string; maxRetries?: number };

/** A message that cannot be sent as built (no sending number): retrying will not help. */
export class MissingSenderError extends Error {
  readonly code = "missing_from";
  constructor(channel: "sms" | "whatsapp") {
    super(`Telnyx ${channel}: the message has no sending number (message.from is empty)`);
    this.name = "MissingSenderError";
  }
}

/**
 * Texts go out from the business's own line, which sits on the business's own messaging profile: naming a profile here
 * (the pool's) would send under the wrong one, whose STOP block rules are not this business's.
 */
export function createTelnyxSmsTransport(opts: ClientOptions & { webhookUrl: string }): MessageTransport {
  const client = telnyxClient(opts);
  return {
    kind: "telnyx",
    async deliver(message) {
      const from = message.from?.trim();
      if (!from) throw new MissingSenderError("sms");
      const { data } = await client.messages.send({
        from,
        to: message.to,
        text: message.text,
        webhook_url: opts.webhookUrl,
      });
      return { providerMessageId: data?.id ?? null };
    },
  };
}

export function createTelnyxWhatsAppTransport(
  opts: ClientOptions & { fromNumber?: string; messagingProfileId?: string; webhookUrl: string },
): MessageTransport {
  const client = telnyxClient(opts);
  return {
    kind: "telnyx",
    async deliver(message) {
      // The WhatsApp sender is the one number verified with Meta, not the business's own line.
      const from = (opts.fromNumber ?? message.from)?.trim();
      if (!from) throw new MissingSenderError("whatsapp");
      const { data } = await client.messages.whatsapp({
        from,
        to: message.to,
        whatsapp_message: whatsappContent(message),
        webhook_url: opts.webhookUrl,
        ...(opts.messagingProfileId ? { messaging_profile_id: opts.messagingProfileId } : {}),
      });
      return { providerMessageId: data?.id ?? null };
    },
  };
}

type WhatsAppContent = Telnyx.Messages.WhatsappMessageContent;

/**
 * Free-form text is only accepted within 24 h of the customer's last message (Meta error 131047 otherwise); outside
 * that window the caller passes an approved template, whose body parameters fill {{1}}, {{2}}… in order.
 */
export function whatsappContent(message: OutgoingMessage): WhatsAppContent {
  const t = message.whatsappTemplate;
  if (t) {
    return {
      type: "template",
      template: {
        name: t.name,
        language: { code: t.language },
        components: [{ type: "body", parameters: t.parameters.map((text) => ({ type: "text", text })) }],
      },
    };
  }
  return { type: "text", text: { body: message.text } };
}

function telnyxClient(opts: ClientOptions): Telnyx {
  return new Telnyx({ apiKey: opts.apiKey, baseURL: opts.baseUrl ?? DEFAULT_BASE_URL, maxRetries: opts.maxRetries });
}
