// The jobs the receptionist runs (their data: tools/tools.jobs.ts, calls/calls.jobs.ts,
// outbound/outbound.jobs.ts); lib/server/job-handlers.ts
// assembles every area's.
import { defineJobs } from "@/lib/platform/jobs/queue";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import { endAbandonedCalls } from "@/lib/receptionist/calls/abandoned";
import { sendVerificationCode } from "@/lib/receptionist/tools/identity";
import { runReminderCalls, type ReminderCallDeps } from "@/lib/receptionist/outbound/reminder-calls";

export const receptionistJobs = defineJobs<{ booking: BookingDeps; dispatch: DispatchDeps; calls: ReminderCallDeps }>()({
  // A caller waits for the code, on the phone or on the booking page: two workers, so one slow send holds no other.
  "verification-code": { workers: 2, run: ({ booking, dispatch }, data) => sendVerificationCode(booking, dispatch, data) },
  // Calls nothing has been heard of for 30 minutes (a lost end-of-call report, a Try tab closed): every five minutes.
  "abandoned-calls": {
    every: 5 * 60_000,
    run: async ({ booking }) => {
      await endAbandonedCalls(booking.db);
    },
  },
  // The reminder calls due, every five minutes; a sweep's queue keeps one run at a time across instances, and a try is
  // claimed by one run only (reminder-calls.ts) should two ever overlap.
  "reminder-calls": {
    every: 5 * 60_000,
    run: async ({ calls }) => {
      await runReminderCalls(calls);
    },
  },
});
