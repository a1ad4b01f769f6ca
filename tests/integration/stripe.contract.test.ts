// The real Stripe SDK, pointed at a local HTTP server through apiBase: checks the method, path, headers and
// form-encoded body the billing adapter sends (Checkout Session with and without a trial, billing portal session), the
// idempotency key a double click shares, how Stripe's failures surface, and the links it builds without a call.
// No network and no database.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/platform/errors";
import type { CheckoutSessionInput } from "@/lib/ports/billing";
import { createStripeBilling, portalLoginHref, type StripeBillingOptions } from "@/lib/vendors/stripe/billing";
import { captureLogs } from "@/tests/helpers/logs";

type Recorded = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };
type Reply = { status?: number; headers?: Record<string, string>; body: unknown };

let server: Server;
let origin = "";
let requests: Recorded[] = [];
let respond: (r: Recorded) => Reply = () => ({ status: 500, body: { error: { type: "api_error", message: "no handler" } } });

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const rec: Recorded = {
        method: req.method ?? "",
        path: url.pathname,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
      };
      requests.push(rec);
      const reply = respond(rec);
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", "request-id": "req_test_1", ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  // Only Date is faked: the idempotency key's minute is fixed, while the SDK's sockets and retry timers run for real.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-10T14:05:10.000Z"));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const SECRET_KEY = "sk_test_recepta_contract";
const APP_URL = "https://app.example.com";
const PRICE_ID = "price_1ProMonthly";
const USER_ID = "3f0c9a52-6b1e-4c1a-9a77-2d5e8f1b0c44";
const SESSION_URL = "https://checkout.stripe.com/c/pay/cs_test_a1";
const PORTAL_URL = "https://billing.stripe.com/p/session/test_YWNjdF8x";
/** What a failing Stripe says; none of it may reach our error (it can quote emails and customer ids). */
const STRIPE_TEXT = "Internal failure while handling jenny.rosen@example.com";

const billing = (over: Partial<StripeBillingOptions> = {}) =>
  createStripeBilling({ secretKey: SECRET_KEY, appUrl: APP_URL, apiBase: origin, priceId: PRICE_ID, ...over });

const checkoutInput = (over: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput => ({
  email: "jenny.rosen@example.com",
  userId: USER_ID,
  locale: "fr",
  customerId: null,
  trial: true,
  successUrl: `${APP_URL}/fr/dashboard/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${APP_URL}/fr/dashboard/subscription?checkout=cancelled`,
  ...over,
});

const sessionReply = (): Reply => ({ body: { id: "cs_test_a1", object: "checkout.session", mode: "subscription", url: SESSION_URL } });
const stripeFailure = (status: number, type: string, headers?: Record<string, string>): Reply => ({
  status,
  headers,
  body: { error: { type, message: STRIPE_TEXT } },
});

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("createStripeBilling: createCheckoutSession", () => {
  it("creates a subscription session with a 7-day trial that needs no card, for the user, in their locale", async () => {
    respond = sessionReply;

    const result = await billing().createCheckoutSession(checkoutInput());

    expect(result).toEqual({ url: SESSION_URL });
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(`${r!.method} ${r!.path}`).toBe("POST /v1/checkout/sessions");
    expect(r!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(r!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(r!.form)).toEqual({
      mode: "subscription",
      "line_items[0][price]": PRICE_ID,
      "line_items[0][quantity]": "1",
      customer_email: "jenny.rosen@example.com",
      client_reference_id: USER_ID,
      "subscription_data[metadata][userId]": USER_ID,
      "subscription_data[trial_period_days]": "7",
      "subscription_data[trial_settings][end_behavior][missing_payment_method]": "cancel",
      payment_method_collection: "if_required",
      "metadata[userId]": USER_ID,
      locale: "fr",
      success_url: `${APP_URL}/fr/dashboard/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/fr/dashboard/subscription?checkout=cancelled`,
      allow_promotion_codes: "true",
    });
    // Stripe replaces the placeholder only if it arrives as is once the form is decoded.
    expect(r!.form.get("success_url")).toContain("{CHECKOUT_SESSION_ID}");
    expect(r!.headers["idempotency-key"]).toMatch(new RegExp(`^checkout:${USER_ID}:trial:2026-03-10T14:05:`));
    // telemetry: false — no usage metrics header rides along.
    expect(r!.headers["x-stripe-client-telemetry"]).toBeUndefined();
  });

  it("reuses a known customer instead of the email, and starts a paid subscription at once without a trial", async () => {
    respond = sessionReply;

    await billing().createCheckoutSession(checkoutInput({ customerId: "cus_Q1known", trial: false, locale: "en" }));

    const form = requests[0]!.form;
    expect(form.get("customer")).toBe("cus_Q1known");
    expect(form.has("customer_email")).toBe(false);
    expect(form.has("subscription_data[trial_period_days]")).toBe(false);
    expect(form.has("subscription_data[trial_settings][end_behavior][missing_payment_method]")).toBe(false);
    expect(form.get("subscription_data[metadata][userId]")).toBe(USER_ID);
    expect(form.get("payment_method_collection")).toBe("always");
    expect(form.get("locale")).toBe("en");
    expect(requests[0]!.headers["idempotency-key"]).toMatch(new RegExp(`^checkout:${USER_ID}:no-trial:`));
  });

  it("sends the same Idempotency-Key for a double click within the minute, and a new one a minute later", async () => {
    respond = sessionReply;
    const adapter = billing();

    await adapter.createCheckoutSession(checkoutInput());
    vi.setSystemTime(new Date("2026-03-10T14:05:40.000Z"));
    await adapter.createCheckoutSession(checkoutInput());
    vi.setSystemTime(new Date("2026-03-10T14:06:05.000Z"));
    await adapter.createCheckoutSession(checkoutInput());

    const keys = requests.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("gives a different request in the same minute its own key (Stripe refuses a reused key with other parameters)", async () => {
    respond = sessionReply;
    const adapter = billing();

    await adapter.createCheckoutSession(checkoutInput({ locale: "fr" }));
    await adapter.createCheckoutSession(checkoutInput({ locale: "es" }));

    expect(requests[1]!.headers["idempotency-key"]).not.toBe(requests[0]!.headers["idempotency-key"]);
  });

  it("never shares a key between two anonymous visitors, and sends neither customer nor user fields for them", async () => {
    respond = sessionReply;
    const adapter = billing();
    const visitor = checkoutInput({ email: null, userId: null });

    await adapter.createCheckoutSession(visitor);
    await adapter.createCheckoutSession(visitor);

    const [a, b] = requests;
    expect(a!.headers["idempotency-key"]).toMatch(/^checkout:visitor-[0-9a-f-]{36}:trial:/);
    expect(b!.headers["idempotency-key"]).not.toBe(a!.headers["idempotency-key"]);
    for (const field of ["customer", "customer_email", "client_reference_id", "metadata[userId]", "subscription_data[metadata][userId]"]) {
      expect(a!.form.has(field)).toBe(false);
    }
    expect(a!.form.get("subscription_data[trial_period_days]")).toBe("7");
  });

  it("refuses without a price id, before calling Stripe", async () => {
    const error = await failureOf(
      billing({ priceId: undefined, paymentLink: "https://buy.stripe.com/test_abc" }).createCheckoutSession(checkoutInput()),
    );
    expect(error).toMatchObject({ code: "unavailable", messageKey: "paymentUnavailable" });
    expect(requests).toHaveLength(0);
  });

  it("reports a session that comes back without a url as unavailable", async () => {
    respond = () => ({ body: { id: "cs_test_a2", object: "checkout.session", url: null } });
    const error = await failureOf(billing().createCheckoutSession(checkoutInput()));
    expect(error.code).toBe("unavailable");
  });
});

describe("createStripeBilling: Stripe failures", () => {
  it("retries a 500 twice with the same key, then fails as unavailable without Stripe's text", async () => {
    const logs = captureLogs();
    respond = () => stripeFailure(500, "api_error");

    const error = await failureOf(billing().createCheckoutSession(checkoutInput())).finally(logs.restore);

    expect(error).toMatchObject({ code: "unavailable", messageKey: "paymentUnavailable" });
    expect(error.message).not.toContain(STRIPE_TEXT);
    expect(JSON.stringify(error)).not.toContain("jenny.rosen");
    // maxNetworkRetries: 2 — the first try and two retries, all one idempotent request to Stripe.
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers["idempotency-key"])).size).toBe(1);
    // The log names the failure without Stripe's message or the email it quoted.
    const logged = logs.text();
    expect(logs.entries()).toEqual([expect.objectContaining({ level: "error", msg: "stripe call failed", type: "api_error" })]);
    expect(logged).not.toContain("jenny.rosen");
  });

  it("does not retry a 500 Stripe marks as not retryable", async () => {
    respond = () => stripeFailure(500, "api_error", { "stripe-should-retry": "false" });
    const error = await failureOf(
      billing().createPortalSession({ customerId: "cus_Q1known", returnUrl: `${APP_URL}/dashboard`, locale: "en" }),
    );
    expect(error.code).toBe("unavailable");
    expect(requests).toHaveLength(1);
  });

  it("maps a rejected secret key (401) to unavailable, for checkout and portal alike", async () => {
    respond = () => stripeFailure(401, "invalid_request_error");
    const adapter = billing();

    const checkout = await failureOf(adapter.createCheckoutSession(checkoutInput()));
    const portal = await failureOf(
      adapter.createPortalSession({ customerId: "cus_Q1known", returnUrl: `${APP_URL}/dashboard`, locale: "en" }),
    );

    for (const error of [checkout, portal]) {
      expect(error).toMatchObject({ code: "unavailable", messageKey: "paymentUnavailable" });
      expect(error.message).not.toContain(STRIPE_TEXT);
    }
    expect(requests).toHaveLength(2); // a 401 is final: no retry
  });

  it("maps an unreachable Stripe to unavailable", async () => {
    // A port nothing listens on: the connection is refused on every try.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await failureOf(billing({ apiBase: `http://127.0.0.1:${port}` }).createCheckoutSession(checkoutInput()));
    expect(error).toMatchObject({ code: "unavailable", messageKey: "paymentUnavailable" });
  });
});

describe("createStripeBilling: createPortalSession", () => {
  it("POSTs /v1/billing_portal/sessions for the customer with our return URL and the locale", async () => {
    respond = () => ({ body: { id: "bps_test_1", object: "billing_portal.session", url: PORTAL_URL } });

    const result = await billing().createPortalSession({
      customerId: "cus_Q1known",
      returnUrl: `${APP_URL}/fr/dashboard/subscription`,
      locale: "fr",
    });

    expect(result).toEqual({ url: PORTAL_URL });
    const [r] = requests;
    expect(`${r!.method} ${r!.path}`).toBe("POST /v1/billing_portal/sessions");
    expect(r!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(r!.form)).toEqual({
      customer: "cus_Q1known",
      return_url: `${APP_URL}/fr/dashboard/subscription`,
      locale: "fr",
    });
  });
});

describe("createStripeBilling: cancelSubscription (account erasure)", () => {
  it("DELETEs /v1/subscriptions/{id} at once, with an idempotency key of its own", async () => {
    respond = () => ({ body: { id: "sub_Erase1", object: "subscription", status: "canceled" } });
    await billing().cancelSubscription("sub_Erase1");
    const [r] = requests;
    expect(`${r!.method} ${r!.path}`).toBe("DELETE /v1/subscriptions/sub_Erase1");
    expect(r!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(r!.headers["idempotency-key"]).toBe("cancel:sub_Erase1");
  });

  it("counts a subscription Stripe no longer knows as cancelled", async () => {
    respond = () => ({
      status: 404,
      body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription: 'sub_Gone'" } },
    });
    await expect(billing().cancelSubscription("sub_Gone")).resolves.toBeUndefined();
  });

  it("fails as unavailable when Stripe can't cancel, so nothing is erased while the subscription still charges", async () => {
    respond = () => stripeFailure(401, "invalid_request_error");
    const error = await failureOf(billing().cancelSubscription("sub_Live"));
    expect(error).toMatchObject({ code: "unavailable", messageKey: "paymentUnavailable" });
  });
});

describe("createStripeBilling: links", () => {
  const PAYMENT_LINK = "https://buy.stripe.com/test_28o5lq0Zx";

  it("personalizes the Payment Link: encoded email, a valid client_reference_id, the locale", () => {
    const adapter = billing({ priceId: undefined, paymentLink: PAYMENT_LINK });

    const href = adapter.checkoutHref({ email: "jenny.rosen@example.com", userId: USER_ID, locale: "fr" });

    expect(href.startsWith(`${PAYMENT_LINK}?`)).toBe(true);
    expect(href).toContain("prefilled_email=jenny.rosen%40example.com");
    const params = new URL(href).searchParams;
    expect(params.get("client_reference_id")).toBe(USER_ID);
    expect(params.get("locale")).toBe("fr");
  });

  it("leaves out a client_reference_id Stripe would silently drop, and the email when there is none", () => {
    const adapter = billing({ priceId: undefined, paymentLink: PAYMENT_LINK });
    const params = new URL(adapter.checkoutHref({ email: null, userId: "team/42", locale: "en" })).searchParams;
    expect(params.has("client_reference_id")).toBe(false);
    expect(params.has("prefilled_email")).toBe(false);
    expect(params.get("locale")).toBe("en");
  });

  it("points at our checkout route when a price id is set, with no email or user id in the link", () => {
    const href = billing({ paymentLink: PAYMENT_LINK }).checkoutHref({ email: "jenny.rosen@example.com", userId: USER_ID, locale: "es" });
    expect(href).toBe(`${APP_URL}/api/billing/checkout?locale=es`);
  });

  it("falls back to registration (localized) when neither a price nor a Payment Link is configured", () => {
    const adapter = billing({ priceId: undefined });
    expect(adapter.checkoutHref({ email: null, userId: null, locale: "en" })).toBe(`${APP_URL}/register`);
    expect(adapter.checkoutHref({ email: null, userId: null, locale: "fr" })).toBe(`${APP_URL}/fr/register`);
  });

  it("points Manage Subscription at our portal route, and builds the no-code login link with the email", () => {
    expect(billing().portalHref({ email: "jenny.rosen@example.com", locale: "fr" })).toBe(`${APP_URL}/api/billing/portal?locale=fr`);
    expect(portalLoginHref({ portalLoginUrl: "https://billing.stripe.com/p/login/test_abc" }, "jenny.rosen@example.com")).toBe(
      "https://billing.stripe.com/p/login/test_abc?prefilled_email=jenny.rosen%40example.com",
    );
    expect(portalLoginHref({}, "jenny.rosen@example.com")).toBeNull();
  });

  it("builds links without calling Stripe", () => {
    billing().checkoutHref({ email: null, userId: null, locale: "en" });
    billing().portalHref({ email: "jenny.rosen@example.com", locale: "en" });
    expect(requests).toHaveLength(0);
  });
});
