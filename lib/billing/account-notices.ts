// The account lifecycle around billing, run by the job workers: the setup email of an account a checkout created, the
// notice of a checkout held for an account, and the periodic sweep that warns before a trial ends, tells the owner when
// the account lapses, and gives a lapsed account's number back to the pool after the grace period. Every step is
// idempotent (dedupe keys, conditional updates), so two worker processes or a retried job never send twice.
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { billingCheckouts, phoneNumbers, subscriptions, users } from "@/db/schema";
import { issueSetupToken, SETUP_TOKEN_TTL_MS } from "@/lib/accounts/account/accounts.service";
import { localizedPath } from "@/lib/platform/i18n/paths";
import type { JobData } from "@/lib/platform/jobs/queue";
import { heldCheckoutEmail, lapsedEmail, setupEmail, trialEndingEmail } from "@/lib/messaging/notifications/account-emails";
import { wasSent } from "@/lib/messaging/notifications/outbox.service";
import type { MessageSender } from "@/lib/ports/messaging";
import { deriveSubscription } from "@/lib/accounts/subscriptions/subscription-status";

/** How long a lapsed account keeps its number before it goes back to the pool (docs/product.md: "Billing"). */
export const NUMBER_GRACE_DAYS = 30;
/** How long before a trial ends the owner is warned. */
export const TRIAL_WARNING_DAYS = 2;

const DAY_MS = 24 * 60 * 60 * 1000;

export type AccountNoticeDeps = {
  db: Db;
  email: MessageSender;
  appUrl: string;
  supportEmail: string;
  /** Gives the user's number back to the pool (and off the voice platform); the number, or null if none. */
  releaseNumber: (userId: string) => Promise<string | null>;
  now?: () => Date;
};

/** The job: a fresh single-use setup link, emailed once per checkout to an account that is not set up yet. */
export async function sendAccountSetup(deps: AccountNoticeDeps, data: JobData["account-setup"]): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, locale: users.locale, timeZone: users.timeZone, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, data.userId))
    .limit(1);
  // Gone, or set up meanwhile (through an earlier link): nothing to send.
  if (!user || user.passwordHash !== null) return;
  const dedupeKey = `account-setup:${data.key}`;
  if (await wasSent(deps.db, dedupeKey)) return;
  const now = deps.now?.() ?? new Date();
  const token = await issueSetupToken(deps.db, data.userId);
  const url = `${deps.appUrl}${localizedPath(user.locale, `/setup-account/${token}`)}`;
  const mail = setupEmail(user.locale, {
    url,
    expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS),
    timeZone: user.timeZone,
    support: deps.supportEmail,
  });
  await deps.email.send({
    userId: data.userId,
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: [url],
    dedupeKey,
    redact: [token],
  });
}

/**
 * Tells the account's owner that a checkout was paid with their email and held: their plan is unchanged, and they can
 * claim the subscription if the payment was theirs. Once per checkout; not to an account an admin deactivated.
 */
export async function sendHeldCheckoutNotice(deps: AccountNoticeDeps, { userId, sessionId }: JobData["held-checkout"]): Promise<void> {
  const [row] = await deps.db
    .select({
      email: users.email,
      locale: users.locale,
      timeZone: users.timeZone,
      isActive: users.isActive,
      paidAt: billingCheckouts.createdAt,
    })
    .from(billingCheckouts)
    .innerJoin(users, eq(users.id, billingCheckouts.userId))
    .where(and(eq(billingCheckouts.sessionId, sessionId), eq(billingCheckouts.userId, userId)))
    .limit(1);
  if (!row || !row.isActive) return;
  const url = `${deps.appUrl}${localizedPath(row.locale, "/dashboard/subscription")}`;
  const mail = heldCheckoutEmail(row.locale, {
    email: row.email,
    paidAt: row.paidAt,
    timeZone: row.timeZone,
    url,
    support: deps.supportEmail,
  });
  await deps.email.send({
    userId,
    to: row.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: [url],
    dedupeKey: `held-checkout:${sessionId}`,
  });
}

export type SweepResult = { trialEnding: number; lapsed: number; released: number };

/** One pass over the billing records: due warnings and notices sent, numbers past their grace period released. */
export async function runBillingSweep(deps: AccountNoticeDeps): Promise<SweepResult> {
  const now = deps.now?.() ?? new Date();
  const result: SweepResult = { trialEnding: 0, lapsed: 0, released: 0 };
  const subscriptionUrl = (locale: "en" | "fr" | "es") => `${deps.appUrl}${localizedPath(locale, "/dashboard/subscription")}`;

  // 1. Trials ending within two days, not yet warned.
  const ending = await deps.db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      trialEndsAt: subscriptions.trialEndsAt,
      email: users.email,
      locale: users.locale,
      timeZone: users.timeZone,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.status, "trialing"),
        isNull(subscriptions.trialEndingNotifiedAt),
        gt(subscriptions.trialEndsAt, now),
        lte(subscriptions.trialEndsAt, new Date(now.getTime() + TRIAL_WARNING_DAYS * DAY_MS)),
        // An account an admin deactivated is not written to.
        eq(users.isActive, true),
      ),
    );
  for (const r of ending) {
    const mail = trialEndingEmail(r.locale, {
      trialEnd: r.trialEndsAt!,
      timeZone: r.timeZone,
      url: subscriptionUrl(r.locale),
      support: deps.supportEmail,
    });
    await deps.email.send({
      userId: r.userId,
      to: r.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: [subscriptionUrl(r.locale)],
      dedupeKey: `trial-ending:${r.id}:${r.trialEndsAt!.getTime()}`,
    });
    await deps.db
      .update(subscriptions)
      .set({ trialEndingNotifiedAt: now })
      .where(and(eq(subscriptions.id, r.id), isNull(subscriptions.trialEndingNotifiedAt)));
    result.trialEnding++;
  }

  // 2 and 3. Records that may have lapsed (confirmed below with the same rule the receptionist uses).
  const candidates = await deps.db
    .select({
      sub: subscriptions,
      email: users.email,
      locale: users.locale,
      timeZone: users.timeZone,
      isActive: users.isActive,
      number: phoneNumbers.phoneNumber,
      numberAssignedAt: phoneNumbers.assignedAt,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(phoneNumbers, eq(phoneNumbers.assignedToUserId, subscriptions.userId))
    .where(
      and(
        or(isNull(subscriptions.lapsedNotifiedAt), and(isNull(subscriptions.numberReleasedAt), isNotNull(phoneNumbers.id))),
        or(
          and(eq(subscriptions.status, "trialing"), lte(subscriptions.trialEndsAt, now)),
          // "incomplete" is a first payment still in progress (Stripe expires it after a day): not an ending.
          sql`${subscriptions.status} not in ('trialing', 'active', 'past_due', 'incomplete')`,
          lte(subscriptions.currentPeriodEnd, now),
        ),
      ),
    );
  for (const { sub, email, locale, timeZone, isActive, number, numberAssignedAt } of candidates) {
    if (sub.status === "incomplete" || deriveSubscription(sub, now).subscription?.status) continue;
    const endedAt = lapseTime(sub);
    const keptUntil = new Date(endedAt.getTime() + NUMBER_GRACE_DAYS * DAY_MS);
    if (!sub.lapsedNotifiedAt && !isActive) {
      // Deactivated by an admin: no email, but the lapse is recorded so the grace period runs.
      await deps.db
        .update(subscriptions)
        .set({ lapsedNotifiedAt: now })
        .where(and(eq(subscriptions.id, sub.id), isNull(subscriptions.lapsedNotifiedAt)));
      continue;
    }
    if (!sub.lapsedNotifiedAt) {
      const wasTrial = sub.status === "trialing" || (!!sub.trialEndsAt && endedAt.getTime() <= sub.trialEndsAt.getTime());
      const url = subscriptionUrl(locale);
      const mail = lapsedEmail(locale, {
        endedAt,
        wasTrial,
        number,
        numberKeptUntil: keptUntil,
        timeZone,
        url,
        support: deps.supportEmail,
      });
      await deps.email.send({
        userId: sub.userId,
        to: email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: [url],
        dedupeKey: `lapsed:${sub.id}:${endedAt.getTime()}`,
      });
      await deps.db
        .update(subscriptions)
        .set({ lapsedNotifiedAt: now })
        .where(and(eq(subscriptions.id, sub.id), isNull(subscriptions.lapsedNotifiedAt)));
      result.lapsed++;
      // The owner is told first; the number is released on a later pass, never in the same breath.
      continue;
    }
    // A number an admin assigned after the lapse was given on purpose: it stays.
    if (number && !sub.numberReleasedAt && keptUntil <= now && !(numberAssignedAt && numberAssignedAt > endedAt)) {
      // Read again just before: a payment may have brought the account back since the list was read.
      const [fresh] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).limit(1);
      if (!fresh || fresh.numberReleasedAt || deriveSubscription(fresh, now).subscription?.status) continue;
      await deps.releaseNumber(sub.userId!);
      await deps.db.update(subscriptions).set({ numberReleasedAt: now }).where(eq(subscriptions.id, sub.id));
      result.released++;
    }
  }
  return result;
}

/** When a record stopped being live: the provider's end, else the trial's or period's end. */
export function lapseTime(sub: {
  status: string;
  endedAt: Date | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  updatedAt: Date;
}): Date {
  if (sub.endedAt) return sub.endedAt;
  if (sub.status === "trialing" && sub.trialEndsAt) return sub.trialEndsAt;
  return sub.currentPeriodEnd ?? sub.updatedAt;
}
