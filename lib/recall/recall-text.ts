// The recall text's job: one caller due again for a service (lib/recall) gets the booking page's link, in
// the language of the appointment the interval counts from, from the business's line. The sweep claimed it; what may
// have changed since is checked again here, and a text that may no longer go is withdrawn (its row deleted), so the
// owner never sees as texted a caller who was not.
import { eq } from "drizzle-orm";
import { appointments, recallTexts } from "@/db/schema";
import { loadBusinessContact } from "@/lib/accounts/business/contact";
import type { JobData } from "@/lib/platform/jobs/queue";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { bookingPageUrl, enabledBookingSlug } from "@/lib/booking-page/link";
import { inRecallHours } from "@/lib/recall/recall-sweep";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import { recallSms } from "@/lib/messaging/notifications/templates";

export async function sendRecallText(deps: DispatchDeps, data: JobData["recall-text"]): Promise<void> {
  const [r] = await deps.db
    .select({
      id: recallTexts.id,
      userId: recallTexts.userId,
      phone: recallTexts.phone,
      service: recallTexts.service,
      claimedAt: recallTexts.createdAt,
      language: appointments.language,
    })
    .from(recallTexts)
    .leftJoin(appointments, eq(appointments.id, recallTexts.afterAppointmentId))
    .where(eq(recallTexts.id, data.recallTextId))
    .limit(1);
  // Erased since (the caller's erasure takes their recall texts).
  if (!r) return;
  const [biz, slug, optedOut] = await Promise.all([
    loadBusinessContact(deps.db, r.userId),
    enabledBookingSlug(deps.db, r.userId),
    isOptedOut(deps.db, r.userId, r.phone, "sms"),
  ]);
  if (!biz?.line || !slug || optedOut || lateAtNight(r.claimedAt, biz.timeZone, deps.now?.() ?? new Date())) {
    await deps.db.delete(recallTexts).where(eq(recallTexts.id, r.id));
    return;
  }
  const language = r.language ?? biz.locale;
  const url = bookingPageUrl(deps.appUrl, language, slug, "recall");
  await deps.sms.send({
    userId: r.userId,
    to: r.phone,
    from: biz.line,
    text: recallSms(language, { businessName: biz.businessName, service: r.service, url }),
    links: [url],
    dedupeKey: `recall:${r.id}`,
  });
}

/** A send this long after its claim is late: the workers stopped in between, or a retry backed off. */
const LATE_AFTER_MS = 30 * 60_000;

/**
 * A text claimed in the daytime but sent late, now outside the recall hours: withdrawn rather than landing at night (the
 * next daytime sweep claims it again). One sent at once (the sweep's, or the owner's "send now") goes as claimed.
 */
function lateAtNight(claimedAt: Date, timeZone: string, now: Date): boolean {
  return now.getTime() - claimedAt.getTime() > LATE_AFTER_MS && !inRecallHours(timeZone, now);
}
