// The inbox: answers to callers' texts, the owner's replies, and the notices around them.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /**
     * An automatic answer to a caller's text about their appointment (confirmed, "reply YES to cancel", …). `key`
     * names the text answered (its event): one answer per text.
     */
    "inbox-reply": {
      userId: string;
      appointmentId: string;
      to: string;
      channel: "sms" | "whatsapp";
      kind: "confirmed" | "cancelAsk" | "kept" | "change" | "cancelStale" | "cancelExpired" | "tooLate";
      key: string;
    };
    /**
     * A cancellation the caller confirmed by text: run through the booking commands, then told as any cancellation.
     * `channel`: where the "yes" came from, and so where an answer other than the cancellation notice goes.
     */
    "reply-cancel": { userId: string; appointmentId: string; callerPhone: string; version: number; channel?: "sms" | "whatsapp" };
    /** Sends a reply the owner wrote in the inbox. */
    "thread-reply": { threadMessageId: string };
    /** Tells the owner by email that a caller wrote (once per thread until it is read). */
    "thread-notice": { threadMessageId: string };
    /** Tells a caller by text that the request they left is handled. */
    "task-done": { messageId: string };
  }
}

export {};
