// What a booking sets off: its notices and reminder, and a slot it frees (which the waitlist offers).
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /**
     * Confirmation / reschedule / cancellation messages for one appointment version. "reassignment": the same time
     * with another practitioner, told only when the owner chose to.
     */
    "appointment-notice": {
      appointmentId: string;
      kind: "confirmation" | "reschedule" | "cancellation" | "reassignment";
      version: number;
    };
    /** The reminder 24 h before an appointment. */
    "appointment-reminder": { appointmentId: string; version: number };
    /**
     * A slot freed (a cancellation or a move): offered to the people waiting for it; again when those offers expire.
     * `startsAt`: the freed slot's start (ISO), with that practitioner.
     */
    "waitlist-slot": { userId: string; practitionerId: string; startsAt: string };
  }
}

export {};
