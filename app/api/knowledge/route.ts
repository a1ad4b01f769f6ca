import { json } from "@/lib/platform/http/route";
import { knowledgeEntryResponse, knowledgeListResponse } from "@/lib/receptionist/knowledge/knowledge.responses";
import { knowledgeEntrySchema } from "@/lib/receptionist/knowledge/knowledge.schemas";
import { createKnowledge, knowledgeModes, listKnowledge } from "@/lib/receptionist/knowledge/knowledge.service";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

/** Every entry, and how the calls in each language reach them (in the instructions, or searched). */
export const GET = route.owner({ roles: ROLES.managers, response: { 200: knowledgeListResponse } }, async ({ ctx, auth }) => {
  const [entries, modes] = await Promise.all([listKnowledge(ctx.db, auth.userId), knowledgeModes(ctx.db, auth.userId)]);
  return json({ entries, modes });
});

/** Adds a question and its answer, a price, or a policy, for the calls in one language. */
export const POST = route.owner(
  { roles: ROLES.managers, body: knowledgeEntrySchema, response: { 201: knowledgeEntryResponse } },
  async ({ ctx, auth, input }) => json(await createKnowledge(ctx.db, auth.userId, input.body), { status: 201 }),
);
