import { aiParametersResponse } from "@/lib/accounts/ai-settings/ai.responses";
import { aiParametersSchema } from "@/lib/accounts/ai-settings/ai.schemas";
import { createAiParameters, deleteAiParameters, getAiParameters, updateAiParameters } from "@/lib/accounts/ai-settings/ai.service";
import { messageResponse } from "@/lib/platform/http/http.responses";
import { json, message } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";

export const runtime = "nodejs";

export const GET = route.owner({ response: { 200: aiParametersResponse } }, async ({ ctx, auth }) =>
  json(await getAiParameters(ctx.db, auth.userId)),
);

export const POST = route.owner({ body: aiParametersSchema, response: { 201: aiParametersResponse } }, async ({ ctx, auth, input }) =>
  json(await createAiParameters(ctx.db, auth.userId, input.body), { status: 201 }),
);

export const PUT = route.owner({ body: aiParametersSchema, response: { 200: aiParametersResponse } }, async ({ ctx, auth, input }) =>
  json(await updateAiParameters(ctx.db, auth.userId, input.body)),
);

export const DELETE = route.owner({ response: { 200: messageResponse } }, async ({ ctx, auth, locale }) => {
  await deleteAiParameters(ctx.db, auth.userId);
  return message(locale, "aiConfigDeleted");
});
