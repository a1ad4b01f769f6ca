// The names an owner's other tools and the server agree on: what an API key may do, and the events a webhook endpoint
// can ask for. Pure, so the database schema (its check constraints), the routes' schemas and the browser's forms (which
// load those schemas) read one list.

/** What an API key may do: each names the routes it opens (their declarations say which scope they need). */
export const API_SCOPES = ["appointments:read", "appointments:write", "calls:read", "messages:read", "tasks:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The events an endpoint can ask for. */
export const WEBHOOK_EVENTS = [
  "appointment.booked",
  "appointment.rescheduled",
  "appointment.cancelled",
  "call.ended",
  "message.received",
  "task.created",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
