import { taskListResponse } from "@/lib/inbox/inbox.responses";
import { taskListQuerySchema } from "@/lib/inbox/inbox.schemas";
import { listTasks } from "@/lib/inbox/tasks.service";
import { json } from "@/lib/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** The requests callers left (prescription renewals, certificates, test results…), as the owner's tasks. */
export const GET = route.owner({ query: taskListQuerySchema, response: { 200: taskListResponse } }, async ({ ctx, auth, input }) =>
  json(await listTasks(ctx.db, auth.userId, input.query.status)),
);
