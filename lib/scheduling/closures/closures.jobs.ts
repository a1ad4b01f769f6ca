// Public holidays: the daily sweep, and one business filled.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /** Keeps every business's public holidays filled twelve months ahead, for its current area (daily). */
    "holiday-sweep": Record<string, never>;
    /** Fills one business's public holidays (an account a checkout created). */
    "holiday-fill": { userId: string };
  }
}

export {};
