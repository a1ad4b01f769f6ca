// Calls: the sweep that ends those nothing was heard of.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /** Ends calls nothing has been heard of for 30 minutes as abandoned (every 5 minutes). */
    "abandoned-calls": Record<string, never>;
  }
}

export {};
