import { taskResponse } from "@/lib/inbox/inbox.responses";
import { taskUpdateSchema } from "@/lib/inbox/inbox.schemas";
import { updateTask } from "@/lib/inbox/tasks.service";
import { idParam } from "@/lib/http/params";
import { json } from "@/lib/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Marks a request done (and, if asked, texts the caller that it is) or open again. */
export const PATCH = route.owner(
  { params: { id: (id) => idParam(id, "taskNotFound") }, body: taskUpdateSchema, response: { 200: taskResponse } },
  async ({ ctx, auth, params, input }) => json(await updateTask(ctx, auth.userId, params.id, input.body)),
);
