import { messageResponse } from "@/lib/platform/http/http.responses";
import { idParam } from "@/lib/platform/http/params";
import { json, message } from "@/lib/platform/http/route";
import { knowledgeEntryResponse } from "@/lib/receptionist/knowledge/knowledge.responses";
import { knowledgeUpdateSchema } from "@/lib/receptionist/knowledge/knowledge.schemas";
import { deleteKnowledge, updateKnowledge } from "@/lib/receptionist/knowledge/knowledge.service";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

const params = { id: (id: string) => idParam(id, "knowledgeNotFound") };

export const PUT = route.owner(
  { roles: ROLES.managers, params, body: knowledgeUpdateSchema, response: { 200: knowledgeEntryResponse } },
  async ({ ctx, auth, params, input }) => json(await updateKnowledge(ctx.db, auth.userId, params.id, input.body)),
);

export const DELETE = route.owner(
  { roles: ROLES.managers, params, response: { 200: messageResponse } },
  async ({ ctx, auth, params, locale }) => {
    await deleteKnowledge(ctx.db, auth.userId, params.id);
    return message(locale, "knowledgeDeleted");
  },
);
