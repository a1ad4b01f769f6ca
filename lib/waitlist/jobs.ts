// The jobs the waitlist runs: a freed slot offered (scheduling's booking/booking.jobs.ts publishes it), the slot a YES
// took booked, and its texts (their data: waitlist.jobs.ts).
import { defineJobs } from "@/lib/platform/jobs/queue";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { bookTakenOffer, offerFreedSlot } from "./offers";
import { sendWaitlistText } from "./waitlist-texts";

export const waitlistJobs = defineJobs<{ booking: BookingDeps; dispatch: DispatchDeps }>()({
  "waitlist-slot": { run: ({ booking }, data) => offerFreedSlot(booking, data) },
  "waitlist-take": { run: ({ booking }, data) => bookTakenOffer(booking, data) },
  "waitlist-text": { run: ({ dispatch }, data) => sendWaitlistText(dispatch, data) },
});
