// What the outbox routes answer (the messages sent, and what the sandbox delivered instead of SMTP or Telnyx), as zod
// schemas for the route declarations' `response` (lib/server/api-route.ts), written from outbox.service.ts.
import { z } from "zod";

const instant = z.iso.datetime({ offset: true });

const messageFields = {
  id: z.string(),
  channel: z.enum(["email", "sms", "whatsapp"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string().describe('The text as sent, a one-time code in it written "••••••".'),
  code: z
    .string()
    .nullable()
    .describe(
      "The one-time code the body hides, only in the owner's outbox and only in a text the sandbox delivered (no one received it).",
    ),
  links: z.array(z.string()),
  attachments: z.array(z.strictObject({ filename: z.string(), contentType: z.string() })),
  status: z.enum(["queued", "sent", "failed"]),
  provider: z.string(),
  error: z.string().nullable(),
  createdAt: instant,
  sentAt: instant.nullable(),
};

const sandboxModes = z
  .strictObject({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() })
  .describe("Which channels the sandbox delivers (true) instead of the real provider.");

export const outboxResponse = z.strictObject({
  sandbox: sandboxModes,
  messages: z.array(z.strictObject(messageFields).meta({ title: "OutboxMessage" })),
});

export const sandboxOutboxResponse = z.strictObject({
  sandbox: sandboxModes,
  messages: z.array(
    z
      .strictObject({
        ...messageFields,
        userId: z.string().nullable(),
        account: z
          .strictObject({ businessName: z.string().nullable(), email: z.string() })
          .nullable()
          .describe("The account the message was sent for; null for one of the platform's own (a setup link)."),
      })
      .meta({ title: "SandboxOutboxMessage" }),
  ),
});
