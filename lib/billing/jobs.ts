// The jobs billing runs (their data: billing.jobs.ts, and accounts' account/account.jobs.ts for the setup link a
// checkout sends); lib/server/job-handlers.ts assembles every area's.
import { defineJobs } from "@/lib/platform/jobs/queue";
import { sendAccountSetup, sendHeldCheckoutNotice, type AccountNoticeDeps } from "./account-notices";

export const billingJobs = defineJobs<{ notices: AccountNoticeDeps }>()({
  "account-setup": { run: ({ notices }, data) => sendAccountSetup(notices, data) },
  "held-checkout": { run: ({ notices }, data) => sendHeldCheckoutNotice(notices, data) },
});
