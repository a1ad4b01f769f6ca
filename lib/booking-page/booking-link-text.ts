// The booking page's link, texted to a caller the receptionist could not book (nothing suited, the line was bad, they
// would rather choose on their own), in the call's language, from the business's line: once per call, never to a
// number that opted out, and not at all once the owner has turned the page off.
import { loadBusinessContact } from "@/lib/accounts/business/contact";
import type { JobData } from "@/lib/platform/jobs/queue";
import { translate } from "@/lib/platform/i18n/translate";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { bookingPageUrl, enabledBookingSlug } from "@/lib/booking-page/link";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";

export async function sendBookingLinkText(deps: DispatchDeps, data: JobData["booking-link-text"]): Promise<void> {
  const [biz, slug, optedOut] = await Promise.all([
    loadBusinessContact(deps.db, data.userId),
    enabledBookingSlug(deps.db, data.userId),
    isOptedOut(deps.db, data.userId, data.to, "sms"),
  ]);
  if (!biz?.line || !slug || optedOut) return;
  const url = bookingPageUrl(deps.appUrl, data.language, slug);
  await deps.sms.send({
    userId: data.userId,
    to: data.to,
    from: biz.line,
    text: translate(data.language, "Notifications.bookingLink", { business: biz.businessName, url }),
    links: [url],
    dedupeKey: `booking-link:${data.key}`,
  });
}
