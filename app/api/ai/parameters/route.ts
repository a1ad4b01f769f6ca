import { aiParametersSchema } from "@/lib/ai/ai.schemas";
import { createAiParameters, deleteAiParameters, getAiParameters, updateAiParameters } from "@/lib/ai/ai.service";
import { requireUser } from "@/lib/auth/session";
import { json, message, readJson, route } from "@/lib/http/route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";

export const GET = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await getAiParameters(ctx.db, auth.userId));
});

export const POST = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await createAiParameters(ctx.db, auth.userId, await readJson(req, aiParametersSchema)), { status: 201 });
});

export const PUT = route(async (req) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  return json(await updateAiParameters(ctx.db, auth.userId, await readJson(req, aiParametersSchema)));
});

export const DELETE = route(async (req, { locale }) => {
  const ctx = appContext();
  const auth = await requireUser(ctx.db, ctx.session, req);
  await deleteAiParameters(ctx.db, auth.userId);
  return message(locale, "aiConfigDeleted");
});
