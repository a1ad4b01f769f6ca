// Reminder calls: the sweep that places the calls due.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /** Places the reminder calls due, in each callee's calling hours (every 5 minutes). */
    "reminder-calls": Record<string, never>;
  }
}

export {};
