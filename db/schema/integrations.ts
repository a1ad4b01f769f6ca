// What an owner's other tools hook into: API keys, the endpoints our signed webhooks go to and the log of what was sent
// there, and the private addresses of the calendar feeds.
import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, ts, updatedAt } from "./columns";
import { practitioners } from "./scheduling";
import { API_SCOPES, WEBHOOK_EVENTS } from "../../lib/platform/shared/integrations";

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

// The scopes and events are listed where the browser can read them too (its forms check them), and the browser never
// imports the database schema.
export { API_SCOPES, WEBHOOK_EVENTS, type ApiScope, type WebhookEvent } from "../../lib/platform/shared/integrations";

/** What a delivery can carry: the events, and the test the owner sends from the dashboard. */
export const WEBHOOK_DELIVERY_TYPES = [...WEBHOOK_EVENTS, "webhook.test"] as const;
export type WebhookDeliveryType = (typeof WEBHOOK_DELIVERY_TYPES)[number];

/**
 * A bearer key for the owner's other tools. Only its SHA-256 is kept (the key is 32 random bytes, so a slow hash adds
 * nothing), with its first characters to tell keys apart in the list; it is shown once, when made. Revoking deletes it.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters ("rk_" and a few more), shown in the list. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    lastUsedAt: ts("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_unique").on(t.keyHash),
    index("api_keys_user_idx").on(t.userId, t.createdAt),
    check("api_keys_scopes_known", sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array[${sqlList(API_SCOPES)}]::text[]`),
  ],
);

/**
 * Where the owner's webhooks go. The signing secret ("whsec_" and base64) is kept sealed by the secret box, because
 * every delivery is signed with it; the owner sees it once, when the endpoint is made.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    events: text("events").array().notNull(),
    secretEnc: text("secret_enc").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    // Set while an attempt to this endpoint is in flight, to when that attempt must have ended (its timeout and a margin):
    // one attempt at a time per endpoint, so a slow receiver holds back only its own deliveries.
    busyUntil: ts("busy_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoints_user_idx").on(t.userId),
    // What a delivery's reference names: an endpoint of the same business (below).
    uniqueIndex("webhook_endpoints_id_user_unique").on(t.id, t.userId),
    check("webhook_endpoints_events_known", sql`cardinality(${t.events}) > 0 and ${t.events} <@ array[${sqlList(WEBHOOK_EVENTS)}]::text[]`),
  ],
);

/**
 * One event sent to one endpoint, and how its sending went: retried with backoff until it is answered with a 2xx or
 * three days have passed (then `failed`). Its id is the `webhook-id` the receiver sees on every attempt of it, so a
 * receiver can tell a retry or a resend from a new event.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id").notNull(),
    type: text("type", { enum: WEBHOOK_DELIVERY_TYPES }).notNull(),
    /** The JSON body sent, exactly as signed. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lastAttemptAt: ts("last_attempt_at"),
    /** The HTTP status of the last answer, when there was one. */
    responseStatus: integer("response_status"),
    /** Why the last attempt failed, as a code of ours (lib/accounts/webhooks/webhooks.responses.ts), never the receiver's body. */
    lastError: text("last_error"),
    deliveredAt: ts("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.endpointId, t.userId], foreignColumns: [webhookEndpoints.id, webhookEndpoints.userId] }).onDelete("cascade"),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_user_idx").on(t.userId, t.createdAt),
    check("webhook_deliveries_type_known", sql`${t.type} in (${sqlList(WEBHOOK_DELIVERY_TYPES)})`),
    check("webhook_deliveries_status_known", sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * The private address of a calendar feed: the practice's (no practitioner) or one practitioner's. The token is in the
 * address; it is found by its SHA-256 and kept sealed so the owner can copy the address again. Revoking deletes the row,
 * and the next address asked for is a new one.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    practitionerId: uuid("practitioner_id"),
    tokenHash: text("token_hash").notNull(),
    tokenEnc: text("token_enc").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_hash_unique").on(t.tokenHash),
    // One address per practice, and one per practitioner.
    uniqueIndex("calendar_feeds_practice_unique")
      .on(t.userId)
      .where(sql`${t.practitionerId} is null`),
    uniqueIndex("calendar_feeds_practitioner_unique")
      .on(t.userId, t.practitionerId)
      .where(sql`${t.practitionerId} is not null`),
    foreignKey({ columns: [t.practitionerId, t.userId], foreignColumns: [practitioners.id, practitioners.userId] }).onDelete("cascade"),
  ],
);
