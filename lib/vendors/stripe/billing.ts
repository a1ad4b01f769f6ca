// Stripe behind the BillingPort. With a price id, "Start trial" points at our own /api/billing/checkout, which creates a
// Checkout Session on click (the server controls customer, trial and metadata); without one, at a Payment Link
// personalized with Stripe's query parameters. "Manage subscription" points at our /api/billing/portal, which opens a
// portal session for the signed-in user's customer, or falls back to the no-code portal login link.
//
// Stripe's error messages can quote emails and customer ids, so none reaches a client or a log: every failure becomes
// AppError("unavailable") and the log line carries only Stripe's error type, status, code and request id.
import { createHash, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { PRO_PLAN } from "@/lib/accounts/subscriptions/plan";
import { AppError } from "@/lib/platform/errors";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { logger } from "@/lib/platform/log/logger";
import type { BillingPort, CheckoutSessionInput } from "@/lib/ports/billing";

export type StripeBillingOptions = {
  secretKey: string;
  /** e.g. "https://app.example.com", no trailing slash. */
  appUrl: string;
  /** Tests: a local server standing in for https://api.stripe.com (STRIPE_API_BASE), e.g. "http://127.0.0.1:12111". */
  apiBase?: string;
  /** STRIPE_PRICE_ID: with it, checkout is a Checkout Session created on the server. */
  priceId?: string;
  /** STRIPE_PAYMENT_LINK: without a price id, checkout is this Payment Link, personalized. */
  paymentLink?: string;
  /** STRIPE_PORTAL_URL: the no-code portal login link (https://billing.stripe.com/p/login/...). */
  portalLoginUrl?: string;
};

/**
 * Stripe keeps a client_reference_id only if it is letters, digits, "-" and "_", at most 200 characters; anything else
 * is dropped without an error and checkout.session.completed arrives with null. Our user ids are UUIDs, which pass.
 */
const CLIENT_REFERENCE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** Stripe rejects idempotency keys longer than 255 characters; an email can be 254 on its own. */
const MAX_KEY_PART = 64;

const unavailable = () => new AppError("unavailable", "paymentUnavailable");

export function createStripeBilling(o: StripeBillingOptions): BillingPort {
  const appUrl = o.appUrl.replace(/\/+$/, "");
  let client: Stripe | null = null;

  // Created on first use, never at import: `next build` and every page that only renders links run without a call.
  function stripe(): Stripe {
    client ??= new Stripe(o.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(o.apiBase ? hostOptions(o.apiBase) : {}),
    });
    return client;
  }

  return {
    kind: "stripe",

    checkoutHref({ email, userId, locale }) {
      if (o.priceId) {
        // No email or user id in the link: the route takes them from the signed-in session, so a copied or edited link
        // cannot start a checkout in someone else's name.
        return `${appUrl}/api/billing/checkout?locale=${locale}`;
      }
      if (o.paymentLink) {
        const url = new URL(o.paymentLink);
        if (email) url.searchParams.set("prefilled_email", email);
        if (userId && CLIENT_REFERENCE_ID.test(userId)) url.searchParams.set("client_reference_id", userId);
        url.searchParams.set("locale", locale);
        return url.toString();
      }
      // A secret key but nothing to sell configured: registration still starts a trial without a card.
      return `${appUrl}${localizedPath(locale, "/register")}`;
    },

    async createCheckoutSession(input) {
      if (!o.priceId) throw unavailable();
      const params = checkoutParams(o.priceId, input);
      const session = await call("checkout.sessions.create", () =>
        stripe().checkout.sessions.create(params, { idempotencyKey: checkoutIdempotencyKey(input, params) }),
      );
      if (!session.url) throw unavailable();
      return { url: session.url };
    },

    portalHref({ locale }) {
      return `${appUrl}/api/billing/portal?locale=${locale}`;
    },

    async createPortalSession({ customerId, returnUrl, locale }) {
      const session = await call("billingPortal.sessions.create", () =>
        stripe().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale }),
      );
      if (!session.url) throw unavailable();
      return { url: session.url };
    },

    async cancelSubscription(subscriptionId) {
      await call("subscriptions.cancel", async () => {
        try {
          await stripe().subscriptions.cancel(subscriptionId, undefined, { idempotencyKey: `cancel:${subscriptionId}` });
        } catch (e) {
          // Already gone (deleted customer, test-mode cleanup) or already canceled: what erasure wants either way.
          const s = e instanceof Stripe.errors.StripeError ? e : null;
          if (s?.code === "resource_missing" || (s?.statusCode === 400 && /canceled/i.test(s.message ?? ""))) return;
          throw e;
        }
      });
    },
  };
}

/**
 * The no-code portal login link with the email filled in (the customer still receives a one-time code by email), or
 * null when none is configured. /api/billing/portal falls back to it for a user without a Stripe customer id.
 */
export function portalLoginHref(o: Pick<StripeBillingOptions, "portalLoginUrl">, email: string): string | null {
  if (!o.portalLoginUrl) return null;
  const url = new URL(o.portalLoginUrl);
  url.searchParams.set("prefilled_email", email);
  return url.toString();
}

function checkoutParams(priceId: string, input: CheckoutSessionInput): Stripe.Checkout.SessionCreateParams {
  const { userId, email, customerId, trial } = input;
  const metadata = userId ? { userId } : undefined;
  return {
    mode: "subscription",
    line_items: [{ price: priceId, quantity: 1 }],
    // Reusing the customer keeps one Stripe customer per user; customer and customer_email together are refused.
    ...(customerId ? { customer: customerId } : email ? { customer_email: email } : {}),
    ...(userId ? { client_reference_id: userId } : {}),
    subscription_data: {
      // Copied onto the Subscription, so customer.subscription.* events (which can arrive before
      // checkout.session.completed) name the user too.
      ...(metadata ? { metadata } : {}),
      ...(trial
        ? {
            trial_period_days: PRO_PLAN.trial.days,
            // A trial started without a card ends by cancelling, never by an unpaid invoice.
            trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
          }
        : {}),
    },
    // "if_required" lets a trial start without a card (nothing is due today); a paid start must collect one.
    payment_method_collection: trial ? "if_required" : "always",
    ...(metadata ? { metadata } : {}),
    locale: input.locale,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    allow_promotion_codes: true,
  };
}

/**
 * A double click must open the same session, not two: the same user and request within the same minute share a key,
 * e.g. "checkout:3f0c…:trial:2026-03-10T14:05:9d1e…". The digest of the parameters keeps a different request in that
 * minute (the locale switched, the trial used up) from reusing the key, which Stripe would refuse with an
 * idempotency_error. An anonymous visitor gets a random key: two visitors never share a session.
 */
function checkoutIdempotencyKey(input: CheckoutSessionInput, params: Stripe.Checkout.SessionCreateParams): string {
  const who = input.userId ?? input.email ?? `visitor-${randomUUID()}`;
  const minute = new Date().toISOString().slice(0, 16);
  const digest = sha256(JSON.stringify(params)).slice(0, 16);
  return `checkout:${who.length > MAX_KEY_PART ? sha256(who) : who}:${input.trial ? "trial" : "no-trial"}:${minute}:${digest}`;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Runs one Stripe call; any failure (network, 5xx, a revoked key, a refused parameter) becomes AppError("unavailable"). */
async function call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    const s = e instanceof Stripe.errors.StripeError ? e : null;
    logger().error(
      {
        operation,
        // rawType is Stripe's own word ("api_error", "invalid_request_error"); type is the SDK's class name.
        ...(s
          ? { type: s.rawType ?? s.type, status: s.statusCode, code: s.code, requestId: s.requestId }
          : { name: (e as Error | null)?.name }),
      },
      "stripe call failed",
    );
    throw unavailable();
  }
}

/** "http://127.0.0.1:12111" → the SDK's host, port and protocol options (it has no single base-URL option). */
function hostOptions(apiBase: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    // URL keeps the brackets of an IPv6 literal; the SDK passes host to http.request, which wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}
