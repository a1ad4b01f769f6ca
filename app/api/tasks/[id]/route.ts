import { taskResponse } from "@/lib/messaging/inbox/inbox.responses";
import { taskUpdateSchema } from "@/lib/messaging/inbox/inbox.schemas";
import { updateTask } from "@/lib/messaging/inbox/tasks.service";
import { idParam } from "@/lib/platform/http/params";
import { json } from "@/lib/platform/http/route";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Marks a request done (and, if asked, texts the caller that it is) or open again. */
export const PATCH = route.owner(
  { roles: ROLES.frontDesk, params: { id: (id) => idParam(id, "taskNotFound") }, body: taskUpdateSchema, response: { 200: taskResponse } },
  async ({ ctx, auth, params, input }) => json(await updateTask(ctx, auth.userId, params.id, input.body)),
);
