// What the webhook endpoint routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts).
import { z } from "zod";
import { WEBHOOK_DELIVERY_TYPES, WEBHOOK_EVENTS } from "@/db/schema";

const instant = z.iso.datetime({ offset: true });

export const webhookEndpointResponse = z
  .strictObject({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    state: z
      .enum(["new", "ok", "failing"])
      .describe('"failing": the last attempt of the latest delivery tried failed; "new": nothing was tried yet.'),
    lastAttemptAt: instant.nullable().describe("When a delivery to it was last tried."),
    lastDeliveryAt: instant.nullable().describe("When a delivery to it last succeeded."),
    createdAt: instant,
  })
  .meta({ title: "WebhookEndpoint" });

export const webhookEndpointListResponse = z.strictObject({ endpoints: z.array(webhookEndpointResponse) });

export const webhookEndpointCreatedResponse = webhookEndpointResponse
  .extend({
    secret: z.string().describe('The signing secret ("whsec_" and base64), shown this once: no other answer carries it.'),
  })
  .meta({ title: "WebhookEndpointCreated" });

/** Why an attempt failed, as a code the dashboard words in the owner's language (with the status for `http`). */
export const WEBHOOK_FAILURES = [
  "http",
  "redirect",
  "timeout",
  "connectionRefused",
  "connectionReset",
  "hostUnreachable",
  "hostNotFound",
  "tls",
  "connectionFailed",
  "privateAddress",
  "notHttps",
  "credentials",
  "invalidAddress",
  "secretUnreadable",
  "endpointDisabled",
] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];

export const webhookDeliveryResponse = z
  .strictObject({
    id: z.string().describe('The receiver sees it as the webhook-id header, "msg_" and this id, on every attempt.'),
    type: z.enum(WEBHOOK_DELIVERY_TYPES),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().describe("The HTTP status of the last answer, when there was one."),
    lastError: z
      .enum(WEBHOOK_FAILURES)
      .nullable()
      .describe('Why the last attempt failed: "http" (an answer other than 2xx: see responseStatus), "timeout", "privateAddress", …'),
    payload: z.record(z.string(), z.unknown()).describe("The JSON body sent, as signed."),
    createdAt: instant,
    lastAttemptAt: instant.nullable(),
    nextAttemptAt: instant.nullable(),
    deliveredAt: instant.nullable(),
  })
  .meta({ title: "WebhookDelivery" });

export const webhookDeliveryListResponse = z.strictObject({ deliveries: z.array(webhookDeliveryResponse) });
