// What a call's tools set off: a message for the owner, a caller's code, the booking page's link.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /** The owner's email for a message the receptionist took. */
    "message-taken": { messageId: string };
    /** Texts a caller the one-time code that proves, on a call, they hold an appointment's phone. */
    "verification-code": { codeId: string; language?: "en" | "fr" | "es" };
    /**
     * Texts a caller the booking page's link, when the call did not book (once per call). `key` names the call: one
     * text per call.
     */
    "booking-link-text": { userId: string; to: string; language: "en" | "fr" | "es"; key: string };
  }
}

export {};
