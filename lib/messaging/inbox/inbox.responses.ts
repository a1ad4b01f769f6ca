// What the inbox routes answer, as zod schemas for the route declarations' `response` (lib/server/api-route.ts),
// written from lib/messaging/inbox/threads.service.ts.
import { z } from "zod";
import { CALL_OUTCOMES, REQUEST_CATEGORIES } from "@/db/schema";

const instant = z.iso.datetime({ offset: true });
const channel = z.enum(["sms", "whatsapp"]);

export const threadTextResponse = z
  .strictObject({
    kind: z.literal("text"),
    id: z.string(),
    direction: z.enum(["in", "out"]).describe("in: the caller wrote; out: the owner's reply."),
    channel,
    body: z.string(),
    status: z.enum(["received", "queued", "sent", "failed"]),
    sentBy: z.string().nullable().describe("Who in the practice wrote a reply, when not the owner: a member's name as it was then."),
    at: instant,
  })
  .meta({ title: "ThreadText" });

const threadFields = {
  id: z.string(),
  callerPhone: z.string().describe("E.164."),
  callerName: z.string().nullable(),
  status: z.enum(["open", "done"]),
  unread: z.number().int(),
  lastMessageAt: instant,
  lastText: z.strictObject({ direction: z.enum(["in", "out"]), channel, body: z.string(), at: instant }).nullable(),
  whatsappWindowEndsAt: instant.nullable().describe("Until when a free-text WhatsApp reply is allowed (null: not now)."),
};

export const threadSummaryResponse = z.strictObject(threadFields).meta({ title: "Thread" });

export const threadListResponse = z.strictObject({
  threads: z.array(threadSummaryResponse),
  unread: z.number().int().describe("Threads with something unread."),
});

export const threadDetailResponse = z.strictObject({
  ...threadFields,
  items: z.array(
    z.discriminatedUnion("kind", [
      threadTextResponse,
      z.strictObject({
        kind: z.literal("call"),
        id: z.string(),
        at: instant,
        outcome: z.enum(CALL_OUTCOMES),
        summary: z.string().nullable(),
        durationSeconds: z.number().nullable(),
      }),
      z.strictObject({ kind: z.literal("message"), id: z.string(), at: instant, body: z.string() }),
    ]),
  ),
});

export const sandboxTextResponse = z.strictObject({
  received: z.literal(true),
  action: z.string().describe("What the text did: confirmed, cancel-asked, cancelled, kept, change, thread, opt-out, opt-in…"),
});

export const taskResponse = z
  .strictObject({
    id: z.string(),
    callerName: z.string().nullable(),
    callerPhone: z.string().nullable(),
    body: z.string(),
    category: z.enum(REQUEST_CATEGORIES),
    urgency: z.enum(["normal", "urgent"]),
    status: z.enum(["open", "done"]),
    createdAt: instant,
    doneAt: instant.nullable(),
    callerToldAt: instant.nullable().describe("When the caller was texted that it is done."),
  })
  .meta({ title: "Task" });

export const taskListResponse = z.strictObject({
  tasks: z.array(taskResponse),
  open: z.number().int().describe("Open tasks in all."),
});
