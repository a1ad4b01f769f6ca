import { taskListResponse } from "@/lib/messaging/inbox/inbox.responses";
import { taskListQuerySchema } from "@/lib/messaging/inbox/inbox.schemas";
import { listTasks } from "@/lib/messaging/inbox/tasks.service";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The requests callers left (prescription renewals, certificates, test results…), as the owner's tasks. */
export const GET = route.owner(
  { roles: ROLES.frontDesk, scope: "tasks:read", query: taskListQuerySchema, response: { 200: taskListResponse } },
  async ({ ctx, auth, input }) => json(await listTasks(ctx.db, auth.userId, input.query.status)),
);
