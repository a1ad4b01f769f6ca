// The inbox as the texts' webhooks run it: messaging's reading of a caller's text, with the features that may claim a
// YES first (the waitlist's offers), which messaging may not import.
import type { InboundHandler } from "@/lib/messaging/delivery/events";
import { inboxHandler } from "@/lib/messaging/inbox/inbound";
import type { JobQueue } from "@/lib/platform/jobs/queue";
import { answerOffer } from "@/lib/waitlist/offers";

export function inbox(jobs: JobQueue): InboundHandler {
  return inboxHandler({ jobs, claimYes: answerOffer });
}
