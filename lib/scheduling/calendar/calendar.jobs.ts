// The owner's calendars: an appointment synced later, a grant that stopped working.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /** Puts an appointment in the owner's calendar when the inline attempt failed. */
    "calendar-sync": { appointmentId: string };
    /** Tells the owner their calendar grant stopped working. */
    "calendar-revoked": { userId: string; practitionerId?: string };
  }
}

export {};
