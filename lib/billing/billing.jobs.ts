// Billing: a checkout paid with the email of an account that exists.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /**
     * Tells an account's owner that a checkout paid with its email was held for it (its plan unchanged). One email
     * per held checkout (`sessionId`).
     */
    "held-checkout": { userId: string; sessionId: string };
  }
}

export {};
