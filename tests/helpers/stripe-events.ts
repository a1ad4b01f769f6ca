// Stripe-shaped events for the billing tests, signed with the webhook secret as Stripe signs them, and the job drain
// that sends what they queued.
import { randomBytes } from "node:crypto";
import { jobHandlers } from "@/lib/server/job-handlers";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { signStripePayload } from "@/lib/vendors/stripe/webhook-signature";
import { appContext } from "@/lib/server/context";
import { api } from "./api";

export const DAY = 24 * 60 * 60;
export const nowS = () => Math.floor(Date.now() / 1000);
export const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString("hex")}`;

export type Event = { id: string; object: "event"; type: string; created: number; data: { object: Record<string, unknown> } };

export function event(type: string, object: Record<string, unknown>, created = nowS()): Event {
  return { id: id("evt"), object: "event", type, created, data: { object } };
}

export function subscriptionObject(o: {
  sub: string;
  customer: string;
  status: string;
  userId?: string;
  trialEnd?: number | null;
  periodEnd?: number;
  endedAt?: number;
}) {
  const start = nowS();
  return {
    id: o.sub,
    object: "subscription",
    customer: o.customer,
    status: o.status,
    start_date: start,
    trial_end: o.trialEnd ?? null,
    cancel_at_period_end: false,
    canceled_at: o.endedAt ?? null,
    ended_at: o.endedAt ?? null,
    metadata: o.userId ? { userId: o.userId } : {},
    items: { object: "list", data: [{ current_period_start: start, current_period_end: o.periodEnd ?? start + 30 * DAY }] },
  };
}

export function checkoutObject(o: {
  session?: string;
  sub: string;
  customer: string;
  email: string;
  userId?: string | null;
  locale?: string;
  name?: string | null;
  paymentStatus?: "paid" | "no_payment_required";
}) {
  return {
    id: o.session ?? id("cs"),
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: o.paymentStatus ?? "no_payment_required",
    client_reference_id: o.userId ?? null,
    customer: o.customer,
    subscription: o.sub,
    customer_details: { email: o.email, name: o.name ?? null },
    locale: o.locale ?? null,
    metadata: {},
  };
}

export function invoiceObject(sub: string, periodEnd = nowS() + 30 * DAY) {
  return {
    id: id("in"),
    object: "invoice",
    parent: { subscription_details: { subscription: sub } },
    lines: { data: [{ period: { end: periodEnd } }] },
  };
}

/** Posts an event (or raw text) to the webhook, signed with the test secret unless `headers` say otherwise. */
export async function deliverStripe(e: Event | string, headers: Record<string, string> | null = null) {
  const raw = typeof e === "string" ? e : JSON.stringify(e);
  return api("POST", "/api/webhooks/stripe", {
    raw,
    headers: headers ?? { "stripe-signature": signStripePayload(raw, process.env.STRIPE_WEBHOOK_SECRET!) },
  });
}

/**
 * An account's own subscription as Stripe makes it: the checkout opened for the account (our client_reference_id)
 * links the subscription and its customer, then the subscription's own event gives its state. Only a subscription
 * and customer recorded for an account can change it.
 */
export async function subscribe(
  account: { id: string; email: string },
  o: { sub: string; customer: string; status: string; trialEnd?: number | null },
  created = nowS(),
) {
  await deliverStripe(event("checkout.session.completed", checkoutObject({ ...o, email: account.email, userId: account.id }), created));
  await deliverStripe(event("customer.subscription.created", subscriptionObject(o), created));
}

/** Runs the queued jobs (emails, setup links) as the workers would. */
export async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}
