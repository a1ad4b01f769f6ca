import { threadTextResponse } from "@/lib/messaging/inbox/inbox.responses";
import { threadReplySchema } from "@/lib/messaging/inbox/inbox.schemas";
import { replyToThread } from "@/lib/messaging/inbox/threads.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { actorOf, route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The owner's reply to a caller, by SMS or (inside WhatsApp's 24-hour window) WhatsApp; sent by a job. The thread is handled by it (done) until the caller writes again. */
export const POST = route.owner(
  {
    roles: ROLES.frontDesk,
    params: { id: (id) => idParam(id, "threadNotFound") },
    body: threadReplySchema,
    response: { 201: threadTextResponse },
  },
  async ({ ctx, auth, params, input }) =>
    json(await replyToThread(ctx, auth.userId, params.id, input.body, actorOf(auth)), { status: 201 }),
);
