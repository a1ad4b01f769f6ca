// The jobs accounts runs. Their data is declared beside their subjects (privacy/privacy.jobs.ts,
// webhooks/webhooks.jobs.ts); lib/server/job-handlers.ts assembles every area's.
import type { Db } from "@/db/client";
import { defineJobs } from "@/lib/platform/jobs/queue";
import { purgeStaleCounters } from "@/lib/accounts/auth/rate-limit";
import { purgeExpiredCallContent, purgeExpiredShortLived } from "@/lib/accounts/privacy/retention";
import { deliverWebhook, type DeliveryDeps } from "@/lib/accounts/webhooks/deliver";

const HOUR = 60 * 60_000;

export const accountsJobs = defineJobs<{ booking: DeliveryDeps & { db: Db } }>()({
  // Call content past its business's retention period, the short-lived rows and stale sign-in counters: hourly.
  "retention-purge": {
    every: HOUR,
    run: async ({ booking }) => {
      await purgeExpiredCallContent(booking.db);
      await purgeExpiredShortLived(booking.db);
      await purgeStaleCounters(booking.db);
    },
  },
  // An attempt waits on someone else's server (up to its timeout): eight workers, and an endpoint holds at most two
  // of them (webhooks/lease.ts), so a slow receiver delays only its own practice.
  "webhook-delivery": { workers: 8, run: ({ booking }, data) => deliverWebhook(booking, data) },
});
