// Retention: call content and short-lived rows past their time.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /** Removes call transcripts, summaries and recordings past their business's retention period (hourly). */
    "retention-purge": Record<string, never>;
  }
}

export {};
