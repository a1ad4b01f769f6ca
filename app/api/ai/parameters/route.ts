import { aiParametersInUseResponse, aiParametersResponse } from "@/lib/accounts/ai-settings/ai.responses";
import { aiParametersSchema } from "@/lib/accounts/ai-settings/ai.schemas";
import { createAiParameters, deleteAiParameters, updateAiParameters } from "@/lib/accounts/ai-settings/ai.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { json, message } from "@/lib/platform/http/route";
import { aiParametersInUse } from "@/lib/receptionist/assistant/greeting";
import { ROLES } from "@/lib/platform/shared/roles";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

// Answers for a new account too (the defaults in use, `saved` false): a page opening never meets a 404.
export const GET = route.owner({ roles: ROLES.managers, response: { 200: aiParametersInUseResponse } }, async ({ ctx, auth }) =>
  json(await aiParametersInUse(ctx.db, auth.userId)),
);

export const POST = route.owner(
  { roles: ROLES.managers, body: aiParametersSchema, response: { 201: aiParametersResponse } },
  async ({ ctx, auth, input }) => json(await createAiParameters(ctx.db, auth.userId, input.body), { status: 201 }),
);

export const PUT = route.owner(
  { roles: ROLES.managers, body: aiParametersSchema, response: { 200: aiParametersResponse } },
  async ({ ctx, auth, input }) => json(await updateAiParameters(ctx.db, auth.userId, input.body)),
);

export const DELETE = route.owner({ roles: ROLES.managers, response: { 200: messageResponse } }, async ({ ctx, auth, locale }) => {
  await deleteAiParameters(ctx.db, auth.userId);
  return message(locale, "aiConfigDeleted");
});
