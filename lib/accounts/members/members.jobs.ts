// The team's emails. Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts).

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /**
     * Emails a pending member a fresh invitation link (the job makes the token, so no link ever sits in the queue).
     * `key` names the invitation (the member and when it was sent): one email per key.
     */
    "member-invite": { memberId: string; key: string };
  }
}

export {};
