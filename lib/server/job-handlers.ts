// The composition root of the jobs: each area registers the jobs it runs (lib/<area>/jobs.ts, with their queue
// options), and this assembles them with the dependencies they get. Which area sends a job and which runs it is theirs
// to say. The type check below makes sure every job declared in JobData has a runner, and the test beside this file
// that no job has two.
import { accountsJobs } from "@/lib/accounts/jobs";
import { billingJobs } from "@/lib/billing/jobs";
import { bookingPageJobs } from "@/lib/booking-page/jobs";
import type { AccountNoticeDeps } from "@/lib/billing/account-notices";
import { messagingJobs } from "@/lib/messaging/jobs";
import type { DispatchDeps } from "@/lib/messaging/notifications/dispatch";
import type { Job, JobHandlers, JobName, QueueOptions } from "@/lib/platform/jobs/queue";
import { receptionistJobs } from "@/lib/receptionist/jobs";
import { recallJobs } from "@/lib/recall/jobs";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import type { ReminderCallDeps } from "@/lib/receptionist/outbound/reminder-calls";
import { schedulingJobs } from "@/lib/scheduling/jobs";
import { waitlistJobs } from "@/lib/waitlist/jobs";

/** What a job's runner may be given: each area's registration takes the part it needs. */
export type AppJobDeps = { booking: BookingDeps; dispatch: DispatchDeps; notices: AccountNoticeDeps; calls: ReminderCallDeps };

/** Each area's registrations, apart: a name two areas registered would silently keep only the last one spread below. */
export const JOBS_BY_AREA = {
  accounts: accountsJobs,
  billing: billingJobs,
  scheduling: schedulingJobs,
  messaging: messagingJobs,
  "booking-page": bookingPageJobs,
  waitlist: waitlistJobs,
  recall: recallJobs,
  receptionist: receptionistJobs,
};

// A job declared in JobData that no area runs (or runs with dependencies it is not given) fails the type check here.
const JOBS = {
  ...accountsJobs,
  ...billingJobs,
  ...schedulingJobs,
  ...messagingJobs,
  ...bookingPageJobs,
  ...waitlistJobs,
  ...recallJobs,
  ...receptionistJobs,
} satisfies { [N in JobName]: Job<N, AppJobDeps> };

/** Every job's name: its queue is created at start and its depth reported. */
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** Every job's queue options, by name. */
export const JOB_QUEUES = Object.fromEntries(Object.entries(JOBS).map(([name, { run: _run, ...options }]) => [name, options])) as Record<
  JobName,
  QueueOptions
>;

/** The jobs' runners with their dependencies: what the workers (and the tests, draining in process) call. */
export function jobHandlers(
  booking: BookingDeps,
  dispatch: DispatchDeps,
  notices: AccountNoticeDeps,
  calls?: ReminderCallDeps,
): JobHandlers {
  // Without a dialer (a test that places no call) a reminder call fails as a call the platform refused would.
  const deps: AppJobDeps = {
    booking,
    dispatch,
    notices,
    calls: calls ?? { ...booking, dial: () => Promise.reject(new Error("no dialer")) },
  };
  return Object.fromEntries(
    Object.entries(JOBS).map(([name, job]) => [
      name,
      (data: unknown) => (job.run as (d: AppJobDeps, x: unknown) => Promise<void>)(deps, data),
    ]),
  ) as JobHandlers;
}
