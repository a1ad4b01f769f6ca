// The booking page's address: the one place it is written, for the dashboard, the receptionist's texted link and recall.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { bookingPages } from "@/db/schema";

/** Why a caller opened the page: straight, or from a recall text (its bookings count as recall's). */
export type BookingPageVia = "recall";

/** The page's path in the caller's language (the app's routing: English unprefixed). */
export function bookingPagePath(locale: "en" | "fr" | "es", slug: string, via?: BookingPageVia): string {
  const path = locale === "en" ? `/b/${slug}` : `/${locale}/b/${slug}`;
  return via ? `${path}?via=${via}` : path;
}

/** The full address, on the app's public URL. */
export function bookingPageUrl(appUrl: string, locale: "en" | "fr" | "es", slug: string, via?: BookingPageVia): string {
  return `${appUrl}${bookingPagePath(locale, slug, via)}`;
}

/** The business's booking page while it is turned on (its slug, and whether a hang-up is texted its link); else null. */
export async function enabledBookingPage(
  db: Pick<Db, "select">,
  userId: string,
): Promise<{ slug: string; textAfterHangUp: boolean } | null> {
  const [row] = await db
    .select({ slug: bookingPages.slug, textAfterHangUp: bookingPages.textAfterHangUp })
    .from(bookingPages)
    .where(and(eq(bookingPages.userId, userId), eq(bookingPages.enabled, true)))
    .limit(1);
  return row ?? null;
}

/** The slug of the business's booking page while it is turned on; null when it has none or it is off. */
export async function enabledBookingSlug(db: Pick<Db, "select">, userId: string): Promise<string | null> {
  return (await enabledBookingPage(db, userId))?.slug ?? null;
}

/** A visit's texted codes are kept apart from calls' by this prefix (their words say "you asked", not "you called"). */
export const PAGE_CODE_PREFIX = "page:";

/** Whether a code row was texted for a booking page visit. */
export function isPageCode(providerCallId: string): boolean {
  return providerCallId.startsWith(PAGE_CODE_PREFIX);
}
