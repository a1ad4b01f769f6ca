// Opening Stripe's hosted pages from our server: a Checkout Session for the Pro plan (the signed-in account's customer
// and trial eligibility decided here, not by the browser), and a billing portal session for the account's customer.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscriptions, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { localizedPath } from "@/lib/platform/i18n/paths";
import type { Locale } from "@/lib/platform/i18n/routing";
import type { BillingPort } from "@/lib/ports/billing";
import { deriveSubscription } from "@/lib/accounts/subscriptions/subscription-status";

export async function openCheckout(db: Db, billing: BillingPort, appUrl: string, userId: string | null, locale: Locale): Promise<string> {
  let email: string | null = null;
  let customerId: string | null = null;
  let trial = true;
  if (userId) {
    const [row] = await db
      .select({ email: users.email, customerId: subscriptions.providerCustomerId, record: subscriptions.id, sub: subscriptions })
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (row) {
      // A live subscription at the provider is changed in its portal: a second checkout would bill twice.
      if (row.sub?.provider && deriveSubscription(row.sub).subscription?.status) throw new AppError("conflict", "alreadySubscribed");
      email = row.email;
      customerId = row.customerId;
      // One trial per account: any billing record (an in-app trial, a past subscription) means it was used.
      trial = !row.record;
    }
  }
  const { url } = await billing.createCheckoutSession({
    email,
    userId: email ? userId : null,
    locale,
    customerId,
    trial,
    successUrl: `${appUrl}${localizedPath(locale, "/thankyou")}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}${localizedPath(locale, "/")}`,
  });
  return url;
}

export async function openPortal(db: Db, billing: BillingPort, appUrl: string, userId: string, locale: Locale): Promise<string> {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (!row?.customerId) throw new AppError("not_found", "noBillingAccount");
  const { url } = await billing.createPortalSession({
    customerId: row.customerId,
    returnUrl: `${appUrl}${localizedPath(locale, "/dashboard/subscription")}`,
    locale,
  });
  return url;
}

/** Which billing provider holds the account's subscription: "stripe", "sandbox", or null (in-app trial, or none). */
export async function subscriptionProvider(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ provider: subscriptions.provider }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row?.provider ?? null;
}
