// Billing end to end through the real routes on a real database: Stripe-shaped events signed with the webhook secret,
// the account lifecycle they drive (none → trial → subscribed → payment failed → lapsed → resubscribed), replays and
// reordering, a forged signature, the pending account a checkout creates (exactly one, even when the event arrives
// three times at once), its single-use setup link, what the subscription gates, and the lifecycle sweep.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { billingCheckouts, notifications, phoneNumbers, subscriptions, users, webhookEvents } from "@/db/schema";
import { issueSetupToken } from "@/lib/accounts/account/accounts.service";
import { runBillingSweep, NUMBER_GRACE_DAYS } from "@/lib/billing/account-notices";
import { checkoutOutcome } from "@/lib/billing/checkout-outcome";
import { signStripePayload } from "@/lib/vendors/stripe/webhook-signature";
import { appContext } from "@/lib/server/context";
import { addPoolNumbers, api, connectSandboxCalendar, createAdmin, registerOwner, startTrial, uniqueEmail } from "../helpers/api";
import {
  checkoutObject,
  DAY,
  deliverStripe as deliver,
  drain,
  event,
  id,
  invoiceObject,
  nowS,
  subscribe,
  subscriptionObject,
} from "../helpers/stripe-events";

const SECRET = process.env.STRIPE_WEBHOOK_SECRET!;

async function profile(token: string) {
  return (await api("GET", "/api/auth/profile", { token })).body as {
    subscriptionType: string | null;
    subscription: { status: boolean; endTime: string | null } | null;
  };
}

async function userByEmail(email: string) {
  return getDb()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

describe("Stripe webhook: signature", () => {
  it("refuses a forged, unsigned, stale or re-signed-with-another-secret event with 401 and changes nothing", async () => {
    const email = uniqueEmail("forged");
    const e = event("checkout.session.completed", checkoutObject({ sub: id("sub"), customer: id("cus"), email }));
    const raw = JSON.stringify(e);
    const forged = await deliver(raw, { "stripe-signature": signStripePayload(raw, "whsec_someone_else") });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe("Invalid webhook credentials.");
    expect((await deliver(raw, {})).status).toBe(401);
    expect((await deliver(raw, { "stripe-signature": signStripePayload(raw, SECRET, nowS() - 400) })).status).toBe(401);
    // Signed, then the body changed on the way.
    const tampered = raw.replace(email, uniqueEmail("tampered"));
    expect((await deliver(tampered, { "stripe-signature": signStripePayload(raw, SECRET) })).status).toBe(401);
    expect(await userByEmail(email)).toHaveLength(0);
    expect(await getDb().select().from(webhookEvents).where(eq(webhookEvents.eventId, e.id))).toHaveLength(0);
  });

  it("answers 400 for a signed body that is not a Stripe event, and 200 for a type it does not act on", async () => {
    const bad = await deliver(JSON.stringify({ hello: "world" }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("The webhook payload is not valid.");
    const fr = await api("POST", "/api/webhooks/stripe", {
      raw: JSON.stringify({ id: id("evt"), type: "customer.subscription.updated", created: nowS(), data: { object: { nope: true } } }),
      headers: { "accept-language": "fr" },
    });
    expect(fr.status).toBe(401);
    expect(fr.body.message).not.toMatch(/Invalid/);
    const other = await deliver(event("customer.created", { id: id("cus") }));
    expect(other.status).toBe(200);
  });
});

describe("the account lifecycle", () => {
  it("none → trial → subscribed → payment failed → lapsed → resubscribed, as the profile and the receptionist see it", async () => {
    const owner = await registerOwner();
    const userId = owner.user.id;
    expect(await profile(owner.token)).toMatchObject({ subscriptionType: null, subscription: null });

    const sub = id("sub");
    const customer = id("cus");
    const trialEnd = nowS() + 7 * DAY;
    // Stripe sends the subscription's creation before the checkout's completion, usually.
    expect(
      (
        await deliver(
          event(
            "customer.subscription.created",
            subscriptionObject({ sub, customer, status: "trialing", userId, trialEnd, periodEnd: trialEnd }),
          ),
        )
      ).status,
    ).toBe(200);
    const done = await deliver(event("checkout.session.completed", checkoutObject({ sub, customer, email: owner.email, userId })));
    expect(done.status).toBe(200);
    const trial = await profile(owner.token);
    expect(trial.subscriptionType).toBe("trial");
    expect(trial.subscription?.status).toBe(true);
    expect(new Date(trial.subscription!.endTime!).getTime()).toBe(trialEnd * 1000);

    // Trial converts: active, the first invoice paid.
    const t1 = nowS() + 1;
    await deliver(event("customer.subscription.updated", subscriptionObject({ sub, customer, status: "active", userId }), t1));
    await deliver(event("invoice.paid", invoiceObject(sub), t1));
    expect(await profile(owner.token)).toMatchObject({ subscriptionType: "subscribed", subscription: { status: true } });

    // A renewal fails: Stripe retries, the service continues, the failure is recorded.
    const t2 = t1 + 1;
    await deliver(event("invoice.payment_failed", invoiceObject(sub), t2));
    await deliver(event("customer.subscription.updated", subscriptionObject({ sub, customer, status: "past_due", userId }), t2));
    expect(await profile(owner.token)).toMatchObject({ subscriptionType: "subscribed", subscription: { status: true } });
    const [pastDue] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(pastDue!.status).toBe("past_due");
    expect(pastDue!.lastPaymentFailedAt).not.toBeNull();

    // Retries exhausted: the subscription is deleted; the account lapses.
    const t3 = t2 + 1;
    await deliver(
      event("customer.subscription.deleted", subscriptionObject({ sub, customer, status: "canceled", userId, endedAt: t3 }), t3),
    );
    const lapsed = await profile(owner.token);
    expect(lapsed).toMatchObject({ subscriptionType: "subscribed", subscription: { status: false } });

    // Resubscribes with a new checkout: a new subscription replaces the ended one.
    const sub2 = id("sub");
    const t4 = t3 + 1;
    await deliver(event("checkout.session.completed", checkoutObject({ sub: sub2, customer, email: owner.email, userId }), t4));
    await deliver(event("customer.subscription.created", subscriptionObject({ sub: sub2, customer, status: "active", userId }), t4));
    expect(await profile(owner.token)).toMatchObject({ subscriptionType: "subscribed", subscription: { status: true } });
    // A late event of the old subscription changes nothing.
    expect(
      (await deliver(event("customer.subscription.updated", subscriptionObject({ sub, customer, status: "unpaid", userId }), t4 + 5)))
        .status,
    ).toBe(200);
    const [now] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(now!.providerSubscriptionId).toBe(sub2);
    expect(now!.status).toBe("active");
    // The admin's view of it: the profile's subscription fields and the provider's status.
    const admin = await createAdmin();
    const view = await api("GET", `/api/admin/users/${userId}/subscription`, { token: admin.token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      subscriptionType: "subscribed",
      subscription: { status: true },
      billing: { provider: "sandbox", status: "active", cancelAtPeriodEnd: false },
    });
  });

  it("a replayed event changes nothing", async () => {
    const owner = await registerOwner();
    const sub = id("sub");
    const customer = id("cus");
    // The account's own checkout links the subscription and its customer; its events then apply.
    await deliver(event("checkout.session.completed", checkoutObject({ sub, customer, email: owner.email, userId: owner.user.id })));
    const created = event("customer.subscription.created", subscriptionObject({ sub, customer, status: "active", userId: owner.user.id }));
    expect((await deliver(created)).body).toMatchObject({ received: true, duplicate: false });
    const deleted = event(
      "customer.subscription.deleted",
      subscriptionObject({ sub, customer, status: "canceled", userId: owner.user.id, endedAt: nowS() }),
      created.created + 1,
    );
    await deliver(deleted);
    // The creation again (Stripe redelivers): a duplicate, and the subscription stays canceled.
    expect((await deliver(created)).body).toMatchObject({ received: true, duplicate: true });
    expect((await profile(owner.token)).subscription?.status).toBe(false);
  });

  it("applies out-of-order events by their time: a late older update does not undo a newer one", async () => {
    const owner = await registerOwner();
    const userId = owner.user.id;
    const sub = id("sub");
    const customer = id("cus");
    const t = nowS();
    await deliver(event("checkout.session.completed", checkoutObject({ sub, customer, email: owner.email, userId })));
    // Deletion delivered before the update that preceded it.
    await deliver(
      event("customer.subscription.deleted", subscriptionObject({ sub, customer, status: "canceled", userId, endedAt: t + 10 }), t + 10),
    );
    await deliver(event("customer.subscription.updated", subscriptionObject({ sub, customer, status: "active", userId }), t + 5));
    await deliver(
      event("customer.subscription.created", subscriptionObject({ sub, customer, status: "trialing", userId, trialEnd: t + 7 * DAY }), t),
    );
    const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row!.status).toBe("canceled");

    // Within one second, an update beats the creation whatever the delivery order.
    const other = await registerOwner();
    const sub2 = id("sub");
    const customer2 = id("cus");
    const s = nowS();
    await deliver(
      event("checkout.session.completed", checkoutObject({ sub: sub2, customer: customer2, email: other.email, userId: other.user.id })),
    );
    await deliver(
      event(
        "customer.subscription.updated",
        subscriptionObject({ sub: sub2, customer: customer2, status: "active", userId: other.user.id }),
        s,
      ),
    );
    await deliver(
      event(
        "customer.subscription.created",
        subscriptionObject({ sub: sub2, customer: customer2, status: "incomplete", userId: other.user.id }),
        s,
      ),
    );
    expect((await profile(other.token)).subscription?.status).toBe(true);
  });
});

describe("a checkout for an unknown email", () => {
  it("creates exactly one pending account when the event arrives three times at once, and emails one setup link", async () => {
    const email = uniqueEmail("payer");
    const sub = id("sub");
    const customer = id("cus");
    // The subscription's own event first: nobody to attach it to yet, it waits for the checkout.
    await deliver(
      event("customer.subscription.created", subscriptionObject({ sub, customer, status: "trialing", trialEnd: nowS() + 7 * DAY })),
    );
    const completed = event("checkout.session.completed", checkoutObject({ sub, customer, email: email.toUpperCase(), locale: "fr" }));
    const results = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);

    const accounts = await userByEmail(email);
    expect(accounts).toHaveLength(1);
    const account = accounts[0]!;
    expect(account.passwordHash).toBeNull();
    expect(account.locale).toBe("fr");
    const [sub0] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, account.id));
    expect(sub0).toMatchObject({ providerSubscriptionId: sub, status: "trialing" });
    expect(await checkoutOutcome(getDb(), (completed.data.object as { id: string }).id)).toBe("pending");

    await drain();
    const mails = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, account.id), eq(notifications.channel, "email")));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Créez votre compte Recepta");
    const link = mail.links[0]!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/fr\/setup-account\/[A-Za-z0-9_-]+$/);
    expect(mail.body).toContain(link);
    // Drained again: nothing more is sent.
    await drain();
    expect(await getDb().select().from(notifications).where(eq(notifications.userId, account.id))).toHaveLength(1);

    // The link works once.
    const token = link.split("/").at(-1)!;
    expect((await api("GET", `/api/auth/validate-setup-token/${token}`)).body).toMatchObject({ email: email.toLowerCase() });
    expect(
      (await api("POST", "/api/auth/complete-setup", { body: { token, name: "Paula Payer", password: "my-good-password" } })).status,
    ).toBe(200);
    expect((await api("POST", "/api/auth/complete-setup", { body: { token, name: "Mallory", password: "take-over-pass" } })).status).toBe(
      404,
    );
    expect(await checkoutOutcome(getDb(), (completed.data.object as { id: string }).id)).toBe("ready");
    const signedIn = await api("POST", "/api/auth/login", { body: { email, password: "my-good-password" } });
    expect(signedIn.status).toBe(200);
    expect((await profile(signedIn.body.token)).subscriptionType).toBe("trial");
  });

  it("creates one account when two different checkout events for the same new email race", async () => {
    const email = uniqueEmail("twice");
    const a = event("checkout.session.completed", checkoutObject({ sub: id("sub"), customer: id("cus"), email }));
    const b = event("checkout.session.completed", checkoutObject({ sub: id("sub"), customer: id("cus"), email }));
    const [ra, rb] = await Promise.all([deliver(a), deliver(b)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(await userByEmail(email)).toHaveLength(1);
    expect(
      await getDb()
        .select()
        .from(billingCheckouts)
        .where(eq(billingCheckouts.userId, (await userByEmail(email))[0]!.id)),
    ).toHaveLength(2);
  });

  it("a setup link expires", async () => {
    const email = uniqueEmail("late");
    await deliver(event("checkout.session.completed", checkoutObject({ sub: id("sub"), customer: id("cus"), email })));
    const [account] = await userByEmail(email);
    const expired = await issueSetupToken(getDb(), account!.id, -1000);
    expect((await api("GET", `/api/auth/validate-setup-token/${expired}`)).status).toBe(404);
    expect(
      (await api("POST", "/api/auth/complete-setup", { body: { token: expired, name: "Late", password: "late-password" } })).status,
    ).toBe(404);
  });
});

describe("a checkout cannot take over an account", () => {
  it("a payer typing someone's email does not displace their live subscription", async () => {
    const victim = await registerOwner();
    const mine = id("sub");
    const customer = id("cus");
    await subscribe({ id: victim.user.id, email: victim.email }, { sub: mine, customer, status: "active" });
    // Someone else's Payment Link checkout with the victim's email (no client_reference_id), events in both orders.
    const theirs = id("sub");
    const other = id("cus");
    await deliver(
      event(
        "customer.subscription.created",
        subscriptionObject({ sub: theirs, customer: other, status: "trialing", trialEnd: nowS() + 7 * DAY }),
      ),
    );
    await deliver(event("checkout.session.completed", checkoutObject({ sub: theirs, customer: other, email: victim.email })));
    const theirs2 = id("sub");
    await deliver(event("checkout.session.completed", checkoutObject({ sub: theirs2, customer: id("cus"), email: victim.email })));
    // The stranger cancels: the victim's subscription is untouched.
    await deliver(
      event(
        "customer.subscription.deleted",
        subscriptionObject({ sub: theirs, customer: other, status: "canceled", endedAt: nowS() }),
        nowS() + 1,
      ),
    );
    const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, victim.user.id));
    expect(row).toMatchObject({ providerSubscriptionId: mine, status: "active" });
    expect((await profile(victim.token)).subscription?.status).toBe(true);
  });

  it("registering with the email of an account a checkout left pending sends that address a new setup link", async () => {
    const email = uniqueEmail("pending");
    await deliver(event("checkout.session.completed", checkoutObject({ sub: id("sub"), customer: id("cus"), email })));
    await drain();
    const [account] = await userByEmail(email);
    const before = await getDb().select().from(notifications).where(eq(notifications.userId, account!.id));
    expect(before).toHaveLength(1);
    const res = await api("POST", "/api/auth/register", { body: { email, password: "someone-else-1", fullName: "Someone" } });
    // The one answer for every taken email (auth-limits.test.ts compares it with a set-up account's).
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      "We couldn't create an account with this email. If it's yours, we've sent you an email with what to do next.",
    );
    // Twice within the hour: one more email, not two.
    await api("POST", "/api/auth/register", { body: { email, password: "someone-else-1", fullName: "Someone" } });
    await drain();
    const after = await getDb().select().from(notifications).where(eq(notifications.userId, account!.id));
    expect(after).toHaveLength(2);
    expect(after.every((m) => m.recipient === email)).toBe(true);
    // The account is still pending: nobody got in.
    expect((await userByEmail(email))[0]!.passwordHash).toBeNull();
  });
});

describe("what the subscription gates", () => {
  it("claiming a number needs a live trial or subscription", async () => {
    await addPoolNumbers(2);
    const owner = await registerOwner();
    await connectSandboxCalendar(owner.token);
    const refused = await api("GET", "/api/phone-numbers/claim", { token: owner.token, headers: { "accept-language": "fr" } });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe("Un essai ou un abonnement actif est nécessaire pour obtenir un numéro de téléphone.");
    await startTrial(owner.token);
    expect((await api("GET", "/api/phone-numbers/claim", { token: owner.token })).status).toBe(200);
  });
});

describe("the lifecycle sweep", () => {
  it("warns two days before a trial ends, tells a lapsed owner once, and gives the number back after the grace period", async () => {
    await addPoolNumbers(1);
    const owner = await registerOwner();
    await connectSandboxCalendar(owner.token);
    await startTrial(owner.token);
    const { phoneNumber } = (await api("GET", "/api/phone-numbers/claim", { token: owner.token })).body;
    const [record] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, owner.user.id));
    const trialEnd = record!.trialEndsAt!;
    const notices = appContext().notices;
    const at = (ms: number) => ({ ...notices, now: () => new Date(ms) });
    const mailsTo = async () =>
      getDb()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.user.id), eq(notifications.channel, "email")));

    // Three days before: nothing. One day before: the warning, once.
    await runBillingSweep(at(trialEnd.getTime() - 3 * DAY * 1000));
    expect(await mailsTo()).toHaveLength(0);
    await runBillingSweep(at(trialEnd.getTime() - DAY * 1000));
    await runBillingSweep(at(trialEnd.getTime() - DAY * 1000 + 60_000));
    const warned = await mailsTo();
    expect(warned).toHaveLength(1);
    expect(warned[0]!.subject).toMatch(/^Your Recepta free trial ends on /);

    // After the end: the lapse notice, once, naming the number and how long it is kept.
    await runBillingSweep(at(trialEnd.getTime() + 60_000));
    await runBillingSweep(at(trialEnd.getTime() + 120_000));
    const after = await mailsTo();
    expect(after).toHaveLength(2);
    const lapse = after.find((m) => m.subject === "Your Recepta subscription has ended")!;
    expect(lapse.body).toContain(phoneNumber);
    expect(lapse.body).toContain("Your Recepta free trial ended on");

    // Within the grace period the number stays; after it, it is back in the pool, once.
    await runBillingSweep(at(trialEnd.getTime() + (NUMBER_GRACE_DAYS - 1) * DAY * 1000));
    expect(((await profile(owner.token)) as { telnyxPhoneNumber?: string }).telnyxPhoneNumber).toBe(phoneNumber);
    const released = await runBillingSweep(at(trialEnd.getTime() + (NUMBER_GRACE_DAYS + 1) * DAY * 1000));
    expect(released.released).toBeGreaterThanOrEqual(1);
    const [row] = await getDb().select().from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, phoneNumber));
    expect(row!.assignedToUserId).toBeNull();
    const again = await runBillingSweep(at(trialEnd.getTime() + (NUMBER_GRACE_DAYS + 2) * DAY * 1000));
    expect(await mailsTo()).toHaveLength(2);
    expect(again.lapsed).toBe(0);
  });

  it("writes nothing to a deactivated account or about a first payment still in progress", async () => {
    const admin = await createAdmin();
    const idle = await registerOwner();
    await startTrial(idle.token);
    expect((await api("PUT", `/api/admin/users/${idle.user.id}/status`, { token: admin.token, body: { isActive: false } })).status).toBe(
      200,
    );
    const paying = await registerOwner();
    await deliver(
      event(
        "customer.subscription.created",
        subscriptionObject({ sub: id("sub"), customer: id("cus"), status: "incomplete", userId: paying.user.id }),
      ),
    );
    const [trial] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, idle.user.id));
    const notices = appContext().notices;
    for (const at of [trial!.trialEndsAt!.getTime() - DAY * 1000, trial!.trialEndsAt!.getTime() + 60_000]) {
      await runBillingSweep({ ...notices, now: () => new Date(at) });
    }
    for (const u of [idle, paying]) {
      expect(await getDb().select().from(notifications).where(eq(notifications.userId, u.user.id))).toHaveLength(0);
    }
  });
});

describe("the sandbox checkout and portal", () => {
  it("answers 'Start free trial' and 'Manage Subscription' through the API routes with the sandbox's pages, never a 5xx", async () => {
    const anonymous = await api("GET", "/api/billing/checkout?locale=fr");
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(303);
    expect(anonymous.headers.get("location")).toBe("http://localhost:3000/fr/sandbox/checkout");
    const owner = await registerOwner();
    const signedIn = await api("GET", "/api/billing/checkout", { token: owner.token });
    expect(signedIn.status).toBe(303);
    const url = new URL(signedIn.headers.get("location")!);
    expect(url.pathname).toBe("/sandbox/checkout");
    expect(url.searchParams.get("prefilled_email")).toBe(owner.email);
    expect(url.searchParams.get("client_reference_id")).toBe(owner.user.id);
    // No billing account yet: back to the subscription page; with one (a sandbox checkout), the sandbox portal.
    const portal = await api("GET", "/api/billing/portal?locale=es", { token: owner.token });
    expect(portal.status).toBe(303);
    expect(portal.headers.get("location")).toBe("http://localhost:3000/es/dashboard/subscription");
  });

  it("pays through the signed webhook path: a pending account with a trial, the thank-you state, then a cancel lapses it", async () => {
    const email = uniqueEmail("sandbox");
    const paid = await api("POST", "/api/sandbox/billing/checkout", { body: { email, locale: "es" } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.redirect).toMatch(/^\/es\/thankyou\?session_id=cs_sandbox_/);
    const [account] = await userByEmail(email);
    expect(account!.passwordHash).toBeNull();
    expect(await checkoutOutcome(getDb(), paid.body.sessionId)).toBe("pending");
    const events = await getDb()
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.eventId} like 'evt_sandbox_%'`);
    expect(events.length).toBeGreaterThanOrEqual(3);

    await drain();
    const [mail] = await getDb().select().from(notifications).where(eq(notifications.userId, account!.id));
    const token = mail!.links[0]!.split("/").at(-1)!;
    // The checkout knew no name: validate gives a blank one back, and the wizard sends it as is (Your Information asks next).
    expect((await api("GET", `/api/auth/validate-setup-token/${token}`)).body).toEqual({ email, name: "" });
    expect((await api("POST", "/api/auth/complete-setup", { body: { token, name: "", password: "sandbox-password" } })).status).toBe(200);
    const login = await api("POST", "/api/auth/login", { body: { email, password: "sandbox-password" } });
    expect((await profile(login.body.token)).subscriptionType).toBe("trial");

    const cancelled = await api("POST", "/api/sandbox/billing/cancel", { token: login.body.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ subscriptionType: "subscribed", subscription: { status: false } });
    // Ended now, not at the end of the trial it cut short.
    expect(Math.abs(new Date(cancelled.body.subscription.endTime).getTime() - Date.now())).toBeLessThan(60_000);
    const again = await api("POST", "/api/sandbox/billing/cancel", { token: login.body.token });
    expect(again.status).toBe(409);

    // Resubscribing from the sandbox checkout (signed in: client_reference_id) gives no second trial.
    const back = await api("POST", "/api/sandbox/billing/checkout", {
      token: login.body.token,
      body: { email, clientReferenceId: account!.id },
    });
    expect(back.status).toBe(200);
    expect(await profile(login.body.token)).toMatchObject({ subscriptionType: "subscribed", subscription: { status: true } });
  });

  it("refuses a bad email with a message, and an unknown session id is 'unknown' on the thank-you page", async () => {
    const bad = await api("POST", "/api/sandbox/billing/checkout", { body: { email: "not-an-email" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    expect(await checkoutOutcome(getDb(), `cs_${randomUUID()}`)).toBe("unknown");
    expect(await checkoutOutcome(getDb(), "../../etc")).toBe("unknown");
  });
});

describe("an erased account", () => {
  it("stays erased: the cancellation's webhook and a checkout retried days later bring back neither the account nor its subscription", async () => {
    const owner = await registerOwner();
    const sub = id("sub");
    const customer = id("cus");
    const checkout = checkoutObject({ sub, customer, email: owner.email, userId: owner.user.id });
    expect((await deliver(event("checkout.session.completed", checkout))).status).toBe(200);
    expect(
      (
        await deliver(
          event(
            "customer.subscription.created",
            subscriptionObject({ sub, customer, status: "trialing", userId: owner.user.id, trialEnd: nowS() + 7 * DAY }),
          ),
        )
      ).status,
    ).toBe(200);
    expect((await profile(owner.token)).subscriptionType).toBeTruthy();

    const erased = await api("DELETE", "/api/account", { token: owner.token, body: { password: owner.password } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);

    const late = [
      event(
        "customer.subscription.deleted",
        subscriptionObject({ sub, customer, status: "canceled", userId: owner.user.id, endedAt: nowS() }),
      ),
      event("checkout.session.completed", checkout),
      event("invoice.paid", invoiceObject(sub)),
    ];
    for (const e of late) expect((await deliver(e)).status).toBe(200);
    await drain();
    const db = getDb();
    expect(await userByEmail(owner.email)).toEqual([]);
    expect(await db.$count(subscriptions, eq(subscriptions.providerSubscriptionId, sub))).toBe(0);
    expect(await db.$count(subscriptions, eq(subscriptions.providerCustomerId, customer))).toBe(0);
    expect(await db.$count(notifications, eq(notifications.recipient, owner.email))).toBe(0);
  });
});
