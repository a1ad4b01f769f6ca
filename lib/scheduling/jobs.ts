// The jobs scheduling runs: the waitlist's offers, recall's sweep, public holidays and calendar syncs. Their data is
// declared beside their subjects (booking/booking.jobs.ts, waitlist/, recall/, closures/, calendar/);
// lib/server/jobs.ts assembles every area's.
import { defineJobs } from "@/lib/platform/jobs/queue";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { syncAppointmentJob } from "@/lib/scheduling/booking/calendar-sync";
import { fillHolidays, runHolidaySweep } from "@/lib/scheduling/closures/holidays";
import { runRecallSweep } from "@/lib/scheduling/recall/recall-sweep";
import { bookTakenOffer, offerFreedSlot } from "@/lib/scheduling/waitlist/offers";

const HOUR = 60 * 60_000;

export const schedulingJobs = defineJobs<{ booking: BookingDeps }>()({
  // A slot a booking freed (booking/booking.jobs.ts publishes it): the waitlist offers it.
  "waitlist-slot": { run: ({ booking }, data) => offerFreedSlot(booking, data) },
  "waitlist-take": { run: ({ booking }, data) => bookTakenOffer(booking, data) },
  // Hourly: each business is texted in its own daytime, so an hourly run reaches every time zone's office hours.
  "recall-sweep": { every: HOUR, run: ({ booking }) => runRecallSweep(booking) },
  // Daily: every business's next twelve months of public holidays, so next year's close on their own.
  "holiday-sweep": {
    every: 24 * HOUR,
    run: async ({ booking }) => {
      // A business that failed is left to the queue's retry of the whole sweep (the others are up to date by then).
      const { failed } = await runHolidaySweep(booking.db, booking.now?.() ?? new Date());
      if (failed > 0) throw new Error(`public holidays not filled for ${failed} businesses`);
    },
  },
  "holiday-fill": { run: ({ booking }, { userId }) => fillHolidays(booking.db, userId).then(() => undefined) },
  // At most one sync waits and one runs per appointment (its singletonKey): two syncs of one never race.
  "calendar-sync": { stately: true, run: ({ booking }, { appointmentId }) => syncAppointmentJob(booking, appointmentId) },
});
