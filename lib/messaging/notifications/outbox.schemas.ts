import { z } from "zod";

export const OUTBOX_CHANNELS = ["email", "sms", "whatsapp"] as const;

export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** The admin outbox's query string: `?q=` (recipient or subject) and `?channel=`; an empty parameter is no filter. */
export const sandboxOutboxQuerySchema = z.object({
  // The page sends whatever is typed: an absurdly long search is cut at 300 characters rather than refused.
  q: z
    .string()
    .trim()
    .transform((q) => q.slice(0, 300))
    .optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
});
