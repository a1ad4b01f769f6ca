// The jobs scheduling runs: public holidays and calendar syncs. Their data is declared beside their subjects
// (closures/closures.jobs.ts, calendar/calendar.jobs.ts); lib/server/job-handlers.ts assembles every area's.
import { defineJobs } from "@/lib/platform/jobs/queue";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { syncAppointmentJob } from "@/lib/scheduling/booking/calendar-sync";
import { fillHolidays, runHolidaySweep } from "@/lib/scheduling/closures/holidays";

const HOUR = 60 * 60_000;

export const schedulingJobs = defineJobs<{ booking: BookingDeps }>()({
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
