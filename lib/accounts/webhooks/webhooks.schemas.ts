// What the webhook endpoint routes read. Messages are keys of the "Validation" namespace; the address's own rules (https,
// a public destination) are the service's, which names the problem (lib/accounts/webhooks/destination.ts).
import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/platform/shared/integrations";

/** Endpoints a practice may have: a CRM, an automation tool or two, with room to spare; each event is sent to each. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** Longer addresses are refused by some servers and proxies along the way. */
export const MAX_WEBHOOK_URL = 2000;

export const webhookEndpointSchema = z.object({
  url: z.string("required").trim().min(1, "required").max(MAX_WEBHOOK_URL, "tooLong"),
  description: z.string().trim().max(200, "tooLong").nullish(),
  // Listed once each, in the order of WEBHOOK_EVENTS, however they were sent.
  events: z
    .array(z.enum(WEBHOOK_EVENTS, "invalid"), "required")
    .min(1, "required")
    .max(WEBHOOK_EVENTS.length * 2, "tooMany")
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
  enabled: z.boolean("mustBeBoolean").optional(),
  /** The owner's current password, to add an endpoint or change its address: needed unless they signed in within ten minutes. */
  password: z.string().max(200, "tooLong").optional(),
});
export type WebhookEndpointInput = z.output<typeof webhookEndpointSchema>;
