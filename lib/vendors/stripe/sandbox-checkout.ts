// The offline stand-in for Stripe's hosted pages. "Paying" on the sandbox checkout builds the events Stripe would send
// for a subscription checkout (customer.subscription.created, checkout.session.completed, invoice.paid, in Stripe's
// usual order), signs each with the webhook secret and hands it to the same receiver as Stripe's own deliveries: the
// signature is verified and the lifecycle derived exactly as for a real payment. Cancelling in the sandbox portal sends
// customer.subscription.deleted the same way. Nothing is charged; nothing leaves the machine.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { subscriptions, users } from "@/db/schema";
import { isUuid } from "@/lib/platform/http/params";
import { AppError } from "@/lib/platform/errors";
import type { Locale } from "@/lib/platform/i18n/routing";
import { signStripePayload } from "./webhook-signature";
import { deriveSubscription } from "@/lib/accounts/subscriptions/subscription-status";
import { PRO_PLAN } from "@/lib/accounts/subscriptions/plan";
import { receiveStripeWebhook, type StripeWebhookDeps } from "./webhook";

const DAY_S = 24 * 60 * 60;
const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString("hex")}`;

async function deliver(deps: StripeWebhookDeps, type: string, object: Record<string, unknown>, created: number): Promise<void> {
  const payload = JSON.stringify({
    id: sandboxId("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    livemode: false,
    type,
    data: { object },
  });
  await receiveStripeWebhook(deps, payload, signStripePayload(payload, deps.secret, created));
}

export async function sandboxCheckout(
  deps: StripeWebhookDeps,
  input: { email: string; clientReferenceId: string | null; locale: Locale },
): Promise<{ sessionId: string }> {
  const now = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
  // What Stripe would know: the customer this account already has, and whether it ever had a subscription (a trial
  // is offered once; our own checkout sessions leave it out for an account that had one).
  const userId = input.clientReferenceId && isUuid(input.clientReferenceId) ? input.clientReferenceId : null;
  const [known] = await deps.db
    .select({ id: users.id, customerId: subscriptions.providerCustomerId, hadRecord: subscriptions.id, sub: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(userId ? eq(users.id, userId) : sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  // As our Checkout Sessions do: an account with a live subscription changes it in the portal, not with a second one.
  if (known?.sub?.provider && deriveSubscription(known.sub).subscription?.status) throw new AppError("conflict", "alreadySubscribed");
  const trial = !known?.hadRecord;
  // The account's customer only for a checkout opened for the account: a payer who merely types its email is a new
  // customer (and the checkout is held for the account, not attached to it).
  const customer = userId && known?.customerId?.startsWith("cus_sandbox_") ? known.customerId : sandboxId("cus");
  const subscription = sandboxId("sub");
  const session = sandboxId("cs");
  const periodEnd = trial ? now + PRO_PLAN.trial.days * DAY_S : now + 30 * DAY_S;
  const metadata = userId ? { userId } : {};
  const cents = Math.round(PRO_PLAN.amount * 100);

  await deliver(
    deps,
    "customer.subscription.created",
    {
      id: subscription,
      object: "subscription",
      customer,
      status: trial ? "trialing" : "active",
      start_date: now,
      trial_start: trial ? now : null,
      trial_end: trial ? periodEnd : null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      metadata,
      items: {
        object: "list",
        data: [
          {
            id: sandboxId("si"),
            object: "subscription_item",
            current_period_start: now,
            current_period_end: periodEnd,
            price: { id: "price_sandbox_pro", currency: PRO_PLAN.currency.toLowerCase(), unit_amount: cents },
          },
        ],
      },
    },
    now,
  );
  await deliver(
    deps,
    "checkout.session.completed",
    {
      id: session,
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: trial ? "no_payment_required" : "paid",
      client_reference_id: userId,
      customer,
      subscription,
      customer_email: input.email,
      customer_details: { email: input.email, name: null },
      locale: input.locale,
      metadata,
    },
    now,
  );
  await deliver(
    deps,
    "invoice.paid",
    {
      id: sandboxId("in"),
      object: "invoice",
      customer,
      billing_reason: "subscription_create",
      amount_paid: trial ? 0 : cents,
      currency: PRO_PLAN.currency.toLowerCase(),
      parent: { type: "subscription_details", subscription_details: { subscription } },
      lines: { object: "list", data: [{ period: { start: now, end: periodEnd } }] },
    },
    now,
  );
  return { sessionId: session };
}

/** The sandbox portal's "Cancel subscription": ends the account's sandbox subscription now. */
export async function sandboxCancel(deps: StripeWebhookDeps, userId: string): Promise<void> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const now = deps.now?.() ?? new Date();
  if (!row || row.provider !== "sandbox" || !row.providerSubscriptionId || !deriveSubscription(row, now).subscription?.status) {
    throw new AppError("conflict", "nothingToCancel");
  }
  const at = Math.floor(now.getTime() / 1000);
  const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
  await deliver(
    deps,
    "customer.subscription.deleted",
    {
      id: row.providerSubscriptionId,
      object: "subscription",
      customer: row.providerCustomerId,
      status: "canceled",
      start_date: seconds(row.currentPeriodStart),
      trial_end: seconds(row.trialEndsAt),
      cancel_at_period_end: false,
      canceled_at: at,
      ended_at: at,
      metadata: { userId },
      items: {
        object: "list",
        data: [{ current_period_start: seconds(row.currentPeriodStart), current_period_end: seconds(row.currentPeriodEnd) }],
      },
    },
    at,
  );
}
