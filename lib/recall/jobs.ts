// The jobs recall runs: the hourly sweep and each text it sends (their data: recall.jobs.ts).
import { defineJobs } from "@/lib/platform/jobs/queue";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { runRecallSweep } from "./recall-sweep";
import { sendRecallText } from "./recall-text";

export const recallJobs = defineJobs<{ booking: BookingDeps; dispatch: DispatchDeps }>()({
  // Hourly: each business is texted in its own daytime, so an hourly run reaches every time zone's office hours.
  "recall-sweep": { every: 60 * 60_000, run: ({ booking }) => runRecallSweep(booking) },
  "recall-text": { run: ({ dispatch }, data) => sendRecallText(dispatch, data) },
});
