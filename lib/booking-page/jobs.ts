// The jobs the booking page runs: the link texted after a call that did not book, and the owner told the page is
// flooded (their data: booking-page.jobs.ts, and the receptionist's tools/tools.jobs.ts for the link).
import { defineJobs } from "@/lib/platform/jobs/queue";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import { sendBookingLinkText } from "./booking-link-text";
import { sendBookingPageAbuse } from "./booking-page-abuse";

export const bookingPageJobs = defineJobs<{ dispatch: DispatchDeps }>()({
  "booking-link-text": { run: ({ dispatch }, data) => sendBookingLinkText(dispatch, data) },
  "booking-page-abuse": { run: ({ dispatch }, data) => sendBookingPageAbuse(dispatch, data) },
});
