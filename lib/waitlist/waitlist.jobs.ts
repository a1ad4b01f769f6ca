// The waitlist: the slot a YES took, and its texts.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /**
     * The slot a waitlist YES took: booked through the booking commands. `channel`: where the YES came from, and so
     * where a refusal goes.
     */
    "waitlist-take": { offerId: string; channel: "sms" | "whatsapp" };
    /**
     * A waitlist text: the offer of a freed slot, or that it is gone or expired. `answer`: an answer to the person's
     * own text (free text on WhatsApp, inside its window), else a message of ours (a template there). `channel`
     * unset: the one their entry asked for. `key` names the occasion: one text per key.
     */
    "waitlist-text": { offerId: string; kind: "offer" | "gone" | "expired"; channel?: "sms" | "whatsapp"; answer: boolean; key: string };
  }
}

export {};
