// Who a checkout's subscription belongs to. An account's billing record, whatever made it (here mostly the in-app
// trial, which has no provider subscription id), is changed only by an event proven to be the account's: our own
// client_reference_id, or a provider customer or subscription already linked to it. A stranger who types the owner's
// email on the hosted page gets the payment held (their subscription unattached, not lost), and the owner is told by
// email and may claim it. Driven through the real routes with Stripe-shaped events signed with the webhook secret.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { billingCheckouts, notifications, subscriptions, users } from "@/db/schema";
import { checkoutOutcome } from "@/lib/billing/checkout-outcome";
import { api, createAdmin, registerOwner, startTrial, uniqueEmail } from "../helpers/api";
import {
  checkoutObject as stripeCheckout,
  DAY,
  deliverStripe,
  drain,
  event,
  id,
  nowS,
  subscribe,
  subscriptionObject,
  type Event,
} from "../helpers/stripe-events";

async function deliver(e: Event) {
  const res = await deliverStripe(e);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** A checkout as a stranger's payment looks: paid, with a name of their own. */
const checkoutObject = (o: Parameters<typeof stripeCheckout>[0]) => stripeCheckout({ paymentStatus: "paid", name: "Mallory Payer", ...o });

type View = { subscriptionType: string | null; subscription: { status: boolean; endTime: string | null } | null };

async function profile(token: string): Promise<View> {
  return (await api("GET", "/api/auth/profile", { token })).body as View;
}

async function recordOf(userId: string) {
  return (await getDb().select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
}

async function bySubscription(sub: string) {
  return (await getDb().select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub)))[0];
}

async function emailsTo(userId: string) {
  return getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.channel, "email")));
}

async function held(token: string): Promise<{ id: string; heldAt: string }[]> {
  const res = await api("GET", "/api/subscription/held", { token });
  expect(res.status).toBe(200);
  return res.body.checkouts;
}

const HELD_SUBJECT = "A Recepta Pro subscription was paid with your email address";

/** The owner's in-app trial, then a stranger's checkout with the owner's email: new customer, new subscription. */
async function strangerPaysWithOwnersEmail(opts: { eventsFirst?: boolean } = {}) {
  const owner = await registerOwner();
  await startTrial(owner.token);
  const trial = await profile(owner.token);
  const stranger = { session: id("cs"), sub: id("sub"), customer: id("cus") };
  const t = nowS();
  const checkout = () => deliver(event("checkout.session.completed", checkoutObject({ ...stranger, email: owner.email.toUpperCase() }), t));
  if (!opts.eventsFirst) await checkout();
  await deliver(event("customer.subscription.created", subscriptionObject({ ...stranger, status: "trialing", trialEnd: t + 7 * DAY }), t));
  await deliver(event("customer.subscription.updated", subscriptionObject({ ...stranger, status: "active" }), t + 1));
  if (opts.eventsFirst) await checkout();
  return { owner, trial, stranger, t };
}

describe("a stranger's checkout with an owner's email", () => {
  it("leaves the owner's in-app trial alone through the checkout and its cancellation; the payment is held and the owner told", async () => {
    const { owner, trial, stranger, t } = await strangerPaysWithOwnersEmail();
    expect(trial).toMatchObject({ subscriptionType: "trial", subscription: { status: true } });

    // The owner's trial is untouched: same record, same end.
    expect(await profile(owner.token)).toEqual(trial);
    const record = await recordOf(owner.user.id);
    expect(record).toMatchObject({ provider: null, providerSubscriptionId: null, status: "trialing" });

    // The stranger's money is not lost: their subscription exists, unattached, with the state its events gave it.
    expect(await bySubscription(stranger.sub)).toMatchObject({ userId: null, status: "active", providerCustomerId: stranger.customer });
    const [checkout] = await getDb().select().from(billingCheckouts).where(eq(billingCheckouts.sessionId, stranger.session));
    expect(checkout).toMatchObject({ userId: owner.user.id, heldSubscriptionId: stranger.sub, claimedAt: null, createdAccount: false });
    // The payer's thank-you page does not say an account is ready to sign into.
    expect(await checkoutOutcome(getDb(), stranger.session)).toBe("pending");

    // The owner is told, once, in their language, with the way to the Subscription page.
    await drain();
    await drain();
    const mails = await emailsTo(owner.user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: HELD_SUBJECT,
      recipient: owner.email,
      links: ["http://localhost:3000/dashboard/subscription"],
    });
    expect(mails[0]!.body).toContain("Your current plan is unchanged");
    expect(mails[0]!.body).toContain("If it was you, you can attach this subscription");
    expect(mails[0]!.body).toContain("our support will sort out the payer's subscription");

    // The owner's dashboard lists it; an admin sees it too.
    expect((await held(owner.token)).map((c) => c.id)).toEqual([stranger.session]);
    const admin = await createAdmin();
    const adminList = await api("GET", "/api/admin/held-checkouts", { token: admin.token });
    expect(adminList.status).toBe(200);
    expect(adminList.body.checkouts.find((c: { checkoutId: string }) => c.checkoutId === stranger.session)).toMatchObject({
      userId: owner.user.id,
      email: owner.email,
      claimedAt: null,
      subscription: { providerSubscriptionId: stranger.sub, status: "active", attached: false, live: true },
    });
    expect((await api("GET", "/api/admin/held-checkouts", { token: owner.token })).status).toBe(403);

    // The stranger cancels: the owner's trial is still there, and start-trial gives no second one.
    await deliver(event("customer.subscription.deleted", subscriptionObject({ ...stranger, status: "canceled", endedAt: t + 2 }), t + 2));
    expect(await profile(owner.token)).toEqual(trial);
    expect(await bySubscription(stranger.sub)).toMatchObject({ userId: null, status: "canceled" });
    const again = await api("POST", "/api/subscription/start-trial", { token: owner.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ subscriptionType: trial.subscriptionType, subscription: trial.subscription });
    expect((await recordOf(owner.user.id))!.id).toBe(record!.id);

    // An ended subscription is no longer offered, and cannot be claimed.
    expect(await held(owner.token)).toEqual([]);
    const claim = await api("POST", "/api/subscription/claim-held", { token: owner.token, body: { checkoutId: stranger.session } });
    expect(claim.status).toBe(409);
    expect(claim.body.message).toBe("This subscription has ended: it can no longer be attached to your account.");
    expect(await profile(owner.token)).toEqual(trial);
  });

  it("holds it too when the subscription's events come before the checkout, and a replayed checkout emails no one twice", async () => {
    const { owner, trial, stranger, t } = await strangerPaysWithOwnersEmail({ eventsFirst: true });
    expect(await profile(owner.token)).toEqual(trial);
    expect(await bySubscription(stranger.sub)).toMatchObject({ userId: null, status: "active" });
    // The same checkout in another event (a retried delivery after a lost answer).
    await deliver(event("checkout.session.completed", checkoutObject({ ...stranger, email: owner.email }), t + 3));
    // A later event of that subscription keeps it unattached: the email is no link.
    await deliver(event("customer.subscription.updated", subscriptionObject({ ...stranger, status: "past_due" }), t + 4));
    expect(await bySubscription(stranger.sub)).toMatchObject({ userId: null, status: "past_due" });
    expect(await profile(owner.token)).toEqual(trial);
    await drain();
    expect((await emailsTo(owner.user.id)).filter((m) => m.subject === HELD_SUBJECT)).toHaveLength(1);
  });

  it("lets the owner claim it if it was them: it replaces the in-app trial, once, and nobody else can claim it", async () => {
    const { owner, stranger, t } = await strangerPaysWithOwnersEmail({ eventsFirst: true });
    const other = await registerOwner();
    const notTheirs = await api("POST", "/api/subscription/claim-held", { token: other.token, body: { checkoutId: stranger.session } });
    expect(notTheirs.status).toBe(404);
    expect((await api("POST", "/api/subscription/claim-held", { body: { checkoutId: stranger.session } })).status).toBe(401);
    expect((await api("POST", "/api/subscription/claim-held", { token: owner.token, body: { checkoutId: "../x" } })).status).toBe(400);

    const claimed = await api("POST", "/api/subscription/claim-held", { token: owner.token, body: { checkoutId: stranger.session } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toMatchObject({ subscriptionType: "subscribed", subscription: { status: true } });
    expect(await profile(owner.token)).toMatchObject({ subscriptionType: "subscribed", subscription: { status: true } });
    const record = await recordOf(owner.user.id);
    expect(record).toMatchObject({ providerSubscriptionId: stranger.sub, providerCustomerId: stranger.customer, status: "active" });
    expect(await getDb().$count(subscriptions, eq(subscriptions.userId, owner.user.id))).toBe(1);
    const [checkout] = await getDb().select().from(billingCheckouts).where(eq(billingCheckouts.sessionId, stranger.session));
    expect(checkout!.claimedAt).not.toBeNull();
    expect(await held(owner.token)).toEqual([]);
    expect((await api("POST", "/api/subscription/claim-held", { token: owner.token, body: { checkoutId: stranger.session } })).status).toBe(
      404,
    );

    // Its later events now apply to the owner's account; its customer is the account's.
    await deliver(event("customer.subscription.deleted", subscriptionObject({ ...stranger, status: "canceled", endedAt: t + 5 }), t + 5));
    expect(await profile(owner.token)).toMatchObject({ subscriptionType: "subscribed", subscription: { status: false } });
  });

  it("claims two at once only once", async () => {
    const { owner, stranger } = await strangerPaysWithOwnersEmail();
    const results = await Promise.all(
      [1, 2, 3].map(() => api("POST", "/api/subscription/claim-held", { token: owner.token, body: { checkoutId: stranger.session } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    expect((await recordOf(owner.user.id))!.providerSubscriptionId).toBe(stranger.sub);
  });

  it("never attaches a held subscription over a live one at the provider", async () => {
    const owner = await registerOwner();
    const mine = { sub: id("sub"), customer: id("cus") };
    await subscribe({ id: owner.user.id, email: owner.email }, { ...mine, status: "active" });
    const stranger = { session: id("cs"), sub: id("sub"), customer: id("cus") };
    await deliver(event("checkout.session.completed", checkoutObject({ ...stranger, email: owner.email })));
    expect((await recordOf(owner.user.id))!.providerSubscriptionId).toBe(mine.sub);
    expect(await bySubscription(stranger.sub)).toMatchObject({ userId: null, status: "trialing" });
    const claim = await api("POST", "/api/subscription/claim-held", { token: owner.token, body: { checkoutId: stranger.session } });
    expect(claim.status).toBe(409);
    expect((await recordOf(owner.user.id))!.providerSubscriptionId).toBe(mine.sub);
  });

  it("the sandbox checkout typing a set-up owner's email is held the same way", async () => {
    const owner = await registerOwner();
    await startTrial(owner.token);
    const trial = await profile(owner.token);
    const paid = await api("POST", "/api/sandbox/billing/checkout", { body: { email: owner.email, locale: "fr" } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await profile(owner.token)).toEqual(trial);
    expect(await checkoutOutcome(getDb(), paid.body.sessionId)).toBe("pending");
    expect(await held(owner.token)).toHaveLength(1);
  });

  it("the sandbox checkout's reference is no proof from a stranger: the owner's id typed into the link is held too", async () => {
    const owner = await registerOwner();
    await startTrial(owner.token);
    const trial = await profile(owner.token);
    const forged = await api("POST", "/api/sandbox/billing/checkout", {
      body: { email: owner.email, clientReferenceId: owner.user.id, locale: "en" },
    });
    expect(forged.status, JSON.stringify(forged.body)).toBe(200);
    expect(await profile(owner.token)).toEqual(trial);
    expect(await held(owner.token)).toHaveLength(1);
  });
});

describe("a subscription event names no account by itself", () => {
  it("a signed deletion of a subscription and customer never recorded, whose metadata names an account, leaves its trial alone", async () => {
    const owner = await registerOwner();
    await startTrial(owner.token);
    const trial = await profile(owner.token);
    expect(trial.subscription?.status).toBe(true);
    const unknown = { sub: id("sub"), customer: id("cus") };
    for (const type of ["customer.subscription.created", "customer.subscription.deleted"]) {
      const res = await deliver(
        event(type, subscriptionObject({ ...unknown, status: "canceled", userId: owner.user.id, endedAt: nowS() })),
      );
      expect(res.status).toBe(200);
    }
    expect(await profile(owner.token)).toEqual(trial);
    // Kept apart, for a checkout that may still link it; no account of it.
    expect(await bySubscription(unknown.sub)).toMatchObject({ userId: null });
  });
});

describe("a checkout proven to be the account's", () => {
  it("replaces the in-app trial when it carries our client_reference_id", async () => {
    const owner = await registerOwner();
    await startTrial(owner.token);
    const mine = { session: id("cs"), sub: id("sub"), customer: id("cus") };
    await deliver(event("checkout.session.completed", checkoutObject({ ...mine, email: owner.email, userId: owner.user.id })));
    await deliver(event("customer.subscription.created", subscriptionObject({ ...mine, status: "active", userId: owner.user.id })));
    expect(await recordOf(owner.user.id)).toMatchObject({ providerSubscriptionId: mine.sub, status: "active" });
    expect(await profile(owner.token)).toMatchObject({ subscriptionType: "subscribed", subscription: { status: true } });
    expect(await checkoutOutcome(getDb(), mine.session)).toBe("ready");
    expect(await held(owner.token)).toEqual([]);
    await drain();
    expect((await emailsTo(owner.user.id)).filter((m) => m.subject === HELD_SUBJECT)).toHaveLength(0);
  });

  it("links when its customer is already the account's", async () => {
    const owner = await registerOwner();
    const first = { session: id("cs"), sub: id("sub"), customer: id("cus") };
    await deliver(event("checkout.session.completed", checkoutObject({ ...first, email: owner.email, userId: owner.user.id })));
    const t = nowS();
    await deliver(event("customer.subscription.created", subscriptionObject({ ...first, status: "active", userId: owner.user.id }), t));
    await deliver(
      event(
        "customer.subscription.deleted",
        subscriptionObject({ ...first, status: "canceled", userId: owner.user.id, endedAt: t + 1 }),
        t + 1,
      ),
    );
    expect((await profile(owner.token)).subscription?.status).toBe(false);
    // A Payment Link checkout without client_reference_id, by the same customer (the provider knew them).
    const again = { session: id("cs"), sub: id("sub"), customer: first.customer };
    await deliver(event("checkout.session.completed", checkoutObject({ ...again, email: owner.email }), t + 2));
    expect(await recordOf(owner.user.id)).toMatchObject({ providerSubscriptionId: again.sub, providerCustomerId: first.customer });
    await deliver(event("customer.subscription.created", subscriptionObject({ ...again, status: "active" }), t + 3));
    expect(await profile(owner.token)).toMatchObject({ subscriptionType: "subscribed", subscription: { status: true } });
    expect(await held(owner.token)).toEqual([]);
  });

  it("by email alone links an account a checkout left pending with nothing live, and holds for one with a live subscription", async () => {
    const email = uniqueEmail("pending");
    const first = { session: id("cs"), sub: id("sub"), customer: id("cus") };
    await deliver(event("checkout.session.completed", checkoutObject({ ...first, email })));
    const [account] = await getDb()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(account!.passwordHash).toBeNull();
    expect((await recordOf(account!.id))!.providerSubscriptionId).toBe(first.sub);

    // While the first subscription is live, a second checkout for that address is held: it does not displace it.
    const second = { session: id("cs"), sub: id("sub"), customer: id("cus") };
    await deliver(event("checkout.session.completed", checkoutObject({ ...second, email })));
    expect((await recordOf(account!.id))!.providerSubscriptionId).toBe(first.sub);
    expect(await bySubscription(second.sub)).toMatchObject({ userId: null });

    // Once nothing is live, a checkout by that address links as before (its setup link goes to that mailbox).
    const t = nowS();
    await deliver(event("customer.subscription.deleted", subscriptionObject({ ...first, status: "canceled", endedAt: t }), t));
    await deliver(event("customer.subscription.deleted", subscriptionObject({ ...second, status: "canceled", endedAt: t }), t));
    const third = { session: id("cs"), sub: id("sub"), customer: id("cus") };
    await deliver(event("checkout.session.completed", checkoutObject({ ...third, email })));
    expect(await recordOf(account!.id)).toMatchObject({ providerSubscriptionId: third.sub, providerCustomerId: third.customer });
    expect(await checkoutOutcome(getDb(), third.session)).toBe("pending");
    await drain();
    const mails = await emailsTo(account!.id);
    // One per checkout: the held one's too, since an account never set up has no password to sign in and claim with.
    expect(mails.filter((m) => m.subject === "Set up your Recepta account")).toHaveLength(3);
    expect(mails.filter((m) => m.subject === HELD_SUBJECT)).toHaveLength(1);
  });
});

describe("erasing an account a checkout is held for", () => {
  it("drops the held links with the account; the payer's subscription stays, naming no one", async () => {
    const { owner, stranger } = await strangerPaysWithOwnersEmail();
    await drain();
    const erased = await api("DELETE", "/api/account", { token: owner.token, body: { password: owner.password } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await getDb().$count(billingCheckouts, eq(billingCheckouts.userId, owner.user.id))).toBe(0);
    expect(await getDb().$count(notifications, eq(notifications.recipient, owner.email))).toBe(0);
    expect(await bySubscription(stranger.sub)).toMatchObject({ userId: null, status: "active" });
    const admin = await createAdmin();
    const list = await api("GET", "/api/admin/held-checkouts", { token: admin.token });
    expect(list.body.checkouts.some((c: { checkoutId: string }) => c.checkoutId === stranger.session)).toBe(false);
  });
});
