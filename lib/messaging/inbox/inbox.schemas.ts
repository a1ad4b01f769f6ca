// What the inbox routes read: the owner's reply to a caller, and a thread's status. Messages are keys of the
// "Validation" namespace.
import { z } from "zod";
import { REPLY_MAX } from "./limits";

export const threadReplySchema = z.object({
  channel: z.enum(["sms", "whatsapp"]),
  text: z.string().trim().min(1, "required").max(REPLY_MAX),
});
export type ThreadReplyInput = z.output<typeof threadReplySchema>;

export const threadUpdateSchema = z
  .object({
    status: z.enum(["open", "done"]).optional(),
    /** The owner opened it: nothing unread any more. */
    read: z.literal(true).optional(),
  })
  .refine((v) => v.status !== undefined || v.read !== undefined);
export type ThreadUpdateInput = z.output<typeof threadUpdateSchema>;

export const threadListQuerySchema = z.object({
  status: z.enum(["open", "done", "all"]).default("all"),
});

/** The sandbox's "a caller texts you": who (read in the business's country), what, and on which channel. */
export const sandboxTextSchema = z.object({
  from: z.string().trim().min(1, "required").max(32),
  text: z.string().trim().min(1, "required").max(REPLY_MAX),
  channel: z.enum(["sms", "whatsapp"]).default("sms"),
});

export const taskListQuerySchema = z.object({
  status: z.enum(["open", "done", "all"]).default("open"),
});

export const taskUpdateSchema = z.object({
  status: z.enum(["open", "done"]),
  /** With "done": text the caller that their request is handled (once). */
  tellCaller: z.boolean().optional(),
});
export type TaskUpdateInput = z.output<typeof taskUpdateSchema>;
