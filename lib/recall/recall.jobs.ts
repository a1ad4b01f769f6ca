// Recall: the hourly sweep and each text it sends.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /** Texts the callers due for a recall, in each business's daytime (hourly). */
    "recall-sweep": Record<string, never>;
    /**
     * One recall text: the caller is due again for a service, with the booking page's link. The recall_texts row:
     * the number and the words are read from it when it is sent, never kept in the queue.
     */
    "recall-text": { recallTextId: string };
  }
}

export {};
