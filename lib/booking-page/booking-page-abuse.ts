// The owner's email when their booking page is flooded with code requests: the page stays open (the flood's addresses
// are refused, new visitors still get codes), but each code is a text the practice pays for, so the owner hears of it,
// in the account's language, once a day at most (the job is queued with the page's daily mark, and names it).
import { translate } from "@/lib/platform/i18n/translate";
import type { JobData } from "@/lib/platform/jobs/queue";
import { loadBusinessContact } from "@/lib/accounts/business/contact";
import { PAGE_CODES_PER_DAY } from "@/lib/booking-page/code-limits";
import { dashboardLink, type DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import { render } from "@/lib/messaging/notifications/templates";

export async function sendBookingPageAbuse(deps: DispatchDeps, data: JobData["booking-page-abuse"]): Promise<void> {
  const biz = await loadBusinessContact(deps.db, data.userId);
  if (!biz) return;
  const url = dashboardLink(deps, biz, "/dashboard/booking-page");
  const t = (key: string) =>
    translate(biz.locale, `Notifications.bookingPageAbuse.${key}`, { count: PAGE_CODES_PER_DAY, business: biz.businessName });
  const mail = render(biz.locale, {
    subject: t("subject"),
    paragraphs: [t("intro"), t("meanwhile"), t("ifItLasts")],
    rows: [],
    link: { label: t("action"), url },
    footer: translate(biz.locale, "Notifications.owner.footer", { business: biz.businessName }),
  });
  await deps.email.send({
    userId: biz.userId,
    to: biz.ownerEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: [url],
    dedupeKey: `booking-page-abuse:${biz.userId}:${data.at}`,
  });
}
