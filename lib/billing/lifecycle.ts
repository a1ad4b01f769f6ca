// What a verified billing event changes. One transaction per event: its id is recorded first (a replay finds it and
// changes nothing; if applying fails, the id is rolled back with it and the provider's retry runs again), the account
// and subscription rows are written, and the setup email's job is enqueued by the same transaction.
//
// Ordering. Stripe does not order deliveries. A subscription's state comes only from its own events, applied when
// they are not older than the state already applied (`lastEventAt`). Stripe's `created` has one-second resolution and
// created/updated/deleted often share a second, so the key adds a rank in the spare milliseconds: within one second a
// deletion beats an update, which beats the creation. A canceled subscription never comes back (Stripe starts a new
// one), so nothing after its deletion applies. A checkout may arrive before or after its subscription's events: it
// links the account and writes a provisional state only when no subscription event has been applied yet.
//
// Ownership. An account's billing record, whatever made it (the in-app trial, a checkout, an admin), is changed only by
// an event proven to belong to the account: a checkout carrying our own client_reference_id, or a provider customer or
// subscription already linked to it. A subscription event's metadata naming an account proves nothing. An email is no proof: anyone can type one on the hosted page. A checkout that
// matches an account by its email alone is held for it (see holdCheckout) unless the account was never set up and has
// nothing live.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { erasedRefHash } from "@/lib/accounts/subscriptions/erased-refs";
import { billingCheckouts, erasedBillingRefs, subscriptions, users, webhookEvents } from "@/db/schema";
import { emailSchema } from "@/lib/accounts/account/accounts.schemas";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { isUuid } from "@/lib/platform/http/params";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import { deriveSubscription, type SubscriptionRecord } from "@/lib/accounts/subscriptions/subscription-status";
import type { BillingEvent, SubscriptionState } from "./events";
import { PRO_PLAN } from "@/lib/accounts/subscriptions/plan";
import { isRaceError } from "./race";

export type BillingDeps = {
  db: Db;
  jobs: JobQueue;
  /** Which billing provider the subscriptions come from ("sandbox" for the offline checkout). */
  provider: "stripe" | "sandbox";
  now?: () => Date;
};

export type BillingOutcome = {
  duplicate: boolean;
  /** What the event did: for logs and tests, never personal data. */
  action:
    | "account-created"
    | "account-linked"
    | "subscription-applied"
    | "subscription-parked"
    | "checkout-held"
    | "stale"
    | "invoice-applied"
    | "ignored";
};

type SubscriptionRow = typeof subscriptions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const TERMINAL = new Set(["canceled", "incomplete_expired"]);
const RANK = { created: 0, updated: 1, deleted: 2 } as const;

/** Applies one verified event exactly once. Retried when a concurrent event for the same rows wins a unique index. */
export async function processBillingEvent(deps: BillingDeps, event: BillingEvent): Promise<BillingOutcome> {
  // The queue must be started before the transaction that enqueues with it (lib/platform/jobs/queue.ts, `ready`).
  await deps.jobs.ready();
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(webhookEvents)
          .values({ provider: "stripe", eventId: event.id, type: event.kind === "ignored" ? event.type : `${event.kind}` })
          .onConflictDoNothing()
          .returning({ eventId: webhookEvents.eventId });
        if (!fresh) return { duplicate: true, action: "ignored" } as const;
        const action = await apply(deps, tx, event);
        return { duplicate: false, action };
      });
    } catch (e) {
      if (attempt < 3 && isRaceError(e)) continue;
      throw e;
    }
  }
}

async function apply(deps: BillingDeps, tx: Tx, event: BillingEvent): Promise<BillingOutcome["action"]> {
  switch (event.kind) {
    case "checkout":
      return applyCheckout(deps, tx, event);
    case "subscription":
      return applySubscription(deps, tx, event);
    case "invoice":
      return applyInvoice(tx, event);
    default:
      return "ignored";
  }
}

// ---- erased accounts -------------------------------------------------------------------------------------------------

async function isErased(tx: Tx, ids: (string | null | undefined)[]): Promise<boolean> {
  const hashes = ids.filter((id): id is string => !!id).map(erasedRefHash);
  if (hashes.length === 0) return false;
  const [hit] = await tx
    .select({ refHash: erasedBillingRefs.refHash })
    .from(erasedBillingRefs)
    .where(inArray(erasedBillingRefs.refHash, hashes))
    .limit(1);
  return !!hit;
}

// ---- checkout.session.completed ------------------------------------------------------------------------------------

async function applyCheckout(
  deps: BillingDeps,
  tx: Tx,
  ev: Extract<BillingEvent, { kind: "checkout" }>,
): Promise<BillingOutcome["action"]> {
  // A checkout of an erased account (retried by the provider for days) must not create it again from the email.
  if (await isErased(tx, [ev.customerId, ev.subscriptionId])) return "ignored";
  const account = await resolveAccount(tx, ev);
  if (!account) return "ignored";
  const { userId, created, pending } = account;
  const now = deps.now?.() ?? new Date();

  // Locked in the order every billing event takes: the subscription's row, then the account's.
  let bySub = ev.subscriptionId ? await lockBySubscription(tx, ev.subscriptionId) : undefined;
  const mine = await lockByAccount(tx, userId);
  // A concurrent event of this subscription may have attached it to the account between the two reads: the locked row
  // is the truth.
  if (!bySub && ev.subscriptionId && mine?.providerSubscriptionId === ev.subscriptionId) bySub = mine;
  if (!mayChangeAccount(account, ev, bySub, mine, now)) return holdCheckout(deps, tx, account, ev, bySub);

  if (ev.subscriptionId) await linkSubscription(deps, tx, userId, ev, bySub, mine, now);

  const [recorded] = await tx
    .insert(billingCheckouts)
    .values({ sessionId: ev.sessionId, userId, createdAccount: created })
    .onConflictDoNothing()
    .returning({ sessionId: billingCheckouts.sessionId });
  // An account that has not been set up gets the setup link (a new one per checkout: the old may have expired). The
  // job is part of this transaction: the account and its email exist together or not at all. The token itself is
  // made by the job, so it never sits in the queue's tables.
  if (pending && recorded) await deps.jobs.send("account-setup", { userId, key: `checkout:${ev.sessionId}` }, { tx });
  // A business this checkout created is closed on its public holidays from the start (filled by a job, with the account).
  if (created) await deps.jobs.send("holiday-fill", { userId }, { tx });
  return created ? "account-created" : "account-linked";
}

type CheckoutAccount = {
  userId: string;
  created: boolean;
  /** Not set up yet: created by an earlier checkout, no password chosen. */
  pending: boolean;
  /** Named by our own client_reference_id, or created by this checkout: the payer is its owner. */
  named: boolean;
};

/** The account a checkout is for: client_reference_id, else the payer's email; a new pending account otherwise. */
async function resolveAccount(tx: Tx, ev: Extract<BillingEvent, { kind: "checkout" }>): Promise<CheckoutAccount | null> {
  if (ev.userIdHint && isUuid(ev.userIdHint)) {
    const [byId] = await tx
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, ev.userIdHint))
      .limit(1);
    if (byId) return { userId: byId.id, created: false, pending: byId.passwordHash === null, named: true };
  }
  const email = emailSchema.safeParse(ev.email ?? "");
  if (!email.success) return null;
  const byEmail = async () =>
    (
      await tx
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.data}`)
        .limit(1)
    )[0];
  const existing = await byEmail();
  if (existing) return { userId: existing.id, created: false, pending: existing.passwordHash === null, named: false };
  // A concurrent event for the same payer may insert first: the unique index on lower(email) decides, and the loser
  // reads the winner's row.
  const [inserted] = await tx
    .insert(users)
    .values({
      email: email.data,
      passwordHash: null,
      fullName: (ev.name ?? "").slice(0, 120),
      workingHours: defaultWorkingHours(),
      ...(ev.locale ? { locale: ev.locale } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted) return { userId: inserted.id, created: true, pending: true, named: true };
  const winner = await byEmail();
  return winner ? { userId: winner.id, created: false, pending: winner.passwordHash === null, named: false } : null;
}

async function lockBySubscription(tx: Tx, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
    .for("update")
    .limit(1);
  return row;
}

async function lockByAccount(tx: Tx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update").limit(1);
  return row;
}

/**
 * Whether a checkout may change the account's billing record. It may when it proves the payer is the owner: the account
 * was named by our client_reference_id (or created by this checkout), or the checkout's subscription or customer is
 * already the account's. Matched by email alone, it may only when the account was never set up and has nothing live:
 * such an account is that mailbox's (its setup link goes there) and there is nothing of anyone's to displace.
 */
function mayChangeAccount(
  account: CheckoutAccount,
  ev: Extract<BillingEvent, { kind: "checkout" }>,
  bySub: SubscriptionRow | undefined,
  mine: SubscriptionRow | undefined,
  now: Date,
): boolean {
  if (account.named) return true;
  if (bySub?.userId === account.userId) return true;
  if (ev.customerId && mine?.providerCustomerId === ev.customerId) return true;
  return account.pending && !(mine && isLive(mine, now));
}

/**
 * A checkout by a payer nothing proves to be the account's owner: the account is left as it is, and the checkout's
 * subscription stays unattached (its own events keep its state) so the payer's money is not lost. The checkout is
 * recorded as held for the account, whose owner is told by email and can claim it from the Subscription page if it
 * was them; otherwise support sorts it out with the payer.
 */
async function holdCheckout(
  deps: BillingDeps,
  tx: Tx,
  { userId, pending }: CheckoutAccount,
  ev: Extract<BillingEvent, { kind: "checkout" }>,
  bySub: SubscriptionRow | undefined,
): Promise<BillingOutcome["action"]> {
  const subscriptionId = ev.subscriptionId;
  // Nothing was bought that could be held, or the subscription already belongs to an account.
  if (!subscriptionId || bySub?.userId) return "ignored";
  // Its events have not come yet: a provisional parked state (they override it), so it can be claimed before them. A
  // payer the checkout does not know gets the plan's trial, as our checkout offers it.
  // The checkout is recorded first: a session already recorded (a redelivery under another event id) leaves nothing
  // else behind, not even a parked row with no checkout naming it.
  const [recorded] = await tx
    .insert(billingCheckouts)
    .values({ sessionId: ev.sessionId, userId, createdAccount: false, heldSubscriptionId: subscriptionId })
    .onConflictDoNothing()
    .returning({ sessionId: billingCheckouts.sessionId });
  if (!recorded) return "checkout-held";
  if (!bySub) await tx.insert(subscriptions).values({ userId: null, ...provisionalState(deps, ev, true, null) });
  await deps.jobs.send("held-checkout", { userId, sessionId: ev.sessionId }, { tx });
  // An account never set up has no password to sign in with and claim: a fresh setup link goes with the notice.
  if (pending) await deps.jobs.send("account-setup", { userId, key: `checkout:${ev.sessionId}` }, { tx });
  return "checkout-held";
}

async function linkSubscription(
  deps: BillingDeps,
  tx: Tx,
  userId: string,
  ev: Extract<BillingEvent, { kind: "checkout" }>,
  bySub: SubscriptionRow | undefined,
  mine: SubscriptionRow | undefined,
  now: Date,
) {
  const subscriptionId = ev.subscriptionId!;
  // A live provider subscription of the account is never displaced by a checkout, even one of its owner's (a second
  // subscription would bill twice): that checkout's subscription stays unattached (its events park) until support looks.
  const guarded = !!mine && mine.providerSubscriptionId !== subscriptionId && !!mine.providerSubscriptionId && isLive(mine, now);
  if (bySub) {
    if (bySub.userId === userId) {
      if (ev.customerId && !bySub.providerCustomerId)
        await tx
          .update(subscriptions)
          .set({ providerCustomerId: ev.customerId, updatedAt: new Date() })
          .where(eq(subscriptions.id, bySub.id));
      return;
    }
    // Another account already holds this subscription: the checkout cannot move it.
    if (bySub.userId || guarded) return;
    // The subscription's events came first and were parked: this checkout names their account. It replaces the
    // account's previous record (an in-app trial, an ended subscription).
    if (mine) await tx.delete(subscriptions).where(eq(subscriptions.id, mine.id));
    await tx
      .update(subscriptions)
      .set({ userId, providerCustomerId: bySub.providerCustomerId ?? ev.customerId, updatedAt: new Date() })
      .where(eq(subscriptions.id, bySub.id));
    return;
  }
  if (guarded) return;
  // No event of this subscription yet: a provisional state until its own events say (they override it, whatever their
  // order). A first subscription starts with the trial, as our checkout offers it.
  const values = provisionalState(deps, ev, !mine, mine?.providerCustomerId ?? null);
  if (mine) await tx.update(subscriptions).set(values).where(eq(subscriptions.id, mine.id));
  else await tx.insert(subscriptions).values({ userId, ...values });
}

function provisionalState(
  deps: BillingDeps,
  ev: Extract<BillingEvent, { kind: "checkout" }>,
  trial: boolean,
  knownCustomerId: string | null,
) {
  const start = ev.created;
  const end = trial ? new Date(start.getTime() + PRO_PLAN.trial.days * DAY_MS) : addMonth(start);
  return {
    provider: deps.provider,
    providerCustomerId: ev.customerId ?? knownCustomerId,
    providerSubscriptionId: ev.subscriptionId!,
    status: trial ? "trialing" : "active",
    trialEndsAt: trial ? end : null,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    lastPaymentFailedAt: null,
    lastEventAt: null,
    ...liveAgain,
    updatedAt: new Date(),
  };
}

// ---- customer.subscription.* -----------------------------------------------------------------------------------------

async function applySubscription(
  deps: BillingDeps,
  tx: Tx,
  ev: Extract<BillingEvent, { kind: "subscription" }>,
): Promise<BillingOutcome["action"]> {
  const key = new Date(ev.created.getTime() + RANK[ev.type]);
  const state = stateColumns(deps, ev.sub, key);
  const now = deps.now?.() ?? new Date();
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, ev.sub.subscriptionId))
    .for("update")
    .limit(1);
  if (row) {
    if ((TERMINAL.has(row.status) && row.lastEventAt) || (row.lastEventAt && key < row.lastEventAt)) return "stale";
    await tx
      .update(subscriptions)
      .set({ ...state, ...resets(row, state, now) })
      .where(eq(subscriptions.id, row.id));
    return "subscription-applied";
  }
  // The cancellation an erasure made (and anything later about that subscription) concerns nobody any more.
  if (await isErased(tx, [ev.sub.subscriptionId, ev.sub.customerId])) return "ignored";
  const userId = await accountOf(tx, ev.sub);
  if (!userId) {
    // Not mappable yet (a Payment Link checkout whose completion has not arrived): kept until the checkout names it. Two
    // events of it at once: the unique index fails one, whose transaction is retried and then finds the row.
    await tx.insert(subscriptions).values({ userId: null, ...state });
    return "subscription-parked";
  }
  const [mine] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update").limit(1);
  if (!mine) {
    await tx.insert(subscriptions).values({ userId, ...state });
    return "subscription-applied";
  }
  // The account already has a record for another (or no) subscription. This one replaces it unless that one is live
  // and this event is older or not live itself: a late event of a superseded subscription changes nothing.
  const incomingLive = isLive({ ...mine, ...state }, now);
  const replace = !mine.providerSubscriptionId || !isLive(mine, now) || (incomingLive && (!mine.lastEventAt || key >= mine.lastEventAt));
  if (!replace) return "stale";
  await tx
    .update(subscriptions)
    .set({ ...state, ...resets(mine, state, now) })
    .where(eq(subscriptions.id, mine.id));
  return "subscription-applied";
}

/**
 * The account a subscription event belongs to: the one its customer is recorded for. Nothing the event says of itself
 * (its metadata naming an account) is proof: a subscription and a customer we never recorded change no account until a
 * checkout links them; until then the event is parked.
 */
async function accountOf(tx: Tx, sub: SubscriptionState): Promise<string | null> {
  if (sub.customerId) {
    const [c] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.providerCustomerId, sub.customerId), sql`${subscriptions.userId} is not null`))
      .limit(1);
    if (c?.userId) return c.userId;
  }
  return null;
}

function stateColumns(deps: BillingDeps, s: SubscriptionState, key: Date) {
  // Canceled at once (not at the period's end): the account's service ended then, not at the unused period's end.
  const periodEnd = s.periodEnd ?? (s.status === "trialing" ? s.trialEnd : null);
  const endsAt = s.endedAt && periodEnd && s.endedAt < periodEnd ? s.endedAt : periodEnd;
  return {
    provider: deps.provider,
    providerSubscriptionId: s.subscriptionId,
    ...(s.customerId ? { providerCustomerId: s.customerId } : {}),
    status: s.status,
    trialEndsAt: s.trialEnd,
    currentPeriodStart: s.periodStart,
    currentPeriodEnd: endsAt,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt,
    endedAt: s.endedAt,
    lastEventAt: key,
    updatedAt: new Date(),
  };
}

// Lifecycle emails are sent once per episode: a new trial end can be warned about again, an account live again can
// lapse (and be told) again, and its number is no longer due back to the pool.
const liveAgain = { lapsedNotifiedAt: null, numberReleasedAt: null } as const;

function resets(before: SubscriptionRow, state: ReturnType<typeof stateColumns>, now: Date) {
  const after = { ...before, ...state };
  const switched = before.providerSubscriptionId !== after.providerSubscriptionId;
  const trialMoved = switched || (before.trialEndsAt?.getTime() ?? null) !== (after.trialEndsAt?.getTime() ?? null);
  return {
    ...(trialMoved ? { trialEndingNotifiedAt: null } : {}),
    ...(isLive(after, now) && (switched || !isLive(before, now)) ? liveAgain : {}),
  };
}

function isLive(r: SubscriptionRecord, now: Date): boolean {
  return deriveSubscription(r, now).subscription?.status === true;
}

// ---- invoice.paid / invoice.payment_failed ---------------------------------------------------------------------------

async function applyInvoice(tx: Tx, ev: Extract<BillingEvent, { kind: "invoice" }>): Promise<BillingOutcome["action"]> {
  if (!ev.subscriptionId) return "ignored";
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, ev.subscriptionId))
    .for("update")
    .limit(1);
  // An invoice of a subscription we have not seen: its own events will carry the state.
  if (!row || TERMINAL.has(row.status)) return "ignored";
  if (ev.type === "payment_failed") {
    if (!row.lastPaymentFailedAt || ev.created > row.lastPaymentFailedAt) {
      await tx.update(subscriptions).set({ lastPaymentFailedAt: ev.created, updatedAt: new Date() }).where(eq(subscriptions.id, row.id));
    }
    // The status stays as the subscription's events say: Stripe retries the payment and reports past_due/unpaid.
    return "invoice-applied";
  }
  const recovered = (row.status === "past_due" || row.status === "unpaid") && (!row.lastEventAt || ev.created >= row.lastEventAt);
  await tx
    .update(subscriptions)
    .set({
      ...(row.lastPaymentFailedAt && row.lastPaymentFailedAt <= ev.created ? { lastPaymentFailedAt: null } : {}),
      ...(recovered ? { status: "active", ...liveAgain } : {}),
      ...(ev.periodEnd && (!row.currentPeriodEnd || ev.periodEnd > row.currentPeriodEnd) && row.status !== "trialing"
        ? { currentPeriodEnd: ev.periodEnd }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, row.id));
  return "invoice-applied";
}

function addMonth(d: Date): Date {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
