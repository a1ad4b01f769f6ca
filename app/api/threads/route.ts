import { threadListResponse } from "@/lib/messaging/inbox/inbox.responses";
import { threadListQuerySchema } from "@/lib/messaging/inbox/inbox.schemas";
import { listThreads } from "@/lib/messaging/inbox/threads.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The inbox: the owner's threads, latest first, and how many have something unread. */
export const GET = route.owner(
  { roles: ROLES.frontDesk, scope: "messages:read", query: threadListQuerySchema, response: { 200: threadListResponse } },
  async ({ ctx, auth, input }) => json(await listThreads(ctx.db, auth.userId, input.query.status)),
);
