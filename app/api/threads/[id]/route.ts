import { threadDetailResponse, threadSummaryResponse } from "@/lib/messaging/inbox/inbox.responses";
import { threadUpdateSchema } from "@/lib/messaging/inbox/inbox.schemas";
import { getThread, updateThread } from "@/lib/messaging/inbox/threads.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

const params = { id: (id: string) => idParam(id, "threadNotFound") };

/** One thread: the texts both ways, with the caller's calls and the messages they left, oldest first. */
export const GET = route.owner(
  { roles: ROLES.frontDesk, scope: "messages:read", params, response: { 200: threadDetailResponse } },
  async ({ ctx, auth, params }) => json(await getThread(ctx.db, auth.userId, params.id)),
);

/** Marks the thread read, handled (done, with the caller's open requests), or open again. */
export const PATCH = route.owner(
  { roles: ROLES.frontDesk, params, body: threadUpdateSchema, response: { 200: threadSummaryResponse } },
  async ({ ctx, auth, params, input }) => json(await updateThread(ctx.db, auth.userId, params.id, input.body)),
);
