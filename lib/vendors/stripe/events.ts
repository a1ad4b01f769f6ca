// Stripe's event payloads read into our billing events (lib/billing/events.ts); no API call is needed to process them.
// Only the fields the lifecycle uses are read; unknown fields are ignored, so Stripe adding fields changes nothing.
// Field locations follow the pinned API version (2026-10-28): a subscription's period is on its items, an invoice's
// subscription on parent.subscription_details.
import { z } from "zod";
import type { BillingEvent } from "@/lib/billing/events";
import { withoutControlCharacters } from "@/lib/platform/format/control-characters";
import { isLocale } from "@/lib/platform/i18n/routing";

const id = z.string().min(1).max(255);
// An expandable field: the id, or the expanded object carrying it.
const ref = z
  .union([id, z.object({ id })])
  .nullish()
  .transform((v) => (v == null ? null : typeof v === "string" ? v : v.id));
// Unix seconds before year 3000: a larger number is no date JavaScript or Postgres can hold, so the event is malformed.
const unixSeconds = z.number().int().nonnegative().max(32_503_680_000);
const seconds = unixSeconds.nullish().transform((v) => (v == null ? null : new Date(v * 1000)));
const metadata = z.record(z.string(), z.unknown()).nullish();

const envelope = z.object({ id, type: z.string().min(1), created: unixSeconds, data: z.object({ object: z.unknown() }) });

const checkoutSchema = z.object({
  id,
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: ref,
  subscription: ref,
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish(), name: z.string().nullish() }).nullish(),
  metadata,
  locale: z.string().nullish(),
});

const subscriptionSchema = z.object({
  id,
  customer: ref,
  status: z.string().min(1),
  trial_end: seconds,
  cancel_at_period_end: z.boolean().nullish(),
  canceled_at: seconds,
  ended_at: seconds,
  start_date: seconds,
  metadata,
  items: z.object({ data: z.array(z.object({ current_period_start: seconds, current_period_end: seconds })) }).nullish(),
});

const invoiceSchema = z.object({
  id: z.string().nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: ref }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: seconds }).nullish() })) }).nullish(),
});

export class InvalidBillingEvent extends Error {}

const metaString = (m: Record<string, unknown> | null | undefined, key: string): string | null =>
  typeof m?.[key] === "string" && m[key] ? m[key] : null;

/**
 * The event in our terms; `ignored` for types we do not act on; throws InvalidBillingEvent for a malformed one. Control
 * characters (a NUL in a customer's name) are removed first: Postgres cannot store them, and the event still applies.
 */
export function parseBillingEvent(json: unknown): BillingEvent {
  const env = envelope.safeParse(withoutControlCharacters(json));
  if (!env.success) throw new InvalidBillingEvent("envelope");
  const { id: eventId, type, created: createdSeconds, data } = env.data;
  const created = new Date(createdSeconds * 1000);
  const parse = <T>(schema: z.ZodType<T>): T => {
    const r = schema.safeParse(data.object);
    if (!r.success) throw new InvalidBillingEvent(type);
    return r.data;
  };
  switch (type) {
    case "checkout.session.completed": {
      const s = parse(checkoutSchema);
      // A one-off payment is not the plan: nothing to do.
      if (s.mode && s.mode !== "subscription") return { kind: "ignored", id: eventId, type };
      const email = s.customer_details?.email ?? s.customer_email ?? null;
      return {
        kind: "checkout",
        id: eventId,
        created,
        sessionId: s.id,
        userIdHint: s.client_reference_id ?? metaString(s.metadata, "userId"),
        email: email?.trim() || null,
        name: s.customer_details?.name?.trim() || null,
        customerId: s.customer,
        subscriptionId: s.subscription,
        locale: isLocale(s.locale) ? s.locale : null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const s = parse(subscriptionSchema);
      const item = s.items?.data[0];
      return {
        kind: "subscription",
        id: eventId,
        created,
        type: type.slice("customer.subscription.".length) as "created" | "updated" | "deleted",
        sub: {
          subscriptionId: s.id,
          customerId: s.customer,
          // A deleted subscription is canceled whatever the payload's status says.
          status: type === "customer.subscription.deleted" ? "canceled" : s.status,
          trialEnd: s.trial_end,
          periodStart: item?.current_period_start ?? s.start_date,
          periodEnd: item?.current_period_end ?? null,
          cancelAtPeriodEnd: s.cancel_at_period_end ?? false,
          canceledAt: s.canceled_at,
          endedAt: s.ended_at ?? (type === "customer.subscription.deleted" ? created : null),
        },
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const inv = parse(invoiceSchema);
      const ends = (inv.lines?.data ?? []).map((l) => l.period?.end).filter((d): d is Date => !!d);
      return {
        kind: "invoice",
        id: eventId,
        created,
        type: type === "invoice.paid" ? "paid" : "payment_failed",
        subscriptionId: inv.parent?.subscription_details?.subscription ?? null,
        periodEnd: ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null,
      };
    }
    default:
      return { kind: "ignored", id: eventId, type };
  }
}
