// The booking page: the owner told it is flooded.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /**
     * Tells the owner their booking page is flooded with code requests (once a day at most). `at`: when the page was
     * marked as flooded (ISO): one email per mark, and a page is marked once a day at most.
     */
    "booking-page-abuse": { userId: string; at: string };
  }
}

export {};
